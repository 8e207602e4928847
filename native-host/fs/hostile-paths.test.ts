/**
 * Every hostile path is refused by readFiles, apply (create, modify, delete, rename from and to) and
 * listDir, and the folder holding the project and its neighbours is byte-identical afterwards.
 */
import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type FileChange } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox, sha, snapshotTree, type TreeEntry } from '../test/fs-sandbox';
import { listDir } from './list-dir';
import { readSnapshots } from './snapshots';
import { apply } from './transaction';

const SECRET = 'outside secret\n';

let sb: Sandbox;
let before: TreeEntry[];

beforeAll(async () => {
  sb = await makeSandbox();
  process.env.REPLYAPPLY_STATE_DIR = sb.state;
  await put(sb.root, 'ok.txt', 'ok\n');
  await put(sb.root, 'sub/a.txt', 'a\n');
  await put(sb.root, '.git/config', '[core]\n');
  await put(sb.root, '.git/hooks/pre-commit', '#!/bin/sh\nexit 0\n', 0o755);
  await put(sb.outside, 'secret.txt', SECRET);
  await put(sb.sibling, 'x.txt', 'sibling\n');
  const link = (target: string, name: string) => symlink(target, path.join(sb.root, name));
  await link('../outside', 'link-out');
  await link(sb.outside, 'link-abs-out');
  await link('../outside/secret.txt', 'link-file-out');
  await link('../proj2', 'link-prefix');
  await link('.git', 'link-dotgit');
  await link('link-out', 'link-chain');
  await link('loop', 'loop');
  await link('/etc', 'link-etc');
  await link('sub', 'link-in');
  before = await snapshotTree(sb.base);
});
afterAll(async () => {
  delete process.env.REPLYAPPLY_STATE_DIR;
  await sb.cleanup();
});

