/**
 * The diff the preview shows, as jsdiff `structuredPatch` hunks (3 lines of context), compared by
 * content: line endings and a BOM, which the engine keeps, are left out.
 *
 * When the engine knows which line ranges it replaced it diffs only inside those ranges: a whole-file
 * diff of a 50,000-line file costs more than planning the patch itself. Otherwise the common head
 * and tail are skipped and jsdiff diffs the line arrays between them; only a text without a final
 * newline goes through jsdiff's text diff, which writes the "\ No newline" markers.
 */
import { diffArrays, type StructuredPatchHunk, structuredPatch } from 'diff';
import type { Replacement } from './splice';
import { hasFinalNewline, parseText } from './text-model';

export type DisplayHunk = StructuredPatchHunk;

/**
 * An edit known as line ranges of the old text (both texts end with a newline; lines without endings).
 * The old text is read a line at a time, and only near the replacements: an editor that never split the
 * file into lines (exact-patch.ts) need not do it for the preview either.
 */
export interface LineEdits {
  /** How many lines the old text has. */
  oldCount: number;
  /** Line `i` (0-based) of the old text. */
  oldLine: (i: number) => string;
  /** Sorted, against the old text. A replacement's `old`, when given, is its lines [start, end). */
  replacements: readonly Replacement[];
}

/** Edits against a text already split into lines. */
export function arrayEdits(oldLines: readonly string[], replacements: readonly Replacement[]): LineEdits {
  return { oldCount: oldLines.length, oldLine: (i) => oldLines[i]!, replacements };
}

const CONTEXT = 3;

export function displayHunks(
  oldText: string | null,
  newText: string | null,
  edits?: LineEdits,
): DisplayHunk[] {
  if (edits) return fromReplacements(edits);
  const oldDoc = parseText(oldText ?? '');
  const newDoc = parseText(newText ?? '');
  const A = oldDoc.lines;
  const B = newDoc.lines;
  if (A.length > 0 && B.length > 0 && hasFinalNewline(oldDoc) && hasFinalNewline(newDoc)) {
    // Diff only between the common head and tail, on line arrays (no re-splitting of the texts).
    let head = 0;
    while (head < A.length && head < B.length && A[head] === B[head]) head++;
    let tail = 0;
    while (
      tail < A.length - head &&
      tail < B.length - head &&
      A[A.length - 1 - tail] === B[B.length - 1 - tail]
    )
      tail++;
    if (head === A.length && head === B.length) return [];
    const middle = { start: head, end: A.length - tail, lines: B.slice(head, B.length - tail), eols: [] };
    return fromReplacements(arrayEdits(A, [middle]));
  }
  // Either text lacks a final newline: jsdiff writes the "\ No newline at end of file" markers.
  const plain = (lines: string[], nl: boolean) => (lines.length ? lines.join('\n') + (nl ? '\n' : '') : '');
  return structuredPatch(
    'a',
    'b',
    plain(oldDoc.lines, hasFinalNewline(oldDoc)),
    plain(newDoc.lines, hasFinalNewline(newDoc)),
    undefined,
    undefined,
    { context: CONTEXT },
  ).hunks;
}

export interface Change {
  a: number;
  aLen: number;
  b: number;
  bLen: number;
}

function fromReplacements({ oldCount, oldLine, replacements }: LineEdits): DisplayHunk[] {
  const changes: Change[] = [];
  /** Per change: the new lines of its replacement, and where they start in the new text. */
  const added: Array<{ lines: readonly string[]; at: number }> = [];
  let delta = 0;
  for (const r of replacements) {
    const before = changes.length;
    const at = r.start + delta;
    if (r.old) changesBetween(r.old, 0, r.old.length, r.lines, at, changes, r.start);
    else {
      const old: string[] = [];
      for (let i = r.start; i < r.end; i++) old.push(oldLine(i));
      changesBetween(old, 0, old.length, r.lines, at, changes, r.start);
    }
    for (let k = before; k < changes.length; k++) added.push({ lines: r.lines, at });
    delta += r.lines.length - (r.end - r.start);
  }

  const hunks: DisplayHunk[] = [];
  let i = 0;
  while (i < changes.length) {
    let j = i;
    while (j + 1 < changes.length && changes[j + 1]!.a - (changes[j]!.a + changes[j]!.aLen) <= 2 * CONTEXT)
      j++;
    const first = changes[i]!;
    const last = changes[j]!;
    const aStart = Math.max(0, first.a - CONTEXT);
    const bStart = first.b - (first.a - aStart);
    const aEnd = Math.min(oldCount, last.a + last.aLen + CONTEXT);
    const lines: string[] = [];
    let pos = aStart;
    let newLines = 0;
    for (let k = i; k <= j; k++) {
      const c = changes[k]!;
      const from = added[k]!;
      for (; pos < c.a; pos++, newLines++) lines.push(` ${oldLine(pos)}`);
      for (let x = 0; x < c.aLen; x++) lines.push(`-${oldLine(c.a + x)}`);
      for (let x = 0; x < c.bLen; x++) lines.push(`+${from.lines[c.b - from.at + x]}`);
      pos = c.a + c.aLen;
      newLines += c.bLen;
    }
    for (; pos < aEnd; pos++, newLines++) lines.push(` ${oldLine(pos)}`);
    hunks.push({ oldStart: aStart + 1, oldLines: aEnd - aStart, newStart: bStart + 1, newLines, lines });
    i = j + 1;
  }
  return hunks;
}

