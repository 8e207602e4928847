/**
 * The extension's end of the host port: answers matched by id, pages joined (a 20 MiB file arrives in
 * pieces under the browser's 1 MiB limit), progress forwarded, timeouts, and every pending call
 * rejected when the host goes away, with a reconnect on the next call.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_MAX_MESSAGE } from '../../native-host/host/framing';
import { silentLogger } from '../../native-host/host/log';
import { type Handlers, HostServer } from '../../native-host/host/server';
import { HOST_TIMEOUT, HOST_UNREACHABLE, type HostCallError, HostClient } from './host-client';

type Listener = (m: unknown) => void;

/** A fake native port wired to a real HostServer: what the server writes is delivered as messages. */
function fakeHost(handlers: Handlers) {
  const ports: Array<{ disconnect(): void; sizes: number[] }> = [];
  const connect = vi.fn(() => {
    const onMessage: Listener[] = [];
    const onDisconnect: Array<() => void> = [];
    const sizes: number[] = [];
    const server = new HostServer(
      handlers,
      (frame) => {
        sizes.push(frame.length - 4);
        const message = JSON.parse(frame.subarray(4).toString('utf8'));
        queueMicrotask(() => {
          for (const l of onMessage) l(message);
        });
      },
      silentLogger,
    );
    const port = {
      postMessage: (m: unknown) => void server.handle(m),
      onMessage: { addListener: (l: Listener) => onMessage.push(l) },
      onDisconnect: { addListener: (l: () => void) => onDisconnect.push(l) },
      disconnect: () => undefined,
    };
    ports.push({
      sizes,
      disconnect: () => {
        for (const l of onDisconnect) l();
      },
    });
    return port as unknown as chrome.runtime.Port;
  });
  return { connect, ports };
}

beforeEach(() => {
  (globalThis as { chrome?: unknown }).chrome = { runtime: { lastError: undefined } };
});
afterEach(() => {
  vi.useRealTimers();
});

describe('HostClient', () => {
  it('joins a paged 20 MiB readFiles answer, every page under the browser limit', async () => {
    const text = 'export const x = "é€😀";\n'.repeat(880_000);
    expect(text.length).toBeGreaterThan(20 * 1024 * 1024);
    const { connect, ports } = fakeHost({
      readFiles: async () => ({
        root: '/p',
        files: [{ path: 'big.ts', exists: true, text, hash: 'a'.repeat(64), size: text.length, mode: 420 }],
      }),
    });
    const client = new HostClient(connect);
    const r = await client.call('readFiles', { root: '/p', paths: ['big.ts'] });
    const file = r.files[0]!;
    expect(file.exists === true && file.text === text).toBe(true);
    expect(ports[0]!.sizes.length).toBeGreaterThan(20);
    for (const s of ports[0]!.sizes) expect(s).toBeLessThanOrEqual(BROWSER_MAX_MESSAGE);
  });

  it('forwards progress and matches answers to their calls by id', async () => {
    const { connect } = fakeHost({
      hello: async (_p, ctx) => {
        ctx.progress({ step: 'a' });
        return { version: '9.9.9', protocol: 1, capabilities: [] };
      },
      history: async (p) => ({ root: (p as { root: string }).root, entries: [] }),
    });
    const client = new HostClient(connect);
    const progress: unknown[] = [];
    const [hello, history] = await Promise.all([
      client.call('hello', undefined, { onProgress: (d) => progress.push(d) }),
      client.call('history', { root: '/r' }),
    ]);
    expect(hello.version).toBe('9.9.9');
    expect(history.root).toBe('/r');
    expect(progress).toEqual([{ step: 'a' }]);
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('turns an error answer into a HostCallError with code and path', async () => {
    const { connect } = fakeHost({});
    const client = new HostClient(connect);
    await expect(client.call('undo', { root: '/r' })).rejects.toMatchObject({ code: 2 });
  });

  it('times out a call the host never answers', async () => {
    vi.useFakeTimers();
    const { connect } = fakeHost({ listDir: () => new Promise(() => undefined) });
    const client = new HostClient(connect);
    const p = client.call('listDir', {}, { timeoutMs: 50 });
    const check = expect(p).rejects.toMatchObject({ code: HOST_TIMEOUT });
    await vi.advanceTimersByTimeAsync(60);
    await check;
  });

  it('warmUp starts the host once; the next calls use that same port', async () => {
    const { connect } = fakeHost({
      hello: async () => ({ version: '1.0.0', protocol: 1, capabilities: [] }),
    });
    const client = new HostClient(connect);
    client.warmUp();
    client.warmUp();
    expect(connect).toHaveBeenCalledTimes(1);
    await expect(client.call('hello', undefined)).resolves.toMatchObject({ version: '1.0.0' });
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('rejects pending calls when the host disconnects, and reconnects on the next call', async () => {
    const { connect, ports } = fakeHost({
      listDir: () => new Promise(() => undefined),
      hello: async () => ({ version: '1.0.0', protocol: 1, capabilities: [] }),
    });
    const client = new HostClient(connect);
    const pending = client.call('listDir', {});
    (globalThis as { chrome: { runtime: { lastError?: { message: string } } } }).chrome.runtime.lastError = {
      message: 'Native host has exited.',
    };
    ports[0]!.disconnect();
    const err = (await pending.catch((e) => e)) as HostCallError;
    expect(err.code).toBe(HOST_UNREACHABLE);
    expect(err.message).toBe('Native host has exited.');
    await expect(client.call('hello', undefined)).resolves.toMatchObject({ version: '1.0.0' });
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
