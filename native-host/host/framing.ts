/**
 * Native-messaging framing: each message is a 4-byte little-endian length, then that many bytes of
 * UTF-8 JSON. Chunks from stdin arrive cut anywhere (inside the prefix too), and several frames may share
 * a chunk. A body that is not valid UTF-8 is refused (never decoded with replacement characters, which
 * would turn it into another request), and reading goes on: the framing itself is intact. A length over
 * the limit is different: the peer is broken or hostile, and nothing after it can be trusted to be a frame
 * boundary (skipping 2 GiB would silently swallow every request that follows). The reader reports it and
 * stops; the host answers with an error and exits, and the extension reconnects.
 */

export const DEFAULT_MAX_FRAME = 256 * 1024 * 1024;
/** The browser refuses a message from the host larger than this. */
export const BROWSER_MAX_MESSAGE = 1024 * 1024;

export type FrameProblem =
  | { kind: 'too-large'; length: number; max: number }
  | { kind: 'invalid-utf8' }
  | { kind: 'invalid-json'; message: string }
  | { kind: 'truncated'; missing: number };

/** `fatal`: invalid UTF-8 throws instead of becoming U+FFFD. A BOM stays (and is then not JSON). */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Set by an oversize frame: nothing more is read. */
  private stopped = false;

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly onProblem: (problem: FrameProblem) => void,
    private readonly maxFrame = DEFAULT_MAX_FRAME,
  ) {}

  /** True once a frame over the limit was announced: the rest of the input is ignored. */
  get isStopped(): boolean {
    return this.stopped;
  }

  push(chunk: Buffer): void {
    if (this.stopped) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.drain();
  }

  /** End of input: anything left is a frame the peer never finished. */
  end(): void {
    if (this.stopped) return;
    if (this.buffered > 0) {
      const head = this.take(Math.min(4, this.buffered), false);
      const missing = head.length === 4 ? head.readUInt32LE(0) + 4 - this.buffered : 4 - head.length;
      this.onProblem({ kind: 'truncated', missing });
    }
    this.chunks = [];
    this.buffered = 0;
  }

  private drain(): void {
    while (this.buffered >= 4) {
      const length = this.take(4, false).readUInt32LE(0);
      if (length > this.maxFrame) {
        this.stopped = true;
        this.chunks = [];
        this.buffered = 0;
        this.onProblem({ kind: 'too-large', length, max: this.maxFrame });
        return;
      }
      if (this.buffered < 4 + length) return;
      this.take(4, true);
      const body = this.take(length, true);
      let text: string;
      try {
        text = UTF8.decode(body);
      } catch {
        this.onProblem({ kind: 'invalid-utf8' });
        continue;
      }
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch (err) {
        this.onProblem({ kind: 'invalid-json', message: (err as Error).message });
        continue;
      }
      this.onMessage(message);
    }
  }

  /** The first `n` buffered bytes, removed from the buffer when `consume`. */
  private take(n: number, consume: boolean): Buffer {
    if (n === 0) return Buffer.alloc(0);
    let first = this.chunks[0]!;
    if (first.length < n) {
      first = Buffer.concat(this.chunks, this.buffered);
      this.chunks = [first];
    }
    const out = first.subarray(0, n);
    if (consume) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      this.buffered -= n;
    }
    return out;
  }
}

export function encodeFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}
