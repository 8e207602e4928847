import { describe, expect, it } from 'vitest';
import { WORD_DIFF_MAX_CHARS, wordSpans } from './word-spans';

/** A line's pieces written short: changed pieces in [brackets]. */
const marked = (spans: { text: string; changed: boolean }[]) =>
  spans.map((s) => (s.changed ? `[${s.text}]` : s.text)).join('');

describe('wordSpans', () => {
  it.each([
    // before | after | old marked | new marked
    [
      'const total = price * count;',
      'const total = price * quantity;',
      'const total = price * [count];',
      'const total = price * [quantity];',
    ],
    [
      'return "Hello " + name',
      'return f"Hello, {name}!"',
      'return "Hello [" + ]name',
      'return [f]"Hello[,] [{]name[}!"]',
    ],
    ['  a = 1', '    a = 1', '[  ]a = 1', '[    ]a = 1'],
    ['x = 1 ', 'x = 1', 'x = 1[ ]', 'x = 1'],
    ['if (a && b) go();', 'if (a || b) go();', 'if (a [&&] b) go();', 'if (a [||] b) go();'],
    ['foo(one, two)', 'foo(one, two, three)', 'foo(one, two)', 'foo(one, two[, three])'],
  ])('%s → %s', (before, after, old, neu) => {
    const spans = wordSpans(before, after);
    if (old === null) expect(spans).toBeNull();
    else expect(spans && [marked(spans.old), marked(spans.new)]).toEqual([old, neu]);
  });

  it('keeps every character of both lines, in order', () => {
    const before = 'export function area(w: number, h: number) { return w * h; }';
    const after = 'export function area(width: number, height: number) { return width * height; }';
    const spans = wordSpans(before, after)!;
    expect(spans.old.map((s) => s.text).join('')).toBe(before);
    expect(spans.new.map((s) => s.text).join('')).toBe(after);
    expect(spans.new.filter((s) => s.changed).map((s) => s.text)).toEqual([
      'width',
      'height',
      'width',
      'height',
    ]);
  });

  it('marks nothing in a rewritten line, an unchanged one, or one over the length limit', () => {
    expect(wordSpans('let total = 0;', 'for (const item of items) sum(item);')).toBeNull();
    expect(wordSpans('same', 'same')).toBeNull();
    const long = 'word '.repeat(WORD_DIFF_MAX_CHARS / 5 + 1);
    expect(wordSpans(long, `${long}more`)).toBeNull();
    expect(
      wordSpans(long.slice(0, WORD_DIFF_MAX_CHARS - 5), `${long.slice(0, WORD_DIFF_MAX_CHARS - 5)}more`),
    ).not.toBeNull();
  });

  it('gives up on lines with many changed words, even when half of the line stays', () => {
    const a = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const b = Array.from({ length: 100 }, (_, i) => (i % 2 ? `w${i}` : `v${i}`)).join(' ');
    expect(wordSpans(a, b)).toBeNull();
    expect(wordSpans(a.slice(0, 60), b.slice(0, 60))).not.toBeNull();
  });
});
