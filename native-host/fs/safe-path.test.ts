import { mkdir, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPlainPath } from '../../shared/paths/paths';
import { ErrorCode } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { below, checkRelPath, isGitAlias, resolveInRoot } from './safe-path';
import { isWithinDir } from './within';

let sb: Sandbox;
let root: string;
beforeEach(async () => {
  sb = await makeSandbox();
  root = await realpath(sb.root);
});
afterEach(() => sb.cleanup());

describe('isWithinDir', () => {
  it.each([
    ['/proj', '/proj', true],
    ['/proj', '/proj/a', true],
    ['/proj', '/proj/a/b', true],
    ['/proj', '/proj2', false],
    ['/proj', '/proj2/a', false],
    ['/proj', '/pro', false],
    ['/proj', '/', false],
    ['/proj/', '/proj/a', true],
    ['/proj', '/proj/..a', true],
  ])('%s contains %s: %s', (parent, child, expected) => {
    expect(isWithinDir(parent, child)).toBe(expected);
  });
});

describe('checkRelPath', () => {
  it.each([
    ['./src/a.ts', 'src/a.ts'],
    ['src\\a.ts', 'src/a.ts'],
    ['`src/a.ts`', 'src/a.ts'],
    ['src//a.ts', 'src/a.ts'],
    ['.github/workflows/ci.yml', '.github/workflows/ci.yml'],
    ['.gitignore', '.gitignore'],
    ['a/.git-keep', 'a/.git-keep'],
    ['console.ts', 'console.ts'],
  ])('%j is accepted as %j', (raw, expected) => {
    expect(checkRelPath(raw)).toBe(expected);
  });
});

describe('the plain-path shortcut of checkRelPath', () => {
  it('no name of a plain path is a repository store or one of its aliases', () => {
    const names = [
      'git',
      'GIT',
      'hg',
      'jj',
      '.git',
      '.Git',
      '.hg',
      '.jj',
      'git~1',
      'GIT~12',
      'hg~3',
      '.git.',
      '.git ',
      '.git::$INDEX_ALLOCATION',
      'a',
      'src',
      'x.ts',
      '_',
      '-',
      '~',
      '1',
      '.',
    ];
    const path = fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }).map((n) => n.join('/'));
    fc.assert(
      fc.property(path, (p) => {
        if (isPlainPath(p)) expect(p.split('/').some(isGitAlias)).toBe(false);
      }),
      { numRuns: 5_000 },
    );
    expect(isGitAlias('GIT~1')).toBe(true);
    expect(() => checkRelPath('src/GIT~1/config')).toThrow(/repository store/);
    expect(() => checkRelPath('src/con.txt')).toThrow(/reserved device name/);
  });
});

describe('below', () => {
  it('is path.join for every path checkRelPath lets through (property)', () => {
    const piece = fc.constantFrom(
      'a',
      'src',
      'x.ts',
      '.',
      '..',
      '',
      ' ',
      'é',
      '.hidden',
      'a b',
      '~',
      '\\',
      './',
      '//',
    );
    const raw = fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => p.join('/'));
    const dir = fc.constantFrom('/', '/proj', '/tmp/x y', '/a/b/');
    let checked = 0;
    fc.assert(
      fc.property(dir, raw, (d, r) => {
        let rel: string;
        try {
          rel = checkRelPath(r);
        } catch {
          return;
        }
        checked++;
        expect(below(d, rel)).toBe(path.join(d, rel));
        const cut = rel.lastIndexOf('/');
        if (cut > 0) expect(below(d, rel.slice(0, cut))).toBe(path.join(d, rel.slice(0, cut)));
      }),
      { numRuns: 5_000 },
    );
    expect(checked).toBeGreaterThan(500);
  });
});

describe('resolveInRoot', () => {
  it('resolves an existing file, a new file and a new file in new folders', async () => {
    await put(root, 'src/a.ts', 'x');
    expect(await resolveInRoot(root, 'src/a.ts', 'write')).toEqual({
      rel: 'src/a.ts',
      abs: path.join(root, 'src/a.ts'),
      kind: 'file',
    });
    expect(await resolveInRoot(root, 'src/b.ts', 'write')).toMatchObject({ kind: 'missing' });
    expect(await resolveInRoot(root, 'new/deep/c.ts', 'write')).toEqual({
      rel: 'new/deep/c.ts',
      abs: path.join(root, 'new/deep/c.ts'),
      kind: 'missing',
    });
  });

  it('writes below a folder link that stays inside go to the real folder', async () => {
    await mkdir(path.join(root, 'real'));
    await symlink('real', path.join(root, 'alias'));
    expect(await resolveInRoot(root, 'alias/x.ts', 'write')).toMatchObject({
      abs: path.join(root, 'real/x.ts'),
    });
  });

  it('reads through a file link that stays inside, but never writes through it', async () => {
    await put(root, 'a.txt', 'a');
    await symlink('a.txt', path.join(root, 'b.txt'));
    expect(await resolveInRoot(root, 'b.txt', 'read')).toMatchObject({
      abs: path.join(root, 'a.txt'),
      kind: 'file',
    });
    await expect(resolveInRoot(root, 'b.txt', 'write')).rejects.toMatchObject({ code: ErrorCode.UnsafePath });
  });

  it('refuses a dangling link', async () => {
    await symlink('nowhere', path.join(root, 'dangling'));
    await expect(resolveInRoot(root, 'dangling', 'read')).rejects.toMatchObject({
      code: ErrorCode.UnsafePath,
    });
  });

  it('reports a file used as a folder', async () => {
    await put(root, 'f.txt', 'x');
    await expect(resolveInRoot(root, 'f.txt/x', 'write')).rejects.toMatchObject({
      code: ErrorCode.NotAFolder,
      path: 'f.txt/x',
    });
  });

  it('says what a refused path was refused for', async () => {
    await expect(resolveInRoot(root, '../x', 'read')).rejects.toMatchObject({
      code: ErrorCode.UnsafePath,
      path: '../x',
      message: expect.stringContaining('".."'),
    });
  });
});
