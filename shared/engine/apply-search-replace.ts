/**
 * SEARCH/REPLACE edits, one after another, each against the text the previous one left (aider's
 * order: a later block may search for what an earlier one wrote).
 * - An empty SEARCH creates the file with the REPLACE text, or appends it to an existing file (aider).
 * - The SEARCH must fit exactly one place; `all` replaces every place, `takeFirst` the first (with a
 *   warning); otherwise several places are `ambiguous`.
 * - aider's `...` elision: a line that is only `...` splits SEARCH and REPLACE into pieces that pair
 *   up; each SEARCH piece must fit exactly once, in order, and is replaced by its REPLACE piece.
 */
import { diffArrays } from 'diff';
import type { SearchReplaceEdit } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import { noteRung } from './apply-patch';
import {
  adapt,
  isBlank,
  opRestyle,
  type Restyle,
  restyleConflict,
  restyledNote,
  spacesIntoTabs,
} from './normalize';
import { firstDifference, Haystack, type Match, nearestWindow, seek } from './seek';
import { freshLines, type Replacement, splice } from './splice';
import { formatText, hasFinalNewline, parseText, type TextDoc, textLines } from './text-model';
import { type ApplyFailure, cap, type EditNote, fail } from './types';

export interface EditsApplied {
  ok: true;
  doc: TextDoc;
  notes: EditNote[];
  added: string[];
  /** Set when the edits created the file (empty SEARCH on a missing file). */
  created: boolean;
}

const ELISION = /^\s*(?:\.\.\.|…)\s*$/;

