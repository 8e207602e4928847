import { chmod, mkdir, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, ListDirResult } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { listDir } from './list-dir';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
  for (const d of ['beta', 'Alpha', 'alpha2', '.hidden', 'zeta', 'repo/.git']) {
    await mkdir(path.join(sb.root, d), { recursive: true });
  }
  await put(sb.root, 'file.txt', 'not a folder');
  await symlink('zeta', path.join(sb.root, 'link-to-zeta'));
  await symlink('file.txt', path.join(sb.root, 'link-to-file'));
});
afterEach(() => sb.cleanup());

describe('listDir', () => {
  it('lists folders only, case-insensitively sorted, with git repos marked', async () => {
    const res = await listDir(sb.root);
    expect(ListDirResult.parse(res)).toEqual(res);
    expect(res.path).toBe(sb.root);
    expect(res.parent).toBe(sb.base);
    expect(res.entries.map((e) => e.name)).toEqual([
      'Alpha',
      'alpha2',
      'beta',
      'link-to-zeta',
      'repo',
      'zeta',
    ]);
    expect(res.entries.find((e) => e.name === 'repo')).toEqual({
      name: 'repo',
      isGitRepo: true,
      readable: true,
    });
    expect(res.entries.find((e) => e.name === 'beta')).toEqual({
      name: 'beta',
      isGitRepo: false,
      readable: true,
    });
  });

  it('shows hidden folders on request', async () => {
    const res = await listDir(sb.root, true);
    expect(res.entries.map((e) => e.name)).toContain('.hidden');
  });

  it('starts at the home folder', async () => {
    expect((await listDir()).path).toBe(os.homedir());
  });

  it('the top of the file system has no parent', async () => {
    expect((await listDir('/')).parent).toBeNull();
  });

  it('drops a trailing separator', async () => {
    expect((await listDir(`${sb.root}/`)).path).toBe(sb.root);
  });

  it.skipIf(process.getuid?.() === 0)('marks a folder it cannot read', async () => {
    await chmod(path.join(sb.root, 'beta'), 0o000);
    try {
      const res = await listDir(sb.root);
      expect(res.entries.find((e) => e.name === 'beta')).toEqual({
        name: 'beta',
        isGitRepo: false,
        readable: false,
      });
    } finally {
      await chmod(path.join(sb.root, 'beta'), 0o755);
    }
  });

  it.each([
    ['relative', 'proj', ErrorCode.InvalidParams],
    ['with ..', '/tmp/../etc', ErrorCode.InvalidParams],
    ['with NUL', '/tmp\0/x', ErrorCode.InvalidParams],
    ['home shorthand', '~', ErrorCode.InvalidParams],
    ['encoded', '/tmp/%2e%2e', ErrorCode.InvalidParams],
    ['missing', '/no/such/folder/anywhere', ErrorCode.NotFound],
  ])('refuses a %s path', async (_name, p, code) => {
    await expect(listDir(p)).rejects.toMatchObject({ code });
  });

  it('refuses a file', async () => {
    await expect(listDir(path.join(sb.root, 'file.txt'))).rejects.toMatchObject({
      code: ErrorCode.NotAFolder,
    });
  });
});
