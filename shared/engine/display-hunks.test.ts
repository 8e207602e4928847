import { applyPatch, diffArrays, structuredPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Op } from '../changeset/changeset';
import { applyOpDetailed } from './apply-op';
import { type Change, changesBetween, displayHunks } from './display-hunks';
import { hunk, patchOp } from './test-helpers';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');

describe('displayHunks', () => {
  it('equals jsdiff for a creation, a deletion and a missing final newline', () => {
    for (const [a, b] of [
      [null, 'a\nb\n'],
      ['a\nb\n', null],
      ['a\nb', 'x\nb'],
    ] as const) {
      expect(displayHunks(a, b)).toEqual(
        structuredPatch('a', 'b', a ?? '', b ?? '', undefined, undefined, { context: 3 }).hunks,
      );
    }
  });

  it('compares content: a CRLF file and its BOM do not show as changed', () => {
    expect(displayHunks('\uFEFFa\r\nb\r\n', '\uFEFFa\r\nB\r\n')).toEqual([
      { oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' a', '-b', '+B'] },
    ]);
  });

  it('from replacements: the same hunks as jsdiff for separate edits', () => {
    const before = lines(40);
    const op: Op = patchOp([
      hunk([' line 4', '-line 5', '+five', ' line 6'], [4, 3, 4, 3]),
      hunk([' line 8', '+new', ' line 9'], [8, 2, 8, 3]),
      hunk(['-line 30', '-line 31', ' line 32'], [30, 3, 31, 1]),
    ]);
    const r = applyOpDetailed(before, op);
    if (!r.ok) throw new Error(r.message);
    expect(r.edits).toBeDefined();
    const fast = displayHunks(before, r.text, r.edits);
    expect(fast).toEqual(
      structuredPatch('a', 'b', before, r.text!, undefined, undefined, { context: 3 }).hunks,
    );
  });

  it('without known edits: applying the hunks gives the new text (property)', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', '', 'd'), { maxLength: 25 })
      .map((ls) => ls.map((l) => `${l}\n`).join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const hunks = displayHunks(a, b);
        const patched = applyPatch(a, {
          oldFileName: 'a',
          newFileName: 'b',
          oldHeader: '',
          newHeader: '',
          hunks,
        });
        expect(patched).toBe(b);
        if (a === b) expect(hunks).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('from replacements: applying the hunks gives the new text (property)', () => {
    const base = lines(30);
    const edit = fc.record({
      start: fc.integer({ min: 1, max: 30 }),
      len: fc.integer({ min: 0, max: 3 }),
      add: fc.array(fc.constantFrom('x', 'line 7', 'y', ''), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 5 }), (edits) => {
        // Non-overlapping ranges, as the engine produces them.
        const sorted = [...edits].sort((a, b) => a.start - b.start);
        const kept: typeof edits = [];
        let free = 1;
        for (const e of sorted) {
          const end = Math.min(30, e.start + e.len - 1);
          if (e.start < free) continue;
          kept.push({ ...e, len: end - e.start + 1 });
          free = end + 1;
        }
        const op: Op = {
          kind: 'edit-ranges',
          path: 'a',
          line: 1,
          edits: kept.map((e) => ({
            start: e.start,
            end: e.start + e.len - 1,
            content: e.add.map((l) => `${l}\n`).join(''),
          })),
        };
        const r = applyOpDetailed(base, op);
        if (!r.ok) throw new Error(r.message);
        const hunks = displayHunks(base, r.text, r.edits);
        const patched = applyPatch(base, {
          oldFileName: 'a',
          newFileName: 'b',
          oldHeader: '',
          newHeader: '',
          hunks,
        });
        expect(patched).toBe(r.text);
      }),
      { numRuns: 300 },
    );
  });

  it('changesBetween: the same runs as jsdiff alone, with and without its shortcut (property)', () => {
    // Small alphabets make repeated lines (jsdiff decides) and unique ones (the shortcut) both common.
    const side = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', '}', ''), { maxLength: 9 });
    fc.assert(
      fc.property(side, side, fc.integer({ min: 0, max: 3 }), (oldSide, newSide, pad) => {
        const A = [...Array.from({ length: pad }, (_, i) => `head ${i}`), ...oldSide, 'tail'];
        const got: Change[] = [];
        changesBetween(A, pad, pad + oldSide.length, newSide, pad + 2, got);
        const want: Change[] = [];
        let a = pad;
        let b = pad + 2;
        let open: Change | null = null;
        for (const part of diffArrays(oldSide, newSide)) {
          const n = part.value.length;
          if (!part.added && !part.removed) {
            open = null;
            a += n;
            b += n;
            continue;
          }
          if (!open) {
            open = { a, aLen: 0, b, bLen: 0 };
            want.push(open);
          }
          if (part.removed) {
            open.aLen += n;
            a += n;
          } else {
            open.bLen += n;
            b += n;
          }
        }
        expect(got).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });
});
