import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitState } from './git-state';
import { isolatedGitEnv, makeRepo, type TestRepo } from './test-repo';
import { hasGitAbove } from './work-tree';

const repos: TestRepo[] = [];
const cleanups: string[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
  for (const d of cleanups.splice(0)) rmSync(d, { recursive: true, force: true });
});
function repo(...args: Parameters<typeof makeRepo>): TestRepo {
  const r = makeRepo(...args);
  repos.push(r);
  return r;
}

const FILES = {
  '.gitignore': 'node_modules/\n.env\n*.log\n',
  'src/clean.ts': 'clean\n',
  'src/changed.ts': 'one\n',
  'src/staged.ts': 'one\n',
  'tracked.log': 'tracked although *.log is ignored\n',
};

describe('gitState', () => {
  it('tells modified (staged or not), untracked and ignored files apart, and leaves the rest out', async () => {
    const r = repo(FILES);
    r.git('add', '-f', 'tracked.log');
    r.git('commit', '-q', '-m', 'track a log');
    r.write({ 'src/changed.ts': 'two\n', 'src/staged.ts': 'two\n', 'src/new.ts': 'n\n', '.env': 'X=1\n' });
    r.git('add', 'src/staged.ts');
    const paths = [
      'src/clean.ts',
      'src/changed.ts',
      'src/staged.ts',
      'src/new.ts',
      '.env',
      'node_modules/pkg/index.js',
      'tracked.log',
      'src/to-create.ts',
    ];
    const s = await gitState(r.dir, paths, { env: r.env });
    expect(s).toEqual({
      repo: true,
      branch: 'main',
      files: [
        { path: 'src/changed.ts', state: 'modified' },
        { path: 'src/staged.ts', state: 'modified' },
        { path: 'src/new.ts', state: 'untracked' },
        { path: '.env', state: 'ignored' },
        // Ignored also before it exists: a reply writing into node_modules/ is likely confused.
        { path: 'node_modules/pkg/index.js', state: 'ignored' },
      ],
    });
  });

  it('a name that reads as pathspec magic (`:!x`) takes nothing from the others: .env is still ignored', async () => {
    const r = repo(FILES);
    const s = await gitState(r.dir, [':!x.ts', ':(glob)*.ts', '.env', 'src/clean.ts'], { env: r.env });
    expect(s).toEqual({ repo: true, branch: 'main', files: [{ path: '.env', state: 'ignored' }] });
  });

  it('asks git only about the given paths', async () => {
    const r = repo(FILES);
    r.write({ 'src/changed.ts': 'two\n', 'other.ts': 'untracked\n' });
    const s = await gitState(r.dir, ['src/clean.ts'], { env: r.env });
    expect(s).toEqual({ repo: true, branch: 'main', files: [] });
  });

  it('maps paths when the project folder is a subfolder of the work tree', async () => {
    const r = repo({ 'web/app.ts': 'a\n', 'web/.gitignore': 'dist/\n', 'top.ts': 't\n' });
    r.write({ 'web/app.ts': 'b\n', 'web/new.ts': 'n\n', 'top.ts': 'changed\n' });
    const s = await gitState(join(r.dir, 'web'), ['app.ts', 'new.ts', 'dist/x.js', 'top.ts'], {
      env: r.env,
    });
    expect(s).toEqual({
      repo: true,
      branch: 'main',
      files: [
        { path: 'app.ts', state: 'modified' },
        { path: 'new.ts', state: 'untracked' },
        { path: 'dist/x.js', state: 'ignored' },
      ],
    });
  });

  it('a renamed file in the index is modified under both names, and names with spaces survive', async () => {
    const r = repo({ 'old name.ts': 'x\n' });
    r.git('mv', 'old name.ts', 'new name.ts');
    const s = await gitState(r.dir, ['old name.ts', 'new name.ts'], { env: r.env });
    expect(s.repo && s.files).toEqual([
      { path: 'old name.ts', state: 'modified' },
      { path: 'new name.ts', state: 'modified' },
    ]);
  });

  it('says when git does not know who would commit', async () => {
    const r = repo({ 'a.ts': 'a\n' }, { identity: false });
    const s = await gitState(r.dir, ['a.ts'], { env: r.env });
    expect(s.repo && s.cannotCommit).toMatch(/^git does not know who you are\. Set your name and email/);
  });

  it('a folder that is not in a work tree: no git info, without starting git', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replyapply-nogit-'));
    cleanups.push(dir);
    writeFileSync(join(dir, 'a.ts'), 'a\n');
    expect(hasGitAbove(dir)).toBe(false);
    // With no git on the PATH at all, the answer is the same: nothing was started.
    expect(await gitState(dir, ['a.ts'], { env: { PATH: '/nonexistent' } })).toEqual({ repo: false });
  });

  it('no git on the PATH: no git info, no error', async () => {
    const r = repo(FILES);
    r.write({ 'src/changed.ts': 'two\n' });
    expect(await gitState(r.dir, ['src/changed.ts'], { env: { ...r.env, PATH: '/nonexistent' } })).toEqual({
      repo: false,
    });
  });

  it('a repository git refuses as of dubious ownership: no git info', async () => {
    if (process.getuid?.() !== 0) return; // only root can give the folder to someone else
    const r = repo(FILES);
    r.write({ 'src/changed.ts': 'two\n' });
    chownSync(r.dir, 4321, 4321);
    expect(await gitState(r.dir, ['src/changed.ts'], { env: r.env })).toEqual({ repo: false });
  });

  it('a .git that is not a repository: no git info', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replyapply-fakegit-'));
    cleanups.push(dir);
    mkdirSync(join(dir, '.git'));
    expect(await gitState(dir, ['a.ts'], { env: isolatedGitEnv(dir) })).toEqual({ repo: false });
  });

  it('a git that does not answer in time: no git info', async () => {
    const r = repo(FILES);
    // A "git" that hangs: first on the PATH, it sleeps far longer than the timeout.
    const bin = mkdtempSync(join(tmpdir(), 'replyapply-slowgit-'));
    cleanups.push(bin);
    writeFileSync(join(bin, 'git'), '#!/bin/sh\nsleep 30\n', { mode: 0o755 });
    const started = Date.now();
    const s = await gitState(r.dir, ['src/clean.ts'], {
      env: { ...r.env, PATH: `${bin}:${process.env.PATH}` },
      timeoutMs: 300,
    });
    expect(s).toEqual({ repo: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('paths the host would refuse never reach git', async () => {
    const r = repo(FILES);
    const s = await gitState(r.dir, ['../outside.ts', '/etc/passwd', '.git/config', 'src/clean.ts'], {
      env: r.env,
    });
    expect(s).toEqual({ repo: true, branch: 'main', files: [] });
  });
});
