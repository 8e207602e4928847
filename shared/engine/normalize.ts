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
  /**
   * The block indents with the other character than the file (`restyleShift`): its lines' indentation
   * is converted first, `width` spaces to a tab (`to: 'tabs'`) or a tab to `width` spaces.
   */
  restyle?: Restyle;
  /**
   * The other conversions the block's lines fit as well (another width with a shift): the block's own
   * lines do not tell them apart, new lines at other depths may (`restyleConflict`).
   */
  others?: IndentShift[];
}

/** Indentation converted between spaces and tabs, `width` spaces to a tab. */
export interface Restyle {
  to: 'tabs' | 'spaces';
  width: number;
}

/**
 * A line's indentation converted (`Restyle`). To tabs: the spaces after its leading tabs, whole widths
 * only (the rest, such as the space before a JSDoc `*`, stays); to spaces: each leading tab. Indentation
 * that starts with a space and then has a tab is left as it is.
 */
export function restyleLine(line: string, r: Restyle): string {
  const [, tabs, spaces] = /^(\t*)( *)/.exec(line)!;
  const rest = line.slice(tabs!.length + spaces!.length);
  if (r.to === 'tabs') {
    const n = spaces!.length;
    return `${tabs}${'\t'.repeat(Math.floor(n / r.width))}${' '.repeat(n % r.width)}${rest}`;
  }
  return `${' '.repeat(tabs!.length * r.width)}${spaces}${rest}`;
}

/** The tab widths tried, most common first. */
const TAB_WIDTHS = [4, 2, 8, 3];

/**
 * When the file indents the block's place with tabs and the block indents with spaces only (or the
 * other way round), the one tab width that makes the block's indentation a uniform shift of the file's:
 * the models write spaces for a file they saw with tabs, and chat pages turn tabs into spaces. Several
 * widths that fit, with different shifts, are no answer (the new lines would be indented by a guess),
 * unless exactly one of them needs no shift at all: that one is taken, the others kept for
 * `restyleConflict` to check against the new lines. Null when the indentation is not of the two kinds.
 */
export function restyleShift(
  file: readonly string[],
  fileAt: number,
  needle: readonly string[],
): IndentShift | null {
  let fileTabs = false;
  let fileSpaces = false;
  let needleTabs = false;
  let needleSpaces = false;
  for (let j = 0; j < needle.length; j++) {
    // A line of only whitespace indents nothing (uniformShift passes it by): its tabs or spaces say
    // nothing of how the lines with something on them are indented.
    if (isBlank(file[fileAt + j]!) && isBlank(needle[j]!)) continue;
    const f = leadingWhitespace(file[fileAt + j]!);
    const n = leadingWhitespace(needle[j]!);
    if (f.includes('\t')) fileTabs = true;
    else if (f !== '') fileSpaces = true;
    if (n.includes('\t')) needleTabs = true;
    else if (n !== '') needleSpaces = true;
  }
  const to =
    fileTabs && !needleTabs && needleSpaces
      ? 'tabs'
      : needleTabs && !fileTabs && fileSpaces
        ? 'spaces'
        : null;
  if (to === null) return null;
  const fits: IndentShift[] = [];
  for (const width of TAB_WIDTHS) {
    const restyle = { to, width } as const;
    const shift = uniformShift(
      file,
      fileAt,
      needle.map((l) => restyleLine(l, restyle)),
    );
    if (shift) fits.push({ ...shift, restyle });
  }
  if (fits.length === 1) return fits[0]!;
  // Models copy the file's indentation as it looks: the width that needs no shift is taken, with the
  // others kept to check that the new lines come out the same under each.
  const flat = fits.filter((f) => f.prefix === '');
  return flat.length === 1 ? { ...flat[0]!, others: fits.filter((f) => f !== flat[0]) } : null;
}

/**
 * Why the new `lines` of a block matched with converted indentation cannot be written: another width
 * the block's lines fit as well (`IndentShift.others`) indents them differently. Null when all agree, or
 * when the width taken is the indentation unit of the reply's lines for the file (`replyLines`).
 */
