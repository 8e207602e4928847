/**
 * What each rung of the ladder ignores when it compares two lines. Each key function is cumulative:
 * a lower rung ignores everything the rungs above it ignore.
 */
import type { Rung } from './types';

/**
 * Characters models and chat pages swap for ASCII ones: curly quotes, primes, dashes, the minus sign,
 * non-breaking and other fixed-width spaces, the ellipsis. A reply copied from a rendered page (or a
 * model that "typesets" code) shows `“hello”` where the file has `"hello"`.
 */
const TYPOGRAPHY: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032\u2035]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u2036]/g, '"'],
  [/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-'],
  [/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, ' '],
  [/\u2026/g, '...'],
];

function asciiTypography(line: string): string {
  let out = line;
  for (const [re, ascii] of TYPOGRAPHY) out = out.replace(re, ascii);
  return out;
}

/** Whitespace as `trim()` reads it, but for U+FEFF. */
const SPACE_EDGES = /^[^\S\uFEFF]+|[^\S\uFEFF]+$/g;

/**
 * `line.trim()`, except that a U+FEFF stays: `trim()` and `\s` count it as whitespace, so a BOM (or the
 * mark inside a file made of joined files) read as indentation hides the line's real indentation from
 * `uniformShift`, and is written back into the re-indented lines.
 */
export function trimSpace(line: string): string {
  const t = line.trim();
  return t.length === line.length || !line.includes('\uFEFF') ? t : line.replace(SPACE_EDGES, '');
}

/** Only whitespace, not counting U+FEFF as such (see `trimSpace`). */
export function isBlank(line: string): boolean {
  return trimSpace(line) === '';
}

export function lineKey(line: string, rung: Rung): string {
  switch (rung) {
    case 'exact':
      return line;
    case 'trailing-whitespace':
      return line.trimEnd();
    case 'indentation':
      return trimSpace(line);
    case 'typography':
    case 'uneven-indentation':
      return trimSpace(asciiTypography(line));
    case 'backticks':
      return trimSpace(asciiTypography(line).replace(/`/g, ''));
  }
}

function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

/**
 * How a block's indentation differs from the file's where it matched: the file has `prefix` more
 * (sign 1) or less (sign -1) at the start of every non-blank line.
 */
export interface IndentShift {
  sign: 1 | -1;
  prefix: string;
}

/**
 * The single indentation shift that turns `needle` into `file`, or null when the lines are not
 * shifted uniformly (then loosening indentation would change the code's structure, so no match).
 * Blank lines do not count.
 */
export function uniformShift(
  file: readonly string[],
  fileAt: number,
  needle: readonly string[],
): IndentShift | null {
  let shift: IndentShift | null = null;
  for (let j = 0; j < needle.length; j++) {
    const n = needle[j]!;
    const f = file[fileAt + j]!;
    if (isBlank(n) && isBlank(f)) continue;
    const fi = typographicIndent(f);
    const ni = typographicIndent(n);
    let here: IndentShift;
    if (fi.length >= ni.length && fi.endsWith(ni))
      here = { sign: 1, prefix: fi.slice(0, fi.length - ni.length) };
    else if (ni.endsWith(fi)) here = { sign: -1, prefix: ni.slice(0, ni.length - fi.length) };
    else return null;
    if (here.prefix === '') here = { sign: 1, prefix: '' };
    if (shift === null) shift = here;
    else if (shift.sign !== here.sign || shift.prefix !== here.prefix) return null;
  }
  return shift ?? { sign: 1, prefix: '' };
}

/** Leading whitespace with non-breaking spaces read as spaces (the typography rung needs it). */
function typographicIndent(line: string): string {
  return /^[ \t\u00A0\u2002-\u200A\u202F\u205F\u3000]*/.exec(line)![0].replace(/[^\t]/g, ' ');
}

/** Apply a shift to replacement lines so they sit at the indentation the file uses there. */
function reindent(lines: readonly string[], shift: IndentShift | null): string[] {
  if (!shift || shift.prefix === '') return [...lines];
  return lines.map((line) => {
    if (isBlank(line)) return line;
    if (shift.sign === 1) return shift.prefix + line;
    if (line.startsWith(shift.prefix)) return line.slice(shift.prefix.length);
    // Less indented than the shift: remove what there is rather than characters of code.
    const lead = leadingWhitespace(line).length;
    return line.slice(Math.min(lead, shift.prefix.length));
  });
}

/**
 * New lines written where a block matched: re-indented by the match's shift, and, when only the
 * typography rung matched, with the same characters read as ASCII: the reply was evidently typeset
 * (by the model or the chat page), so its new lines carry the same curly quotes and dashes.
 */
export function adapt(
  lines: readonly string[],
  match: { rung: Rung; shift: IndentShift | null } | null,
): string[] {
  const shifted = reindent(lines, match?.shift ?? null);
  return match?.rung === 'typography' ? shifted.map(asciiTypography) : shifted;
}
