/**
 * Repairs of diff hunks that models (and chat pages) break, tried on a hunk only after it failed to fit
 * as written. Each repair is a reading of what the model meant:
 * - junk: lines written without a prefix that are not in the file (a leaked `</thinking>`) are dropped;
 * - glued header: text glued to the closing `@@` (`@@ -10,7 +10,7 @@clusters = …`) is the hunk's
 *   first unchanged line;
 * - joined lines: an unchanged or removed line that is two lines of the file run together
 *   (`)except Exception as e:`, a `def` and its docstring) is split back into those two lines (an
 *   unchanged one also across up to two blank lines of the file between them);
 * - blank edges: blank unchanged lines at the start or end of a bare `@@` hunk, which tag extraction
 *   leaves behind (udiffx strips them; its test 12), are left out;
 * - left-out blank lines: blank lines of the file that the hunk's unchanged lines skip are put back,
 *   each right before the line that follows it (udiffx's blank-line alignment; vimfiles
 *   blank_line_context_bug) — only where that alignment is the one place the hunk fits;
 * - added blank lines: the reverse, blank unchanged lines of a bare `@@` hunk that the file does not
 *   have (in the middle, or past its end) are added where the hunk has them, as the model saw the result
 *   (udiffx turns them into added lines; its tests 03 and 07, vimfiles missing_leading_whitespace);
 * - cut lines: an unchanged line that is the end of one line of the file, its start left out
 *   (`initialize(config) {` for `pub fn initialize(config) {`; udiffx's suffix match, its test 14), is
 *   that line. Never a removed line, never fewer than 10 characters, never a comment's text.
 * Every combination of the repairs that apply is tried. A repair is taken only when the hunk then fits
 * the file, and every repaired reading that fits gives the same file: two readings with different
 * results are a guess, and the hunk stays refused. (Corpus: cliffxuan/vimfiles' real diffs.)
 */
import type { Hunk } from '../changeset/changeset';
import type { TextDoc } from './text-model';

export interface Repaired {
  hunk: Hunk;
  /** What was repaired, for the note the review and the CLI show. */
  what: string;
}

/** A reading of the hunk; readings of one `kind` are alternatives, never taken together. */
type Repair = { what: string; kind?: string; apply(lines: string[]): string[] };

/**
 * The one repaired reading of `hunk` that fits the file, or null. `fits` places a hunk alone in the file
 * and returns the file it would give (null: it does not fit).
 */
export function repairHunk(doc: TextDoc, hunk: Hunk, fits: (hunk: Hunk) => string | null): Repaired | null {
  const repairs = possibleRepairs(doc, hunk);
  if (repairs.length === 0) return null;
  const results = new Map<string, Repaired>();
  // Every non-empty combination of repairs that are not alternatives of each other, fewest repairs
  // first (seven kinds at most: 127 readings, more with alternatives; each tried only on a hunk that
  // has already failed).
  const combos: Repair[][] = [];
  for (let mask = 1; mask < 1 << repairs.length; mask++) {
    const combo = repairs.filter((_, k) => mask & (1 << k));
    const kinds = combo.flatMap((r) => (r.kind ? [r.kind] : []));
    if (new Set(kinds).size === kinds.length) combos.push(combo);
  }
  combos.sort((a, b) => a.length - b.length);
  for (const combo of combos) {
    let lines = [...hunk.lines];
    for (const r of combo) lines = r.apply(lines);
    const candidate: Hunk = { ...hunk, lines };
    delete candidate.loose;
    if (combo.some((r) => r.what.startsWith('the text glued'))) {
      delete candidate.glued;
      delete candidate.section;
    }
    const result = fits(candidate);
    if (result !== null && !results.has(result))
      results.set(result, { hunk: candidate, what: combo.map((r) => r.what).join(', ') });
  }
  return results.size === 1 ? [...results.values()][0]! : null;
}

