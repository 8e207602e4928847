/** The git methods through the built host process, as the extension calls them, in a real repository. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { buildTempHost, frames, runHost } from '../test/built-host';
import { makeRepo, type TestRepo } from './test-repo';

let host: string;
beforeAll(async () => {
  host = (await buildTempHost()).host;
}, 60_000);

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
let r: TestRepo;
let state = '';
afterEach(() => {
  r.remove();
  rmSync(state, { recursive: true, force: true });
});

async function call(method: string, params: unknown) {
  const run = await runHost(host, frames({ id: 1, method, params }), {
    env: { ...r.env, REPLYAPPLY_STATE_DIR: state },
  });
  expect(run.clean).toBe(true);
  return run.frames.find((f) => 'ok' in (f as object)) as {
    ok: boolean;
    result: Record<string, unknown>;
    error: { code: number; message: string };
  };
}

describe('host: git', () => {
  it('gitState, apply with commit, history, and undo with a revert commit', async () => {
    r = makeRepo({ '.gitignore': '.env\n', 'a.txt': 'one\n', 'b.txt': 'b\n' });
    state = mkdtempSync(join(tmpdir(), 'replyapply-host-git-'));
    r.write({ 'b.txt': 'uncommitted\n' });
    const s = await call('gitState', { root: r.dir, paths: ['a.txt', 'b.txt', '.env'] });
    expect(s.result).toEqual({
      repo: true,
      branch: 'main',
      files: [
        { path: 'b.txt', state: 'modified' },
        { path: '.env', state: 'ignored' },
      ],
    });
    const a = await call('apply', {
      root: r.dir,
      changes: [
        { action: 'modify', path: 'a.txt', baseHash: sha('one\n'), content: 'two\n' },
        { action: 'modify', path: 'b.txt', baseHash: sha('uncommitted\n'), content: 'B\n' },
      ],
      commit: { message: 'replyapply: Two', paths: ['a.txt'] },
    });
    expect(a.ok).toBe(true);
    expect(a.result.commit).toMatchObject({ ok: true, paths: ['a.txt'], message: 'replyapply: Two' });
    const hash = (a.result.commit as { hash: string }).hash;
    expect(r.git('log', '-1', '--format=%H %s').trim()).toBe(`${hash} replyapply: Two`);
    // b.txt was written, not committed.
    expect(r.git('status', '--porcelain').trim()).toBe('M b.txt');
    const h = await call('history', { root: r.dir });
    expect((h.result.entries as Array<{ commit?: string }>)[0]?.commit).toBe(hash);
    const u = await call('undo', { root: r.dir });
    expect(u.ok).toBe(true);
    expect(u.result.commit).toMatchObject({ ok: true, paths: ['a.txt'] });
    expect(readFileSync(join(r.dir, 'a.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(join(r.dir, 'b.txt'), 'utf8')).toBe('uncommitted\n');
    expect(r.git('log', '-1', '--format=%s').trim()).toBe('Revert "replyapply: Two"');
  });

  it('a folder outside any work tree: gitState says no repo, and apply with commit writes nothing', async () => {
    r = makeRepo();
    state = mkdtempSync(join(tmpdir(), 'replyapply-host-git-'));
    // Beside the repository, not in it (nor in the state folder, which is never a project).
    const plain = join(r.dir, '..', 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'a.txt'), 'one\n');
    expect((await call('gitState', { root: plain, paths: ['a.txt'] })).result).toEqual({ repo: false });
    const a = await call('apply', {
      root: plain,
      changes: [{ action: 'modify', path: 'a.txt', baseHash: sha('one\n'), content: 'two\n' }],
      commit: { message: 'm', paths: ['a.txt'] },
    });
    expect(a.error.code).toBe(ErrorCode.Git);
    expect(readFileSync(join(plain, 'a.txt'), 'utf8')).toBe('one\n');
  });
});
