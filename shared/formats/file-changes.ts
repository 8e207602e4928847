/**
 * FILE_CHANGES (spec 001): XML-like tags, read by a tag extractor — not an XML parser. Content is
 * never unescaped (`&lt;` stays `&lt;`), and surrounding text need not be XML.
 *
 * Grammar (tags start a line, after optional indentation):
 *   reply     := (prose | container | directive)*
 *   container := "<FILE_CHANGES>" (directive | prose)* "</FILE_CHANGES>"
 *   directive := "<FILE_NEW" attrs ">" NL content "</FILE_NEW>"          → create (overwrite)
 *              | "<FILE_PATCH" attrs ">" NL diff "</FILE_PATCH>"          → patch (hunks with or without
 *                                                                        numbers: `@@` alone is located
 *                                                                        by its context; a `~` line
 *                                                                        between removed lines removes
 *                                                                        every line in between)
 *              | "<FILE_APPEND" attrs ">" NL content "</FILE_APPEND>"    → append (at the end; creates a
 *                                                                        missing file)
 *              | "<FILE_RENAME" attrs "/>"                               → rename (from_path, to_path)
 *              | "<FILE_COPY" attrs "/>"                                 → copy (from_path, to_path)
 *              | "<FILE_DELETE" attrs "/>"                               → delete (file_path)
 *   FILE_APPEND, FILE_COPY and `~` come from newer writers of the format (udiffx's prompt,
 *   jeremychone/rust-udiffx; corpus llm-226).
 *
 * One container per reply: the format's prompt says "there can be only one <FILE_CHANGES> container per
 * response", and its reference applier (udiffx) reads the first. A reply with more — typically a model
 * correcting itself ("Wait, … let me redo", corpus llm-231) — gets the first applied and a warning naming
 * each later container and what it holds, which is not applied: applying both would patch the first
 * result a second time, and applying only the last would write what upstream never wrote. Directives
 * outside the container are likewise reported, not applied, when the reply has a container. A tag the
 * format does not define (`<FILE_MOVE …>`) is an error: the reply is never applied without it.
 *   attrs     := (name "=" ("\"" value "\"" | "'" value "'"))*          any order, any spacing
 *   content   := lines up to the first line ending in the directive's own closing tag; the line
 *                breaks right after the opening tag and before the closing tag are not content
 *                ("one level of leading/trailing newline is ignored").
 *
 * Named tolerances:
 * - content wrapped whole in a code fence (```rust … ```): the fence is stripped (the spec allows it);
 *   while such a fence is open, a closing tag inside it is content (a file that documents the format);
 * - closing tags of OTHER directives inside content are content (`</FILE_PATCH>` in a FILE_NEW);
 * - directives without the `<FILE_CHANGES>` container are read, with a warning;
 * - `path=` for `file_path=`, `from=`/`to=` for `from_path=`/`to_path=`; a FILE_DELETE/FILE_RENAME
 *   written as `<FILE_DELETE …>` or followed by its own closing tag;
 * - a closing tag at the end of the last content line (`}</FILE_NEW>`);
 * - an indented directive (a list item): its indentation is removed from its content lines.
 * Refused, as error diagnostics: a directive that is never closed (cut off), one without a path.
 */
import type { Diagnostic, Op } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import {
  dedentBy,
  firstAfter,
  firstIndexAfter,
  isClosingFence,
  linesToContent,
  openingFence,
  stripWrappingFence,
} from './fences';
import type { FormatParser, ParsedBlock } from './types';
import { readPatchBody, replyLines } from './unified-diff';

