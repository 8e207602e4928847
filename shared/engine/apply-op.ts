/**
 * One operation against one file's text: `(text | null, op) → result`. `null` is "the file does not
 * exist", both as input and as output (a delete). Paths are the plan's business; here they only
 * name the file in messages.
 */

import { PyRegexError, pySub } from '../api/py-regex';
import type { Op } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import { applyEditRanges, applyInsert } from './apply-lines';
import { applyHunks, parseHunkLines, writesBom } from './apply-patch';
import { applySearchReplace } from './apply-search-replace';
import { arrayEdits, type LineEdits } from './display-hunks';
import { exactPatch } from './exact-patch';
import { pieceOf } from './excerpt';
import { definitionNote } from './merge-definitions';
import { adapt, opRestyle, restyledNote, spacesIntoTabs } from './normalize';
import { readAsPart } from './part-reading';
import { elisions, findPlaceholders, isPlaceholderLine } from './placeholder';
import type { Replacement } from './splice';
import {
  formatText,
  hasFinalNewline,
  parseText,
  restyle,
  type TextDoc,
  textLines,
  withoutBom,
} from './text-model';
import { type ApplyFailure, type ApplyResult, cap, type EditNote, fail } from './types';

/** The result with what the preview needs beyond the text: the line ranges replaced, when known. */
export type OpApplied =
  | {
      ok: true;
      text: string | null;
      notes: EditNote[];
      /** The edit as line ranges, for a fast display diff; absent when it is not one. */
      edits?: LineEdits;
    }
  | ApplyFailure;

export function applyOp(text: string | null, op: Op): ApplyResult {
  const r = applyOpDetailed(text, op);
  return r.ok ? { ok: true, text: r.text, notes: r.notes } : r;
}

