/**
 * Edits addressed by line number: `insert` (before a line; lines + 1 appends) and `edit-ranges`
 * (1-based inclusive ranges, all against the original file; end = start - 1 inserts before start).
 * Nothing is searched, so nothing is loosened: a number outside the file is `out-of-range`, and two
 * ranges that share a line are `overlap` (their order would be a guess).
 */
import type { EditRange } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import { findOverlap, freshLines, type Replacement, splice } from './splice';
import { type TextDoc, textLines } from './text-model';
import { type ApplyFailure, cap, fail } from './types';

export interface LinesApplied {
  ok: true;
  doc: TextDoc;
  added: string[];
  replacements: Replacement[];
}

export function applyInsert(
  doc: TextDoc,
  beforeLine: number,
  content: string,
  ctx: { opLine: number; path: string },
): LinesApplied | ApplyFailure {
  const n = doc.lines.length;
  if (!Number.isInteger(beforeLine) || beforeLine < 1 || beforeLine > n + 1) {
    return fail(
      'out-of-range',
      `The insert at reply line ${ctx.opLine} goes before line ${beforeLine} of ${ctx.path}, which has ${n} lines (1 to ${n + 1} are possible).`,
    );
  }
  const lines = textLines(content);
  const rep = freshLines(doc, beforeLine - 1, beforeLine - 1, lines);
  return { ok: true, doc: splice(doc, [rep]), added: lines, replacements: [rep] };
}

export function applyEditRanges(
  doc: TextDoc,
  edits: readonly EditRange[],
  ctx: { opLine: number; path: string },
): LinesApplied | ApplyFailure {
  const n = doc.lines.length;
  const label = (k: number, e: EditRange) =>
    `edit ${k + 1} (lines ${e.start}–${e.end}) of the line edits for ${ctx.path} (reply line ${ctx.opLine})`;
  const ranged: Array<{ start: number; end: number; k: number }> = [];
  for (let k = 0; k < edits.length; k++) {
    const e = edits[k]!;
    if (e.start < 1 || e.end < e.start - 1 || e.end > n || e.start > n + 1) {
      const why =
        e.end < e.start - 1 ? 'its end is before its start' : `the file has ${n} line${n === 1 ? '' : 's'}`;
      return fail('out-of-range', `${cap(label(k, e))} is out of range: ${why}.`);
    }
    ranged.push({ start: e.start - 1, end: e.end, k });
  }
  const overlap = findOverlap(ranged);
  if (overlap) {
    const [a, b] = overlap.sort((x, y) => x.k - y.k);
    return fail('overlap', `${cap(label(b!.k, edits[b!.k]!))} overlaps ${label(a!.k, edits[a!.k]!)}.`);
  }
  const added: string[] = [];
  const replacements = ranged
    .sort((a, b) => a.start - b.start || a.end - b.end || a.k - b.k)
    .map((r) => {
      const lines = textLines(edits[r.k]!.content);
      pushAll(added, lines);
      return freshLines(doc, r.start, r.end, lines);
    });
  return { ok: true, doc: splice(doc, replacements), added, replacements };
}