const TAG = /^[ \t]*<(FILE_[A-Z_]+)(?=[\s/>])([^>]*)>(.*)$/;
/** The directives with a body, up to their own closing tag. */
const BODIED = ['FILE_NEW', 'FILE_PATCH', 'FILE_APPEND'];
const KNOWN = new Set(['FILE_CHANGES', ...BODIED, 'FILE_RENAME', 'FILE_COPY', 'FILE_DELETE']);
/** `name="value"` / `name='value'` pairs, any order and spacing; a plain scan, so no regex backtracking. */
export function parseAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const isName = (c: string | undefined, first: boolean) =>
    c !== undefined && (/[A-Za-z_]/.test(c) || (!first && /[\w.-]/.test(c)));
  let i = 0;
  while (i < text.length) {
    if (!isName(text[i], true) || (i > 0 && isName(text[i - 1], false))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (isName(text[j], false)) j++;
    const name = text.slice(i, j);
    let k = j;
    while (text[k] === ' ' || text[k] === '\t') k++;
    if (text[k] !== '=') {
      i = j;
      continue;
    }
    k++;
    while (text[k] === ' ' || text[k] === '\t') k++;
    const quote = text[k];
    if (quote !== '"' && quote !== "'") {
      i = k;
      continue;
    }
    const close = text.indexOf(quote, k + 1);
    if (close < 0) break;
    out[name] = text.slice(k + 1, close);
    i = close + 1;
  }
  return out;
}

interface Directive {
  start: number; // 0-based line of the opening tag
  end: number; // 0-based line of the closing tag (or the tag itself)
  ops: Op[];
  diagnostics: Diagnostic[];
}

export const fileChangesParser: FormatParser = {
  id: 'file-changes',
  detect(text) {
    return /<FILE_(?:CHANGES|NEW|PATCH|APPEND|RENAME|COPY|DELETE)[\s/>]/.test(text);
  },
  parse(text) {
    const { raw, clean } = replyLines(text);
    // Lines that end with each closing tag, to find a directive's end without rescanning.
    // `fence`: lines that could close a code fence (only backticks or tildes).
    const closers: Record<string, number[]> = { FILE_NEW: [], FILE_PATCH: [], FILE_APPEND: [], fence: [] };
    for (let i = 0; i < clean.length; i++) {
      const l = clean[i]!;
      const c = l.trimStart().charCodeAt(0);
      if ((c === 96 || c === 126) && isClosingFence(l, c === 96 ? '```' : '~~~')) closers.fence!.push(i);
      if (l.indexOf('</FILE_') < 0) continue;
      const t = l.trimEnd();
      for (const name of BODIED) if (t.endsWith(`</${name}>`)) closers[name]!.push(i);
    }

    const blocks: ParsedBlock[] = [];
    let container: { start: number; directives: Directive[] } | null = null;
    let containers = 0;
    const loose: Directive[] = [];

    const closeContainer = (endLine: number, closed: boolean) => {
      const c = container!;
      container = null;
      const block: ParsedBlock = { start: c.start + 1, end: endLine + 1, ops: [], diagnostics: [] };
      if (containers > 1) {
        // Not the first container: reported with what it holds, not applied (see the header).
        block.diagnostics.push(setAside(c.directives, c.start + 1, 'a second <FILE_CHANGES> block'));
        blocks.push(block);
        return;
      }
      for (const d of c.directives) {
        pushAll(block.ops, d.ops);
        pushAll(block.diagnostics, d.diagnostics);
      }
      // An error: cut off between two directives, the ones after the cut are lost without a trace.
      if (!closed)
        block.diagnostics.push({
          severity: 'error',
          line: c.start + 1,
          ...(block.ops.length === 0 ? {} : { op: block.ops.length - 1 }),
          message: `The <FILE_CHANGES> container opened at reply line ${c.start + 1} is never closed: the reply may be cut off, and changes after the cut with it.`,
        });
      blocks.push(block);
    };

    let i = 0;
    while (i < clean.length) {
      const l = clean[i]!;
      if (l.indexOf('<') < 0) {
        i++;
        continue;
      }
      if (container && l.trim() === '</FILE_CHANGES>') {
        closeContainer(i, true);
        i++;
        continue;
      }
      const m = TAG.exec(l);
      if (!m) {
        i++;
        continue;
      }
      const name = m[1]!;
      if (name === 'FILE_CHANGES') {
        if (!container) {
          container = { start: i, directives: [] };
          containers++;
        }
        i++;
        continue;
      }
      const d = readDirective(name, m[2]!, m[3]!, i, raw, clean, closers);
      if (container) container.directives.push(d);
      else loose.push(d);
      i = d.end + 1;
    }
    if (container) {
      const c = container as { start: number; directives: Directive[] };
      closeContainer(c.directives.at(-1)?.end ?? c.start, false);
    }
    if (containers > 0) {
      for (const d of loose) {
        if (d.ops.length === 0 && d.diagnostics.length === 0) continue;
        blocks.push({
          start: d.start + 1,
          end: d.end + 1,
          ops: [],
          diagnostics: [setAside([d], d.start + 1, 'a directive outside the <FILE_CHANGES> block')],
        });
      }
      return blocks.sort((a, b) => a.start - b.start);
    }
    for (const d of loose)
      blocks.push({ start: d.start + 1, end: d.end + 1, ops: d.ops, diagnostics: d.diagnostics });
    if (loose.length > 0) {
      const first = loose[0]!;
      first.diagnostics.unshift({
        severity: 'warning',
        line: first.start + 1,
        message:
          'The reply has FILE_* directives but no <FILE_CHANGES> container around them; they were read anyway.',
      });
    }
    return blocks.sort((a, b) => a.start - b.start);
  },
};

