/**
 * The host's safety net (case-twins.ts): an apply never creates a file whose name differs only in letter
 * case from an entry of its folder, or from another new file of the same apply — on any platform, since a
 * plan never asks for one. Nothing is written, and the error names both. Needs a case-sensitive disk to
 * hold the twins it refuses to make; on a case-insensitive one the cases that need two names are skipped.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, type FileChange } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox, sha, snapshotTree } from '../test/fs-sandbox';
import { apply } from './transaction';

let sb: Sandbox;
let caseSensitive = true;
beforeEach(async () => {
  sb = await makeSandbox();
  process.env.REPLYAPPLY_STATE_DIR = sb.state;
  await put(sb.base, 'Probe', '');
  caseSensitive = !existsSync(path.join(sb.base, 'probe'));
});
afterEach(async () => {
  delete process.env.REPLYAPPLY_STATE_DIR;
  await sb.cleanup();
});

const create = (p: string, content = 'new\n'): FileChange => ({
  action: 'create',
  path: p,
  baseHash: null,
  content,
});

/** The apply is refused with CaseTwin, its message naming both names, and the tree is as it was. */
async function refused(
  changes: FileChange[],
  path: string,
  twin: string,
  name = path.split('/').at(-1),
): Promise<void> {
  const before = await snapshotTree(sb.root);
  const err = await apply(sb.root, changes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toMatchObject({ code: ErrorCode.CaseTwin, path });
  const message = (err as Error).message;
  expect(message).toContain(`The path "${path}" was refused: ${twin}`);
  expect(message).toContain(`differs from ${name} only in letter case`);
  expect(message).toContain('nothing was written');
  expect(await snapshotTree(sb.root)).toEqual(before);
}

describe('apply: no new file beside its case twin', () => {
  it('a new file beside an existing one in another case (README.md beside readme.md)', async () => {
    await put(sb.root, 'readme.md', '# old\n');
    await refused([create('README.md')], 'README.md', 'readme.md is already in its folder');
  });

  it('in a sub-folder, and beside a folder of that name', async () => {
    await put(sb.root, 'src/app.jsx', 'x\n');
    await mkdir(path.join(sb.root, 'docs'));
    await refused([create('src/App.jsx')], 'src/App.jsx', 'src/app.jsx is already in its folder');
    await refused([create('Docs')], 'Docs', 'docs is already in its folder');
  });

  it('a modify planned against a missing file (baseHash null) and a rename onto the twin', async () => {
    await put(sb.root, 'readme.md', '# old\n');
    await put(sb.root, 'notes.md', 'n\n');
    await refused(
      [{ action: 'modify', path: 'README.md', baseHash: null, content: 'x\n' }],
      'README.md',
      'readme.md is already in its folder',
    );
    await refused(
      [{ action: 'rename', from: 'notes.md', path: 'README.md', baseHash: sha('n\n'), content: 'n\n' }],
      'README.md',
      'readme.md is already in its folder',
    );
  });

  it('two new files of one apply that are twins of each other', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await refused(
      [create('a/Notes.md'), create('a/NOTES.md')],
      'a/NOTES.md',
      'the same apply also creates a/Notes.md',
    );
  });

  it('a new folder beside an existing one in another case, at any depth of the path', async () => {
    await put(sb.root, 'src/app.js', 'x\n');
    await refused([create('Src/new.js')], 'Src/new.js', 'src is already in its folder', 'Src');
    await refused(
      [create('Src/lib/deep/new.js')],
      'Src/lib/deep/new.js',
      'src is already in its folder',
      'Src',
    );
    await put(sb.root, 'src/lib/a.js', 'x\n');
    await refused(
      [create('src/Lib/new/x.js')],
      'src/Lib/new/x.js',
      'src/lib is already in its folder',
      'Lib',
    );
  });

  it('two new folders of one apply that are twins of each other', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await refused(
      [create('Pkg/a.js'), create('pkg/b.js')],
      'pkg/b.js',
      'the same apply also creates Pkg in its folder',
      'pkg',
    );
  });

  it('the whole apply is refused, the other files too', async () => {
    await put(sb.root, 'readme.md', '# old\n');
    await refused(
      [create('fine.txt'), create('README.md')],
      'README.md',
      'readme.md is already in its folder',
    );
    expect(await readdir(sb.root)).toEqual(['readme.md']);
  });
});

describe('apply: what is no case twin', () => {
  it('renaming a file to its own name in another case (Linux)', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'readme.md', '# x\n');
    await apply(sb.root, [
      { action: 'rename', from: 'readme.md', path: 'README.md', baseHash: sha('# x\n'), content: '# x\n' },
    ]);
    expect(await readdir(sb.root)).toEqual(['README.md']);
  });

  it('a twin the same apply deletes', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'readme.md', '# x\n');
    await apply(sb.root, [
      { action: 'delete', path: 'readme.md', baseHash: sha('# x\n') },
      create('README.md', '# y\n'),
    ]);
    expect(await readdir(sb.root)).toEqual(['README.md']);
  });

  it('a modify of the exact name beside a variant (both exist), and new files with other names', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'README.md', '# a\n');
    await put(sb.root, 'readme.md', '# b\n');
    await apply(sb.root, [
      { action: 'modify', path: 'README.md', baseHash: sha('# a\n'), content: '# c\n' },
      create('src/new.js'),
      create('readme.txt'),
    ]);
    expect((await readdir(sb.root)).sort()).toEqual(['README.md', 'readme.md', 'readme.txt', 'src']);
  });

  it('many new files in one new folder, and a new file in a folder that exists beside its twin', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'src/a.js', 'x\n');
    await put(sb.root, 'Src/b.js', 'x\n');
    await apply(sb.root, [
      create('lib/one/a.js'),
      create('lib/one/b.js'),
      create('lib/two.js'),
      create('Src/c.js'),
    ]);
    expect((await readdir(path.join(sb.root, 'lib', 'one'))).sort()).toEqual(['a.js', 'b.js']);
    expect((await readdir(path.join(sb.root, 'Src'))).sort()).toEqual(['b.js', 'c.js']);
  });

  it('the exact name existing is a Conflict, as before (not a twin)', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'README.md', '# a\n');
    await put(sb.root, 'readme.md', '# b\n');
    await expect(apply(sb.root, [create('README.md')])).rejects.toMatchObject({ code: ErrorCode.Conflict });
  });
});
