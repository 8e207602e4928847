import { describe, expect, it } from 'vitest';
import { encodeFrame, type FrameProblem, FrameReader } from './framing';

function reader(max?: number) {
  const messages: unknown[] = [];
  const problems: FrameProblem[] = [];
  const r = new FrameReader(
    (m) => messages.push(m),
    (p) => problems.push(p),
    max,
  );
  return { r, messages, problems };
}

describe('FrameReader', () => {
  it('reads one frame in one chunk', () => {
    const { r, messages, problems } = reader();
    r.push(encodeFrame({ id: 1, method: 'hello' }));
    expect(messages).toEqual([{ id: 1, method: 'hello' }]);
    expect(problems).toEqual([]);
  });

  it('reads a frame delivered one byte at a time, split inside its length prefix', () => {
    const { r, messages } = reader();
    const bytes = encodeFrame({ text: 'héllo ✓', n: [1, 2, 3] });
    for (const b of bytes) r.push(Buffer.from([b]));
    expect(messages).toEqual([{ text: 'héllo ✓', n: [1, 2, 3] }]);
  });

  it('reads several frames from one chunk, and a frame cut across chunks at every position', () => {
    const frames = [encodeFrame({ a: 1 }), encodeFrame({ b: 'x'.repeat(300) }), encodeFrame([null])];
    const all = Buffer.concat(frames);
    for (let cut = 0; cut <= all.length; cut++) {
      const { r, messages, problems } = reader();
      r.push(all.subarray(0, cut));
      r.push(all.subarray(cut));
      expect(messages).toEqual([{ a: 1 }, { b: 'x'.repeat(300) }, [null]]);
      expect(problems).toEqual([]);
    }
  });

  it('refuses an oversize frame without buffering it, and reads nothing after it', () => {
    const { r, messages, problems } = reader(64);
    const big = encodeFrame({ x: 'y'.repeat(1000) });
    const next = encodeFrame({ ok: true });
    r.push(big.subarray(0, 10));
    r.push(big.subarray(10, 500));
    r.push(Buffer.concat([big.subarray(500), next]));
    r.end();
    expect(problems).toEqual([{ kind: 'too-large', length: big.length - 4, max: 64 }]);
    expect(messages).toEqual([]);
    expect(r.isStopped).toBe(true);
  });

  it('reports invalid JSON and keeps reading', () => {
    const { r, messages, problems } = reader();
    const body = Buffer.from('{"id": 1,', 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    r.push(Buffer.concat([head, body, encodeFrame({ id: 2 })]));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.kind).toBe('invalid-json');
    expect(messages).toEqual([{ id: 2 }]);
  });

  it('reports a truncated frame at end of input', () => {
    const { r, messages, problems } = reader();
    const f = encodeFrame({ id: 1 });
    r.push(f.subarray(0, f.length - 3));
    r.end();
    expect(messages).toEqual([]);
    expect(problems).toEqual([{ kind: 'truncated', missing: 3 }]);
    const p2 = reader();
    p2.r.push(Buffer.from([5, 0]));
    p2.r.end();
    expect(p2.problems).toEqual([{ kind: 'truncated', missing: 2 }]);
  });

  it('encodes the length little-endian', () => {
    const f = encodeFrame('a'.repeat(300));
    expect(f.readUInt32LE(0)).toBe(302);
    expect(f[0]).toBe(302 & 0xff);
    expect(f[1]).toBe(302 >> 8);
  });
});