/** `exact: false` leaves out exact-patch.ts's shortcut: its tests compare it with the general way. */
export function applyOpDetailed(text: string | null, op: Op, { exact = true } = {}): OpApplied {
  const path = op.kind === 'shell' ? '' : op.kind === 'rename' ? op.from : op.path;
  const ctx = { opLine: op.line, path };
  if (op.guess && text === null && op.kind !== 'shell') {
    return fail(
      'missing-file',
      `The file name ${path} at reply line ${op.line} was guessed from the text around the code, and no such file exists, so nothing is created.`,
    );
  }
  // The common case of a patch, without splitting the file into lines: the general way's own answer.
  if (exact && op.kind === 'patch' && text !== null) {
    const exact = exactPatch(text, op);
    if (exact) return { ok: true, text: exact.text, notes: [], edits: exact.edits };
  }
  const doc = text === null ? null : parseText(text);
  let result: OpApplied;
  /** The lines the op writes that were not there: where a placeholder could come from (a cheap first look). */
  let added: string[] = [];
  let unfilled: { placeholder: string; reason: string } | undefined;
  switch (op.kind) {
    case 'shell':
      return { ok: true, text, notes: [] };
    case 'rename':
    case 'delete':
      if (text === null)
        return fail('missing-file', `${cap(op.kind)} at reply line ${op.line}: ${path} does not exist.`);
      return { ok: true, text: op.kind === 'delete' ? null : text, notes: [] };
    case 'create':
    case 'replace': {
      added = textLines(op.content);
      if (doc && op.kind === 'create' && op.ifExists === 'fail') {
        if (restyle(op.content, doc) === text || op.content === text) {
          return fail(
            'already-applied',
            `${path} already exists with exactly the content the reply creates (reply line ${op.line}).`,
          );
        }
        return fail(
          'exists',
          `The reply creates ${path} (reply line ${op.line}), but that file already exists.`,
        );
      }
      const part = op.kind === 'replace' && op.part === true;
      if (part && !doc) {
        return fail(
          'missing-file',
          `The code at reply line ${op.line} is a part of a file (definitions, or a snippet with elisions), and ${path || 'the file'} does not exist.`,
        );
      }
      const notes: EditNote[] = [];
      // A part of the file (definitions of it, or comments standing for its own lines, `// ... existing
      // code ...`): merged into the file where exactly one reading fits, keeping every line the reply
      // does not show replaced (part-reading.ts); else the placeholder guard refuses it, saying why.
      const read = doc ? readAsPart(doc.lines, added, { part }) : null;
      if (part && (!read || !read.ok) && !findPlaceholders(added, doc?.lines ?? null).length) {
        return fail(
          'no-match',
          `The code at reply line ${op.line} is whole definitions for a part of ${path}, and ${path} does not hold them: ${read && !read.ok ? read.reason : 'no signature of it is there exactly once, so nothing tells where it goes'}.`,
        );
      }
      let content = op.content;
      if (read?.ok) {
        added = read.lines;
        if (read.definitions) {
          content = read.lines.join('\n') + (hasFinalNewline(doc!) ? '\n' : '');
          notes.push({
            severity: 'warning',
            line: op.line,
            fileLine: read.definitions.from,
            message: definitionNote(read.definitions, path),
          });
        } else content = read.lines.join('\n') + (op.content.endsWith('\n') ? '\n' : '');
        for (const f of read.filled) {
          notes.push({
            severity: 'info',
            line: op.line,
            message: `"${f.placeholder}": kept from your file (lines ${f.from}–${f.to}).`,
          });
        }
        for (const r of read.removed) {
          notes.push({
            severity: 'warning',
            line: op.line,
            fileLine: r.from,
            message: `${r.from === r.to ? `Line ${r.from}` : `Lines ${r.from}–${r.to}`} of ${path} ${r.from === r.to ? 'is' : 'are'} removed, and the reply does not show ${r.from === r.to ? 'it' : 'them'}: it shows the lines around ${r.from === r.to ? 'it' : 'them'} next to each other. Check that this is meant.`,
          });
        }
      } else if (read) unfilled = { placeholder: read.placeholder, reason: read.reason };
      // A whole text that is plainly a piece of the file (nearly all of its lines are the file's, and it
      // holds few of them) that no reading places: written as the file it deletes everything it does not
      // show (issue 40). Refused like a placeholder, saying why; `--accept-elisions` writes it.
      // A text with no elision comment that the definitions reading refused is judged here too: the
      // placeholder guard below sees only comments.
      const piece = doc && !read?.ok && !added.some(isPlaceholderLine) ? pieceOf(added, doc.lines) : null;
      if (piece) {
        notes.push({
          severity: 'error',
          line: op.line,
          placeholder: true,
          message: `The new text for ${path} ${piece.broken ? `is not a whole file: ${piece.broken}. It holds ${piece.covered === 0 ? 'none' : `${piece.covered}`} of the file's ${piece.of} lines; it looks like a part` : `holds ${piece.covered === 0 ? 'none' : `only ${piece.covered}`} of the file's ${piece.of} lines and is not a whole program: it is a part`} of the file (a function, a snippet), not the whole of it, and written as the file it would delete the lines it does not show.${unfilled ? ` Read as definitions of the file, it could not be placed: ${unfilled.reason}.` : ' Nothing in it says where in the file it goes.'}`,
        });
      }
      if (!doc && op.kind === 'replace') {
        notes.push({
          severity: 'info',
          line: op.line,
          message: `${path} does not exist yet; it will be created.`,
        });
      }
      result = { ok: true, text: doc ? restyle(keepOwnEnds(doc, content), doc) : content, notes };
      break;
    }
    case 'patch': {
      const r = applyPatchOp(doc, text, op);
      if (!r.ok) return r;
      ({ result, added } = r);
      break;
    }
    case 'search-replace': {
      const r = applySearchReplace(doc, op.edits, ctx);
      if (!r.ok) return r;
      added = r.added;
      result = { ok: true, text: formatText(r.doc), notes: r.notes };
      if (r.created) {
        result.notes.unshift({
          severity: 'info',
          line: op.line,
          message: `${path} does not exist yet; it will be created.`,
        });
      }
      break;
    }
    case 'append': {
      const styled = doc ? appendedAsTheFile(doc, op.content, op.line, path) : { content: op.content };
      if ('ok' in styled) return styled;
      added = textLines(styled.content);
      result = {
        ok: true,
        text: appendTo(doc, text, styled.content),
        notes: styled.note ? [styled.note] : [],
      };
      if (!doc) {
        result.notes.push({
          severity: 'info',
          line: op.line,
          message: `${path} does not exist yet; it will be created with the appended text.`,
        });
      }
      break;
    }
    case 'regex': {
      if (!doc)
        return fail(
          'missing-file',
          `The canvas updates at reply line ${op.line} are for ${path || 'a file'}, which does not exist.`,
        );
      // The canvas's text has LF line ends; the file keeps its own (restyle).
      let lf = doc.lines.join('\n') + (hasFinalNewline(doc) ? '\n' : '');
      for (const [i, e] of op.edits.entries()) {
        const which = op.edits.length === 1 ? 'The update' : `Update ${i + 1}`;
        let next: string | null;
        try {
          next = pySub(lf, e.pattern, e.replacement, e.multiple);
        } catch (err) {
          if (err instanceof PyRegexError)
            return fail('no-match', `${which} at reply line ${op.line} cannot be run: ${err.message}.`);
          throw err;
        }
        if (next === null)
          return fail(
            'no-match',
            `${which} at reply line ${op.line} does not fit ${path}: its pattern /${e.pattern.length > 80 ? `${e.pattern.slice(0, 79)}…` : e.pattern}/ is not in the file.`,
          );
        lf = next;
      }
      added = op.edits.flatMap((e) => textLines(e.replacement));
      result = { ok: true, text: restyle(lf, doc), notes: [] };
      break;
    }
    case 'insert':
    case 'edit-ranges': {
      if (!doc)
        return fail(
          'missing-file',
          `The line edits at reply line ${op.line} are for ${path}, which does not exist.`,
        );
      const r =
        op.kind === 'insert'
          ? applyInsert(doc, op.beforeLine, op.content, ctx)
          : applyEditRanges(doc, op.edits, ctx);
      if (!r.ok) return r;
      added = r.added;
      result = {
        ok: true,
        text: formatText(r.doc),
        notes: [],
        edits: lineEdits(doc, r.doc, hasFinalNewline(r.doc), r.replacements),
      };
      break;
    }
  }
  if (added.some(isPlaceholderLine)) guardPlaceholders(result, doc, op.line, path, unfilled);
  return result;
}

