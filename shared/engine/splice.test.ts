import fc from 'fast-check';
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

describe('splice', () => {
  it('gives what replacing range by range gives: insertions, removals, edges, several at one point', () => {
    /** A file of up to 11 lines, and replacements in order: each starts at or after the last one's end. */
    const input = fc
      .record({
        n: fc.nat({ max: 11 }),
        noFinalNewline: fc.boolean(),
        steps: fc.array(
          fc.record({
            skip: fc.nat({ max: 12 }),
            remove: fc.nat({ max: 2 }),
            eols: fc.array(fc.constantFrom('\n', '\r\n'), { maxLength: 2 }),
          }),
          { maxLength: 6 },
        ),
      })
      .map(({ n, noFinalNewline, steps }) => {
        const doc: TextDoc = {
          bom: false,
          eol: '\n',
          lines: Array.from({ length: n }, (_, i) => `l${i}`),
          eols: Array.from({ length: n }, (_, i) => (i === n - 1 && noFinalNewline ? '' : '\n')),
        };
        const reps: Replacement[] = [];
        let at = 0;
        for (const [k, step] of steps.entries()) {
          const start = Math.min(n, at + step.skip);
          const end = Math.min(n, start + step.remove);
          reps.push({ start, end, lines: step.eols.map((_, i) => `new${k}.${i}`), eols: step.eols });
          at = end;
        }
        return { doc, reps };
      });
    fc.assert(
      fc.property(input, ({ doc, reps }) => {
        const out = splice(doc, reps);
        expect({ lines: out.lines, eols: out.eols }).toEqual(reference(doc, reps));
        expect(out.lines).not.toBe(doc.lines);
      }),
      { numRuns: 300 },
    );
  });
});
