/**
 * detectAll shares one split of the reply between its parsers (replyLines, replyFences, splitLines) and
 * lets go of it when it is done: a 14 MiB reply is half a million line strings, which the CLI would
 * otherwise carry through the whole plan of it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectAll, fnv } from './registry';
import { replyFences, replyLines } from './unified-diff';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

it('keeps no split of the reply once detection is done', async () => {
  const text = '```diff\n--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n```\n'.repeat(20);
  // Taken before detectAll, so that detectAll reuses exactly these arrays.
  const lines = new WeakRef(replyLines(text).clean);
  const fences = new WeakRef(replyFences(text));
  expect(detectAll(text)[0]?.ops).toHaveLength(20);
  // A WeakRef holds its target until the current job ends.
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  expect(lines.deref()).toBeUndefined();
  expect(fences.deref()).toBeUndefined();
});

describe('fnv: the reply hash behind change-set ids', () => {
  /** FNV-1a over UTF-16 code units, as ids have always been made. */
  const reference = (seed: number, text: string) => {
    let h = seed;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return h;
  };
  // Lengths around the 64 Ki chunk, ASCII stretches with a non-ASCII or lone-surrogate unit anywhere
  // (a chunk boundary can split a surrogate pair), built by concatenation as a page's text is.
  const chunk = 1 << 16;
  const texts = fc
    .record({
      length: fc.constantFrom(0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk + 7),
      inserts: fc.array(
        fc.tuple(
          fc.nat(),
          fc.constantFrom('é', '世', '\uD83D\uDE00', '\uD800', '\uDC00', '\u007f', '\u0080'),
        ),
        { maxLength: 4 },
      ),
    })
    .map(({ length, inserts }) => {
      let t = 'a'.repeat(length);
      for (const [at, s] of inserts) {
        const i = length === 0 ? 0 : at % (t.length + 1);
        t = `${t.slice(0, i)}${s}${t.slice(i)}`;
      }
      return t;
    });
  it('is FNV-1a over the code units for any text', () => {
    fc.assert(
      fc.property(texts, fc.integer(), (text, seed) => {
        expect(fnv(seed, text)).toBe(reference(seed, text));
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer(), (text, seed) => {
        expect(fnv(seed, text)).toBe(reference(seed, text));
      }),
    );
  });
});
