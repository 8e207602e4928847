import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from '../fs/failure';
import { BROWSER_MAX_MESSAGE, FrameReader } from './framing';
import { silentLogger } from './log';
import { type Handlers, HostServer } from './server';

function harness(handlers: Handlers) {
  const out: unknown[] = [];
  const sizes: number[] = [];
  const reader = new FrameReader(
    (m) => out.push(m),
    () => {
      throw new Error('bad frame');
    },
  );
  const server = new HostServer(
    handlers,
    (buf) => {
      sizes.push(buf.length);
      reader.push(buf);
    },
    silentLogger,
  );
  return { server, out, sizes };
}

describe('HostServer', () => {
  it('pages an answer larger than the browser accepts, each page under 1 MiB', async () => {
    // A text made of characters that grow when escaped or encoded: quotes, control chars, 3-byte UTF-8, emoji.
    const text = `${'"\\\u0001€😀abc\n'.repeat(300_000)}end`;
    const { server, out, sizes } = harness({
      readFiles: async () => ({
        root: '/p',
        files: [{ path: 'a', exists: true, text, hash: 'h', size: 1, mode: 0 }],
      }),
    });
    await server.handle({ id: 5, method: 'readFiles', params: { root: '/p', paths: ['a'] } });
    expect(sizes.length).toBeGreaterThan(3);
    for (const s of sizes) expect(s).toBeLessThanOrEqual(BROWSER_MAX_MESSAGE);
    const pages = out as Array<{ id: number; page: { index: number; count: number; chunk: string } }>;
    expect(pages.every((p) => p.id === 5 && p.page.count === pages.length)).toBe(true);
    const whole = JSON.parse(pages.map((p) => p.page.chunk).join(''));
    expect(whole.ok).toBe(true);
    expect(whole.result.files[0].text).toBe(text);
  });

  it('sends progress before the answer', async () => {
    const { server, out } = harness({
      hello: async (_p, ctx) => {
        ctx.progress({ step: 1 });
        return { version: '1.0.0', protocol: 1, capabilities: [] };
      },
    });
    await server.handle({ id: 'a', method: 'hello' });
    expect(out).toEqual([
      { id: 'a', progress: { step: 1 } },
      { id: 'a', ok: true, result: { version: '1.0.0', protocol: 1, capabilities: [] } },
    ]);
  });

  it('turns failures into coded errors, and unexpected exceptions into Internal', async () => {
    const { server, out } = harness({
      readFiles: async () => {
        throw new HostFailure(ErrorCode.UnsafePath, 'outside the folder', '../x');
      },
      listDir: async () => {
        throw new TypeError('boom');
      },
    });
    await server.handle({ id: 1, method: 'readFiles', params: { root: '/p', paths: ['../x'] } });
    await server.handle({ id: 2, method: 'listDir', params: {} });
    expect(out[0]).toEqual({
      id: 1,
      ok: false,
      error: { code: ErrorCode.UnsafePath, message: 'outside the folder', path: '../x' },
    });
    expect(out[1]).toMatchObject({ id: 2, ok: false, error: { code: ErrorCode.Internal } });
  });

  it('does not treat inherited object keys as methods', async () => {
    const { server, out } = harness({});
    await server.handle({ id: 1, method: 'constructor' });
    await server.handle({ id: 2, method: '__proto__' });
    expect(out).toMatchObject([
      { id: 1, ok: false, error: { code: ErrorCode.UnknownMethod } },
      { id: 2, ok: false, error: { code: ErrorCode.UnknownMethod } },
    ]);
  });
});
