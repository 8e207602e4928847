import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangeSet, Op } from '../changeset/changeset';
import { applyOp } from './apply-op';
import { MAX_EDITS, partialApply } from './partial';
import { type FileSnapshot, plan } from './plan';
import { hunk, patchOp, srOp, text } from './test-helpers';

const FILE = text('one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten');
const cs = (ops: Op[]): ChangeSet => ({
  id: 't',
  source: { format: 'search-replace' },
  ops,
  diagnostics: [],
});
const snaps = (files: Record<string, string | null>): Map<string, FileSnapshot | null> =>
  new Map(Object.entries(files).map(([p, t]) => [p, t === null ? null : { text: t, hash: `h-${p}` }]));

describe('partialApply: which edits are applied, and which are skipped with their reason', () => {
  const cases: Array<{
    name: string;
    ops: Op[];
    /** The file (FILE unless given). */
    file?: string;
    text: string | null;
    applied?: number;
    skipped?: Array<[line: number, edit: number, kind: string, says: RegExp]>;
  }> = [
    {
      name: 'the middle edit of three does not fit: the other two, in order',
      ops: [
        srOp(
          [
            { search: 'two\n', replace: 'TWO\n' },
            { search: 'eleven\n', replace: 'ELEVEN\n' },
            { search: 'nine\n', replace: 'NINE\n' },
          ],
          { line: 3 },
        ),
      ],
      text: text('one', 'TWO', 'three', 'four', 'five', 'six', 'seven', 'eight', 'NINE', 'ten'),
      applied: 2,
      skipped: [
        [
          3,
          2,
          'no-match',
          /^The search text of edit 2 of the SEARCH\/REPLACE for a\.txt \(reply line 3\) is not in the file/,
        ],
      ],
    },
    {
      name: 'a skipped edit after another skipped one is named by its own number, not its place among those tried',
      ops: [
        srOp([
          { search: 'eleven\n', replace: 'x\n' },
          { search: 'two\n', replace: 'TWO\n' },
          { search: 'twelve\n', replace: 'y\n' },
        ]),
      ],
      text: FILE.replace('two', 'TWO'),
      applied: 1,
      skipped: [
        [1, 1, 'no-match', /edit 1 of the SEARCH\/REPLACE/],
        [1, 3, 'no-match', /^The search text of edit 3 of the SEARCH\/REPLACE for a\.txt/],
      ],
    },
    {
      name: 'an edit after a skipped one is looked for in the text the kept edits before it left',
      ops: [
        srOp([
          { search: 'two\n', replace: 'two and a half\n' },
          { search: 'eleven\n', replace: 'x\n' },
          { search: 'two and a half\n', replace: '2.5\n' },
        ]),
      ],
      text: FILE.replace('two', '2.5'),
      applied: 2,
      skipped: [[1, 2, 'no-match', /edit 2/]],
    },
    {
      name: 'an edit that is already applied is skipped with that reason',
      ops: [
        srOp([
          { search: 'one\n', replace: 'ONE\n' },
          { search: 'zero\n', replace: 'three\n' },
        ]),
      ],
      text: FILE.replace('one', 'ONE'),
      applied: 1,
      skipped: [[1, 2, 'already-applied', /seems to be applied already/]],
    },
    {
      name: 'an edit whose text is at two places is skipped as not unique',
      ops: [
        srOp([
          { search: 'one\n', replace: 'ONE\n' },
          { search: 'x\n', replace: 'y\n' },
        ]),
      ],
      file: `${FILE}x\nx\n`,
      text: `${FILE.replace('one', 'ONE')}x\nx\n`,
      applied: 1,
      skipped: [[1, 2, 'ambiguous', /is found at 2 places \(lines 11, 12\); it must be unique/]],
    },
    {
      name: 'SEARCH/REPLACE blocks of their own (aider): the block that does not fit is skipped',
      ops: [
        srOp([{ search: 'one\n', replace: 'ONE\n' }], { line: 2 }),
        srOp([{ search: 'eleven\n', replace: 'x\n' }], { line: 8 }),
        srOp([{ search: 'ten\n', replace: 'TEN\n' }], { line: 14 }),
      ],
      text: FILE.replace('one', 'ONE').replace('ten', 'TEN'),
      applied: 2,
      skipped: [[8, 1, 'no-match', /edit 1 of the SEARCH\/REPLACE for a\.txt \(reply line 8\)/]],
    },
    {
      name: 'numbered hunks: the second does not match; the third goes where it says, moved by the first',
      ops: [
        patchOp(
          [
            hunk([' one', '+one and a half', ' two'], [1, 2, 1, 3]),
            hunk([' four', '-fiv', '+FIVE', ' six'], [4, 3, 5, 3]),
            hunk([' eight', '-nine', '+NINE', ' ten'], [8, 3, 9, 3]),
          ],
          { line: 5 },
        ),
      ],
      text: text(
        'one',
        'one and a half',
        'two',
        'three',
        'four',
        'five',
        'six',
        'seven',
        'eight',
        'NINE',
        'ten',
      ),
      applied: 2,
      skipped: [
        [
          5,
          2,
          'no-match',
          /^hunk 2 \(@@ -4,3 \+5,3 @@\) of the patch for a\.txt \(reply line 5\) does not match/,
        ],
      ],
    },
    {
      name: 'a hunk after a skipped one is named by its own number',
      ops: [
        patchOp([
          hunk([' one', '-tw', '+TWO'], [1, 2, 1, 2]),
          hunk([' four', '-five', '+FIVE'], [4, 2, 4, 2]),
          hunk([' seven', '-eigh', '+EIGHT'], [7, 2, 7, 2]),
        ]),
      ],
      text: FILE.replace('five', 'FIVE'),
      applied: 1,
      skipped: [
        [1, 1, 'no-match', /^hunk 1 \(@@ -1,2 \+1,2 @@\)/],
        [1, 3, 'no-match', /^hunk 3 \(@@ -7,2 \+7,2 @@\)/],
      ],
    },
    {
      name: 'every edit fails: nothing to offer',
      ops: [
        srOp([
          { search: 'eleven\n', replace: 'x\n' },
          { search: 'twelve\n', replace: 'y\n' },
        ]),
      ],
      text: null,
    },
    {
      name: 'every edit fits: nothing to offer (the plan applies it whole)',
      ops: [srOp([{ search: 'one\n', replace: 'ONE\n' }])],
      text: null,
    },
    {
      name: 'the edits that fit change nothing: nothing to offer',
      ops: [
        srOp([
          { search: 'one\n', replace: 'one\n' },
          { search: 'eleven\n', replace: 'x\n' },
        ]),
      ],
      text: null,
    },
    {
      name: 'an edit after a skipped one looks for a line the skipped one writes: not offered',
      ops: [
        srOp([
          { search: 'eleven\n', replace: 'three\n' },
          { search: 'three\n', replace: 'THREE\n' },
        ]),
      ],
      text: null,
    },
    {
      name: 'an edit after a skipped one takes the first of several places: not offered',
      ops: [
        srOp([
          { search: 'eleven\n', replace: 'x\n' },
          { search: 'two\n', replace: 'TWO\n', takeFirst: true },
        ]),
      ],
      file: `${FILE}two\n`,
      text: null,
    },
    {
      name: 'an edit after a skipped one that may take the first of several places, and fits one (aider): offered',
      ops: [
        srOp([
          { search: 'eleven\n', replace: 'x\n', takeFirst: true, aider: true },
          { search: 'two\n', replace: 'TWO\n', takeFirst: true, aider: true },
          { search: 'six\n', replace: 'SIX\n', all: true },
        ]),
      ],
      text: FILE.replace('two', 'TWO').replace('six', 'SIX'),
      applied: 2,
      skipped: [[1, 1, 'no-match', /edit 1/]],
    },
    {
      name: 'an edit before the skipped one may take the first of several places: offered',
      ops: [
        srOp([
          { search: 'two\n', replace: 'TWO\n', takeFirst: true },
          { search: 'eleven\n', replace: 'x\n' },
        ]),
      ],
      text: FILE.replace('two', 'TWO'),
      applied: 1,
      skipped: [[1, 2, 'no-match', /edit 2/]],
    },
    {
      name: 'a hunk after a skipped one that fits two places on its own: not offered',
      ops: [
        patchOp([hunk([' four', '-fiv', '+FIVE'], [4, 2, 4, 2]), hunk(['-one', '+ONE'], [11, 1, 11, 1])]),
      ],
      file: `${FILE}one\n`,
      text: null,
    },
    {
      name: 'a kept edit puts a placeholder comment where the file has code: not offered',
      ops: [
        srOp([
          { search: 'three\nfour\nfive\n', replace: '// ... existing code ...\n' },
          { search: 'eleven\n', replace: 'x\n' },
        ]),
      ],
      text: null,
    },
    {
      name: 'a file created, deleted or renamed: not offered',
      ops: [
        srOp([{ search: 'one\n', replace: 'ONE\n' }]),
        { kind: 'rename', from: 'a.txt', to: 'b.txt', line: 4 },
      ],
      text: null,
    },
    {
      name: 'a patch that deletes the file: not offered',
      ops: [patchOp([hunk(['-one', '-tw'])], { isDelete: true })],
      text: null,
    },
    {
      name: 'a guessed name: not offered',
      ops: [
        srOp(
          [
            { search: 'one\n', replace: 'ONE\n' },
            { search: 'eleven\n', replace: 'x\n' },
          ],
          { guess: true },
        ),
      ],
      text: null,
    },
    {
      name: 'a whole-file replace among the operations: not offered',
      ops: [
        { kind: 'replace', path: 'a.txt', content: FILE.replace('one', 'ONE'), line: 1 },
        srOp([{ search: 'eleven\n', replace: 'x\n' }], { line: 5 }),
      ],
      text: null,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = partialApply(c.file ?? FILE, c.ops);
      if (c.text === null) {
        expect(r).toBeNull();
        return;
      }
      expect(r).not.toBeNull();
      expect(r!.newText).toBe(c.text);
      expect(r!.applied).toBe(c.applied);
      expect(r!.skipped.map((s) => [s.line, s.edit, s.kind])).toEqual(
        c.skipped!.map(([l, e, k]) => [l, e, k]),
      );
      for (const [i, s] of r!.skipped.entries()) expect(s.message).toMatch(c.skipped![i]![3]);
      expect(r!.hunks.length).toBeGreaterThan(0);
    });
  }

  it('carries the nearest lines of a skipped edit, and the notes of the kept ones', () => {
    const r = partialApply(FILE, [
      srOp([
        { search: 'one  \n', replace: 'ONE\n' },
        { search: 'seven\neigth\n', replace: 'x\n' },
      ]),
    ]);
    expect(r!.skipped[0]!.nearest).toBe('seven\neight');
    expect(r!.notes).toEqual([expect.objectContaining({ rung: 'trailing-whitespace' })]);
  });

  it(`offers nothing above ${MAX_EDITS} edits in a file`, () => {
    const lines = Array.from({ length: MAX_EDITS + 1 }, (_, i) => `line ${i}`);
    const edits = lines.map((l) => ({ search: `${l}\n`, replace: `${l}!\n` }));
    edits[3] = { search: 'nowhere\n', replace: 'x\n' };
    expect(partialApply(text(...lines), [srOp(edits)])).toBeNull();
    expect(partialApply(text(...lines), [srOp(edits.slice(0, MAX_EDITS))])).not.toBeNull();
  });
});