/**
 * The removed and added runs that turn `A[aLo, aHi)` into `newLines` (which sit at `bAt` in the new
 * text), appended to `changes` with absolute line numbers (`A`'s own, plus `aBase` when `A` is a window of
 * the old text that starts there). The result is jsdiff's `diffArrays`: its
 * first step matches the common head, which is skipped here the same way; when every line the two sides
 * share occurs once on each side and in the same order, the longest common subsequence is unique, so
 * jsdiff's minimal diff keeps exactly those lines and the runs between them follow without it (a runs's
 * removals and additions are grouped into one change either way). Otherwise jsdiff decides.
 */
export function changesBetween(
  A: readonly string[],
  aLo: number,
  aHi: number,
  newLines: readonly string[],
  bAt: number,
  changes: Change[],
  aBase = 0,
): void {
  let a = aLo;
  let j = 0;
  const m = newLines.length;
  while (a < aHi && j < m && A[a] === newLines[j]) {
    a++;
    j++;
  }
  if (a === aHi && j === m) return;
  if (a === aHi || j === m) {
    changes.push({ a: a + aBase, aLen: aHi - a, b: bAt + j, bLen: m - j });
    return;
  }
  const kept = uniqueCommon(A, a, aHi, newLines, j);
  if (kept) {
    let b = j;
    for (const [ka, kb] of kept) {
      if (ka > a || kb > b) changes.push({ a: a + aBase, aLen: ka - a, b: bAt + b, bLen: kb - b });
      a = ka + 1;
      b = kb + 1;
    }
    if (a < aHi || b < m) changes.push({ a: a + aBase, aLen: aHi - a, b: bAt + b, bLen: m - b });
    return;
  }
  let b = bAt + j;
  let open: Change | null = null;
  for (const part of diffArrays(A.slice(a, aHi), newLines.slice(j))) {
    const count = part.value.length;
    if (!part.added && !part.removed) {
      open = null;
      a += count;
      b += count;
      continue;
    }
    if (!open) {
      open = { a: a + aBase, aLen: 0, b, bLen: 0 };
      changes.push(open);
    }
    if (part.removed) {
      open.aLen += count;
      a += count;
    } else {
      open.bLen += count;
      b += count;
    }
  }
}

/**
 * The pairs (old index, new index) of lines both sides share, when that set is the one longest common
 * subsequence: each shared line occurs exactly once on each side, and the pairs are in the same order.
 * Null when that is not so (a repeated `}` or blank line), or the windows are too large to bother.
 *
 * The windows' common tail (a hunk's closing context, most often) is checked on its own: the whole is
 * unique exactly when the tail's lines differ from each other and from every line before them on both
 * sides, and the parts before the tail are unique; its pairs are then the parts' and the tail's. That
 * takes a third of the comparisons of checking every line against every other.
 */
function uniqueCommon(
  A: readonly string[],
  aLo: number,
  aHi: number,
  B: readonly string[],
  bLo: number,
): Array<[number, number]> | null {
  const bHi = B.length;
  if (aHi - aLo > 64 || bHi - bLo > 64) return null;
  let tail = 0;
  while (aHi - tail > aLo && bHi - tail > bLo && A[aHi - 1 - tail] === B[bHi - 1 - tail]) tail++;
  const aMid = aHi - tail;
  const bMid = bHi - tail;
  for (let x = aMid; x < aHi; x++) {
    const line = A[x]!;
    for (let y = x + 1; y < aHi; y++) if (A[y] === line) return null;
    for (let k = aLo; k < aMid; k++) if (A[k] === line) return null;
    for (let k = bLo; k < bMid; k++) if (B[k] === line) return null;
  }
  const kept: Array<[number, number]> = [];
  let lastB = -1;
  for (let i = aLo; i < aMid; i++) {
    const line = A[i]!;
    let at = -1;
    for (let k = bLo; k < bMid; k++) {
      if (B[k] !== line) continue;
      if (at !== -1) return null;
      at = k;
    }
    if (at === -1) continue;
    // An earlier copy of the line would have found this one already: only later lines are looked at.
    for (let k = i + 1; k < aMid; k++) if (A[k] === line) return null;
    if (at < lastB) return null;
    kept.push([i, at]);
    lastB = at;
  }
  for (let x = 0; x < tail; x++) kept.push([aMid + x, bMid + x]);
  return kept;
}
