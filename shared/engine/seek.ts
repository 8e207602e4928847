/**
 * Finding a block of lines in a file, rung by rung (see `RUNGS`). The file's lines are keyed once per
 * rung and indexed by key, so a search looks only at the places where the block's rarest line occurs
 * instead of rescanning the file: a 100-hunk patch on a 50,000-line file stays fast.
 */
import { type IndentShift, lineKey, uniformShift } from './normalize';
import { type Rung, TEXT_RUNGS } from './types';

export interface Match {
  /** 0-based index of the block's first line in the file. */
  start: number;
  rung: Rung;
  /** How the file's indentation differs from the block's (indentation and typography rungs). */
  shift: IndentShift | null;
}

export class Haystack {
  private readonly keys = new Map<Rung, string[]>();
  private readonly indexes = new Map<Rung, Map<string, number[]>>();

  constructor(readonly lines: readonly string[]) {}

  keysFor(rung: Rung): string[] {
    let keys = this.keys.get(rung);
    if (!keys) {
      keys = rung === 'exact' ? (this.lines as string[]) : this.lines.map((l) => lineKey(l, rung));
      this.keys.set(rung, keys);
    }
    return keys;
  }

  indexFor(rung: Rung): Map<string, number[]> {
    let index = this.indexes.get(rung);
    if (!index) {
      index = new Map();
      const keys = this.keysFor(rung);
      for (let i = 0; i < keys.length; i++) {
        const list = index.get(keys[i]!);
        if (list) list.push(i);
        else index.set(keys[i]!, [i]);
      }
      this.indexes.set(rung, index);
    }
    return index;
  }

  /** The match of `needle` at `start` on exactly this rung, or null. */
  matchAt(
    needle: readonly string[],
    start: number,
    rung: Rung,
    needleKeys = keyAll(needle, rung),
  ): Match | null {
    if (start < 0 || start + needle.length > this.lines.length) return null;
    const keys = this.keysFor(rung);
    for (let j = 0; j < needleKeys.length; j++) if (keys[start + j] !== needleKeys[j]) return null;
    if (rung === 'exact' || rung === 'trailing-whitespace') return { start, rung, shift: null };
    if (rung === 'uneven-indentation' || rung === 'backticks') return { start, rung, shift: null };
    const shift = uniformShift(this.lines, start, needle);
    return shift ? { start, rung, shift } : null;
  }

  /** Every match on this rung whose start lies in [lo, hi], in file order. */
  findAll(needle: readonly string[], rung: Rung, lo = 0, hi = this.lines.length - needle.length): Match[] {
    if (needle.length === 0 || hi < lo) return [];
    const needleKeys = keyAll(needle, rung);
    const index = this.indexFor(rung);
    // Look only where the rarest line of the block occurs.
    let pivot = 0;
    let positions: number[] | undefined;
    for (let j = 0; j < needleKeys.length; j++) {
      const here = index.get(needleKeys[j]!);
      if (!here) return [];
      if (!positions || here.length < positions.length) {
        positions = here;
        pivot = j;
      }
    }
    const found: Match[] = [];
    for (const p of positions!) {
      const start = p - pivot;
      if (start < lo) continue;
      if (start > hi) break;
      const m = this.matchAt(needle, start, rung, needleKeys);
      if (m) found.push(m);
    }
    return found;
  }
}

function keyAll(lines: readonly string[], rung: Rung): string[] {
  return lines.map((l) => lineKey(l, rung));
}

/** The first rung on which the block is found at all, with every place it fits on that rung. */
function seekAll(
  hay: Haystack,
  needle: readonly string[],
  lo: number,
  hi: number,
  rungs: readonly Rung[],
): { rung: Rung; matches: Match[] } | null {
  // The loosest rungs need a line that says something (not only `}` and blank lines) to go on.
  const telling = needle.some((l) => l.trim().length >= 4);
  for (const rung of rungs) {
    if (!telling && (rung === 'uneven-indentation' || rung === 'backticks')) break;
    const matches = hay.findAll(needle, rung, lo, hi);
    if (matches.length > 0) return { rung, matches };
  }
  return null;
}

