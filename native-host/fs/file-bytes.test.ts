import { describe, expect, it } from 'vitest';
import { decodeText } from './file-bytes';

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
