import { describe, expect, it } from 'vitest';
import {
  afterSending,
  changedSince,
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
