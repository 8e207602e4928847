/**
 * The one port to the native host: request ids, timeouts, paged answers joined, progress forwarded,
 * and every pending call rejected when the host goes away. The next call reconnects.
 */
import {
  HOST_NAME,
  type HostError,
  METHODS,
  type Method,
  type ParamsOf,
  type ResultOf,
} from '../../shared/protocol/protocol';

export class HostCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

/** Code used locally when the host cannot be reached at all (not a protocol code). */
export const HOST_UNREACHABLE = -1;
export const HOST_TIMEOUT = -2;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
  pages: string[];
  onProgress?: (data: Record<string, unknown>) => void;
}

type Connect = (name: string) => chrome.runtime.Port;

export class HostClient {
  private port: chrome.runtime.Port | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  lastDisconnect: string | undefined;

  constructor(private readonly connect: Connect = (n) => chrome.runtime.connectNative(n)) {}

  call<M extends Method>(
    method: M,
    params: ParamsOf<M>,
    opts: { timeoutMs?: number; onProgress?: (d: Record<string, unknown>) => void } = {},
  ): Promise<ResultOf<M>> {
    const port = this.ensurePort();
    const id = this.nextId++;
    return new Promise<ResultOf<M>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new HostCallError(
            HOST_TIMEOUT,
            `The host did not answer ${method} within ${opts.timeoutMs ?? 30_000} ms.`,
          ),
        );
      }, opts.timeoutMs ?? 30_000);
      this.pending.set(id, {
        resolve: (v) => {
          const parsed = METHODS[method].result.safeParse(v);
          if (parsed.success) resolve(parsed.data as ResultOf<M>);
          else reject(new HostCallError(HOST_UNREACHABLE, `The host's answer to ${method} was malformed.`));
        },
        reject,
        timer,
        pages: [],
        onProgress: opts.onProgress,
      });
      try {
        port.postMessage({ id, method, params });
      } catch (err) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new HostCallError(HOST_UNREACHABLE, `Cannot reach the host: ${(err as Error).message}`));
      }
    });
  }

  /**
   * Start the host now, without asking it anything: a review is about to open, and starting a Node
   * process (about 0.1 s) then overlaps the panel's own loading instead of following it. Connecting
   * never throws; a host that cannot start is reported to the first call, as always.
   */
  warmUp(): void {
    try {
      this.ensurePort();
    } catch {
      // connectNative throws only for a malformed name; the next call reports whatever is wrong.
    }
  }

  disconnect(): void {
    this.port?.disconnect();
    this.dropPort('disconnected');
  }

  private ensurePort(): chrome.runtime.Port {
    if (this.port) return this.port;
    const port = this.connect(HOST_NAME);
    this.port = port;
    port.onMessage.addListener((m: unknown) => this.onMessage(m));
    port.onDisconnect.addListener(() => {
      const reason = chrome.runtime.lastError?.message ?? 'The host closed the connection.';
      if (this.port === port) this.dropPort(reason);
    });
    return port;
  }

  private dropPort(reason: string): void {
    this.port = undefined;
    this.lastDisconnect = reason;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new HostCallError(HOST_UNREACHABLE, reason));
      this.pending.delete(id);
    }
  }

  private onMessage(raw: unknown): void {
    const m = raw as {
      id?: number | null;
      ok?: boolean;
      result?: unknown;
      error?: HostError;
      progress?: Record<string, unknown>;
      page?: { index: number; count: number; chunk: string };
    };
    if (typeof m?.id !== 'number') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.progress) {
      p.onProgress?.(m.progress);
      return;
    }
    if (m.page) {
      p.pages[m.page.index] = m.page.chunk;
      if (p.pages.filter((x) => x !== undefined).length < m.page.count) return;
      let whole: typeof m;
      try {
        whole = JSON.parse(p.pages.join(''));
      } catch {
        this.settle(m.id, p, {
          ok: false,
          error: { code: HOST_UNREACHABLE, message: 'A paged answer could not be joined.' },
        });
        return;
      }
      this.settle(m.id, p, whole);
      return;
    }
    this.settle(m.id, p, m);
  }

  private settle(id: number, p: Pending, m: { ok?: boolean; result?: unknown; error?: HostError }): void {
    clearTimeout(p.timer);
    this.pending.delete(id);
    if (m.ok) p.resolve(m.result);
    else
      p.reject(
        new HostCallError(
          m.error?.code ?? HOST_UNREACHABLE,
          m.error?.message ?? 'Unknown host error',
          m.error?.path,
        ),
      );
  }
}