export function restyleConflict(
  lines: readonly string[],
  shift: IndentShift | null,
  replyLines: readonly string[],
): string | null {
  if (!shift?.restyle || !shift.others) return null;
  // The width is also the reply's own indentation unit: one level of the reply is one tab.
  if (shift.restyle.to === 'tabs' && spaceUnit(replyLines) === shift.restyle.width) return null;
  const mine = reindent(lines, shift).join('\n');
  const other = shift.others.find((o) => reindent(lines, o).join('\n') !== mine);
  if (!other) return null;
  return `its lines fit the file's indentation at ${shift.restyle.width} and at ${other.restyle!.width} spaces to a tab, and its new lines would be indented differently by each`;
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

/**
 * How the reply's indentation converts to the file's when the two indent with different characters,
 * told by the file's own lines: for each line of the reply (SEARCH and REPLACE text, or hunk lines) that
 * is, trimmed, a line of the file (every copy of it there indented alike), its spaces against the file's
 * tabs (or its tabs against the file's spaces) vote for a width. It is the width for the new lines of a block that matched without any
 * indented line to go by (an exact match of unindented lines): those would keep the reply's spaces in a
 * tab-indented file. Null unless at least two lines vote, all for one conversion, and no indented line of
 * the reply is in the file with the reply's own indentation.
 */
export function opRestyle(fileLines: readonly string[], replyLines: readonly string[]): Restyle | null {
  // Lines of only whitespace indent nothing: a reply's blank line of four spaces does not make a reply
  // that indents with tabs one that mixes (its tab lines were written into a file of spaces).
  const starts = (l: string, c: string) => l.startsWith(c) && !isBlank(l);
  const replySpaces = replyLines.some((l) => starts(l, ' '));
  const replyTabs = replyLines.some((l) => starts(l, '\t'));
  if (replySpaces === replyTabs) return null;
  const want = replySpaces ? '\t' : ' ';
  if (!fileLines.some((l) => starts(l, want))) return null;
  const candidates = new Map<string, string[]>();
  for (const l of replyLines) {
    const t = l.trim();
    if (t.length >= 3 && l !== t && !candidates.has(t)) candidates.set(t, []);
  }
  for (const l of fileLines) {
    const found = candidates.get(l.trim());
    if (found && found.length < 8) found.push(leadingWhitespace(l));
  }
  let vote: Restyle | null = null;
  let votes = 0;
  for (const l of replyLines) {
    const t = l.trim();
    const inFile = candidates.get(t);
    // A line the file has, always with one indentation: that is the reply's line's.
    if (!inFile || inFile.length === 0 || inFile.length === 8 || inFile.some((w) => w !== inFile[0]))
      continue;
    const f = inFile[0]!;
    const r = leadingWhitespace(l);
    // The file indents this line as the reply does (a space before a JSDoc `*` is alignment, no vote).
    if (f === r) {
      if (r.length >= 2) return null;
      continue;
    }
    let here: Restyle | null = null;
    if (replySpaces && /^\t+$/.test(f) && /^ +$/.test(r) && r.length % f.length === 0)
      here = { to: 'tabs', width: r.length / f.length };
    else if (replyTabs && /^ +$/.test(f) && /^\t+$/.test(r) && f.length % r.length === 0)
      here = { to: 'spaces', width: f.length / r.length };
    if (here === null || !TAB_WIDTHS.includes(here.width)) continue;
    if (vote && (vote.to !== here.to || vote.width !== here.width)) return null;
    vote = here;
    votes++;
  }
  return votes >= 2 ? vote : null;
}

/**
 * The note of new text converted by `r` (opRestyle): `subject` indents with the other character than
 * `file`, and `gets` (`its new lines get`) the file's.
 */
export function restyledNote(subject: string, file: string, gets: string, r: Restyle): string {
  const from = r.to === 'tabs' ? 'spaces' : 'tabs';
  return `${subject} indents with ${from} and ${file} with ${r.to} (the lines of the file it repeats show ${r.width} spaces ${r.to === 'tabs' ? 'to' : 'for'} a tab): ${gets} ${r.to}.`;
}

/**
 * Whether every indented line of the file starts with a tab while `lines` (a block's new lines) indent
 * with spaces: written as they are they would mix spaces into the file, and no width was told by the
 * reply (opRestyle) to convert them, so the appliers refuse them with the reason.
 */
export function spacesIntoTabs(fileLines: readonly string[], lines: readonly string[]): boolean {
  if (!lines.some((l) => l.startsWith('  ') && !isBlank(l))) return false;
  let tabbed = 0;
  for (const l of fileLines) {
    if (isBlank(l)) continue;
    if (l.startsWith('  ')) return false;
    if (l.startsWith('\t')) tabbed++;
  }
  return tabbed >= 3;
}

/**
 * The indentation unit of lines indented with spaces: the greatest common divisor of their indentation
 * (a JSDoc ` * ` left out); 0 when none is indented.
 */
function spaceUnit(lines: readonly string[]): number {
  let unit = 0;
  for (const l of lines) {
    const lead = /^ */.exec(l)![0].length;
    if (lead === 0 || isBlank(l) || l[lead] === '\t' || l[lead] === '*') continue;
    let a = unit;
    let b = lead;
    while (b) [a, b] = [b, a % b];
    unit = a;
  }
  return unit;
}

/** Leading whitespace with non-breaking spaces read as spaces (the typography rung needs it). */
function typographicIndent(line: string): string {
  return /^[ \t\u00A0\u2002-\u200A\u202F\u205F\u3000]*/.exec(line)![0].replace(/[^\t]/g, ' ');
}

/** Apply a shift to replacement lines so they sit at the indentation the file uses there. */
function reindent(lines: readonly string[], shift: IndentShift | null): string[] {
  const restyle = shift?.restyle;
  if (restyle) lines = lines.map((l) => (isBlank(l) ? l : restyleLine(l, restyle)));
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
  fallback: Restyle | null = null,
): string[] {
  let shift = match?.shift ?? null;
  // A match that had no indented line to go by converts as the rest of the reply shows (opRestyle).
  if (fallback && !shift?.restyle) shift = { ...(shift ?? { sign: 1, prefix: '' }), restyle: fallback };
  const shifted = reindent(lines, shift);
  return match?.rung === 'typography' ? shifted.map(asciiTypography) : shifted;
}
