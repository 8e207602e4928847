/**
 * listTree on hostile folders: links in and out, a FIFO, files it cannot read, names with newlines,
 * binary files, repository stores, what git (or the `.gitignore` files) ignore, and a folder of 100,000
 * entries. Whatever the folder holds, nothing outside the root is read and every file left out is counted.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CONTEXT_FILE_BYTES } from '../../shared/protocol/bounds';
import { ListTreeResult } from '../../shared/protocol/protocol';
import { makeRepo, type TestRepo } from '../git/test-repo';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { listTree, TREE_LIMITS } from './list-tree';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(async () => {
  await sb.cleanup();
});

const paths = (r: { entries: { path: string }[] }) => r.entries.map((e) => e.path);
const noneSkipped = { binary: 0, links: 0, special: 0, unreadable: 0, unsafeNames: 0 };

describe('listTree outside git', () => {
  it('lists text files by path with their size, and says what it left out', async () => {
    await put(sb.root, 'src/app.ts', 'export const a = 1;\n');
    await put(sb.root, 'README.md', '# hi\n');
    await put(sb.root, 'src/lib/z.ts', 'z\n');
    await put(sb.root, 'img.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    await put(sb.root, 'latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café" in Latin-1
    await put(sb.root, 'empty.txt', '');
    const r = await listTree(sb.root);
    expect(ListTreeResult.parse(r)).toEqual(r);
    expect(r.git).toBe(false);
    expect(r.root).toBe(sb.root);
    expect(r.entries).toEqual([
      { path: 'README.md', kind: 'file', size: 5, ignored: false, secret: false },
      { path: 'empty.txt', kind: 'file', size: 0, ignored: false, secret: false },
      { path: 'src/app.ts', kind: 'file', size: 20, ignored: false, secret: false },
      { path: 'src/lib/z.ts', kind: 'file', size: 2, ignored: false, secret: false },
    ]);
    expect(r.skipped).toEqual({ ...noneSkipped, binary: 2 });
    expect(r.stopped).toBeUndefined();
  });

  it('keeps a UTF-8 file whose 8 KiB head ends inside a character, and drops one that is binary later in its head', async () => {
    const cut = `${'a'.repeat(8191)}é and more\n`; // é's two bytes straddle the 8 KiB line
    await put(sb.root, 'cut.txt', cut);
    await put(sb.root, 'late-nul.txt', `${'a'.repeat(5000)}\0rest`);
    const r = await listTree(sb.root);
    expect(paths(r)).toEqual(['cut.txt']);
    expect(r.skipped.binary).toBe(1);
  });

  it('never follows a link, in or out of the folder, to a file or a folder', async () => {
    await put(sb.outside, 'secret.txt', 'outside\n');
    await put(sb.outside, 'deep/x.ts', 'x\n');
    await put(sb.root, 'a.ts', 'a\n');
    symlinkSync(path.join(sb.outside, 'secret.txt'), path.join(sb.root, 'out-file'));
    symlinkSync(sb.outside, path.join(sb.root, 'out-dir'));
    symlinkSync('a.ts', path.join(sb.root, 'in-file'));
    symlinkSync('.', path.join(sb.root, 'loop'));
    symlinkSync('/nonexistent/target', path.join(sb.root, 'dangling'));
    const r = await listTree(sb.root);
    expect(paths(r)).toEqual(['a.ts']);
    expect(r.skipped).toEqual({ ...noneSkipped, links: 5 });
  });

  it('counts a FIFO as special without opening it for long (no writer: no hang)', async () => {
    await put(sb.root, 'a.ts', 'a\n');
    execFileSync('mkfifo', [path.join(sb.root, 'pipe')]);
    const r = await listTree(sb.root);
    expect(paths(r)).toEqual(['a.ts']);
    expect(r.skipped).toEqual({ ...noneSkipped, special: 1 });
  });

  it('leaves out names the host would refuse to write: newlines, control characters, device names', async () => {
    await put(sb.root, 'ok.ts', 'ok\n');
    await put(sb.root, 'evil\nname.ts', 'x\n');
    await put(sb.root, 'dir\nwith newline/inner.ts', 'x\n');
    await put(sb.root, 'tab\there.ts', 'x\n');
    await put(sb.root, 'con.txt', 'x\n');
    const r = await listTree(sb.root);
    expect(paths(r)).toEqual(['ok.ts']);
    // The folder with a newline counts once: it is not entered.
    expect(r.skipped).toEqual({ ...noneSkipped, unsafeNames: 4 });
  });

  it('never enters a repository store or node_modules; node_modules is one ignored folder', async () => {
    await put(sb.root, '.git/config', '[core]\n');
    await put(sb.root, '.git/hooks/pre-commit', '#!/bin/sh\n');
    await put(sb.root, '.hg/store/x', 'x\n');
    await put(sb.root, '.GIT/x', 'x\n');
    await put(sb.root, 'node_modules/dep/index.js', 'module.exports = 1;\n');
    await put(sb.root, 'src/node_modules/dep/index.js', 'x\n');
    await put(sb.root, 'src/a.ts', 'a\n');
    const r = await listTree(sb.root);
    expect(r.entries).toEqual([
      { path: 'node_modules', kind: 'folder', size: 0, ignored: true, secret: false },
      { path: 'src/a.ts', kind: 'file', size: 2, ignored: false, secret: false },
      { path: 'src/node_modules', kind: 'folder', size: 0, ignored: true, secret: false },
    ]);
  });

  it('reads the .gitignore files on the way as git does: nested ones, negations, folders not entered', async () => {
    await put(sb.root, '.gitignore', '*.log\ndist/\n.env\n');
    await put(sb.root, 'app.log', 'x\n');
    await put(sb.root, 'dist/bundle.js', 'x\n');
    await put(sb.root, '.env', 'TOKEN=1\n');
    await put(sb.root, 'pkg/.gitignore', '!keep.log\ntmp\n');
    await put(sb.root, 'pkg/keep.log', 'kept\n');
    await put(sb.root, 'pkg/other.log', 'x\n');
    await put(sb.root, 'pkg/tmp/t.ts', 'x\n');
    await put(sb.root, 'pkg/src.ts', 'x\n');
    const r = await listTree(sb.root);
    const by = new Map(r.entries.map((e) => [e.path, e]));
    expect(paths(r)).toEqual([
      '.env',
      '.gitignore',
      'app.log',
      'dist',
      'pkg/.gitignore',
      'pkg/keep.log',
      'pkg/other.log',
      'pkg/src.ts',
      'pkg/tmp',
    ]);
    expect(by.get('.env')).toMatchObject({ ignored: true, secret: true, kind: 'file' });
    expect(by.get('app.log')?.ignored).toBe(true);
    expect(by.get('dist')).toMatchObject({ kind: 'folder', ignored: true });
    expect(by.get('pkg/keep.log')?.ignored).toBe(false);
    expect(by.get('pkg/other.log')?.ignored).toBe(true);
    expect(by.get('pkg/tmp')).toMatchObject({ kind: 'folder', ignored: true });
    expect(by.get('pkg/src.ts')?.ignored).toBe(false);
  });

  it('flags files that look like secrets, and files too large for the chat', async () => {
    await put(sb.root, '.env.local', 'A=1\n');
    await put(sb.root, 'certs/server.pem', '-----BEGIN-----\n');
    await put(sb.root, 'big.txt', 'a'.repeat(MAX_CONTEXT_FILE_BYTES + 1));
    await put(sb.root, 'fits.txt', 'a'.repeat(MAX_CONTEXT_FILE_BYTES));
    const r = await listTree(sb.root);
    expect(r.entries).toEqual([
      { path: '.env.local', kind: 'file', size: 4, ignored: false, secret: true },
      {
        path: 'big.txt',
        kind: 'file',
        size: MAX_CONTEXT_FILE_BYTES + 1,
        ignored: false,
        secret: false,
        tooLarge: true,
      },
      { path: 'certs/server.pem', kind: 'file', size: 16, ignored: false, secret: true },
      { path: 'fits.txt', kind: 'file', size: MAX_CONTEXT_FILE_BYTES, ignored: false, secret: false },
    ]);
  });

  it('refuses a root that is not a folder it may use, and lists a root reached through a link', async () => {
    await put(sb.root, 'a.ts', 'a\n');
    await expect(listTree(path.join(sb.root, 'a.ts'))).rejects.toMatchObject({ code: 13 });
    await expect(listTree(path.join(sb.root, 'missing'))).rejects.toMatchObject({ code: 12 });
    await expect(listTree('/')).rejects.toMatchObject({ code: 11 });
    const link = path.join(sb.base, 'link-to-proj');
    symlinkSync(sb.root, link);
    const r = await listTree(link);
    expect(paths(r)).toEqual(['a.ts']);
    expect(r.root).toBe(link);
  });
});

describe('listTree bounds', () => {
  it('stops at 100,000 entries of a folder of more and says so; a caller may ask for fewer', async () => {
    const dir = path.join(sb.root, 'many');
    mkdirSync(dir);
    for (let i = 0; i < 100_010; i++)
      writeFileSync(path.join(dir, `f${String(i).padStart(6, '0')}.txt`), 'x');
    const r = await listTree(sb.root);
    expect(r.entries).toHaveLength(TREE_LIMITS.maxEntries);
    expect(r.stopped).toEqual({ bound: 'entries', limit: 100_000 });
    // The first 100,000 by name: the walk goes in name order, so the same folder gives the same answer.
    expect(r.entries.at(-1)?.path).toBe('many/f099999.txt');
    const few = await listTree(sb.root, { maxEntries: 10 });
    expect(few.entries).toHaveLength(10);
    expect(few.stopped).toEqual({ bound: 'entries', limit: 10 });
    const more = await listTree(sb.root, { maxEntries: 1_000_000 });
    expect(more.stopped).toEqual({ bound: 'entries', limit: 100_000 });
  }, 60_000);

  it('stops at the time bound and says so', async () => {
    for (let i = 0; i < 600; i++) await put(sb.root, `d${i % 3}/f${i}.ts`, 'x\n');
    let t = 0;
    const r = await listTree(sb.root, { timeoutMs: 1000, now: () => (t += 600) });
    expect(r.stopped).toEqual({ bound: 'time', limit: 1000 });
    expect(r.entries.length).toBeLessThan(600);
  });

  it('lists exactly the limit without saying it stopped', async () => {
    for (let i = 0; i < 5; i++) await put(sb.root, `f${i}.ts`, 'x\n');
    const r = await listTree(sb.root, { maxEntries: 5 });
    expect(r.entries).toHaveLength(5);
    expect(r.stopped).toBeUndefined();
  });
});

describe('listTree in a git work tree', () => {
  let repo: TestRepo;
  afterEach(() => repo?.remove());

  it('asks git what it ignores: tracked files never, info/exclude too, ignored folders as one entry', async () => {
    repo = makeRepo({
      '.gitignore': '*.log\ndist/\nnode_modules/\n.env\n',
      'src/app.ts': 'a\n',
      'tracked.log': 'tracked despite *.log\n',
    });
    repo.git('add', '-f', 'tracked.log');
    repo.git('commit', '-qm', 'log');
    repo.write({
      'new.ts': 'untracked, not ignored\n',
      'debug.log': 'x\n',
      'dist/a.js': 'x\n',
      'node_modules/dep/index.js': 'x\n',
      '.env': 'TOKEN=1\n',
      'local/notes.md': 'x\n',
    });
    writeFileSync(path.join(repo.dir, '.git/info/exclude'), 'local/\n');
    const r = await listTree(repo.dir, { env: repo.env });
    expect(r.git).toBe(true);
    expect(r.entries).toEqual([
      { path: '.env', kind: 'file', size: 8, ignored: true, secret: true },
      { path: '.gitignore', kind: 'file', size: 31, ignored: false, secret: false },
      { path: 'debug.log', kind: 'file', size: 2, ignored: true, secret: false },
      { path: 'dist', kind: 'folder', size: 0, ignored: true, secret: false },
      { path: 'local', kind: 'folder', size: 0, ignored: true, secret: false },
      { path: 'new.ts', kind: 'file', size: 23, ignored: false, secret: false },
      { path: 'node_modules', kind: 'folder', size: 0, ignored: true, secret: false },
      { path: 'src/app.ts', kind: 'file', size: 2, ignored: false, secret: false },
      { path: 'tracked.log', kind: 'file', size: 22, ignored: false, secret: false },
    ]);
  });

  it('enters a folder that git names only because every file in it is ignored, listing them as ignored', async () => {
    repo = makeRepo({ '.gitignore': 'build/*\n*.tmp\n', 'a.ts': 'a\n' });
    repo.write({ 'build/out.js': 'x\n', 'build/sub/deep.js': 'x\n', 'scratch/one.tmp': 'x\n' });
    const r = await listTree(repo.dir, { env: repo.env });
    const by = new Map(r.entries.map((e) => [e.path, e]));
    expect(paths(r)).toEqual(['.gitignore', 'a.ts', 'build/out.js', 'build/sub/deep.js', 'scratch/one.tmp']);
    for (const p of ['build/out.js', 'build/sub/deep.js', 'scratch/one.tmp'])
      expect(by.get(p)?.ignored).toBe(true);
    expect(by.get('a.ts')?.ignored).toBe(false);
  });

  it('lists a sub-folder of a work tree by paths relative to it, names with quotes and spaces as they are', async () => {
    repo = makeRepo({
      '.gitignore': 'pkg/ignored.txt\n',
      'pkg/a b.ts': 'x\n',
      'pkg/"q".ts': 'x\n',
      'top.ts': 'x\n',
    });
    repo.write({ 'pkg/ignored.txt': 'x\n', 'pkg/é.ts': 'x\n' });
    const r = await listTree(path.join(repo.dir, 'pkg'), { env: repo.env });
    expect(r.git).toBe(true);
    expect(r.entries.map((e) => [e.path, e.ignored])).toEqual([
      ['"q".ts', false],
      ['a b.ts', false],
      ['ignored.txt', true],
      ['é.ts', false],
    ]);
  });

  it("reads the folder's own .gitignore files when the work tree above ignores the whole folder", async () => {
    repo = makeRepo({ '.gitignore': 'vendor/\n', 'a.ts': 'a\n' });
    repo.write({
      'vendor/proj/.gitignore': '*.log\n',
      'vendor/proj/src.ts': 'x\n',
      'vendor/proj/x.log': 'x\n',
    });
    const r = await listTree(path.join(repo.dir, 'vendor/proj'), { env: repo.env });
    expect(r.git).toBe(false);
    expect(r.entries.map((e) => [e.path, e.ignored])).toEqual([
      ['.gitignore', false],
      ['src.ts', false],
      ['x.log', true],
    ]);
  });

  it('reads the .gitignore files instead when git cannot answer', async () => {
    repo = makeRepo({ '.gitignore': '*.log\n', 'a.ts': 'a\n' });
    repo.write({ 'x.log': 'x\n' });
    const r = await listTree(repo.dir, { env: { ...repo.env, PATH: '/nonexistent' } });
    expect(r.git).toBe(false);
    expect(r.entries.map((e) => [e.path, e.ignored])).toEqual([
      ['.gitignore', false],
      ['a.ts', false],
      ['x.log', true],
    ]);
  });
});

/**
 * A file or folder the user cannot read is counted, not an error. The suite runs as root on CI, where
 * every file is readable, so the listing runs in a child process as `nobody`.
 */
