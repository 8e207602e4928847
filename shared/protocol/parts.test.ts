import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textParts } from './parts';

const isWellFormed = (s: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('textParts', () => {
  it('joins back to the text, each part within the size, no surrogate pair cut', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.integer({ min: 2, max: 17 }),
        (text, size) => {
          const parts = textParts(text, size);
          expect(parts.join('')).toBe(text);
          for (const p of parts) {
            expect(p.length).toBeGreaterThan(0);
            expect(p.length).toBeLessThanOrEqual(size);
            expect(isWellFormed(p)).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives no part for no text', () => expect(textParts('', 8)).toEqual([]));

  it('moves a cut that would split 😀 one unit back', () =>
    expect(textParts('ab😀c', 3)).toEqual(['ab', '😀c']));
});