function possibleRepairs(doc: TextDoc, hunk: Hunk): Repair[] {
  const out: Repair[] = [];
  const inFile = new Set(doc.lines.map((l) => l.trim()));
  const loose = (hunk.loose ?? []).filter((j) => !inFile.has(hunk.lines[j]!.slice(1).trim()));
  if (loose.length > 0) {
    const drop = new Set(loose);
    out.push({
      what: `${loose.length === 1 ? 'a line' : `${loose.length} lines`} without a " ", "-" or "+" in front (${loose.map((j) => quote(hunk.lines[j]!.slice(1))).join(', ')}) left out`,
      // Applied first (combinations keep the order of possibleRepairs), while indexes still hold.
      apply: (lines) => lines.filter((_, j) => !drop.has(j)),
    });
  }
  if (hunk.glued && hunk.section) {
    const first = hunk.section;
    out.push({
      what: `the text glued to the @@ line (${quote(first)}) read as the hunk's first line`,
      apply: (lines) => [` ${first}`, ...lines],
    });
  }
  // Keyed by the hunk line as written (prefix included): a line written twice is split the same way.
  // One line that could be either of a few places in the file (`)` + `except` twice) gives one reading
  // per place; the hunk's other lines then say which one fits.
  let splitReadings: Array<Map<string, string[]>> = [new Map()];
  for (const line of hunk.lines) {
    const kind = line[0];
    if (kind !== ' ' && kind !== '-') continue;
    const body = line.slice(1).trim();
    if (body === '' || inFile.has(body) || splitReadings[0]!.has(line)) continue;
    // A kept line may also run together two lines with blank lines between them (`)` and `except`);
    // a removed one never: which of those blank lines it meant to remove would be a guess.
    const runs = joinedRuns(doc.lines, body, kind === ' ' ? MAX_JOINED_BLANKS : 0);
    if (runs.length === 1) for (const reading of splitReadings) reading.set(line, runs[0]!);
    else if (runs.length > 1 && splitReadings.length === 1)
      splitReadings = runs.map((run) => new Map([...splitReadings[0]!, [line, run]]));
  }
  const cut = new Map<string, string>();
  for (const line of hunk.lines) {
    if (line[0] !== ' ' || cut.has(line)) continue;
    const body = line.slice(1).trim();
    if (body.length < MIN_CUT_LINE || inFile.has(body)) continue;
    const whole = lineEndingWith(doc.lines, body);
    if (whole !== null) cut.set(line, whole);
  }
  if (cut.size > 0) {
    out.push({
      what: `${cut.size === 1 ? 'a kept line' : `${cut.size} kept lines`} that left out the start of a line of the file (${[...cut.keys()].map((l) => quote(l.slice(1))).join(', ')}) read as that line`,
      apply: (lines) => lines.map((line) => (cut.has(line) ? ` ${cut.get(line)!}` : line)),
    });
  }
  for (const splits of splitReadings) {
    if (splits.size === 0) continue;
    out.push({
      kind: 'split',
      what: `${splits.size === 1 ? 'a line' : `${splits.size} lines`} that ran two lines of the file together split in two`,
      apply: (lines) =>
        lines.flatMap((line) => {
          const split = splits.get(line);
          return split ? split.map((part) => `${line[0]}${part}`) : [line];
        }),
    });
  }
  const blank = (l: string) => l[0] === ' ' && l.slice(1).trim() === '';
  // Only in a bare `@@` hunk: a numbered header counts its blank lines, so they are real (udiff-111).
  if (hunk.oldStart === undefined && (blank(hunk.lines[0] ?? 'x') || blank(hunk.lines.at(-1) ?? 'x'))) {
    out.push({
      what: 'blank lines at the edges of the hunk left out',
      apply: (lines) => {
        let a = 0;
        let z = lines.length;
        while (a < z && blank(lines[a]!)) a++;
        while (z > a && blank(lines[z - 1]!)) z--;
        return lines.slice(a, z);
      },
    });
  }
  // Only in a bare `@@` hunk, as for the blank edges: a numbered header counts the blank lines.
  const added = hunk.oldStart === undefined ? addedBlanks(doc, hunk.lines) : null;
  if (added) {
    out.push({
      what: `${added.size === 1 ? 'a blank line the file does not have' : `${added.size} blank lines the file does not have`} added where the hunk has ${added.size === 1 ? 'it' : 'them'}`,
      // Found again on the lines as the repairs before it left them (they may have moved).
      apply: (lines) => {
        const at = addedBlanks(doc, lines);
        return at ? lines.map((line, k) => (at.has(k) ? `+${line.slice(1)}` : line)) : lines;
      },
    });
  }
  const gaps = skippedBlanks(doc, hunk);
  if (gaps) {
    out.push({
      what: `${gaps.count === 1 ? 'a blank line' : `${gaps.count} blank lines`} of the file that the hunk left out put back`,
      apply: (lines) => {
        // Keyed by the hunk's own old lines: the n-th kept/removed line gets its blanks before it.
        const result: string[] = [];
        let old = 0;
        for (const line of lines) {
          if (line[0] !== '+') {
            for (let k = 0; k < (gaps.before.get(old) ?? 0); k++) result.push(' ');
            old++;
          }
          result.push(line);
        }
        return result;
      },
    });
  }
  return out;
}

/**
 * Blank lines of the file that the hunk's kept and removed lines skip, at the one place where they fit
 * with only blank lines of the file between them: how many before each of the hunk's old lines. Null
 * when there is no such place, more than one, or nothing is skipped.
 */