const HOSTILE: Array<[string, string]> = [
  // traversal
  ['../outside/secret.txt', 'parent segment'],
  ['../../etc/passwd', 'two parent segments'],
  ['sub/../../outside/secret.txt', 'parent after a folder'],
  ['..', 'bare parent'],
  ['.', 'the root itself'],
  ['', 'empty'],
  ['   ', 'blank'],
  ['..\\outside\\secret.txt', 'backslash traversal'],
  ['sub\\..\\..\\outside\\secret.txt', 'mixed separators traversal'],
  ['sub/..\\..\\outside/secret.txt', 'mixed separators, both kinds'],
  ['.. /outside/secret.txt', 'dot segment padded with a space'],
  ['../proj2/x.txt', 'sibling sharing the prefix, lexically'],
  // encoded
  ['%2e%2e/outside/secret.txt', 'encoded dots'],
  ['%2E%2E%2Foutside%2Fsecret.txt', 'encoded dots and slashes'],
  ['..%2foutside%2fsecret.txt', 'encoded slash'],
  ['sub%5c..%5c..%5coutside', 'encoded backslash'],
  // absolute, home, drives, UNC
  ['/etc/passwd', 'absolute'],
  ['OUTSIDE_ABS', 'absolute into the outside folder'],
  ['~', 'home'],
  ['~/x.txt', 'below home'],
  ['C:\\Windows\\x.txt', 'drive letter'],
  ['c:x.txt', 'drive-relative'],
  ['C:/x.txt', 'drive with slash'],
  ['\\\\server\\share\\x.txt', 'UNC'],
  ['//server/share/x.txt', 'UNC with slashes'],
  ['\\\\?\\C:\\x.txt', 'Win32 device namespace'],
  ['\\\\.\\pipe\\x', 'named pipe'],
  // NUL and control characters
  ['a\0b.txt', 'NUL'],
  ['ok.txt\0.png', 'NUL truncation'],
  ['a\nb.txt', 'newline'],
  ['a\u0001b.txt', 'control character'],
  // .git
  ['.git/hooks/pre-commit', 'git hook'],
  ['.git/config', 'git config'],
  ['.GIT/config', 'git, upper case'],
  ['.Git/hooks/post-checkout', 'git, mixed case'],
  ['sub/.git/hooks/x', 'nested .git'],
  ['.git', '.git itself'],
  ['.git./config', '.git with a trailing dot'],
  ['GIT~1/config', '8.3 short name of .git'],
  ['.git::$INDEX_ALLOCATION/config', 'NTFS stream name of .git'],
  ['.g\u200cit/config', '.git with a zero-width non-joiner (ignored by HFS+)'],
  ['\u200b.git/hooks/pre-commit', '.git with a zero-width space'],
  ['.git\ufeff/config', '.git with a BOM'],
  // Windows device names
  ['CON', 'CON'],
  ['nul.txt', 'NUL with extension'],
  ['sub/aux.ts', 'AUX in a folder'],
  ['COM1', 'COM1'],
  ['lpt9.log', 'LPT9'],
  ['CONOUT$', 'CONOUT$ (seven characters)'],
  ['clock$.txt', 'CLOCK$ with extension'],
  ['src/nul .c', 'NUL with a space before its extension'],
  ['com\u00b9.txt', 'COM with a superscript digit'],
  // Unicode look-alikes
  ['..\u2215outside\u2215secret.txt', 'division slash'],
  ['..\uFF0Foutside\uFF0Fsecret.txt', 'fullwidth slash'],
  ['\uFF0E\uFF0E/outside/secret.txt', 'fullwidth dots'],
  ['..\u2044outside', 'fraction slash'],
  ['\u2025/outside/secret.txt', 'two-dot leader'],
  ['..\uFF3Coutside', 'fullwidth backslash'],
  ['..\u2571outside\u2571secret.txt', 'box-drawing diagonal'],
  ['\u3002\u3002/outside/secret.txt', 'ideographic full stops'],
  // names Windows would store under another name (and other layers trim)
  ['ok.txt ', 'trailing space'],
  ['sub /a.txt', 'folder with a trailing space'],
  ['ok.txt.', 'trailing dot'],
  // longer than any file system holds
  ['LONG_NAME', 'a name over 255 bytes'],
  ['LONG_PATH', 'a path over 4096 bytes'],
  // symbolic links
  ['link-out/secret.txt', 'folder link out, existing file'],
  ['link-out/new.txt', 'folder link out, new file'],
  ['link-abs-out/secret.txt', 'absolute folder link out'],
  ['link-file-out', 'file link out'],
  ['link-prefix/x.txt', 'link to the sibling sharing the prefix'],
  ['link-prefix/new.txt', 'link to the sibling, new file'],
  ['link-dotgit/config', 'link inside pointing into .git'],
  ['link-chain/secret.txt', 'chain of links out'],
  ['loop/x.txt', 'link loop'],
  ['link-etc/passwd', 'link to /etc'],
];

/** The cases too long to name a test with, and the one that depends on the sandbox. */
const entry = (p: string) =>
  p === 'OUTSIDE_ABS'
    ? path.join(sb.outside, 'secret.txt')
    : p === 'LONG_NAME'
      ? `${'n'.repeat(256)}.txt`
      : p === 'LONG_PATH'
        ? `${`${'d'.repeat(200)}/`.repeat(25)}x.txt`
        : p;