/** The warning for directives that are read but not applied: where, and what they would have done. */
function setAside(directives: Directive[], line: number, what: string): Diagnostic {
  const ops = directives.flatMap((d) => d.ops);
  const list = ops
    .map((op) =>
      op.kind === 'shell' ? 'a command' : `${op.kind} ${op.kind === 'rename' ? op.from : op.path}`,
    )
    .join(', ');
  return {
    severity: 'warning',
    line,
    message: `The reply has ${what} at reply line ${line}${list ? ` (${list})` : ''}. This format allows one <FILE_CHANGES> block per reply and only the first is applied, as its reference applier does; check that the first block is the one you want.`,
  };
}

function readDirective(
  name: string,
  attrText: string,
  rest: string,
  i: number,
  raw: string[],
  clean: string[],
  closers: Record<string, number[]>,
): Directive {
  const line = i + 1;
  const attrs = parseAttributes(attrText);
  const d: Directive = { start: i, end: i, ops: [], diagnostics: [] };
  const error = (message: string) => d.diagnostics.push({ severity: 'error', line, message });

  if (!KNOWN.has(name)) {
    // Case: a directive this reader does not know (`<FILE_MOVE …>`): skip to its closing tag if it has
    // one, and say so — the reply is never applied as if it were not there.
    const closing = `</${name}>`;
    if (!attrText.trimEnd().endsWith('/') && !rest.includes(closing)) {
      for (let k = i + 1; k < clean.length && k < i + 100_000; k++) {
        if (clean[k]!.trimEnd().endsWith(closing)) {
          d.end = k;
          break;
        }
        if (TAG.test(clean[k]!) || clean[k]!.trim() === '</FILE_CHANGES>') break;
      }
    }
    error(
      `The reply uses <${name}> at reply line ${line}, which is not a FILE_CHANGES directive this reader knows (FILE_NEW, FILE_PATCH, FILE_APPEND, FILE_RENAME, FILE_COPY, FILE_DELETE); nothing is applied without it.`,
    );
    return d;
  }

  if (name === 'FILE_RENAME' || name === 'FILE_COPY' || name === 'FILE_DELETE') {
    // Case: `<FILE_DELETE …></FILE_DELETE>` or the closing tag on the next line.
    if (!attrText.trimEnd().endsWith('/')) {
      const closing = `</${name}>`;
      if (rest.trim() === closing) {
        /* closed on the same line */
      } else if (clean[i + 1]?.trim() === closing) d.end = i + 1;
    }
    if (name === 'FILE_DELETE') {
      const path = attrs.file_path ?? attrs.path;
      if (!path) error(`The FILE_DELETE tag at reply line ${line} has no file_path.`);
      else d.ops.push({ kind: 'delete', path, line });
    } else {
      const from = attrs.from_path ?? attrs.from;
      const to = attrs.to_path ?? attrs.to;
      if (!from || !to) error(`The ${name} tag at reply line ${line} needs both from_path and to_path.`);
      else if (name === 'FILE_RENAME') d.ops.push({ kind: 'rename', from, to, line });
      // A copy is a new file that starts as the source's content (the patch op's copyFrom, no hunks).
      else d.ops.push({ kind: 'patch', path: to, copyFrom: from, hunks: [], line });
    }
    return d;
  }

  // FILE_NEW / FILE_PATCH: content up to the directive's own closing tag.
  const closing = `</${name}>`;
  const sameLine = rest.trimEnd();
  if (sameLine.endsWith(closing)) {
    // Case: `<FILE_NEW file_path="x">one line</FILE_NEW>`.
    return contentDirective(name, attrs, i, i, [sameLine.slice(0, -closing.length)], null, d);
  }
  let searchFrom = i;
  // A fence opening the content hides closing tags inside it (a file that documents this format).
  let k = i + 1;
  while (k < clean.length && clean[k]!.trim() === '') k++;
  const open = sameLine.trim() === '' && k < clean.length ? openingFence(clean[k]!) : null;
  if (open) {
    // Its closing line, from the precomputed candidates: no rescan of the reply per directive.
    const fences = closers.fence!;
    for (let at = firstIndexAfter(fences, k); at < fences.length; at++) {
      if (isClosingFence(clean[fences[at]!]!, open.marker)) {
        searchFrom = fences[at]!;
        break;
      }
    }
  }
  const close = firstAfter(closers[name]!, searchFrom);
  if (close < 0) {
    error(
      `The ${name} tag for ${attrs.file_path ?? attrs.path ?? 'a file'} at reply line ${line} is never closed (the reply was probably cut off); it was skipped.`,
    );
    return d;
  }
  d.end = close;
  const cleanLines = clean.slice(i + 1, close);
  const rawLines = raw.slice(i + 1, close);
  if (sameLine.trim() !== '') {
    cleanLines.unshift(sameLine);
    rawLines.unshift(sameLine);
  }
  // Case: the closing tag at the end of the last content line (`}</FILE_NEW>`).
  const last = clean[close]!.trimEnd().slice(0, -closing.length);
  if (last.trim() !== '') {
    cleanLines.push(last);
    rawLines.push(last);
  }
  const first = sameLine.trim() !== '' ? i : i + 1;
  // Case: the directive indented (inside a list item or an indented fence): so is its content.
  let indent = 0;
  while (clean[i]![indent] === ' ' || clean[i]![indent] === '\t') indent++;
  return contentDirective(name, attrs, i, first, dedentBy(cleanLines, indent), dedentBy(rawLines, indent), d);
}

