import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileChange } from '../../shared/protocol/protocol';
import { ErrorCode } from '../../shared/protocol/protocol';
import { sha256 } from '../fs/file-bytes';
import { history } from '../fs/undo';
import { applyAndCommit } from './apply-commit';
import { makeRepo, type TestRepo } from './test-repo';

let r: TestRepo;
let state = '';
beforeEach(() => {
  state = mkdtempSync(join(tmpdir(), 'replyapply-git-state-'));
});
afterEach(() => {
  r?.remove();
  rmSync(state, { recursive: true, force: true });
});

const hashOf = (p: string) => sha256(readFileSync(join(r.dir, p)));
const modify = (p: string, content: string): FileChange => ({
  action: 'modify',
  path: p,
  baseHash: hashOf(p),
  content,
});
const committedFiles = (rev = 'HEAD') =>
  r.git('show', '--name-status', '--format=', rev).trim().split('\n').filter(Boolean);

describe('applyAndCommit', () => {
  it('commits exactly the written files, with the message, as the configured author', async () => {
    r = makeRepo({ 'a.ts': 'a\n', 'b.ts': 'b\n' });
    const out = await applyAndCommit(
      r.dir,
      [modify('a.ts', 'A\n'), { action: 'create', path: 'src/new.ts', baseHash: null, content: 'n\n' }],
      {
        state,
        commit: { message: 'replyapply: Add a file', paths: ['a.ts', 'src/new.ts'] },
        git: { env: r.env },
      },
    );
    expect(out.commit).toMatchObject({ ok: true, paths: ['a.ts', 'src/new.ts'] });
    const hash = out.commit?.ok ? out.commit.hash : '';
    expect(r.git('rev-parse', 'HEAD').trim()).toBe(hash);
    expect(r.git('log', '-1', '--format=%an <%ae>|%s').trim()).toBe(
      'Ada Test <ada@example.com>|replyapply: Add a file',
    );
    expect(committedFiles()).toEqual(['M\ta.ts', 'A\tsrc/new.ts']);
    expect(r.git('status', '--porcelain').trim()).toBe('');
    // The journal knows the commit, so undo can revert it.
    expect((await history(r.dir, 1, { state }))[0]?.commit).toBe(hash);
  });

  it('runs no hook: pre-commit, commit-msg and post-commit hooks that write a marker leave none', async () => {
    r = makeRepo({ 'a.ts': 'a\n' });
    const marker = join(r.dir, '..', 'hook-ran');
    for (const hook of ['pre-commit', 'commit-msg', 'post-commit'])
      writeFileSync(join(r.dir, '.git/hooks', hook), `#!/bin/sh\necho ${hook} >> '${marker}'\n`, {
        mode: 0o755,
      });
    // The hooks work: git's own commit runs them.
    r.git('commit', '-q', '--allow-empty', '-m', 'by hand');
    expect(readFileSync(marker, 'utf8')).toBe('pre-commit\ncommit-msg\npost-commit\n');
    rmSync(marker);
    const out = await applyAndCommit(r.dir, [modify('a.ts', 'A\n')], {
      state,
      commit: { message: 'replyapply: x', paths: ['a.ts'] },
      git: { env: r.env },
    });
    expect(out.commit?.ok).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it('leaves what the user staged before staged and out of the commit', async () => {
    r = makeRepo({ 'a.ts': 'a\n', 'mine.ts': 'mine\n' });
    r.write({ 'mine.ts': 'my staged work\n', 'other.ts': 'new and staged\n' });
    r.git('add', 'mine.ts', 'other.ts');
    const out = await applyAndCommit(r.dir, [modify('a.ts', 'A\n')], {
      state,
      commit: { message: 'replyapply: x', paths: ['a.ts'] },
      git: { env: r.env },
    });
    expect(out.commit?.ok).toBe(true);
    expect(committedFiles()).toEqual(['M\ta.ts']);
    expect(r.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
      'A  other.ts',
      'M  mine.ts',
    ]);
  });

  it('commits a deletion and a rename', async () => {
    r = makeRepo({ 'gone.ts': 'g\n', 'old.ts': 'same content for rename detection\n' });
    const out = await applyAndCommit(
      r.dir,
      [
        { action: 'delete', path: 'gone.ts', baseHash: hashOf('gone.ts') },
        {
          action: 'rename',
          from: 'old.ts',
          path: 'lib/new.ts',
          baseHash: hashOf('old.ts'),
          content: 'same content for rename detection\n',
        },
      ],
      {
        state,
        commit: { message: 'replyapply: move', paths: ['gone.ts', 'old.ts', 'lib/new.ts'] },
        git: { env: r.env },
      },
    );
    expect(out.commit?.ok).toBe(true);
    expect(r.git('show', '-M', '--name-status', '--format=', 'HEAD').trim().split('\n')).toEqual([
      'D\tgone.ts',
      'R100\told.ts\tlib/new.ts',
    ]);
    expect(r.git('status', '--porcelain').trim()).toBe('');
  });

  it('in a subfolder of the work tree, commits the subfolder paths', async () => {
    r = makeRepo({ 'web/a.ts': 'a\n', 'top.ts': 't\n' });
    const web = join(r.dir, 'web');
    const before = readFileSync(join(web, 'a.ts'));
    const out = await applyAndCommit(
      web,
      [{ action: 'modify', path: 'a.ts', baseHash: sha256(before), content: 'A\n' }],
      { state, commit: { message: 'replyapply: sub', paths: ['a.ts'] }, git: { env: r.env } },
    );
    expect(out.commit?.ok).toBe(true);
    expect(committedFiles()).toEqual(['M\tweb/a.ts']);
  });

  it('no identity: refused before anything is written, with how to set one', async () => {
    r = makeRepo({ 'a.ts': 'a\n' }, { identity: false });
    const err = await applyAndCommit(r.dir, [modify('a.ts', 'A\n')], {
      state,
      commit: { message: 'replyapply: x', paths: ['a.ts'] },
      git: { env: r.env },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: ErrorCode.Git });
    expect((err as Error).message).toMatch(
      /^The files cannot be committed: git does not know who you are\. Set your name and email .*git config user\.name .*Nothing was written\.$/,
    );
    expect(readFileSync(join(r.dir, 'a.ts'), 'utf8')).toBe('a\n');
  });

  it('not a work tree: refused before anything is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replyapply-nogit-'));
    writeFileSync(join(dir, 'a.ts'), 'a\n');
    const err = await applyAndCommit(
      dir,
      [{ action: 'modify', path: 'a.ts', baseHash: sha256(Buffer.from('a\n')), content: 'A\n' }],
      { state, commit: { message: 'm', paths: ['a.ts'] } },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: ErrorCode.Git });
    expect((err as Error).message).toContain('not in a git work tree');
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe('a\n');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses commit paths the apply does not write', async () => {
    r = makeRepo({ 'a.ts': 'a\n', 'b.ts': 'b\n' });
    await expect(
      applyAndCommit(r.dir, [modify('a.ts', 'A\n')], {
        state,
        commit: { message: 'm', paths: ['a.ts', 'b.ts'] },
        git: { env: r.env },
      }),
    ).rejects.toMatchObject({ code: ErrorCode.InvalidParams, path: 'b.ts' });
    expect(readFileSync(join(r.dir, 'a.ts'), 'utf8')).toBe('a\n');
  });

  it('an ignored new file is written but left out of the commit, and named', async () => {
    r = makeRepo({ '.gitignore': '.env\n', 'a.ts': 'a\n' });
    const out = await applyAndCommit(
      r.dir,
      [modify('a.ts', 'A\n'), { action: 'create', path: '.env', baseHash: null, content: 'X=1\n' }],
      { state, commit: { message: 'm', paths: ['a.ts', '.env'] }, git: { env: r.env } },
    );
    expect(out.commit).toMatchObject({ ok: true, paths: ['a.ts'], left: ['.env'] });
    expect(committedFiles()).toEqual(['M\ta.ts']);
  });
});
