import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hunk, Op } from '../changeset/changeset';
import { lazyHunk } from '../changeset/lazy-hunk';
import { applyOpDetailed } from './apply-op';
import { displayHunks } from './display-hunks';
import { exactPatch } from './exact-patch';
import { hunk, patchOp, text } from './test-helpers';

type PatchOp = Extract<Op, { kind: 'patch' }>;

/** The general way's answer (no shortcut), with its preview hunks. */
function general(before: string, op: Op) {
  const r = applyOpDetailed(before, op, { exact: false });
  return r.ok ? { ok: true, text: r.text, notes: r.notes, hunks: displayHunks(before, r.text, r.edits) } : r;
}

function viaShortcut(before: string, op: PatchOp) {
  const r = exactPatch(before, op);
  return r && { ok: true, text: r.text, notes: [], hunks: displayHunks(null, null, r.edits) };
}

const LINES = ['a', 'b', 'c', '', '  d', '}', 'x y'];
const ADDED = ['a', 'new', '', '  d', 'x y', 'a', 'new', 'x y', '// ...', '~'];

/** A file, and a patch made from it: ranges in order, each line kept or removed, lines added between. */
const arbitraryCase = fc
  .record({
    lines: fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 30 }),
    ending: fc.constantFrom(...Array(12).fill('\n'), '\r\n', 'mixed', 'none', 'bom'),
    hunks: fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 4 }),
        kinds: fc.array(fc.constantFrom(' ', ' ', '-'), { minLength: 1, maxLength: 5 }),
        adds: fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(...ADDED)), { maxLength: 3 }),
        // Off by a line or two (the general way searches), or with a "\ No newline" marker.
        shift: fc.constantFrom(...Array(20).fill(0), 1, -1, 2),
        marker: fc.constantFrom(...Array(20).fill(false), true),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ lines, ending, hunks: specs }) => {
    const eol = (i: number) => (ending === '\r\n' || (ending === 'mixed' && i % 3 === 2) ? '\r\n' : '\n');
    let before = lines.map((l, i) => `${l}${eol(i)}`).join('');
    if (ending === 'none') before = before.slice(0, -1);
    if (ending === 'bom') before = `\uFEFF${before}`;
    const hunks: Hunk[] = [];
    let at = 0;
    for (const s of specs) {
      const start = at + s.gap;
      const kinds = s.kinds.slice(0, Math.max(0, lines.length - start));
      const body: string[] = kinds.map((k, j) => `${k}${lines[start + j]}`);
      for (const [where, l] of [...s.adds].sort((x, y) => y[0] - x[0]))
        body.splice(Math.min(where, body.length), 0, `+${l}`);
      if (s.marker && body.length > 0) body.push('\\ No newline at end of file');
      const old = kinds.length;
      const neu = body.filter((l) => l[0] === ' ' || l[0] === '+').length;
      hunks.push(hunk(body, [start + 1 + s.shift, old, start + 1, neu]));
      at = start + old;
    }
    return { before, op: patchOp(hunks) as PatchOp };
  });

describe('exactPatch, the shortcut for patches that fit exactly', () => {
  it('gives the general way’s answer whenever it answers (property)', () => {
    let answered = 0;
    fc.assert(
      fc.property(arbitraryCase, ({ before, op }) => {
        const fast = viaShortcut(before, op);
        // Hunks read off a reply (lazy-hunk.ts) give the same answer as the same lines in arrays.
        const lazy = op.hunks.map((h) => {
          if (h.lines.length === 0) return h; // leanGitDiff makes no hunk without lines
          const reply = `junk\n${h.lines.join('\n')}\njunk`;
          return lazyHunk(h, reply, 5, 5 + h.lines.join('\n').length);
        });
        expect(viaShortcut(before, { ...op, hunks: lazy })).toEqual(fast);
        if (!fast) return;
        answered++;
        expect(fast).toEqual(general(before, op));
      }),
      { numRuns: 3000 },
    );
    // It does answer: about one in eight of these patches (the rest are declined).
    expect(answered).toBeGreaterThan(200);
  });

  it('answers the common case: hunks where they say, in a Unix file', () => {
    const before = text('one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight');
    const op = patchOp([
      hunk([' one', '-two', '+TWO', ' three'], [1, 3, 1, 3]),
      hunk([' six', '+six and a half', ' seven'], [6, 2, 6, 3]),
    ]) as PatchOp;
    const fast = viaShortcut(before, op);
    expect(fast?.text).toBe(
      text('one', 'TWO', 'three', 'four', 'five', 'six', 'six and a half', 'seven', 'eight'),
    );
    expect(fast).toEqual(general(before, op));
  });

  it.each<[string, string, Hunk[], Partial<PatchOp>?]>([
    ['CRLF endings', 'a\r\nb\r\n', [hunk(['-a', '+A', ' b'], [1, 2, 1, 2])]],
    ['a byte-order mark', '\uFEFFa\nb\n', [hunk(['-a', '+A', ' b'], [1, 2, 1, 2])]],
    ['no final newline', 'a\nb', [hunk(['-a', '+A', ' b'], [1, 2, 1, 2])]],
    ['a hunk a line away from where it says', 'x\na\nb\n', [hunk(['-a', '+A', ' b'], [1, 2, 1, 2])]],
    [
      'a "No newline" marker',
      'a\nb',
      [hunk(['-a', '+A', ' b', '\\ No newline at end of file'], [1, 2, 1, 2])],
    ],
    ['a bare hunk', 'a\nb\n', [hunk(['-a', '+A', ' b'])]],
    ['an insertion', 'a\nb\n', [hunk(['+A'], [1, 0, 2, 1])]],
    ['a hunk that only adds at its end', 'a\nb\n', [hunk([' a', '+A'], [1, 1, 1, 2])]],
    ['a hunk that changes nothing', 'a\nb\n', [hunk([' a', ' b'], [1, 2, 1, 2])]],
    ['a placeholder comment', 'a\nb\n', [hunk(['-a', '+// ... rest', ' b'], [1, 2, 1, 2])]],
    ['a range removal', 'a\nb\nc\n', [hunk(['-a', '~', '-c'], [1, 3, 1, 0])]],
    ['a deletion', 'a\n', [hunk(['-a'], [1, 1, 0, 0])], { isDelete: true }],
    ['everything removed', 'a\n', [hunk(['-a'], [1, 1, 0, 0])]],
    ['OpenAI end-of-file pin', 'a\nb\n', [hunk(['-b', '+B'], [2, 1, 2, 1], { atEof: true })]],
  ])('declines %s', (_what, before, hunks, extra = {}) => {
    const op = patchOp(hunks, extra) as PatchOp;
    expect(exactPatch(before, op)).toBeNull();
  });
});
