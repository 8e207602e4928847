import { describe, expect, it } from 'vitest';
import { type Replacement, splice } from './splice';
import type { TextDoc } from './text-model';

/** Splicing the plain way: the lines before each replacement, its lines, and the rest. */
function reference(doc: TextDoc, reps: readonly Replacement[]): { lines: string[]; eols: string[] } {
  const lines: string[] = [];
  const eols: string[] = [];
  let at = 0;
  for (const r of reps) {
    lines.push(...doc.lines.slice(at, Math.max(at, r.start)));
    eols.push(...doc.eols.slice(at, Math.max(at, r.start)));
    lines.push(...r.lines);
    eols.push(...r.eols);
    at = Math.max(at, r.end);
  }
  lines.push(...doc.lines.slice(at));
  eols.push(...doc.eols.slice(at));
  return { lines, eols };
}

function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

describe('splice', () => {
  it('gives what replacing range by range gives: insertions, removals, edges, several at one point', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const n = Math.floor(next() * 12);
      const doc: TextDoc = {
        bom: false,
        eol: '\n',
        lines: Array.from({ length: n }, (_, i) => `l${i}`),
        eols: Array.from({ length: n }, (_, i) => (i === n - 1 && next() < 0.5 ? '' : '\n')),
      };
      const reps: Replacement[] = [];
      let at = 0;
      while (at <= n && next() < 0.7) {
        const start = at + Math.floor(next() * (n - at + 1));
        const end = Math.min(n, start + Math.floor(next() * 3));
        const k = Math.floor(next() * 3);
        reps.push({
          start,
          end,
          lines: Array.from({ length: k }, (_, i) => `new${seed}.${i}`),
          eols: Array.from({ length: k }, () => (next() < 0.5 ? '\n' : '\r\n')),
        });
        at = end;
      }
      const out = splice(doc, reps);
      expect({ lines: out.lines, eols: out.eols }, `seed ${seed}`).toEqual(reference(doc, reps));
      expect(out.lines).not.toBe(doc.lines);
    }
  });
});