export function applySearchReplace(
  start: TextDoc | null,
  edits: readonly SearchReplaceEdit[],
  ctx: { opLine: number; path: string },
): EditsApplied | ApplyFailure {
  let doc = start;
  let created = false;
  /** An aider edit changed a file that existed (see SearchReplaceEdit.aider). */
  let aiderEdited = false;
  const notes: EditNote[] = [];
  const added: string[] = [];
  // The reply indents with spaces and the file with tabs (or the other way round), as the file's lines it
  // repeats show: new lines placed without an indented line to go by are converted the same way.
  const replyLines = edits.flatMap((e) => [...textLines(e.search), ...textLines(e.replace)]);
  const restyle = start ? opRestyle(start.lines, replyLines) : null;
  let restyledAlone = false;
  const fallback = (lines: readonly string[], m: Match | null): Restyle | null => {
    if (!restyle || m?.shift?.restyle) return null;
    const lead = restyle.to === 'tabs' ? ' ' : '\t';
    if (lines.some((l) => l.startsWith(lead) && l.trim() !== '')) restyledAlone = true;
    return restyle;
  };
  for (let k = 0; k < edits.length; k++) {
    const edit = edits[k]!;
    const label = editLabel(k, ctx);
    let search = textLines(edit.search);
    let replace = textLines(edit.replace);
    // aider's blank-line reading (SearchReplaceEdit.aider): the empty line before a marker is layout.
    let layoutBlank = false;
    if (edit.aider) {
      if (replace.length > 0 && replace[replace.length - 1] === '') replace = replace.slice(0, -1);
      layoutBlank = search.length > 1 && search[search.length - 1] === '';
      if (doc) aiderEdited = true;
    }
    if (search.every((l) => l.trim() === '')) {
      pushAll(added, replace);
      if (!doc) {
        // As the REPLACE text reads, less aider's layout line (the lines, not the raw text).
        doc = parseText(edit.aider ? (replace.length === 0 ? '' : `${replace.join('\n')}\n`) : edit.replace);
        // A BOM the reply writes in front of a new file is that file's (no file has one to double): kept,
        // as a patch or a whole file that creates a file keeps it (held-out AndreasDebel…-001, C#).
        if (edit.replace.charCodeAt(0) === 0xfeff && doc.lines.length > 0) doc.bom = true;
        created = true;
      } else {
        const n = doc.lines.length;
        const lines = fallback(replace, null) ? adapt(replace, null, restyle) : replace;
        doc = splice(doc, [freshLines(doc, n, n, lines)]);
      }
      continue;
    }
    if (!doc) return fail('missing-file', `${label} searches in ${ctx.path}, which does not exist.`);
    if (edit.literal) {
      const sub = replaceSubstring(doc, edit, label, ctx.opLine);
      if (sub && !sub.ok) return sub;
      if (sub) {
        doc = sub.doc;
        pushAll(notes, sub.notes);
        pushAll(added, sub.added);
        continue;
      }
    }
    const hay = new Haystack(doc.lines);

    let reps: Replacement[];
    let found = seek(hay, search);
    if (layoutBlank) {
      // Where the text fits with its trailing blank line, that place is taken, but the blank line stays
      // in the file (aider replaces the lines above it); elsewhere it is searched without it.
      const without = search.slice(0, -1);
      if (found.kind !== 'found') found = seek(hay, without);
      search = without;
    }
    const inner = trimBlankEdges(search);
    // Where the file holds the block's lines, but no shift of their indentation fits there.
    const heldAt = found.kind === 'none' ? hay.heldAt(search, 'typography') : null;
    if (found.kind === 'none' && inner.length > 0 && inner.length < search.length && heldAt === null) {
      // Blank lines at the edges of a SEARCH that the file does not have there (aider drops them; its
      // issue #25): the lines between still say where. Only when the file holds the whole SEARCH
      // nowhere, however indented: where it does, blank lines and all, the block is there and was
      // refused for its indentation (tab widths that fit with different shifts), and without its blank
      // lines it could fit another place, which aider, finding the whole block, does not write.
      const again = seek(hay, inner);
      if (again.kind !== 'none') {
        found = again;
        search = inner;
        notes.push({
          severity: 'info',
          line: ctx.opLine,
          message: `The search text of ${label} starts or ends with blank lines that are not in the file there; they were left out of the search.`,
        });
      }
    }
    let matches: Match[];
    if (found.kind === 'found') matches = [found.match];
    else if (found.kind === 'ambiguous') {
      const at = found.matches.map((m) => m.start + 1).join(', ');
      if (edit.all) matches = nonOverlapping(found.matches, search.length);
      else if (edit.takeFirst) {
        matches = [found.matches[0]!];
        notes.push({
          severity: 'warning',
          line: ctx.opLine,
          fileLine: matches[0]!.start + 1,
          message: `The search text of ${label} is found at lines ${at}; this format replaces the first, so line ${matches[0]!.start + 1} was changed. Check that it is the one meant.`,
        });
      } else {
        return fail(
          'ambiguous',
          `The search text of ${label} is found at ${found.matches.length} places (lines ${at}); it must be unique.`,
        );
      }
    } else if (search.some((l) => ELISION.test(l))) {
      // Only when the text does not fit as written: a Python stub body really is a line `...`.
      const result = resolveElision(hay, doc, search, replace, label);
      if (!result.ok) return result;
      pushAll(
        added,
        replace.filter((l) => !ELISION.test(l)),
      );
      doc = splice(doc, result.reps);
      continue;
    } else {
      if (replace.length > 0 && seek(hay, replace).kind !== 'none') {
        return fail(
          'already-applied',
          `${cap(label)} seems to be applied already: the replacement text is in the file and the search text is not.`,
        );
      }
      if (heldAt !== null)
        return fail(
          'no-match',
          `The search text of ${label} is at line ${heldAt + 1} but for its indentation, which no single shift (or tab width) makes the file's there.`,
          doc.lines.slice(heldAt, heldAt + search.length).join('\n'),
        );
      const near = nearestWindow(hay, search);
      const hint = near
        ? firstDifference(hay, search, near.start, 'the search text')
        : ' None of its lines are in the file.';
      return fail('no-match', `The search text of ${label} is not in the file.${hint}`, near?.text);
    }
    reps = [];
    for (const m of matches) {
      const conflict = edit.verbatim ? null : restyleConflict(replace, m.shift, replyLines);
      if (conflict)
        return fail(
          'ambiguous',
          `The search text of ${label} matched line ${m.start + 1} only when ignoring indentation, but ${conflict}.`,
        );
      const lines = edit.verbatim
        ? [...replace]
        : keptAsInFile(search, replace, adapt(replace, m, fallback(replace, m)), doc, m);
      pushAll(added, lines);
      reps.push(freshLines(doc, m.start, m.start + search.length, lines));
      noteRung(notes, m, `the search text of ${label}`, ctx.opLine);
    }
    doc = splice(doc, reps);
  }
  if (!doc)
    return fail(
      'missing-file',
      `The SEARCH/REPLACE at reply line ${ctx.opLine} has no edits for ${ctx.path}.`,
    );
  if (!restyle && start && spacesIntoTabs(start.lines, added)) {
    // Written as they are, they would mix spaces into a file indented with tabs only (Python refuses to
    // run that); converted, they would be indented by a guess.
    return fail(
      'no-match',
      `The SEARCH/REPLACE for ${ctx.path} (reply line ${ctx.opLine}) indents its new lines with spaces, and ${ctx.path} indents every line with tabs; no line of the reply shows how many spaces make a tab, so they are not written. Ask for the edit with tabs, or with the indented lines around it.`,
    );
  }
  if (restyledAlone) {
    notes.push({
      severity: 'warning',
      line: ctx.opLine,
      message: restyledNote('The reply', ctx.path, 'its new lines get', restyle!),
    });
  }
  if (aiderEdited && !hasFinalNewline(doc)) {
    // aider writes every file it edits with a final line break, and these blocks were written for it
    // (every aider reply of the corpus whose file lacked one: the commit has it).
    doc = { ...doc, eols: [...doc.eols.slice(0, -1), doc.eol] };
    notes.push({
      severity: 'info',
      line: ctx.opLine,
      message: `${ctx.path} did not end with a line break; it does now, as aider writes the files it edits.`,
    });
  }
  return { ok: true, doc, notes, added, created };
}