describe('listTree on what it cannot read', () => {
  const asRoot = process.getuid?.() === 0;
  it('counts an unreadable file and folder as unreadable and lists the rest', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'replyapply-tree-nobody-'));
    try {
      chmodSync(base, 0o755);
      const root = path.join(base, 'proj');
      await put(root, 'ok.ts', 'ok\n');
      await put(root, 'locked.ts', 'x\n', 0o000);
      await put(root, 'closed/inner.ts', 'x\n');
      chmodSync(path.join(root, 'closed'), 0o000);
      for (const d of [root]) chmodSync(d, 0o755);
      chmodSync(path.join(root, 'ok.ts'), 0o644);
      let r: unknown;
      if (asRoot) {
        const script = path.join(base, 'list.mjs');
        await build({
          stdin: {
            contents: `import { listTree } from ${JSON.stringify(path.resolve(__dirname, 'list-tree.ts'))};
listTree(process.argv[2]).then((r) => process.stdout.write(JSON.stringify(r)));`,
            resolveDir: __dirname,
            loader: 'ts',
          },
          bundle: true,
          platform: 'node',
          format: 'esm',
          outfile: script,
          logLevel: 'silent',
          banner: {
            js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
          },
        });
        chmodSync(script, 0o644);
        const home = path.join(base, 'home');
        mkdirSync(home, { mode: 0o777 });
        chmodSync(home, 0o777);
        const out = execFileSync(process.execPath, [script, root], {
          uid: 65534,
          gid: 65534,
          env: { PATH: process.env.PATH ?? '', HOME: home, XDG_STATE_HOME: path.join(home, 'state') },
          encoding: 'utf8',
        });
        r = JSON.parse(out);
      } else {
        r = await listTree(root);
      }
      const tree = ListTreeResult.parse(r);
      expect(paths(tree)).toEqual(['ok.ts']);
      expect(tree.skipped).toEqual({ ...noneSkipped, unreadable: 2 });
    } finally {
      chmodSync(path.join(base, 'proj', 'closed'), 0o755);
      rmSync(base, { recursive: true, force: true });
    }
  }, 30_000);
});
