import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hunk } from '../changeset/changeset';
import { unreadSpan } from '../changeset/lazy-hunk';
import { diffBlocks, leanGitDiff, stripLevels } from './unified-diff';

const PATHS = ['a.txt', 'src/b.ts', 'x/y/z.js', 'dir/c d.txt'];
// Body texts that look like headers once prefixed: "--- a" removed is "---- a", kept is " --- a".
const TEXTS = ['x', '', 'foo bar', '-- a', '++ b', '@@ x', 'diff --git a b', '\\ no'];

const arbitraryFile = fc.record({
  path: fc.constantFrom(...PATHS),
  index: fc.constantFrom('', 'index 1234567..89abcde 100644', 'index e69de29..89abcde'),
  created: fc.constantFrom(false, false, false, true),
  hunks: fc.array(
    fc.record({
      lines: fc.array(fc.tuple(fc.constantFrom(' ', ' ', '-', '+'), fc.constantFrom(...TEXTS)), {
        minLength: 1,
        maxLength: 6,
      }),
      start: fc.integer({ min: 1, max: 40 }),
      section: fc.constantFrom('', ' function f()', 'glued'),
    }),
    { maxLength: 3 },
  ),
});

/** A git diff as `git diff` writes it, one section per file. */
function gitDiff(files: Array<typeof arbitraryFile extends fc.Arbitrary<infer T> ? T : never>): string[] {
  const out: string[] = [];
  for (const f of files) {
    out.push(`diff --git a/${f.path} b/${f.path}`);
    if (f.created) out.push('new file mode 100644');
    if (f.index) out.push(f.index);
    out.push(f.created ? '--- /dev/null' : `--- a/${f.path}`, `+++ b/${f.path}`);
    for (const h of f.hunks) {
      const old = h.lines.filter(([k]) => k !== '+').length;
      const neu = h.lines.filter(([k]) => k !== '-').length;
      const section = h.section === 'glued' ? 'glued' : h.section;
      out.push(`@@ -${h.start},${old} +${h.start},${neu} @@${section}`, ...h.lines.map(([k, t]) => k + t));
    }
  }
  return out;
}

/** What a model or a chat page does to such a diff: each makes it something the shortcut must not take as is. */
const SPOIL = [
  (ls: string[]) => [...ls, ''],
  (ls: string[]) => [...ls, 'That is the whole change.'],
  (ls: string[], at: number) => ls.toSpliced(at, 0, ''),
  (ls: string[], at: number) => ls.toSpliced(at, 1),
  (ls: string[], at: number) => ls.toSpliced(at, 0, '\\ No newline at end of file'),
  (ls: string[], at: number) => ls.map((l, i) => (i === at ? `${l}\r` : l)),
  (ls: string[], at: number) =>
    ls.map((l, i) => (i === at ? l.replace(/,(\d+) @@/, (_, n) => `,${+n + 1} @@`) : l)),
  (ls: string[], at: number) =>
    ls.map((l, i) =>
      i >= at ? l.replace(/^@@ -(\d+),(\d+)/, (_, s, n) => `@@ -${s},${Math.max(0, n - 1)}`) : l,
    ),
  (ls: string[], at: number) => ls.map((l, i) => (i === at ? l.replace(/^\+\+\+ b\//, '+++ b/other/') : l)),
  (ls: string[], at: number) => ls.toSpliced(at, 0, 'rename from a.txt', 'rename to b.txt'),
  (ls: string[]) => ['Here is the diff:', ...ls],
  (ls: string[]) => ['```diff', ...ls, '```'],
  (ls: string[], at: number) => ls.map((l, i) => (i === at && l.startsWith(' ') ? ' ```' : l)),
];

/** Blocks compared as they are written out (JSON: the keys' order too), every lazy hunk read. */
const written = (text: string, lean: boolean) => JSON.stringify(diffBlocks(text, { lean }));

describe('leanGitDiff, the shortcut for a reply that is one plain git diff', () => {
  it('reads a plain git diff as scanDiff does (property)', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryFile, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (files, finalNewline) => {
          const text = gitDiff(files).join('\n') + (finalNewline ? '\n' : '');
          const lean = leanGitDiff(text);
          // A diff of whole sections, each counted right, is taken: the shortcut is not a no-op.
          expect(lean).not.toBeNull();
          expect(written(text, true)).toBe(written(text, false));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('gives scanDiff’s answer, or none, for a diff spoiled the ways replies are (property)', () => {
    let declined = 0;
    fc.assert(
      fc.property(
        fc.array(arbitraryFile, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: SPOIL.length - 1 }),
        fc.nat(),
        (files, how, where) => {
          const lines = gitDiff(files);
          const text = `${SPOIL[how]!(lines, where % lines.length).join('\n')}\n`;
          if (leanGitDiff(text) === null) declined++;
          expect(written(text, true)).toBe(written(text, false));
        },
      ),
      { numRuns: 1500 },
    );
    expect(declined).toBeGreaterThan(500);
  });

  it('splits a hunk’s lines only when they are read', () => {
    const text = 'diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n';
    const op = leanGitDiff(text)!.ops[0]!;
    if (op.kind !== 'patch') throw new Error('a patch');
    const h = op.hunks[0]!;
    const span = unreadSpan(h)!;
    expect(span.text.slice(span.from, span.to)).toBe(' a\n-b\n+c');
    expect(Object.keys(h)).toEqual(['oldStart', 'oldLines', 'newStart', 'newLines', 'lines']);
    // A copy spread from a hunk not yet read has its lines, and no span left to read instead of them.
    const other = (leanGitDiff(text)!.ops[0] as { hunks: Hunk[] }).hunks[0]!;
    const copy = { ...other, oldStart: 9 };
    expect(unreadSpan(copy)).toBeNull();
    expect(copy.lines).toEqual([' a', '-b', '+c']);
    const kept = h.lines;
    expect(kept).toEqual([' a', '-b', '+c']);
    expect(h.lines).toBe(kept);
    expect(unreadSpan(h)).toBeNull();
    expect({ ...h }.lines).toEqual([' a', '-b', '+c']);
    // What extension messaging does to it (structured cloning): plain lines arrive.
    expect(structuredClone(leanGitDiff(text)!.ops[0])).toMatchObject({
      hunks: [{ lines: [' a', '-b', '+c'] }],
    });
    h.lines = ['+x'];
    expect(JSON.parse(JSON.stringify(h)).lines).toEqual(['+x']);
  });
});

describe('stripLevels', () => {
  it('is every strip level of the name, as splitting it on "/" gives them (property)', () => {
    const name = fc
      .array(fc.constantFrom('a', 'src', 'x.ts', '', '.', '..', 'b c'), { maxLength: 6 })
      .map((s) => s.join('/'));
    fc.assert(
      fc.property(name, (p) => {
        const segs = p.split('/').filter((x) => x !== '');
        expect(stripLevels(p)).toEqual(segs.map((_, k) => segs.slice(k).join('/')));
      }),
      { numRuns: 2_000 },
    );
    expect(stripLevels(null)).toEqual([]);
  });
});
