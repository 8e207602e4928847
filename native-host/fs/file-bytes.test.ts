import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesOf,
  contentHash,
  decodeText,
  readExactSync,
  SCRATCH_KEEP,
  type Scratch,
  sha256,
} from './file-bytes';

describe('decodeText', () => {
  it.each([
    ['ASCII (the fast path)', Buffer.from('a\r\nb\n'), 'a\r\nb\n'],
    ['UTF-8 with a BOM, kept as U+FEFF', Buffer.from('\uFEFFé€\n'), '\uFEFFé€\n'],
    ['an ASCII slice of a larger buffer', Buffer.from('xxabcxx').subarray(2, 5), 'abc'],
    ['empty', Buffer.alloc(0), ''],
  ])('%s', (_, data, text) => {
    expect(decodeText(data)).toEqual({ ok: true, text });
  });

  it.each([
    ['a NUL byte', Buffer.from('a\0b'), /NUL byte/],
    ['invalid UTF-8', Buffer.from([0x61, 0xff, 0x62]), /not valid UTF-8/],
    ['a truncated sequence', Buffer.from([0xe2, 0x82]), /not valid UTF-8/],
  ])('refuses %s', (_, data, reason) => {
    const r = decodeText(data);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

/** Any UTF-16 text, lone surrogates and astral pairs included. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('\ud800', '\udfff', '\u{1f600}', '\r\n', 'é'),
  ),
  maxLength: 200,
});

describe('bytesOf and contentHash', () => {
  it('give a text the bytes every Node write of it gives, and bytes themselves (property)', () => {
    const scratch: Scratch = { buf: Buffer.alloc(0) };
    fc.assert(
      fc.property(anyText, (text) => {
        const want = Buffer.from(text, 'utf8');
        expect(Buffer.from(bytesOf(text, scratch))).toEqual(want);
        expect(contentHash(text)).toBe(createHash('sha256').update(want).digest('hex'));
        // Bytes are taken as they are, never re-encoded.
        expect(bytesOf(want, scratch)).toBe(want);
        expect(contentHash(want)).toBe(sha256(want));
      }),
    );
  });

  it('reuses one buffer, grown only for a larger text', () => {
    const scratch: Scratch = { buf: Buffer.alloc(0) };
    const first = bytesOf('x'.repeat(1000), scratch);
    const buf = scratch.buf;
    expect(bytesOf('short é', scratch).buffer).toBe(first.buffer);
    expect(Buffer.from(bytesOf('short é', scratch)).toString()).toBe('short é');
    expect(scratch.buf).toBe(buf);
    expect(bytesOf('y'.repeat(5000), scratch).length).toBe(5000);
    expect(scratch.buf).not.toBe(buf);
  });

  it('keeps no buffer larger than SCRATCH_KEEP: a larger text, or file, gets its own', () => {
    const scratch: Scratch = { buf: Buffer.alloc(0) };
    const big = 'é'.repeat(SCRATCH_KEEP);
    const bytes = bytesOf(big, scratch);
    expect(Buffer.from(bytes).equals(Buffer.from(big))).toBe(true);
    expect(scratch.buf.length).toBe(0);
    bytesOf('z'.repeat(SCRATCH_KEEP - 10), scratch);
    expect(scratch.buf.length).toBeLessThanOrEqual(SCRATCH_KEEP);

    const dir = mkdtempSync(join(tmpdir(), 'replyapply-keep-'));
    try {
      writeFileSync(join(dir, 'big'), Buffer.alloc(SCRATCH_KEEP + 5, 1));
      const small: Scratch = { buf: Buffer.alloc(16) };
      const r = readExactSync(join(dir, 'big'), Number.POSITIVE_INFINITY, small);
      if (r.kind !== 'file') throw new Error(r.kind);
      expect(r.file.size).toBe(SCRATCH_KEEP + 5);
      expect(small.buf.length).toBe(16);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sha256', () => {
  it('is the SHA-256 of exactly the bytes given, a view into a larger buffer included (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.nat(50), fc.nat(50), (bytes, before, after) => {
        // The arena's views (Arena.take): bytes with others before and after them in one buffer.
        const whole = Buffer.alloc(before + bytes.length + after, 0xaa);
        whole.set(bytes, before);
        const view = whole.subarray(before, before + bytes.length);
        const expected = createHash('sha256').update(Buffer.from(bytes)).digest('hex');
        expect(sha256(view)).toBe(expected);
        expect(sha256(bytes)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('readExactSync', () => {
  const memories = (): [string, () => Scratch | undefined][] => [
    ['no buffer given', () => undefined],
    ['a scratch buffer smaller than the file', () => ({ buf: Buffer.alloc(3) })],
    ['a scratch buffer larger than the file', () => ({ buf: Buffer.alloc(70_000) })],
  ];

  it('reads every byte of a file of any size, in every kind of buffer (property)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replyapply-read-'));
    try {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 20_000 }), fc.integer({ min: 0, max: 2 }), (bytes, m) => {
          const path = join(dir, 'f');
          writeFileSync(path, bytes);
          const r = readExactSync(path, Number.POSITIVE_INFINITY, memories()[m]![1]());
          if (r.kind !== 'file') throw new Error(r.kind);
          expect(Buffer.compare(r.file.data, Buffer.from(bytes))).toBe(0);
          expect(r.file.size).toBe(bytes.length);
        }),
        { numRuns: 200 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // A file that is longer than fstat says (as one that grew after it): /proc's files say 0 bytes.
  it.runIf(existsSync('/proc/self/status')).each(memories())(
    'reads a file on past the size fstat gave, to its end (%s)',
    (_, memory) => {
      const r = readExactSync('/proc/self/status', Number.POSITIVE_INFINITY, memory());
      if (r.kind !== 'file') throw new Error(r.kind);
      const text = r.file.data.toString();
      expect(text).toMatch(/^Name:/);
      expect(text.endsWith('\n')).toBe(true);
      // The same lines as Node reads (a few values, such as the memory figures, move between the reads).
      const names = (t: string) => t.split('\n').map((l) => l.split(':')[0]);
      expect(names(text)).toEqual(names(readFileSync('/proc/self/status', 'utf8')));
    },
  );
});