/** How messages name an edit: `edit 2 of the SEARCH/REPLACE for a.ts (reply line 12)`, by its 0-based index. */
export function editLabel(index: number, ctx: { opLine: number; path: string }): string {
  return `edit ${index + 1} of the SEARCH/REPLACE for ${ctx.path} (reply line ${ctx.opLine})`;
}

/**
 * A literal substring edit (Aptix): the search text anywhere in the file, not only as whole lines.
 * Null when it is not in the file as written, so the caller can try the whole-line ladder.
 */
function replaceSubstring(
  doc: TextDoc,
  edit: SearchReplaceEdit,
  label: string,
  opLine: number,
): { ok: true; doc: TextDoc; notes: EditNote[]; added: string[] } | ApplyFailure | null {
  const text = formatText(doc);
  // The reply's text has LF endings; in a CRLF file, its line breaks are CRLF.
  const crlf = doc.eol === '\r\n';
  const search = crlf ? edit.search.replace(/\r?\n/g, '\r\n') : edit.search;
  const replace = crlf ? edit.replace.replace(/\r?\n/g, '\r\n') : edit.replace;
  const at: number[] = [];
  for (let i = text.indexOf(search); i !== -1; i = text.indexOf(search, i + search.length)) at.push(i);
  if (at.length === 0) return null;
  const lineOf = (offset: number) => {
    let n = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  const notes: EditNote[] = [];
  let targets = at;
  if (at.length > 1 && !edit.all) {
    const where = at.map(lineOf).join(', ');
    if (!edit.takeFirst) {
      return fail(
        'ambiguous',
        `The search text of ${label} is found ${at.length} times (lines ${where}); it must be unique.`,
      );
    }
    targets = [at[0]!];
    notes.push({
      severity: 'warning',
      line: opLine,
      fileLine: lineOf(at[0]!),
      message: `The search text of ${label} is found ${at.length} times (lines ${where}); this format replaces the first, so line ${lineOf(at[0]!)} was changed. Check that it is the one meant.`,
    });
  }
  let out = '';
  let from = 0;
  for (const i of targets) {
    out += text.slice(from, i) + replace;
    from = i + search.length;
  }
  out += text.slice(from);
  return { ok: true, doc: parseText(out), notes, added: textLines(edit.replace) };
}

function nonOverlapping(matches: readonly Match[], length: number): Match[] {
  const out: Match[] = [];
  let free = 0;
  for (const m of matches) {
    if (m.start < free) continue;
    out.push(m);
    free = m.start + length;
  }
  return out;
}

function splitPieces(lines: readonly string[]): string[][] {
  const pieces: string[][] = [[]];
  for (const l of lines) {
    if (ELISION.test(l)) pieces.push([]);
    else pieces[pieces.length - 1]!.push(l);
  }
  return pieces;
}

function resolveElision(
  hay: Haystack,
  doc: TextDoc,
  search: readonly string[],
  replace: readonly string[],
  label: string,
): { ok: true; reps: Replacement[] } | ApplyFailure {
  const s = splitPieces(search);
  const r = splitPieces(replace);
  if (s.length !== r.length) {
    return fail('no-match', `${cap(label)} uses "..." a different number of times in SEARCH and REPLACE.`);
  }
  const reps: Replacement[] = [];
  let free = 0;
  for (let i = 0; i < s.length; i++) {
    const sp = s[i]!;
    const rp = r[i]!;
    if (sp.length === 0) {
      if (rp.length === 0) continue;
      return fail('no-match', `${cap(label)} adds lines next to a "..." without saying where.`);
    }
    const found = seek(hay, sp);
    if (found.kind !== 'found') {
      return fail(
        'no-match',
        `Piece ${i + 1} of the search text of ${label} (between "..." lines) ${found.kind === 'ambiguous' ? 'is found at several places' : 'is not in the file'}.`,
      );
    }
    if (found.match.start < free) {
      return fail('no-match', `The pieces of the search text of ${label} are not in the file's order.`);
    }
    reps.push(freshLines(doc, found.match.start, found.match.start + sp.length, adapt(rp, found.match)));
    free = found.match.start + sp.length;
  }
  return { ok: true, reps };
}

/** The lines without the blank ones at either end. */
function trimBlankEdges(lines: readonly string[]): string[] {
  let a = 0;
  let z = lines.length;
  while (a < z && lines[a]!.trim() === '') a++;
  while (z > a && lines[z - 1]!.trim() === '') z--;
  return lines.slice(a, z);
}

/**
 * The replacement, with each line the block keeps (a line of the SEARCH text that the REPLACE text
 * repeats) written as the file has it. Where the search fitted only loosely (trailing whitespace,
 * indentation, typography), the reply's copy of an unchanged line differs from the file's in exactly what
 * the match forgave: written from the reply, the edit would change lines it does not change (trailing
 * spaces are a line break in Markdown). Lines the reply adds or changes stay as the reply has them.
 * A line of only whitespace is the reply's even when kept: aider, for which these blocks are written,
 * writes every REPLACE line that holds nothing as the reply has it (editblock_coder.py re-indents only
 * lines with something on them), and the commits that followed its edits hold the reply's (issue 40:
 * a kept `"    "` was written as the file's `"        "`, the file being indented 4 more).
 */
function keptAsInFile(
  search: readonly string[],
  replace: readonly string[],
  adapted: string[],
  doc: TextDoc,
  m: Match,
): string[] {
  if (m.rung === 'exact') return adapted;
  let si = 0;
  let ri = 0;
  for (const part of diffArrays(search as string[], replace as string[])) {
    const n = part.count ?? part.value.length;
    if (part.added) ri += n;
    else if (part.removed) si += n;
    else {
      for (let k = 0; k < n; k++)
        if (!isBlank(replace[ri + k]!)) adapted[ri + k] = doc.lines[m.start + si + k]!;
      si += n;
      ri += n;
    }
  }
  return adapted;
}
