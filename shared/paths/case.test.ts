import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseKey, caseTwins } from './case';

describe('caseKey', () => {
  it('is the name composed (NFC) and in lower case, whatever the name (ASCII skips the normalizer)', () => {
    const names = fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      // Decomposed accents and the characters whose composition or case changes differ by form.
      fc.string({
        unit: fc.constantFrom('e', 'E', '\u0301', 'A', '\u030a', 'ß', 'İ', 'Σ', 'ﬃ', '/'),
        maxLength: 12,
      }),
    );
    fc.assert(
      fc.property(names, (name) => {
        expect(caseKey(name)).toBe(name.normalize('NFC').toLowerCase());
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['README.md', 'readme.md', true],
    ['src/Café.ts', 'src/cafe\u0301.ts', true],
    ['a.ts', 'a.ts', false],
    ['a.ts', 'b.ts', false],
  ])('%s and %s are case twins: %s', (a, b, twins) => {
    expect(caseTwins(a, b)).toBe(twins);
  });
});
