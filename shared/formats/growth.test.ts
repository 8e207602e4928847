import { describe, expect, it } from 'vitest';
import { GROWTH_SHAPES } from './growth-shapes';
import { detectAll } from './registry';

/**
 * Linear time on hostile text (issue 44): for every shape of growth-shapes.ts, reading 4n characters
 * through `detectAll` (what the extension and the CLI run on a reply) takes at most RATIO times as long
 * as reading n. A linear reader is near 4×; a quadratic one near 16×.
 *
 * The sizes are as small as still shows a quadratic reader: the one this test was written against
 * (`*** Begin Patch` lines without `*** End Patch`, which copied the rest of the reply for each) grew
 * 5× from 64 to 256 KiB, below the bound, and 20× to 80× above 256 KiB, where the copies outweigh the
 * linear work.
 */
const N = 128 * 1024;
/**
 * Alone, every linear reader here grows 3–5×; run beside the rest of the suite's workers, the ones that
 * allocate most at 512 KiB (a diagnostic per line) have measured up to 7.2×. The quadratic readers this
 * was written against grew 46× and 73×.
 */
const RATIO = 8;
/** Times below this (ms) are noise: the bound is RATIO × max(t(n), FLOOR). */
const FLOOR = 5;

const time = (text: string) => {
  const t = performance.now();
  detectAll(text);
  return performance.now() - t;
};

/**
 * The least time of a few runs at n and at 4n, after a warm-up of each. The two sizes take turns, so
 * a busy moment (another test file's worker, a collection) slows both rather than one.
 */
function growth(make: (bytes: number) => string, runs = 5): { small: number; large: number } {
  const small = make(N);
  const large = make(4 * N);
  time(small);
  time(large);
  let best = { small: Number.POSITIVE_INFINITY, large: Number.POSITIVE_INFINITY };
  for (let i = 0; i < runs; i++)
    best = { small: Math.min(best.small, time(small)), large: Math.min(best.large, time(large)) };
  return best;
}

const tooSlow = ({ small, large }: { small: number; large: number }) =>
  large > RATIO * Math.max(small, FLOOR);

describe('every format reads hostile text in linear time', () => {
  it('has no two shapes of the same name for one format', () => {
    const names = GROWTH_SHAPES.map((s) => `${s.format} / ${s.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const shape of GROWTH_SHAPES) {
    it(`${shape.format}: ${shape.name}`, () => {
      expect(shape.make(N).length).toBeGreaterThanOrEqual(N);
      let measured = growth(shape.make);
      // Twice more before failing: one busy moment is no quadratic reader, which is slow every time.
      for (let retry = 0; retry < 2 && tooSlow(measured); retry++) measured = growth(shape.make);
      const { small, large } = measured;
      expect(
        large,
        `${(large / small).toFixed(1)}× from ${N / 1024} KiB (${small.toFixed(1)} ms) to ${(4 * N) / 1024} KiB`,
      ).toBeLessThanOrEqual(RATIO * Math.max(small, FLOOR));
    });
  }
});
