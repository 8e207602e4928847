import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import {
  changePairs,
  type DiffRow,
  diffRows,
  diffSize,
  expandGap,
  type GapRow,
  type LineRow,
  splitRows,
} from './diff-rows';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `l${i + 1}`);
const text = (ls: string[]) => `${ls.join('\n')}\n`;
const hunks = (a: string, b: string) =>
  structuredPatch('a', 'b', a, b, undefined, undefined, { context: 3 }).hunks;

describe('diffRows', () => {
  it('numbers lines and folds the unchanged stretches before, between and after hunks', () => {
    const old = lines(30);
    const next = [...old];
    next[9] = 'ten';
    next.splice(20, 0, 'inserted');
    const rows = diffRows(hunks(text(old), text(next)), 30);
    const gaps = rows.filter((r): r is GapRow => r.kind === 'gap');
    expect(gaps).toEqual([
      { kind: 'gap', old: 1, new: 1, count: 6 },
      { kind: 'gap', old: 14, new: 14, count: 4 },
      { kind: 'gap', old: 24, new: 25, count: 7 },
    ]);
    expect(rows.filter((r) => r.kind === 'del')).toEqual([{ kind: 'del', old: 10, text: 'l10' }]);
    expect(rows.filter((r) => r.kind === 'add')).toEqual([
      { kind: 'add', new: 10, text: 'ten' },
      { kind: 'add', new: 21, text: 'inserted' },
    ]);
    expect(rows.find((r) => r.kind === 'context' && r.old === 20)).toEqual({
      kind: 'context',
      old: 20,
      new: 20,
      text: 'l20',
    });
  });

  it('shows a new file as added lines only, without gaps', () => {
    expect(diffRows(hunks('', 'a\nb\n'), 0)).toEqual([
      { kind: 'add', new: 1, text: 'a' },
      { kind: 'add', new: 2, text: 'b' },
    ]);
  });

  it('has no rows when nothing changed', () => {
    expect(diffRows([], 10)).toEqual([]);
  });

  it('keeps the "no newline" marker as its own row', () => {
    const rows = diffRows(hunks('a\nb', 'a\nc'), 2);
    expect(rows.map((r) => r.kind)).toEqual(['context', 'del', 'meta', 'add', 'meta']);
    expect(rows[2]).toEqual({ kind: 'meta', text: 'No newline at end of file' });
  });
});

describe('expandGap', () => {
  it('reads the hidden lines from the original with both line numbers', () => {
    expect(expandGap({ kind: 'gap', old: 4, new: 6, count: 2 }, lines(10))).toEqual([
      { kind: 'context', old: 4, new: 6, text: 'l4' },
      { kind: 'context', old: 5, new: 7, text: 'l5' },
    ]);
  });
});

describe('splitRows', () => {
  it('pairs removed lines with the added lines that follow them', () => {
    const rows: DiffRow[] = [
      { kind: 'context', old: 1, new: 1, text: 'a' },
      { kind: 'del', old: 2, text: 'b' },
      { kind: 'del', old: 3, text: 'c' },
      { kind: 'add', new: 2, text: 'B' },
      { kind: 'gap', old: 4, new: 3, count: 9 },
      { kind: 'add', new: 12, text: 'new' },
    ];
    expect(splitRows(rows)).toEqual([
      { kind: 'pair', left: rows[0], right: rows[0] },
      { kind: 'pair', left: rows[1], right: rows[3] },
      { kind: 'pair', left: rows[2] },
      rows[4],
      { kind: 'pair', right: rows[5] },
    ]);
  });
});

describe('changePairs', () => {
  const del = (old: number, text = `o${old}`): LineRow => ({ kind: 'del', old, text });
  const add = (n: number, text = `n${n}`): LineRow => ({ kind: 'add', new: n, text });
  const ctx = (n: number): LineRow => ({ kind: 'context', old: n, new: n, text: `c${n}` });
  /** The pairs as "old line → new line", each pair once. */
  const shown = (rows: DiffRow[]) =>
    [...changePairs(rows)].filter(([a]) => a.kind === 'del').map(([a, b]) => `${a.old}→${b.new}`);

  it.each<[string, DiffRow[], string[]]>([
    // case | rows | pairs
    ['one line changed', [ctx(1), del(2), add(2), ctx(3)], ['2→2']],
    ['runs of equal length', [del(1), del(2), add(1), add(2)], ['1→1', '2→2']],
    ['more removed than added', [del(1), del(2), del(3), add(1)], ['1→1']],
    ['more added than removed', [del(1), add(1), add(2), add(3)], ['1→1']],
    ['only added', [ctx(1), add(2), add(3)], []],
    ['only removed', [del(1), del(2), ctx(3)], []],
    ['added before removed is not a change of one line', [add(1), del(1)], []],
    ['two runs apart', [del(1), add(1), ctx(2), del(3), del(4), add(3), add(4)], ['1→1', '3→3', '4→4']],
    ['a gap between parts them', [del(1), { kind: 'gap', old: 2, new: 1, count: 4 }, add(5)], []],
    [
      'a "no newline" marker between does not',
      [del(1), { kind: 'meta', text: 'No newline at end of file' }, add(1)],
      ['1→1'],
    ],
  ])('%s', (_, rows, pairs) => {
    expect(shown(rows)).toEqual(pairs);
  });

  it('pairs both ways, and the same lines splitRows sets side by side', () => {
    const old = lines(12);
    const next = [...old];
    next.splice(3, 2, 'four', 'five', 'extra');
    next[9] = 'ten';
    const rows = diffRows(hunks(text(old), text(next)), 12);
    const pairs = changePairs(rows);
    for (const [a, b] of pairs) expect(pairs.get(b)).toBe(a);
    const sideBySide = splitRows(rows).flatMap((r) =>
      r.kind === 'pair' && r.left?.kind === 'del' && r.right?.kind === 'add' ? [[r.left, r.right]] : [],
    );
    expect(sideBySide).toHaveLength(3);
    for (const [l, r] of sideBySide) expect(pairs.get(l!)).toBe(r);
  });
});

describe('diffSize', () => {
  it('counts added, removed and every shown line, but not the "no newline" marker', () => {
    expect(diffSize(hunks('a\nb\nc\nd', 'a\nB\nc\nD\nE'))).toEqual({ added: 3, removed: 2, lines: 7 });
    expect(diffSize([])).toEqual({ added: 0, removed: 0, lines: 0 });
  });
});
