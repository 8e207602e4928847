/** The built host as a browser sees it: nothing but frames on stdout, whatever it is sent. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { buildTempHost, frames, runHost } from '../test/built-host';

let host: string;
const stateDir = mkdtempSync(join(tmpdir(), 'replyapply-state-'));
const env = { REPLYAPPLY_STATE_DIR: stateDir };

beforeAll(async () => {
  host = (await buildTempHost()).host;
});

describe('the built host process', () => {
  it('answers hello with version, protocol and capabilities, and writes only frames', async () => {
    const run = await runHost(host, frames({ id: 1, method: 'hello' }), { env });
    expect(run.clean).toBe(true);
    expect(run.code).toBe(0);
    expect(run.frames).toEqual([
      {
        id: 1,
        ok: true,
        result: {
          version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
          protocol: 1,
          capabilities: expect.arrayContaining(['hello']),
        },
      },
    ]);
  });

  it('answers bad input with errors and keeps serving the next frame', async () => {
    const badJson = Buffer.from('{nope');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(badJson.length);
    const input = Buffer.concat([
      frames({ id: 1, method: 'nope' }, { id: 2, method: 'hello', params: { extra: true } }, 'just a string'),
      head,
      badJson,
      frames({ id: 3, method: 'hello' }),
    ]);
    const run = await runHost(host, input, { env });
    expect(run.clean).toBe(true);
    const byId = (id: unknown) =>
      run.frames.find((f) => (f as { id: unknown }).id === id) as { ok: boolean; error?: { code: number } };
    expect(byId(1).error?.code).toBe(ErrorCode.UnknownMethod);
    expect(byId(2).error?.code).toBe(ErrorCode.InvalidParams);
    expect(byId(3).ok).toBe(true);
    const nulls = run.frames.filter((f) => (f as { id: unknown }).id === null) as Array<{
      error: { code: number };
    }>;
    expect(nulls.map((f) => f.error.code)).toEqual([ErrorCode.InvalidRequest, ErrorCode.InvalidRequest]);
  });

  it('refuses a caller that is not the extension, writing nothing on stdout', async () => {
    const run = await runHost(host, frames({ id: 1, method: 'hello' }), {
      env,
      args: ['chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/'],
    });
    expect(run.code).toBe(1);
    expect(run.stdout.length).toBe(0);
    expect(run.stderr).toContain('refused caller');
    const none = await runHost(host, frames({ id: 1, method: 'hello' }), { env, args: [] });
    expect(none.code).toBe(1);
    expect(none.stdout.length).toBe(0);
  });

  it('starts without the protocol, the handlers or zod: they are in host-server.mjs, imported later', () => {
    const start = readFileSync(host, 'utf8');
    for (const heavy of ['shared/protocol/protocol.ts', 'native-host/host/handlers.ts', 'node_modules/zod'])
      expect(start).not.toContain(heavy);
    expect(start).toContain('import("./host-server.mjs")');
    expect(readFileSync(join(dirname(host), 'host-server.mjs'), 'utf8')).toContain(
      'shared/protocol/protocol.ts',
    );
  });

  it('logs to a file under the state folder', async () => {
    await runHost(host, frames({ id: 7, method: 'hello' }), { env });
    expect(readFileSync(join(stateDir, 'host.log'), 'utf8')).toMatch(/hello #7 ok/);
  });
});