describe('hostile paths', () => {
  it('has at least 40 cases', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(HOSTILE)('readFiles refuses %j (%s)', async (p) => {
    const [snap] = await readSnapshots(sb.root, [entry(p)]);
    expect(snap).toMatchObject({ exists: 'error', error: { code: ErrorCode.UnsafePath } });
    expect(JSON.stringify(snap)).not.toContain('outside secret');
  });

  it.each(HOSTILE)('apply refuses %j (%s)', async (p) => {
    const raw = entry(p);
    const attempts: FileChange[] = [
      { action: 'create', path: raw, baseHash: null, content: 'pwned' },
      { action: 'modify', path: raw, baseHash: sha(SECRET), content: 'pwned' },
      { action: 'delete', path: raw, baseHash: sha(SECRET) },
      { action: 'rename', from: raw, path: 'stolen.txt', baseHash: sha(SECRET), content: SECRET },
      { action: 'rename', from: 'ok.txt', path: raw, baseHash: sha('ok\n'), content: 'pwned' },
      // A safe change first: the hostile one later in the list still refuses the whole apply.
      { action: 'create', path: 'fine.txt', baseHash: null, content: 'x' },
    ];
    for (const change of attempts) {
      const changes = change.path === 'fine.txt' ? [change, { ...attempts[0]! }] : [change];
      await expect(apply(sb.root, changes)).rejects.toMatchObject({ code: ErrorCode.UnsafePath });
    }
  });

  it.each(HOSTILE)('listDir refuses %j (%s)', async (p) => {
    await expect(listDir(entry(p))).rejects.toMatchObject({
      code: expect.toBeOneOf([ErrorCode.InvalidParams, ErrorCode.NotAFolder, ErrorCode.NotFound]),
    });
  });

  it('a link inside the project pointing inside can be read', async () => {
    const [snap] = await readSnapshots(sb.root, ['link-in/a.txt']);
    expect(snap).toMatchObject({ exists: true, text: 'a\n' });
  });

  it('nothing around the project changed', async () => {
    expect(await snapshotTree(sb.base)).toEqual(before);
  });
});

describe('a folder swapped for a link between plan and apply', () => {
  it('is refused and the outside file is untouched', async () => {
    const local = await makeSandbox();
    try {
      await put(local.root, 'sub/a.txt', SECRET);
      await put(local.outside, 'a.txt', SECRET);
      const [snap] = await readSnapshots(local.root, ['sub/a.txt']);
      expect(snap).toMatchObject({ exists: true, hash: sha(SECRET) });
      await rm(path.join(local.root, 'sub'), { recursive: true });
      await symlink(local.outside, path.join(local.root, 'sub'));
      const picture = await snapshotTree(local.base);
      const change: FileChange = {
        action: 'modify',
        path: 'sub/a.txt',
        baseHash: sha(SECRET),
        content: 'pwned',
      };
      await expect(apply(local.root, [change], { state: local.state })).rejects.toMatchObject({
        code: ErrorCode.UnsafePath,
      });
      expect(await snapshotTree(local.base)).toEqual(picture);
    } finally {
      await local.cleanup();
    }
  });

  it('is refused when the swap happens during the apply, and everything is rolled back', async () => {
    const local = await makeSandbox();
    try {
      await put(local.root, 'sub/a.txt', 'a\n');
      await put(local.root, 'b.txt', 'b\n');
      await put(local.outside, 'a.txt', 'a\n');
      const changes: FileChange[] = [
        { action: 'modify', path: 'b.txt', baseHash: sha('b\n'), content: 'B\n' },
        { action: 'modify', path: 'sub/a.txt', baseHash: sha('a\n'), content: 'pwned' },
      ];
      const outsideBefore = await snapshotTree(local.outside);
      const faults = async (step: string) => {
        if (step !== 'verify') return;
        await rm(path.join(local.root, 'sub'), { recursive: true });
        await symlink(local.outside, path.join(local.root, 'sub'));
      };
      await expect(apply(local.root, changes, { state: local.state, faults })).rejects.toMatchObject({
        code: ErrorCode.UnsafePath,
      });
      expect(await snapshotTree(local.outside)).toEqual(outsideBefore);
      expect(await snapshotTree(local.root)).toEqual([
        { path: 'b.txt', type: 'file', mode: 0o644, size: 2, sha256: sha('b\n') },
        { path: 'sub', type: 'link', target: local.outside },
      ]);
    } finally {
      await local.cleanup();
    }
  });
});
