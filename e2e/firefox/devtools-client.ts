/**
 * A small client for Firefox's DevTools remote protocol (RDP), the protocol about:debugging and web-ext
 * use. WebDriver BiDi leaves the documents of add-ons out on purpose (remote/shared/BrowsingContextUtils:
 * "Skip extension contexts until we support debugging webextensions, see Bug 1755014") and refuses to
 * navigate to moz-extension:// URLs, so the tests reach the add-on's own pages — the background, the
 * sidebar, the review page in a tab — through this: the add-on's watcher announces each of its documents
 * as a target, and script is evaluated in a target's console.
 *
 * Packets are `<byte length>:<JSON>`. A request is `{ to: actor, type, ... }`; the actor answers its
 * requests in order with a packet that has no `type`. A packet with a `type` is an event (a new target,
 * an evaluation's result).
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';

export interface Packet {
  from: string;
  type?: string;
  error?: string;
  message?: string;
  [key: string]: unknown;
}

/** An extension document, as the watcher announces it. */
export interface Target {
  actor: string;
  consoleActor: string;
  url: string;
}

type Waiter = { resolve(p: Packet): void; reject(e: Error): void };

export class DevToolsClient extends EventEmitter {
  private socket: net.Socket | undefined;
  private buffer = Buffer.alloc(0);
  private readonly waiting = new Map<string, Waiter[]>();
  private readonly targets = new Map<string, Target>();

  /** Connect to `--start-debugger-server <port>`; retried while Firefox is still opening the port. */
  static async connect(port: number, timeoutMs = 15_000): Promise<DevToolsClient> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const client = new DevToolsClient();
      try {
        await client.open(port);
        return client;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  private open(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection({ port, host: '127.0.0.1' });
      this.socket = socket;
      socket.once('error', reject);
      socket.on('data', (chunk) => this.onData(chunk));
      // The server greets first, from the root actor.
      this.waiting.set('root', [
        {
          resolve: () => {
            socket.off('error', reject);
            socket.on('error', (err) => this.failAll(err));
            resolve();
          },
          reject,
        },
      ]);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.failAll(new Error('DevTools connection closed'));
  }

  request(to: string, type: string, params: Record<string, unknown> = {}): Promise<Packet> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error('not connected'));
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(to) ?? [];
      queue.push({ resolve, reject });
      this.waiting.set(to, queue);
      const body = JSON.stringify({ to, type, ...params });
      socket.write(`${Buffer.byteLength(body)}:${body}`);
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const colon = this.buffer.indexOf(0x3a);
      if (colon < 0) return;
      const length = Number(this.buffer.subarray(0, colon).toString('latin1'));
      if (!Number.isInteger(length)) throw new Error('DevTools: malformed packet length');
      if (this.buffer.length < colon + 1 + length) return;
      const packet = JSON.parse(
        this.buffer.subarray(colon + 1, colon + 1 + length).toString('utf8'),
      ) as Packet;
      this.buffer = this.buffer.subarray(colon + 1 + length);
      this.dispatch(packet);
    }
  }

  private dispatch(packet: Packet): void {
    if (packet.type !== undefined && packet.error === undefined) {
      if (packet.type === 'target-available-form') {
        const t = packet.target as Target;
        this.targets.set(t.actor, t);
      }
      if (packet.type === 'target-destroyed-form') this.targets.delete((packet.target as Target).actor);
      this.emit('event', packet);
      return;
    }
    const waiter = this.waiting.get(packet.from)?.shift();
    if (!waiter) return;
    if (packet.error) waiter.reject(new Error(`DevTools ${packet.error}: ${packet.message ?? ''}`));
    else waiter.resolve(packet);
  }

  private failAll(err: Error): void {
    for (const queue of this.waiting.values()) for (const w of queue.splice(0)) w.reject(err);
  }

  /** Start watching the documents of the add-on `addonId`; they are then listed by `target()`. */
  async watchAddon(addonId: string): Promise<void> {
    const { addons } = (await this.request('root', 'listAddons')) as unknown as {
      addons: { id: string; actor: string }[];
    };
    const addon = addons.find((a) => a.id === addonId);
    if (!addon) throw new Error(`Add-on ${addonId} is not installed`);
    const watcher = await this.request(addon.actor, 'getWatcher', { isServerTargetSwitchingEnabled: true });
    await this.request(watcher.actor as string, 'watchTargets', { targetType: 'frame' });
  }

  /** The add-on's document whose URL satisfies `match`, waiting until it exists. */
  async target(match: (url: string) => boolean, timeoutMs = 10_000): Promise<Target> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.targets.values()].find((t) => match(t.url));
      if (found) return found;
      if (Date.now() > deadline) {
        const urls = [...this.targets.values()].map((t) => t.url);
        throw new Error(`No add-on document matched within ${timeoutMs} ms; open: ${urls.join(', ')}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Run `fn(arg)` inside the document `target` and return its JSON-able result. `fn` is sent as source
   * text: it may use only its argument and the document's globals.
   */
  async evaluate<A, R>(target: Target, fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const text = `(async () => JSON.stringify({ value: await (${fn.toString()})(${JSON.stringify(arg ?? null)}) }))()`;
    const done = new Promise<Packet>((resolve) => {
      const onEvent = (p: Packet) => {
        if (p.from === target.consoleActor && p.type === 'evaluationResult') {
          this.off('event', onEvent);
          resolve(p);
        }
      };
      this.on('event', onEvent);
    });
    // `mapped.await`: the console awaits the promise the text evaluates to, as for a top-level await.
    await this.request(target.consoleActor, 'evaluateJSAsync', { text, mapped: { await: true } });
    const result = await done;
    if (result.hasException) throw new Error(`In ${target.url}: ${String(result.exceptionMessage)}`);
    const json = await this.stringOf(result.result);
    return (JSON.parse(json) as { value: R }).value;
  }

  /** A string grip: short strings come whole, long ones as an actor to read from. */
  private async stringOf(grip: unknown): Promise<string> {
    if (typeof grip === 'string') return grip;
    const g = grip as { type?: string; actor?: string; length?: number };
    if (g?.type === 'longString' && g.actor) {
      const r = await this.request(g.actor, 'substring', { start: 0, end: g.length });
      return r.substring as string;
    }
    throw new Error(`Unexpected evaluation result: ${JSON.stringify(grip).slice(0, 200)}`);
  }
}
