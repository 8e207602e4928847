/**
 * The rows of a displayed diff, from the engine's hunks: numbered lines, and the unchanged stretches
 * between hunks folded into "gap" rows that can be opened from the original text. The split view
 * pairs each run of removed lines with the added lines that follow it.
 */
import type { DisplayHunk } from '../../shared/engine';

export type LineRow = { kind: 'context' | 'add' | 'del'; old?: number; new?: number; text: string };
/** `count` unchanged lines starting at line `old` of the original (`new` of the result). */
export type GapRow = { kind: 'gap'; old: number; new: number; count: number };
/** "\ No newline at end of file". */
export type MetaRow = { kind: 'meta'; text: string };
export type DiffRow = LineRow | GapRow | MetaRow;

export function diffRows(hunks: readonly DisplayHunk[], oldLineCount: number): DiffRow[] {
  const rows: DiffRow[] = [];
  let nextOld = 1;
  let delta = 0;
  for (const h of hunks) {
    const gap = h.oldStart - nextOld;
    if (gap > 0) rows.push({ kind: 'gap', old: nextOld, new: nextOld + delta, count: gap });
    let o = h.oldStart;
    let n = h.newStart;
    for (const line of h.lines) {
      const text = line.slice(1);
      if (line.startsWith('+')) rows.push({ kind: 'add', new: n++, text });
      else if (line.startsWith('-')) rows.push({ kind: 'del', old: o++, text });
      else if (line.startsWith('\\')) rows.push({ kind: 'meta', text: line.slice(2) });
      else rows.push({ kind: 'context', old: o++, new: n++, text });
    }
    nextOld = h.oldStart + h.oldLines;
    delta += h.newLines - h.oldLines;
  }
  const tail = oldLineCount - nextOld + 1;
  if (hunks.length && tail > 0) rows.push({ kind: 'gap', old: nextOld, new: nextOld + delta, count: tail });
  return rows;
}

/** The hidden lines of a gap, read from the original file's lines. */
export function expandGap(gap: GapRow, oldLines: readonly string[]): LineRow[] {
  return Array.from({ length: gap.count }, (_, i) => ({
    kind: 'context' as const,
    old: gap.old + i,
    new: gap.new + i,
    text: oldLines[gap.old - 1 + i] ?? '',
  }));
}

export type SplitRow = { kind: 'pair'; left?: LineRow; right?: LineRow } | GapRow | MetaRow;

export function splitRows(rows: readonly DiffRow[]): SplitRow[] {
  const out: SplitRow[] = [];
  let i = 0;
  while (i < rows.length) {
    const r = rows[i]!;
    if (r.kind === 'gap' || r.kind === 'meta') {
      out.push(r);
      i++;
    } else if (r.kind === 'context') {
      out.push({ kind: 'pair', left: r, right: r });
      i++;
    } else {
      const dels: LineRow[] = [];
      const adds: LineRow[] = [];
      while (rows[i]?.kind === 'del') dels.push(rows[i++] as LineRow);
      // A "no newline" marker between the removed and the added lines would split the pairs; the
      // unified view shows it.
      while (rows[i]?.kind === 'meta' && rows[i + 1]?.kind === 'add') i++;
      while (rows[i]?.kind === 'add') adds.push(rows[i++] as LineRow);
      for (let k = 0; k < Math.max(dels.length, adds.length); k++) {
        const pair: SplitRow = { kind: 'pair' };
        if (dels[k]) pair.left = dels[k];
        if (adds[k]) pair.right = adds[k];
        out.push(pair);
      }
    }
  }
  return out;
}

/**
 * Each removed line with the added line it became, both ways: in a run of removed lines followed by a
 * run of added ones, the k-th of each (as `splitRows` sets them side by side). The lines left over in the
 * longer run are not paired. Whether a pair is alike enough to mark its changed words is `wordSpans`'s
 * call (word-spans.ts).
 */
export function changePairs(rows: readonly DiffRow[]): Map<LineRow, LineRow> {
  const pairs = new Map<LineRow, LineRow>();
  let i = 0;
  while (i < rows.length) {
    if (rows[i]!.kind !== 'del') {
      i++;
      continue;
    }
    const dels: LineRow[] = [];
    while (rows[i]?.kind === 'del') dels.push(rows[i++] as LineRow);
    // As in splitRows: a "no newline" marker between the two runs does not part them.
    while (rows[i]?.kind === 'meta' && rows[i + 1]?.kind === 'add') i++;
    let k = 0;
    while (rows[i]?.kind === 'add') {
      const add = rows[i++] as LineRow;
      const del = dels[k++];
      if (del) {
        pairs.set(del, add);
        pairs.set(add, del);
      }
    }
  }
  return pairs;
}

/** How big a diff is: lines added, lines removed, and every line its hunks show (unchanged ones too). */
export function diffSize(hunks: readonly DisplayHunk[]): { added: number; removed: number; lines: number } {
  let added = 0;
  let removed = 0;
  let lines = 0;
  for (const h of hunks)
    for (const line of h.lines) {
      if (line.startsWith('\\')) continue;
      lines++;
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  return { added, removed, lines };
}
