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

/** An edit known as line ranges: both texts' lines (without endings; both end with a newline). */
export interface LineEdits {
  oldLines: readonly string[];
  newLines: readonly string[];
  /** Sorted, against `oldLines`. */
  replacements: readonly Replacement[];
}

const CONTEXT = 3;

export function displayHunks(
  oldText: string | null,
  newText: string | null,
  edits?: LineEdits,
): DisplayHunk[] {
  if (edits) return fromReplacements(edits.oldLines, edits.newLines, edits.replacements);
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
    return fromReplacements(A, B, [middle]);
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

interface Change {
  a: number;
  aLen: number;
  b: number;
  bLen: number;
}

function fromReplacements(
  A: readonly string[],
  B: readonly string[],
  reps: readonly Replacement[],
): DisplayHunk[] {
  const changes: Change[] = [];
  let delta = 0;
  for (const r of reps) {
    let a = r.start;
    let b = r.start + delta;
    let open: Change | null = null;
    for (const part of diffArrays(A.slice(r.start, r.end), r.lines)) {
      const count = part.value.length;
      if (!part.added && !part.removed) {
        open = null;
        a += count;
        b += count;
        continue;
      }
      if (!open) {
        open = { a, aLen: 0, b, bLen: 0 };
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
    const aEnd = Math.min(A.length, last.a + last.aLen + CONTEXT);
    const lines: string[] = [];
    let pos = aStart;
    let newLines = 0;
    for (let k = i; k <= j; k++) {
      const c = changes[k]!;
      for (; pos < c.a; pos++, newLines++) lines.push(` ${A[pos]}`);
      for (let x = 0; x < c.aLen; x++) lines.push(`-${A[c.a + x]}`);
      for (let x = 0; x < c.bLen; x++) lines.push(`+${B[c.b + x]}`);
      pos = c.a + c.aLen;
      newLines += c.bLen;
    }
    for (; pos < aEnd; pos++, newLines++) lines.push(` ${A[pos]}`);
    hunks.push({ oldStart: aStart + 1, oldLines: aEnd - aStart, newStart: bStart + 1, newLines, lines });
    i = j + 1;
  }
  return hunks;
}
