/**
 * Native-messaging framing: each message is a 4-byte little-endian length, then that many bytes of
 * UTF-8 JSON. Chunks from stdin arrive cut anywhere (inside the prefix too), several frames may share
 * a chunk, and a hostile or broken peer may announce a huge frame: those bytes are skipped without
 * being buffered, an error is reported, and reading goes on with the next frame.
 */

export const DEFAULT_MAX_FRAME = 256 * 1024 * 1024;
/** The browser refuses a message from the host larger than this. */
export const BROWSER_MAX_MESSAGE = 1024 * 1024;

export type FrameProblem =
  | { kind: 'too-large'; length: number; max: number }
  | { kind: 'invalid-json'; message: string }
  | { kind: 'truncated'; missing: number };

export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Bytes of an oversize frame still to throw away. */
  private skipping = 0;

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly onProblem: (problem: FrameProblem) => void,
    private readonly maxFrame = DEFAULT_MAX_FRAME,
  ) {}

  push(chunk: Buffer): void {
    if (this.skipping > 0) {
      const n = Math.min(this.skipping, chunk.length);
      this.skipping -= n;
      chunk = chunk.subarray(n);
      if (chunk.length === 0) return;
    }
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.drain();
  }

  /** End of input: anything left is a frame the peer never finished. */
  end(): void {
    if (this.skipping > 0) {
      this.onProblem({ kind: 'truncated', missing: this.skipping });
      this.skipping = 0;
    } else if (this.buffered > 0) {
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
        this.take(4, true);
        this.onProblem({ kind: 'too-large', length, max: this.maxFrame });
        const n = Math.min(length, this.buffered);
        this.take(n, true);
        this.skipping = length - n;
        continue;
      }
      if (this.buffered < 4 + length) return;
      this.take(4, true);
      const body = this.take(length, true);
      let message: unknown;
      try {
        message = JSON.parse(body.toString('utf8'));
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
