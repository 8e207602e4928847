/** Builders for engine tests: hand-made ops and hunks, without a parser in between. */
import type { Hunk, Op } from '../changeset/changeset';

/** A hunk from its lines; `at` gives `@@ -oldStart,oldLines +newStart,newLines @@` numbers. */
export function hunk(
  lines: string[],
  at?: [number, number, number, number],
  extra: Partial<Hunk> = {},
): Hunk {
  const h: Hunk = { lines, ...extra };
  if (at) [h.oldStart, h.oldLines, h.newStart, h.newLines] = at;
  return h;
}

export function patchOp(hunks: Hunk[], extra: Partial<Extract<Op, { kind: 'patch' }>> = {}): Op {
  return { kind: 'patch', path: 'a.txt', hunks, line: 1, ...extra };
}

export function srOp(
  edits: Array<{
    search: string;
    replace: string;
    all?: boolean;
    takeFirst?: boolean;
    aider?: true;
    verbatim?: true;
  }>,
  extra: { path?: string; line?: number; guess?: boolean } = {},
): Op {
  return {
    kind: 'search-replace',
    path: extra.path ?? 'a.txt',
    line: extra.line ?? 1,
    ...(extra.guess ? { guess: true } : {}),
    edits: edits.map((e) => ({ all: false, ...e })),
  };
}

/** Lines joined with "\n" and a final newline. */
export function text(...lines: string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}
