/**
 * Finding a block of lines in a file, rung by rung (see `RUNGS`). The file's lines are keyed once per
 * rung and indexed by key, so a search looks only at the places where the block's rarest line occurs
 * instead of rescanning the file: a 100-hunk patch on a 50,000-line file stays fast.
 */
import { type IndentShift, lineKey, restyleShift, uniformShift } from './normalize';
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
  private readonly indexes = new Map<Rung, LineIndex>();

  constructor(readonly lines: readonly string[]) {}

  keysFor(rung: Rung): string[] {
    let keys = this.keys.get(rung);
    if (!keys) {
      keys = rung === 'exact' ? (this.lines as string[]) : this.lines.map((l) => lineKey(l, rung));
      this.keys.set(rung, keys);
    }
    return keys;
  }

  indexFor(rung: Rung): LineIndex {
    let index = this.indexes.get(rung);
    if (!index) {
      index = new LineIndex(this.keysFor(rung));
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
    if (rung === 'backticks' && fenceForBlank(this.lines, start, needle)) return null;
    if (rung === 'uneven-indentation' || rung === 'backticks') return { start, rung, shift: null };
    const shift = uniformShift(this.lines, start, needle) ?? restyleShift(this.lines, start, needle);
    return shift ? { start, rung, shift } : null;
  }

  /** Every match on this rung whose start lies in [lo, hi], in file order. */
  findAll(needle: readonly string[], rung: Rung, lo = 0, hi = this.lines.length - needle.length): Match[] {
    const needleKeys = keyAll(needle, rung);
    const found: Match[] = [];
    for (const start of this.candidates(needleKeys, rung, lo, hi)) {
      const m = this.matchAt(needle, start, rung, needleKeys);
      if (m) found.push(m);
    }
    return found;
  }

  /**
   * The first place where the block's lines are as this rung compares them, whatever the indentation
   * checks of the rung say: a place the block stands at though no single shift (or tab width) fits
   * there. Null when there is none.
   */
  heldAt(needle: readonly string[], rung: Rung): number | null {
    const needleKeys = keyAll(needle, rung);
    const keys = this.keysFor(rung);
    const at = this.candidates(needleKeys, rung, 0, this.lines.length - needle.length).find((start) =>
      needleKeys.every((k, j) => keys[start + j] === k),
    );
    return at ?? null;
  }

  /** The starts in [lo, hi] where the block's rarest line is at its place, in file order. */
  private candidates(needleKeys: readonly string[], rung: Rung, lo: number, hi: number): number[] {
    if (needleKeys.length === 0 || hi < lo) return [];
    const index = this.indexFor(rung);
    let pivot = 0;
    let first = -1;
    let fewest = 0;
    for (let j = 0; j < needleKeys.length; j++) {
      const here = index.first(needleKeys[j]!);
      if (here === -1) return [];
      const n = index.count(here);
      if (first === -1 || n < fewest) {
        first = here;
        fewest = n;
        pivot = j;
      }
    }
    const starts: number[] = [];
    for (let p = first; p !== -1; p = index.next(p)) {
      const start = p - pivot;
      if (start < lo) continue;
      if (start > hi) break;
      starts.push(start);
    }
    return starts;
  }
}

/**
 * Where each distinct line of a file occurs, in typed arrays: a chained hash table keyed by the line's
 * hash, one chain per distinct line in file order. Building it for a 50,000-line file takes a third of
 * what a `Map<string, number[]>` did (fifty thousand map insertions and small arrays). The hash is seeded
 * at random for each index, as V8 seeds its own: a file made of lines that collide on purpose (a reply can
 * write the file it then patches) cannot turn the lookups quadratic.
 */
