import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { sha256 } from '../fs/file-bytes';
import { apply } from '../fs/transaction';
import { history } from '../fs/undo';
import { applyAndCommit } from './apply-commit';
import { makeRepo, type TestRepo } from './test-repo';
import { undoCommitted } from './undo-committed';

let r: TestRepo;
let state = '';
beforeEach(() => {
  state = mkdtempSync(join(tmpdir(), 'replyapply-git-state-'));
  r = makeRepo({ 'a.ts': 'a\n', 'b.ts': 'b\n' });
});
afterEach(() => {
  r.remove();
  rmSync(state, { recursive: true, force: true });
});

const read = (p: string) => readFileSync(join(r.dir, p), 'utf8');
const hashOf = (p: string) => sha256(readFileSync(join(r.dir, p)));

async function committedApply(): Promise<string> {
  const out = await applyAndCommit(
    r.dir,
    [
      { action: 'modify', path: 'a.ts', baseHash: hashOf('a.ts'), content: 'A\n' },
      { action: 'create', path: 'c.ts', baseHash: null, content: 'c\n' },
    ],
    { state, commit: { message: 'replyapply: Shout', paths: ['a.ts', 'c.ts'] }, git: { env: r.env } },
  );
  if (!out.commit?.ok) throw new Error('not committed');
  return out.commit.hash;
}

describe('undoCommitted', () => {
  it('the commit is HEAD: the files are put back and a revert commit records it', async () => {
    const hash = await committedApply();
    const out = await undoCommitted(r.dir, undefined, { state, git: { env: r.env } });
    expect(read('a.ts')).toBe('a\n');
    expect(() => read('c.ts')).toThrow();
    expect(out.commit).toMatchObject({ ok: true, paths: ['a.ts', 'c.ts'] });
    expect(r.git('log', '-1', '--format=%B').trim()).toBe(
      `Revert "replyapply: Shout"\n\nThis reverts commit ${hash}.`,
    );
    expect(r.git('rev-parse', 'HEAD~1').trim()).toBe(hash);
    // The tree is the one before the apply, and nothing is left uncommitted.
    expect(r.git('diff', '--stat', 'HEAD~2', 'HEAD').trim()).toBe('');
    expect(r.git('status', '--porcelain').trim()).toBe('');
    expect((await history(r.dir, 1, { state }))[0]).toMatchObject({ undone: true, commit: hash });
  });

  it('the commit is no longer HEAD: refused, nothing undone, and says to git revert it', async () => {
    const hash = await committedApply();
    writeFileSync(join(r.dir, 'b.ts'), 'later\n');
    r.git('commit', '-q', '-am', 'later work');
    const err = await undoCommitted(r.dir, undefined, { state, git: { env: r.env } }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: ErrorCode.Git });
    expect((err as Error).message).toContain(`was committed as ${hash.slice(0, 12)}`);
    expect((err as Error).message).toContain('no longer the last commit');
    expect((err as Error).message).toContain(`git revert ${hash}`);
    expect(read('a.ts')).toBe('A\n');
    expect(read('c.ts')).toBe('c\n');
    expect((await history(r.dir, 1, { state }))[0]?.undone).toBe(false);
  });

  it('an apply that was not committed is undone as ever, with no commit', async () => {
    await apply(r.dir, [{ action: 'modify', path: 'a.ts', baseHash: hashOf('a.ts'), content: 'A\n' }], {
      state,
    });
    const head = r.git('rev-parse', 'HEAD').trim();
    const out = await undoCommitted(r.dir, undefined, { state, git: { env: r.env } });
    expect(out.commit).toBeUndefined();
    expect(read('a.ts')).toBe('a\n');
    expect(r.git('rev-parse', 'HEAD').trim()).toBe(head);
  });
});