function contentDirective(
  name: string,
  attrs: Record<string, string>,
  i: number,
  firstContent: number,
  cleanLines: string[],
  rawLines: string[] | null,
  d: Directive,
): Directive {
  const line = i + 1;
  const path = attrs.file_path ?? attrs.path;
  if (!path) {
    d.diagnostics.push({
      severity: 'error',
      line,
      message: `The ${name} tag at reply line ${line} has no file_path.`,
    });
    return d;
  }
  if (name === 'FILE_NEW' || name === 'FILE_APPEND') {
    const content = linesToContent(stripWrappingFence(cleanLines).lines);
    if (name === 'FILE_NEW') d.ops.push({ kind: 'create', path, content, ifExists: 'overwrite', line });
    else if (content === '') {
      d.diagnostics.push({
        severity: 'error',
        line,
        message: `The FILE_APPEND for ${path} at reply line ${line} is empty; nothing to append.`,
      });
    } else d.ops.push({ kind: 'append', path, content, line });
    return d;
  }
  const r = readPatchBody(rawLines ?? cleanLines, cleanLines, firstContent + 1);
  pushAll(d.diagnostics, r.diagnostics);
  if (r.hunks.length === 0) {
    d.diagnostics.push({
      severity: 'error',
      line,
      message: `The FILE_PATCH for ${path} at reply line ${line} has no hunks; nothing to apply.`,
    });
    return d;
  }
  const op: Op = { kind: 'patch', path, hunks: r.hunks, line };
  if (r.isNew) op.isNew = true;
  if (r.isDelete) op.isDelete = true;
  d.ops.push(op);
  return d;
}
