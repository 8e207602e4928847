/** Every protocol method through the built host process, as the extension calls them. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { buildTempHost, frames, runHost } from '../test/built-host';

let host: string;
beforeAll(async () => {
  host = (await buildTempHost()).host;
});

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function project() {
  const base = mkdtempSync(join(tmpdir(), 'ra-methods-'));
  const root = join(base, 'proj');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(join(root, 'sub', '.git'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.txt'), 'one\ntwo\n');
  return { root, env: { REPLYAPPLY_STATE_DIR: join(base, 'state'), HOME: base } };
}

async function call(env: NodeJS.ProcessEnv, ...requests: unknown[]) {
  const run = await runHost(host, frames(...requests), { env });
  expect(run.clean).toBe(true);
  return (id: number) =>
    run.frames.find((f) => (f as { id: number }).id === id && 'ok' in (f as object)) as {
      ok: boolean;
      result: never;
      error: { code: number; message: string; path?: string };
    };
}

describe('host methods', () => {
  it('readFiles → apply → history → undo round trip, byte-exact', async () => {
    const { root, env } = project();
    const r1 = await call(env, {
      id: 1,
      method: 'readFiles',
      params: { root, paths: ['src/a.txt', 'src/new.txt'] },
    });
    expect(r1(1).result).toMatchObject({
      files: [
        { path: 'src/a.txt', exists: true, text: 'one\ntwo\n', hash: sha('one\ntwo\n') },
        { path: 'src/new.txt', exists: false },
      ],
    });
    const r2 = await call(env, {
      id: 2,
      method: 'apply',
      params: {
        root,
        label: 'test',
        changes: [
          { action: 'modify', path: 'src/a.txt', baseHash: sha('one\ntwo\n'), content: 'one\n2\n' },
          { action: 'create', path: 'src/new.txt', baseHash: null, content: 'new\n' },
        ],
      },
    });
    expect(r2(2).ok).toBe(true);
    const applyId = (r2(2).result as { applyId: string }).applyId;
    expect(readFileSync(join(root, 'src', 'a.txt'), 'utf8')).toBe('one\n2\n');
    const r3 = await call(env, { id: 3, method: 'history', params: { root } });
    expect(r3(3).result).toMatchObject({ entries: [{ applyId, label: 'test', undone: false }] });
    const r4 = await call(env, { id: 4, method: 'undo', params: { root } });
    expect(r4(4).ok).toBe(true);
    expect(readFileSync(join(root, 'src', 'a.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('refuses an apply planned against content that has changed since (conflict, nothing written)', async () => {
    const { root, env } = project();
    const r = await call(env, {
      id: 1,
      method: 'apply',
      params: {
        root,
        changes: [{ action: 'modify', path: 'src/a.txt', baseHash: sha('stale\n'), content: 'x\n' }],
      },
    });
    expect(r(1).error).toMatchObject({ code: ErrorCode.Conflict, path: 'src/a.txt' });
    expect(readFileSync(join(root, 'src', 'a.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('listDir marks git repositories; runScript runs in the root and returns output and exit code', async () => {
    const { root, env } = project();
    const r = await call(
      env,
      { id: 1, method: 'listDir', params: { path: root } },
      { id: 2, method: 'runScript', params: { root, command: 'pwd; echo err >&2; exit 3' } },
      { id: 3, method: 'runScript', params: { root, command: 'sleep 5', timeoutMs: 200 } },
    );
    expect(r(1).result).toMatchObject({
      entries: [
        { name: 'src', isGitRepo: false },
        { name: 'sub', isGitRepo: true },
      ],
    });
    expect(r(2).result).toMatchObject({ exitCode: 3, timedOut: false });
    expect((r(2).result as { output: string }).output).toContain('err');
    expect(r(3).result).toMatchObject({ timedOut: true });
  });

  it('findText lists the text files that hold every needle, within its bounds; its params are checked', async () => {
    const { root, env } = project();
    writeFileSync(join(root, 'src', 'b.txt'), '  one\n');
    mkdirSync(join(root, 'node_modules'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'c.txt'), 'one\ntwo\n');
    const r = await call(
      env,
      {
        id: 1,
        method: 'findText',
        params: { root, queries: [{ needles: ['one'] }, { needles: ['one', 'two'] }] },
      },
      { id: 2, method: 'findText', params: { root, queries: [{ needles: ['one'] }], maxFiles: 1 } },
      { id: 3, method: 'findText', params: { root, queries: [] } },
      { id: 4, method: 'findText', params: { root: '/', queries: [{ needles: ['one'] }] } },
      { id: 5, method: 'hello' },
    );
    expect(r(1).result).toEqual({
      root,
      queries: [
        { paths: ['src/a.txt', 'src/b.txt'], matched: 2 },
        { paths: ['src/a.txt'], matched: 1 },
      ],
      files: 2,
    });
    expect(r(2).result).toMatchObject({ files: 1, stopped: { bound: 'files', limit: 1 } });
    expect(r(3).error).toMatchObject({ code: ErrorCode.InvalidParams });
    expect(r(4).error).toMatchObject({ code: ErrorCode.RootRefused });
    expect((r(5).result as { capabilities: string[] }).capabilities).toContain('findText');
  });

  it('listTree lists the project for the chat, flags secrets, leaves binaries and links out; its params are checked', async () => {
    const { root, env } = project();
    writeFileSync(join(root, '.env'), 'TOKEN=1\n');
    writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0, 0]));
    mkdirSync(join(root, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'dep', 'i.js'), 'x\n');
    const r = await call(
      env,
      { id: 1, method: 'listTree', params: { root } },
      { id: 2, method: 'listTree', params: { root, maxEntries: 1 } },
      { id: 3, method: 'listTree', params: { root, maxEntries: 0 } },
      { id: 4, method: 'listTree', params: { root: '/' } },
      { id: 5, method: 'hello' },
    );
    expect(r(1).result).toEqual({
      root,
      git: false,
      entries: [
        { path: '.env', kind: 'file', size: 8, ignored: false, secret: true },
        { path: 'node_modules', kind: 'folder', size: 0, ignored: true, secret: false },
        { path: 'src/a.txt', kind: 'file', size: 8, ignored: false, secret: false },
      ],
      skipped: { binary: 1, links: 0, special: 0, unreadable: 0, unsafeNames: 0 },
    });
    expect(r(2).result).toMatchObject({
      entries: [{ path: '.env' }],
      stopped: { bound: 'entries', limit: 1 },
    });
    expect(r(3).error).toMatchObject({ code: ErrorCode.InvalidParams });
    expect(r(4).error).toMatchObject({ code: ErrorCode.RootRefused });
    expect((r(5).result as { capabilities: string[] }).capabilities).toContain('listTree');
  });

  it('refuses a hostile path with UnsafePath and names it', async () => {
    const { root, env } = project();
    const r = await call(env, {
      id: 1,
      method: 'apply',
      params: { root, changes: [{ action: 'create', path: '../evil.txt', baseHash: null, content: 'x' }] },
    });
    expect(r(1).error).toMatchObject({ code: ErrorCode.UnsafePath });
  });
});