function skippedBlanks(doc: TextDoc, hunk: Hunk): { before: Map<number, number>; count: number } | null {
  const old = hunk.lines.filter((l) => l[0] !== '+').map((l) => l.slice(1).trimEnd());
  if (old.length < 2 || old.every((l) => l.trim() === '')) return null;
  const file = doc.lines.map((l) => l.trimEnd());
  let found: Map<number, number> | null = null;
  for (let s = 0; s < file.length; s++) {
    if (file[s] !== old[0]) continue;
    const before = new Map<number, number>();
    let j = s;
    let ok = true;
    for (let i = 0; i < old.length && ok; i++) {
      let skipped = 0;
      while (
        i > 0 &&
        j < file.length &&
        file[j] !== old[i] &&
        file[j]!.trim() === '' &&
        old[i]!.trim() !== ''
      ) {
        j++;
        skipped++;
      }
      if (j >= file.length || file[j] !== old[i]) ok = false;
      else {
        if (skipped > 0) before.set(i, skipped);
        j++;
      }
    }
    if (!ok || before.size === 0) continue;
    if (found) return null;
    found = before;
  }
  if (!found) return null;
  let count = 0;
  for (const n of found.values()) count += n;
  return { before: found, count };
}

/**
 * Blank unchanged lines of a hunk that the file does not have: their indexes in `lines`, at the one
 * place where the hunk's other kept and removed lines follow each other in the file with those blank
 * lines left out (past the end of the file included). Null when there is no such place, more than
 * one, or no blank line is missing. The hunk's first old line must be text: a blank line before it
 * could sit anywhere (bare hunks' blank edges are left out instead).
 */
function addedBlanks(doc: TextDoc, lines: readonly string[]): Set<number> | null {
  const old: number[] = [];
  for (let k = 0; k < lines.length; k++) {
    const kind = lines[k]![0];
    if (kind === '~' || kind === '\\') return null;
    if (kind !== '+') old.push(k);
  }
  const isBlank = (k: number) => lines[k]![0] === ' ' && lines[k]!.trim() === '';
  if (old.length < 2 || isBlank(old[0]!) || old.every(isBlank)) return null;
  // Compared trimmed: where the lines sit decides which blank lines are missing; the rungs then decide
  // whether the repaired hunk fits (a lost leading space shifts every unchanged line by one).
  const file = doc.lines.map((l) => l.trim());
  const first = lines[old[0]!]!.slice(1).trim();
  let found: Set<number> | null = null;
  for (let s = 0; s < file.length; s++) {
    if (file[s] !== first) continue;
    const missing = new Set<number>();
    let j = s;
    let ok = true;
    for (const k of old) {
      if (isBlank(k)) {
        if (j < file.length && file[j] === '') j++;
        else missing.add(k);
      } else if (j < file.length && file[j] === lines[k]!.slice(1).trim()) j++;
      else {
        ok = false;
        break;
      }
    }
    if (!ok || missing.size === 0) continue;
    if (found) return null;
    found = missing;
  }
  return found;
}

/** Shorter kept lines are not read as the end of a line of the file: too many lines end that way. */
const MIN_CUT_LINE = 10;

/**
 * The one line of the file (as the file has it) whose trimmed text ends with `end` after a start that
 * the model left out, or null: none, several different ones, a start that is only a comment marker
 * (`// x` is not the code `x`), or a cut inside a word.
 */
function lineEndingWith(lines: readonly string[], end: string): string | null {
  let found: string | null = null;
  for (const line of lines) {
    const t = line.trim();
    if (t.length <= end.length || !t.endsWith(end)) continue;
    const start = t.slice(0, t.length - end.length);
    if (/^(?:\/\/+|#|<!--|--|\*|\/\*+|;+|%)\s*$/.test(start)) continue;
    if (/\w$/.test(start) && /^\w/.test(end)) continue;
    if (found !== null && found !== line) return null;
    found = line;
  }
  return found;
}

/** How many blank lines of the file a kept line that runs two lines together may stand for. */
const MAX_JOINED_BLANKS = 2;
/** How many places in the file one joined line may stand for: each is a reading to try. */
const MAX_JOINED_PLACES = 3;

/**
 * The runs of the file's lines (two lines, with at most `blanks` blank lines between them) that,
 * trimmed and run together, are `joined` (trimmed): each different run once; none when there are
 * more than MAX_JOINED_PLACES.
 */
function joinedRuns(lines: readonly string[], joined: string, blanks: number): string[][] {
  const runs = new Map<string, string[]>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = lines[i]!.trim();
    if (a === '' || !joined.startsWith(a) || a.length === joined.length) continue;
    let k = i + 1;
    while (k < lines.length && k - i - 1 < blanks && lines[k]!.trim() === '') k++;
    if (k >= lines.length) continue;
    const b = lines[k]!.trim();
    if (b === '' || joined !== a + b) continue;
    const run = lines.slice(i, k + 1);
    runs.set(run.join('\n'), run);
    if (runs.size > MAX_JOINED_PLACES) return [];
  }
  return [...runs.values()];
}

function quote(line: string): string {
  const t = line.trim();
  return `"${t.length > 40 ? `${t.slice(0, 37)}...` : t}"`;
}