describe('partial apply in the plan', () => {
  const ops = [
    srOp(
      [
        { search: 'one\n', replace: 'ONE\n' },
        { search: 'eleven\n', replace: 'x\n' },
      ],
      { line: 2 },
    ),
    srOp([{ search: 'ten\n', replace: 'TEN\n' }], { line: 9 }),
  ];

  it('by default the plan is unchanged: the file is refused, with no partial', () => {
    const p = plan(cs(ops), snaps({ 'a.txt': FILE }));
    expect(p.files[0]).toMatchObject({ status: 'error', newText: null, hunks: [] });
    expect(p.files[0]).not.toHaveProperty('partial');
    const withPartial = plan(cs(ops), snaps({ 'a.txt': FILE }), { partial: true });
    const { partial, ...rest } = withPartial.files[0]!;
    expect(rest).toEqual(p.files[0]);
    // The operation after the failed one is not tried by the plan, but it is by the partial apply.
    expect(partial).toMatchObject({
      newText: FILE.replace('one', 'ONE').replace('ten', 'TEN'),
      applied: 2,
      skipped: [{ line: 2, edit: 2, kind: 'no-match' }],
    });
  });

  it('a file that planned fine, or that is created, gets no partial', () => {
    const p = plan(
      cs([
        srOp([{ search: 'one\n', replace: 'ONE\n' }]),
        { kind: 'create', path: 'b.txt', content: 'b\n', ifExists: 'fail', line: 5 },
      ]),
      snaps({ 'a.txt': FILE, 'b.txt': 'old\n' }),
      { partial: true },
    );
    expect(p.files.map((f) => [f.path, f.status, f.partial])).toEqual([
      ['a.txt', 'ok', undefined],
      ['b.txt', 'error', undefined],
    ]);
  });
});

