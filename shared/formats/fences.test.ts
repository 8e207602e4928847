import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstNonBlank, openingFence, sharedSplit, splitLines } from './fences';
import { forgetReply, replyLines } from './unified-diff';

// Every character JavaScript counts as white space, beside some that it does not (U+200B, U+180E).
const chars = fc.constantFrom(
  ...' \t\n\v\f\r\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u200b\u180e',
  '`',
  '~',
  'a',
  '\ud83d',
  'é',
);

describe('firstNonBlank', () => {
  it('is the first character trimStart leaves', () => {
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 8 }), (cs) => {
        const line = cs.join('');
        expect(firstNonBlank(line)).toBe(line.trimStart()[0]);
      }),
      { numRuns: 2000 },
    );
  });

  it('lets openingFence find fences behind any white space the fence pattern allows', () => {
    expect(openingFence('\u00a0 ```ts')).toEqual({ indent: 2, marker: '```', info: 'ts' });
    expect(openingFence('\u200b```ts')).toBeNull();
    expect(openingFence('   ~~~')).toEqual({ indent: 3, marker: '~~~', info: '' });
    expect(openingFence('  - a')).toBeNull();
  });
});

describe('splitLines and the shared split', () => {
  it('the parsers share one split of the reply; a parser that asks for lines of its own gets a copy', () => {
    const text = 'a\nb\r\nc';
    try {
      const shared = sharedSplit(text);
      expect(shared).toEqual(['a', 'b', 'c']);
      expect(replyLines(text).clean).toBe(shared);
      const own = splitLines(text);
      own[0] = 'changed';
      expect(sharedSplit(text)).toEqual(['a', 'b', 'c']);
      expect(replyLines(text).raw).toEqual(['a', 'b\r', 'c']);
    } finally {
      forgetReply();
    }
  });
});