function applyPatchOp(
  doc: TextDoc | null,
  text: string | null,
  op: Extract<Op, { kind: 'patch' }>,
): { ok: true; result: OpApplied & { ok: true }; added: string[] } | ApplyFailure {
  const ctx = { opLine: op.line, path: op.path };
  const notes: EditNote[] = [];
  let base = doc;
  if (op.fromEmpty && text !== null && text !== '') {
    return fail(
      'no-match',
      `The patch at reply line ${op.line} was made against an empty ${op.path} (its index line says so), but the file has content.`,
    );
  }
  if (op.isNew || (!doc && !op.isDelete && op.hunks.every((h) => parseHunkLines(h).old.length === 0))) {
    // A file the patch creates has the BOM its first line is written with (an existing empty file has
    // none, and gets none).
    base = { ...parseText(''), bom: op.hunks[0] !== undefined && writesBom(op.hunks[0]) };
    // A diff that creates the file meets one that exists, even empty: git refuses (t4132, "must notice
    // the file is already there"), and so do we, unless it is there with exactly that content.
    if (doc && (text !== '' || op.isNew)) {
      const fresh = applyHunks(base, op.hunks, ctx);
      if (fresh.ok && formatText(fresh.doc, fresh.finalNewline) === text) {
        return fail(
          'already-applied',
          `${op.path} already exists with exactly the content the patch at reply line ${op.line} creates.`,
        );
      }
      return fail(
        'exists',
        `The patch at reply line ${op.line} creates ${op.path}, but that file already exists.`,
      );
    }
    if (!doc && !op.isNew)
      notes.push({
        severity: 'info',
        line: op.line,
        message: `${op.path} does not exist yet; the patch only adds lines, so it will be created.`,
      });
  }
  if (!base)
    return fail(
      'missing-file',
      `The patch at reply line ${op.line} changes ${op.path}, which does not exist.`,
    );
  // `deleted file mode` with no hunks (git's form for an empty file, and models' short form); and an
  // empty file, whatever the hunks say (svn writes its deletion as a hunk removing one empty line):
  // deleting it loses nothing.
  if (op.isDelete && (op.hunks.length === 0 || text === '')) {
    return { ok: true, result: { ok: true, text: null, notes }, added: [] };
  }
  const r = applyHunks(base, op.hunks, ctx);
  if (!r.ok) return r;
  pushAll(notes, r.notes);
  if (op.isDelete) {
    if (r.doc.lines.length > 0) {
      return fail(
        'no-match',
        `The patch at reply line ${op.line} deletes ${op.path}, but the file has ${r.doc.lines.length} line(s) the patch does not remove.`,
      );
    }
    return { ok: true, result: { ok: true, text: null, notes }, added: r.added };
  }
  const finalNewline = op.finalNewline === true || r.finalNewline;
  const out = formatText(r.doc, finalNewline);
  const result: OpApplied & { ok: true } = { ok: true, text: out, notes };
  if (doc && base === doc) {
    const edits = lineEdits(doc, r.doc, finalNewline, r.replacements);
    if (edits) result.edits = edits;
  }
  return { ok: true, result, added: r.added };
}

/**
 * `content` added after the last line, in the file's line-ending style. A file whose last line lacks its
 * newline gets one first, so the appended text starts on a line of its own (udiffx would glue them).
 */
/**
 * Appended text indented with spaces for a file indented with tabs (or the other way round): converted
 * at the width its lines show against the file's (normalize.ts, opRestyle), or refused when nothing
 * shows it and the file indents every line with tabs (as SEARCH/REPLACE and patches are).
 */