export class LineIndex {
  private readonly mask: number;
  /** Per bucket: the first line of its first distinct key, or -1. */
  private readonly buckets: Int32Array;
  private readonly hashes: Int32Array;
  /** Per first line of a key: the first line of the next key in the same bucket, or -1. */
  private readonly nextKey: Int32Array;
  /** Per line: the next line with the same key, or -1. */
  private readonly after: Int32Array;
  /** Per first line of a key: its last line so far, and how many lines hold it. */
  private readonly last: Int32Array;
  private readonly counts: Int32Array;
  private readonly seed = (Math.random() * 0x1_0000_0000) | 0;

  constructor(private readonly keys: readonly string[]) {
    const n = keys.length;
    let size = 16;
    while (size < n * 2) size *= 2;
    this.mask = size - 1;
    this.buckets = new Int32Array(size).fill(-1);
    this.hashes = new Int32Array(n);
    this.nextKey = new Int32Array(n).fill(-1);
    this.after = new Int32Array(n).fill(-1);
    this.last = new Int32Array(n);
    this.counts = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      const h = lineHash(key, this.seed);
      this.hashes[i] = h;
      const bucket = h & this.mask;
      let head = this.buckets[bucket]!;
      let tailKey = -1;
      while (head !== -1 && !(this.hashes[head] === h && keys[head] === key)) {
        tailKey = head;
        head = this.nextKey[head]!;
      }
      if (head === -1) {
        if (tailKey === -1) this.buckets[bucket] = i;
        else this.nextKey[tailKey] = i;
        this.last[i] = i;
        this.counts[i] = 1;
      } else {
        this.after[this.last[head]!] = i;
        this.last[head] = i;
        this.counts[head]!++;
      }
    }
  }

  /** The first line holding `key`, or -1. */
  first(key: string): number {
    const h = lineHash(key, this.seed);
    let head = this.buckets[h & this.mask]!;
    while (head !== -1 && !(this.hashes[head] === h && this.keys[head] === key)) head = this.nextKey[head]!;
    return head;
  }

  has(key: string): boolean {
    return this.first(key) !== -1;
  }

  /** How many lines hold the key whose first line is `first`. */
  count(first: number): number {
    return this.counts[first]!;
  }

  /** The next line holding the same key as line `line`, or -1. */
  next(line: number): number {
    return this.after[line]!;
  }

  /** The most distinct lines sharing one bucket (what a lookup may walk; tests watch it). */
  longestBucket(): number {
    let most = 0;
    for (const first of this.buckets) {
      let n = 0;
      for (let k = first; k !== -1; k = this.nextKey[k]!) n++;
      most = Math.max(most, n);
    }
    return most;
  }
}

/** FNV-1a from `seed`, then murmur3's finalizer so that the low bits (the bucket) depend on every bit. */
function lineHash(text: string, seed: number): number {
  let h = seed ^ 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  // As an Int32Array holds it.
  return h | 0;
}

const ONLY_BACKTICKS = /^\s*`+\s*$/;

/**
 * Whether a line of backticks only (a code fence: one leaked into a hunk, or a Markdown file's own) stands
 * against a line without any at `start`: its key on the backticks rung is empty, as a blank line's is, but
 * a fence is no blank line (added lines would land on the wrong side of it).
 */
function fenceForBlank(file: readonly string[], start: number, needle: readonly string[]): boolean {
  for (let j = 0; j < needle.length; j++) {
    const n = needle[j]!;
    const f = file[start + j]!;
    if ((ONLY_BACKTICKS.test(n) && !f.includes('`')) || (ONLY_BACKTICKS.test(f) && !n.includes('`')))
      return true;
  }
  return false;
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
    // Where the block is the file's lines once its indentation is converted (tabs for spaces) and
    // nowhere else without a shift, that place is taken before the shifted ones, as an exact match
    // is before a re-indented one.
    const flat = matches.filter((m) => m.shift?.restyle && m.shift.prefix === '');
    if (flat.length > 0) return { rung, matches: flat };
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
    const first = index.first(key);
    if (first === -1 || index.count(first) > 200) return;
    for (let p = first; p !== -1; p = index.next(p)) votes.set(p - j, (votes.get(p - j) ?? 0) + 1);
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