export type Seek =
  | { kind: 'found'; match: Match }
  | { kind: 'ambiguous'; rung: Rung; matches: Match[] }
  | { kind: 'none' };

/**
 * Where a block goes. With an `expected` line (a numbered hunk) the nearest match on the first rung
 * that has any wins, and two equally near (one above, one below) are ambiguous. Without one (a bare
 * `@@` hunk, a SEARCH block) the block must fit exactly one place on that rung.
 */
export function seek(
  hay: Haystack,
  needle: readonly string[],
  options: { expected?: number; lo?: number; hi?: number; rungs?: readonly Rung[] } = {},
): Seek {
  const lo = Math.max(0, options.lo ?? 0);
  const hi = Math.min(hay.lines.length - needle.length, options.hi ?? Number.POSITIVE_INFINITY);
  const { expected } = options;
  // The common case of a numbered hunk: it is exactly where it says.
  if (expected !== undefined && expected >= lo && expected <= hi) {
    const here = hay.matchAt(needle, expected, 'exact');
    if (here) return { kind: 'found', match: here };
  }
  const found = seekAll(hay, needle, lo, hi, options.rungs ?? TEXT_RUNGS);
  if (!found) return { kind: 'none' };
  const { rung, matches } = found;
  if (expected === undefined) {
    return matches.length === 1
      ? { kind: 'found', match: matches[0]! }
      : { kind: 'ambiguous', rung, matches };
  }
  let best: Match[] = [];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const m of matches) {
    const d = Math.abs(m.start - expected);
    if (d < bestDistance) {
      best = [m];
      bestDistance = d;
    } else if (d === bestDistance) best.push(m);
  }
  return best.length === 1 ? { kind: 'found', match: best[0]! } : { kind: 'ambiguous', rung, matches: best };
}

/**
 * The window of the file most like `needle` (the lines to show when nothing matched, as aider
 * does): every trimmed line the two share votes for the window start that would align them.
 * Very common lines (`}`, blank) are skipped so the vote stays cheap and meaningful.
 */
export function nearestWindow(
  hay: Haystack,
  needle: readonly string[],
): { start: number; text: string } | undefined {
  if (needle.length === 0 || hay.lines.length === 0) return undefined;
  const index = hay.indexFor('indentation');
  const votes = new Map<number, number>();
  needle.forEach((line, j) => {
    const key = lineKey(line, 'indentation');
    if (key === '') return;
    const positions = index.get(key);
    if (!positions || positions.length > 200) return;
    for (const p of positions) votes.set(p - j, (votes.get(p - j) ?? 0) + 1);
  });
  let best: number | undefined;
  let bestVotes = 0;
  for (const [start, n] of votes) {
    if (n > bestVotes || (n === bestVotes && best !== undefined && start < best)) {
      best = start;
      bestVotes = n;
    }
  }
  if (best === undefined) return undefined;
  const start = Math.max(0, Math.min(best, hay.lines.length - 1));
  const end = Math.min(hay.lines.length, Math.max(start + 1, best + needle.length));
  return { start, text: hay.lines.slice(start, end).join('\n') };
}

/**
 * One sentence on why `needle` is not at `start`: the first of its lines that differs from the
 * file's, even ignoring everything the ladder ignores. Undefined when none does (the block runs past
 * the end of the file, or the lines match but their indentation is not shifted uniformly).
 */
export function firstDifference(
  hay: Haystack,
  needle: readonly string[],
  start: number,
  what: string,
): string {
  const keys = hay.keysFor('typography');
  for (let j = 0; j < needle.length; j++) {
    const at = start + j;
    if (at >= hay.lines.length) {
      return ` Its line ${j + 1} would be past the end of the file (${hay.lines.length} lines).`;
    }
    if (keys[at] !== lineKey(needle[j]!, 'typography')) {
      return ` The most similar place starts at line ${start + 1}; there, line ${j + 1} of ${what} ${quote(needle[j]!)} differs from line ${at + 1} of the file ${quote(hay.lines[at]!)}.`;
    }
  }
  return ` The most similar place starts at line ${start + 1}; its lines match only with indentation changed unevenly.`;
}

function quote(line: string): string {
  const t = line.trim();
  return `"${t.length > 80 ? `${t.slice(0, 77)}...` : t}"`;
}