function appendedAsTheFile(
  doc: TextDoc,
  content: string,
  line: number,
  path: string,
): { content: string; note?: EditNote } | ApplyFailure {
  const add = parseText(content);
  const r = opRestyle(doc.lines, add.lines);
  if (r) {
    const lines = adapt(add.lines, null, r);
    if (lines.every((l, i) => l === add.lines[i])) return { content };
    return {
      content: lines.join('\n') + (hasFinalNewline(add) ? '\n' : ''),
      note: {
        severity: 'warning',
        line,
        message: restyledNote(`The text appended to ${path}`, 'the file', 'it gets', r),
      },
    };
  }
  if (spacesIntoTabs(doc.lines, add.lines))
    return fail(
      'no-match',
      `The text appended to ${path} at reply line ${line} indents with spaces, and ${path} indents every line with tabs; nothing in the reply shows how many spaces make a tab, so it is not written. Ask for it with tabs.`,
    );
  return { content };
}

function appendTo(doc: TextDoc | null, text: string | null, content: string): string {
  if (!doc || text === null) return content;
  // An existing file, even empty, keeps its own BOM, that is none.
  if (text === '') return withoutBom(content);
  const add = parseText(content);
  if (add.lines.length === 0) return text;
  const eol = doc.eol;
  const body = add.lines.join(eol) + (hasFinalNewline(add) ? eol : '');
  return text + (hasFinalNewline(doc) ? '' : eol) + body;
}

function guardPlaceholders(
  result: OpApplied,
  doc: TextDoc | null,
  line: number,
  path: string,
  /** Why the comments could not be filled from the file (elisions.ts), when that was tried. */
  unfilled?: { placeholder: string; reason: string },
): void {
  if (!result.ok || result.text === null || doc === null) return;
  const elided = elisions(doc.lines, textLines(result.text));
  for (const e of elided) {
    result.notes.push({
      severity: 'error',
      line,
      placeholder: true,
      message: `The new text for ${path} has "${e}" where the file has lines the reply does not keep: it looks like a placeholder for code the reply left out, and applying it would replace that code with the comment.${unfilled ? ` It could not be filled from the file: ${unfilled.reason}.` : ''}`,
    });
  }
  // A comment that says the file's lines stay there, which could not be filled, is refused even where
  // the diff does not set it beside the lines it loses (the reply moved them: a section reordered).
  if (unfilled && elided.length === 0) {
    result.notes.push({
      severity: 'error',
      line,
      placeholder: true,
      message: `The new text for ${path} has "${unfilled.placeholder}", a comment that says the file's lines stay there, and they could not be placed: ${unfilled.reason}. Written as it stands, the lines it stands for would be lost.`,
    });
  }
}

/**
 * A whole new text for an existing file keeps what it does not change (issue 40, item 5): a chat page
 * strips the spaces at a line's end and a fence always ends with a newline, so neither says the reply
 * changed them. A line of the new text that is a line of the file but for the spaces or tabs at its end
 * (the file's holds some, the text's none; the line once in each) is the file's; and when the text keeps
 * most of the file's lines and ends with its last line, the file's ending stays — a file without a final
 * newline does not gain one (a Copilot reply that rewrote a Vue file up to its `</script> `, kept as the
 * author's editor kept it).
 */
function keepOwnEnds(doc: TextDoc, content: string): string {
  const lines = textLines(content);
  if (lines.length === 0 || doc.lines.length === 0) return content;
  const spaced = /[ \t]$/;
  const own = new Map<string, string | null>();
  for (const l of doc.lines) {
    if (!spaced.test(l) || l.trim() === '') continue;
    const key = l.trimEnd();
    own.set(key, own.has(key) ? null : l);
  }
  let out = lines;
  if (own.size > 0) {
    const seen = new Map<string, number>();
    for (const l of lines) seen.set(l, (seen.get(l) ?? 0) + 1);
    const plain = new Set(doc.lines);
    out = lines.map((l) => {
      const mine = own.get(l);
      return mine && seen.get(l) === 1 && !plain.has(l) ? mine : l;
    });
  }
  // A new version of the file (most of its lines kept) that ends with its last line ends as it does; a
  // rewrite that shares only its closing `}` ends as the reply says (Copilot's rewrite of a PHP class
  // to a fifth of it, which the author's commit holds with a final newline the old file lacked).
  const inText = new Set(out);
  const kept = doc.lines.filter((l) => inText.has(l)).length;
  const endsAsFile = out[out.length - 1] === doc.lines[doc.lines.length - 1] && kept * 2 >= doc.lines.length;
  const finalNewline = endsAsFile ? hasFinalNewline(doc) : /\n$/.test(content);
  return out.join('\n') + (finalNewline ? '\n' : '');
}

/** Line edits for the display diff, when both texts end with a newline (else jsdiff shows the marker). */
function lineEdits(
  before: TextDoc,
  after: TextDoc,
  afterFinalNewline: boolean,
  replacements: Replacement[],
): LineEdits | undefined {
  if (
    !hasFinalNewline(before) ||
    !afterFinalNewline ||
    before.lines.length === 0 ||
    after.lines.length === 0
  ) {
    return undefined;
  }
  return arrayEdits(before.lines, replacements);
}
