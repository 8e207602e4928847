/**
 * A file as lines, with everything needed to write it back byte-for-byte: the byte-order mark, the
 * line ending after every line (files with mixed endings keep them), and whether the last line ends
 * with a newline. Edits work on `lines` (no line endings); new lines take the ending of the text they
 * replace, else the file's dominant one, so an LF patch keeps a CRLF file CRLF.
 */

export type Eol = '\n' | '\r\n';

export interface TextDoc {
  bom: boolean;
  /** The dominant line ending; CRLF only when strictly more lines end in CRLF than in LF. */
  eol: Eol;
  lines: string[];
  /** `eols[i]` ends `lines[i]`; only the last entry may be '' (no final newline). */
  eols: string[];
}

const BOM = '\uFEFF';

/**
 * `line` without a byte-order mark in front. A BOM belongs to the file (`TextDoc.bom`), never to a line:
 * a reply echoes the file's at the start of its text (a model shown the file with it, git's diff of a
 * file's first line), and taken as text it would be written after the file's own — two BOMs.
 */
export function withoutBom(line: string): string {
  return line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
}

export function parseText(text: string): TextDoc {
  let body = text;
  const bom = body.startsWith(BOM);
  if (bom) body = body.slice(1);
  const lines: string[] = [];
  const eols: string[] = [];
  let crlf = 0;
  let lf = 0;
  let at = 0;
  while (at < body.length) {
    const nl = body.indexOf('\n', at);
    if (nl === -1) {
      lines.push(body.slice(at));
      eols.push('');
      break;
    }
    if (nl > at && body.charCodeAt(nl - 1) === 13) {
      lines.push(body.slice(at, nl - 1));
      eols.push('\r\n');
      crlf++;
    } else {
      lines.push(body.slice(at, nl));
      eols.push('\n');
      lf++;
    }
    at = nl + 1;
  }
  return { bom, eol: crlf > lf ? '\r\n' : '\n', lines, eols };
}

/** True when the text ends with a line ending; an empty file counts as ending cleanly. */
export function hasFinalNewline(doc: TextDoc): boolean {
  return doc.lines.length === 0 || doc.eols[doc.eols.length - 1] !== '';
}

/**
 * Write lines back. `finalNewline` decides the last line's ending; every other line without an
 * ending (a former last line that is no longer last) gets the dominant one.
 */
export function formatText(doc: TextDoc, finalNewline = hasFinalNewline(doc)): string {
  const { lines, eols } = doc;
  // A file with no text left is empty: a byte-order mark alone is no text, and the reply's own empty
  // file is written so (the variants run: a diff that removed every line left a lone BOM).
  if (lines.length === 0) return '';
  const last = lines.length - 1;
  // The common case, one ending throughout: a single join (a 50,000-line file is written often).
  const eol = eols[0] || doc.eol;
  let uniform = true;
  for (let i = 0; i < last && uniform; i++) uniform = eols[i] === eol;
  if (uniform && lines.length > 0) {
    return (doc.bom ? BOM : '') + lines.join(eol) + (finalNewline ? eols[last] || doc.eol : '');
  }
  const parts: string[] = doc.bom ? [BOM] : [];
  for (let i = 0; i < lines.length; i++) {
    parts.push(lines[i]!);
    const e = eols[i] || doc.eol;
    if (i < last || finalNewline) parts.push(e);
  }
  return parts.join('');
}

/**
 * Lines of a piece of reply text (a SEARCH block, a REPLACE block, whole-file content): one final
 * line ending is the end of the last line, not an extra empty line. Any ending style is accepted. A
 * BOM in front is the file's, echoed (see `withoutBom`): it is not part of the first line.
 */
export function textLines(reply: string): string[] {
  const text = withoutBom(reply);
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Content from the reply written in the style of an existing file: its line endings and BOM; the
 * content's own final newline is kept (it says whether the new file ends with one).
 */
export function restyle(content: string, like: TextDoc): string {
  const doc = parseText(content);
  if (doc.lines.length === 0) return '';
  const styled: TextDoc = {
    bom: like.bom,
    eol: like.eol,
    lines: doc.lines,
    eols: doc.lines.map(() => like.eol),
  };
  return formatText(styled, hasFinalNewline(doc));
}
