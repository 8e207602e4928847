import { describe, expect, it } from 'vitest';
import {
  afterSending,
  changedSince,
  DEFAULT_TICK_BYTES,
  defaultChoice,
  defaultTicks,
  filtered,
  folderState,
  restoreTicks,
  rowsOf,
  type Tree,
  toggleFolder,
} from './context-pick';

const entry = (path: string, more: Partial<Tree['entries'][number]> = {}) => ({
  path,
  kind: 'file' as const,
  size: 10,
  ignored: false,
  secret: false,
  ...more,
});
const tree: Tree = {
  root: '/p',
  git: true,
  entries: [
    entry('.env', { secret: true }),
    entry('build', { kind: 'folder', ignored: true, size: 0 }),
    entry('notes.log', { ignored: true }),
    entry('src/a.ts'),
    entry('src/big.bin.txt', { tooLarge: true }),
    entry('src/lib/b.ts'),
  ],
  skipped: { binary: 0, links: 0, special: 0, unreadable: 0, unsafeNames: 0 },
};

describe('picking files for the chat', () => {
  it('leaves ignored, secret and too large files unticked by default', () => {
    expect([...defaultTicks(tree)].sort()).toEqual(['src/a.ts', 'src/lib/b.ts']);
  });

  it('ticks the plain files only while together they come to at most DEFAULT_TICK_BYTES', () => {
    const sized = (n: number, size: number): Tree => ({
      ...tree,
      entries: [...tree.entries, ...Array.from({ length: n }, (_, i) => entry(`gen/f${i}.ts`, { size }))],
    });
    const plainBytes = (t: Tree) =>
      t.entries
        .filter((e) => e.kind === 'file' && !e.ignored && !e.secret && !e.tooLarge)
        .reduce((n, e) => n + e.size, 0);
    const fits = sized(1, DEFAULT_TICK_BYTES - plainBytes(tree));
    expect(defaultChoice(fits)).toEqual({ ticks: new Set(['src/a.ts', 'src/lib/b.ts', 'gen/f0.ts']) });
    const over = sized(1, DEFAULT_TICK_BYTES - plainBytes(tree) + 1);
    expect(defaultChoice(over)).toEqual({
      ticks: new Set(),
      heldBack: { files: 3, bytes: DEFAULT_TICK_BYTES + 1 },
    });
    expect(defaultTicks(over).size).toBe(0);
  });

  it('ticks all of a folder’s tickable files, and clears them again', () => {
    const src = rowsOf(tree.entries).find((r) => r.kind === 'folder' && r.path === 'src');
    if (src?.kind !== 'folder') throw new Error('no src row');
    expect(src.files).toEqual(['src/a.ts', 'src/lib/b.ts']);
    const on = toggleFolder(src, new Set(['src/a.ts']));
    expect(folderState(src, on)).toBe('all');
    expect(folderState(src, toggleFolder(src, on))).toBe('none');
  });

  it('filters by path, letter case ignored', () => {
    expect(filtered(tree, 'LIB').map((e) => e.path)).toEqual(['src/lib/b.ts']);
  });

  it('restores remembered ticks only for files still tickable', () => {
    expect([...restoreTicks(tree, ['notes.log', 'gone.ts', 'src/big.bin.txt'])]).toEqual(['notes.log']);
  });

  it('finds the files changed since they were last put in', () => {
    const sent = afterSending({}, [
      { path: 'src/a.ts', hash: 'h1' },
      { path: 'src/lib/b.ts', hash: 'h2' },
    ]);
    expect(changedSince(sent, [{ path: 'src/a.ts', hash: 'h1' }]).files).toEqual([]);
    expect(changedSince(sent, [{ path: 'src/a.ts', hash: 'h1' }]).reason).toMatch(/No ticked file changed/);
    expect(
      changedSince(sent, [
        { path: 'src/a.ts', hash: 'h9' },
        { path: 'src/lib/b.ts', hash: 'h2' },
      ]).files,
    ).toEqual(['src/a.ts']);
    expect(changedSince({}, [{ path: 'src/a.ts', hash: 'h1' }]).reason).toMatch(/yet/);
  });
});