describe('partial apply, property: the edits that fit, and only those, in reply order', () => {
  it('on a file of distinct lines, equals the op with only the fitting edits, whose others are skipped as not found', () => {
    let offered = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 30 }),
        fc.array(fc.record({ at: fc.nat(), fits: fc.boolean(), span: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (n, specs) => {
          const lines = Array.from({ length: n }, (_, i) => `line ${i}`);
          const used = new Set<number>();
          const edits: Array<{ search: string; replace: string }> = [];
          const fits: boolean[] = [];
          for (const [k, s] of specs.entries()) {
            const start = s.at % n;
            const span = Math.min(s.span, n - start);
            const range = Array.from({ length: span }, (_, j) => start + j);
            if (s.fits && range.some((i) => used.has(i))) continue;
            for (const i of range) used.add(i);
            const search = s.fits ? range.map((i) => lines[i]!) : [`missing ${k}`];
            edits.push({ search: text(...search), replace: text(...search.map((l) => `${l} (edit ${k})`)) });
            fits.push(s.fits);
          }
          const base = text(...lines);
          const r = partialApply(base, [srOp(edits)]);
          const offer = fits.some((f) => f) && fits.some((f) => !f);
          expect(r !== null).toBe(offer);
          if (!r) return;
          offered++;
          const only = applyOp(base, srOp(edits.filter((_, i) => fits[i])));
          expect(only.ok && only.text).toBe(r.newText);
          expect(r.applied).toBe(fits.filter((f) => f).length);
          expect(r.skipped.map((s) => s.edit)).toEqual(fits.flatMap((f, i) => (f ? [] : [i + 1])));
          for (const s of r.skipped) {
            expect(s.kind).toBe('no-match');
            expect(s.message).toContain(`edit ${s.edit} of the SEARCH/REPLACE`);
          }
        },
      ),
      { numRuns: 200, seed: 29 },
    );
    expect(offered).toBeGreaterThan(30);
  });
});
