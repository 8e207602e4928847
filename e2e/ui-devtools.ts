/**
 * A client of Chromium's UI DevTools (`--enable-ui-devtools`): the browser's own windows and dialogs as a
 * tree of views, with each view's properties (its Text, Width, Height…), and mouse events dispatched onto
 * a view (with the ui-debug-tools-enable-synthetic-events feature). It is how the e2e tests reach the
 * browser's permission prompt, which Playwright cannot. The server speaks JSON over a WebSocket; Node 20
 * has no WebSocket client without a flag, so the few frames needed are written here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';

/** The switches that start the server on a free port (written to the profile) and allow clicks. */
export const UI_DEVTOOLS_ARGS = [
  '--enable-ui-devtools=0',
  '--enable-features=ui-debug-tools-enable-synthetic-events',
];

export interface ViewNode {
  nodeId: number;
  nodeName: string;
  attributes?: string[];
  children?: ViewNode[];
}

export class UiDevTools {
  private next = 0;
  private closed = false;
  private readonly pending = new Map<number, (answer: { result?: unknown; error?: unknown }) => void>();

  private constructor(
    private readonly socket: Socket,
    early: Buffer,
  ) {
    readFrames(socket, early, (text) => {
      const message = JSON.parse(text) as { id?: number; result?: unknown; error?: unknown };
      // Without an id it is an event (views added or removed): the tree is read again when needed.
      if (message.id === undefined) return;
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    });
    // A reset connection is reported by 'close' below, to whoever waits for an answer.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      for (const answer of this.pending.values()) answer({ error: 'UI DevTools closed the connection' });
      this.pending.clear();
    });
  }

  /** Connect to the server of the browser running with `profileDir` (it writes its port there). */
  static async connect(profileDir: string, timeoutMs = 10_000): Promise<UiDevTools> {
    const portFile = join(profileDir, 'UIDevToolsActivePort');
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(portFile) || !readFileSync(portFile, 'utf8').trim()) {
      if (Date.now() > deadline)
        throw new Error(`No ${portFile}: was the browser started with UI_DEVTOOLS_ARGS?`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const port = Number(readFileSync(portFile, 'utf8').trim().split('\n')[0]);
    const { socket, early } = await openWebSocket(port, '/0');
    return new UiDevTools(socket, early);
  }

  async send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.closed) throw new Error(`UI DevTools ${method}: the connection is closed`);
    const id = ++this.next;
    const answer = await new Promise<{ result?: unknown; error?: unknown }>((resolve) => {
      this.pending.set(id, resolve);
      this.socket.write(frame(JSON.stringify({ id, method, params })));
    });
    if (answer.error) throw new Error(`UI DevTools ${method}: ${JSON.stringify(answer.error)}`);
    return answer.result as T;
  }

  /** The whole tree of windows, widgets and views, as it is now. */
  async document(): Promise<ViewNode> {
    return (await this.send<{ root: ViewNode }>('DOM.getDocument')).root;
  }

  /** A view's properties by name (Text, Width, Height, Visible, Enabled…). */
  async properties(nodeId: number): Promise<Record<string, string>> {
    const styles = await this.send<{
      matchedCSSRules: Array<{ rule: { style: { cssProperties: Array<{ name: string; value: string }> } } }>;
    }>('CSS.getMatchedStylesForNode', { nodeId });
    const out: Record<string, string> = {};
    for (const r of styles.matchedCSSRules)
      for (const p of r.rule.style.cssProperties) out[p.name] ??= p.value;
    return out;
  }

  /** Press and release the left button at the middle of a view, as a click on it. */
  async click(nodeId: number): Promise<void> {
    const { Width, Height } = await this.properties(nodeId);
    const at = { x: Math.floor(Number(Width) / 2), y: Math.floor(Number(Height) / 2) };
    for (const type of ['mousePressed', 'mouseReleased']) {
      await this.send('DOM.dispatchMouseEvent', {
        nodeId,
        event: { type, ...at, button: 'left', wheelDirection: 'none' },
      });
    }
  }

  close(): void {
    this.socket.end();
  }
}

/** The class name of a view node (`attributes` is a flat name/value list). */
export function classOf(node: ViewNode): string | undefined {
  const a = node.attributes ?? [];
  const i = a.indexOf('class');
  return i >= 0 ? a[i + 1] : undefined;
}

/** Every node under `root` (itself included), depth first. */
export function* walk(root: ViewNode): Generator<ViewNode> {
  yield root;
  for (const c of root.children ?? []) yield* walk(c);
}

/** The socket after the handshake, and any bytes that came with the handshake's answer. */
function openWebSocket(port: number, path: string): Promise<{ socket: Socket; early: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const key = randomBytes(16).toString('base64');
    let head = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      head = Buffer.concat([head, d]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const status = head.subarray(0, head.indexOf('\r\n')).toString();
      if (!/^HTTP\/1\.1 101\b/.test(status)) {
        socket.destroy();
        reject(new Error(`UI DevTools refused the WebSocket: ${status}`));
        return;
      }
      resolve({ socket, early: head.subarray(end + 4) });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
  });
}

/** A masked frame, text unless told (a client must mask what it sends). */
function frame(data: string | Buffer, opcode = 0x1): Buffer {
  const payload = Buffer.from(data);
  const n = payload.length;
  const head = n < 126 ? Buffer.alloc(2) : n < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (n < 126) head[1] = 0x80 | n;
  else if (n < 65_536) {
    head[1] = 0x80 | 126;
    head.writeUInt16BE(n, 2);
  } else {
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([head, mask, masked]);
}

/** Calls `onText` with each whole text message (continuation frames joined); answers pings. */
function readFrames(socket: Socket, early: Buffer, onText: (text: string) => void): void {
  let buf = Buffer.alloc(0);
  let parts: Buffer[] = [];
  const onData = (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      if (buf.length < 2) return;
      const fin = (buf[0]! & 0x80) !== 0;
      const opcode = buf[0]! & 0x0f;
      let len = buf[1]! & 0x7f;
      let at = 2;
      if (len === 126) {
        if (buf.length < 4) return;
        len = buf.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (buf.length < 10) return;
        len = Number(buf.readBigUInt64BE(2));
        at = 10;
      }
      if (buf.length < at + len) return;
      const payload = buf.subarray(at, at + len);
      buf = buf.subarray(at + len);
      if (opcode === 0x9) socket.write(frame(payload, 0xa));
      else if (opcode === 0x8) socket.end();
      else if (opcode === 0x1 || opcode === 0x0) {
        parts.push(payload);
        if (fin) {
          onText(Buffer.concat(parts).toString());
          parts = [];
        }
      }
    }
  };
  socket.on('data', onData);
  if (early.length) onData(early);
}
