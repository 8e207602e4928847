/**
 * Property: a diff made by jsdiff, applied by the engine, gives exactly the new text — numbered
 * hunks always; bare hunks (numbers removed) whenever they apply at all, since they must never land
 * anywhere else. Small alphabets make repeated lines, so nearest-wins and uniqueness are exercised,
 * and texts with and without a final newline exercise the "\ No newline" markers.
 */
import { structuredPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hunk } from '../changeset/changeset';
import { applyOp } from './apply-op';
import { patchOp } from './test-helpers';

const textArb = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'b', 'c', '', 'x y', '  a'), { maxLength: 30 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([lines, finalNewline, crlf]) => {
    const eol = crlf ? '\r\n' : '\n';
    return lines.length === 0 ? '' : lines.join(eol) + (finalNewline ? eol : '');
  });

function hunksOf(a: string, b: string, context: number): Hunk[] {
  return structuredPatch('a', 'b', a, b, undefined, undefined, { context }).hunks.map((h) => ({
    oldStart: h.oldLines === 0 ? h.oldStart - 1 : h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines,
  }));
}

describe('jsdiff → engine round trip', () => {
  it.each([3, 1, 0])('numbered hunks with %i context lines reproduce the new text', (context) => {
    fc.assert(
      fc.property(textArb, textArb, (a, b0) => {
        // The engine keeps the file's line endings; compare against the new text in the old style.
        const b = a.includes('\r\n') ? b0.replace(/\r?\n/g, '\r\n') : b0.replace(/\r\n/g, '\n');
        const hunks = hunksOf(a, b, context);
        if (hunks.length === 0) return;
        const r = applyOp(a, patchOp(hunks));
        if (!r.ok) throw new Error(`${r.kind}: ${r.message}\n${JSON.stringify({ a, b, hunks })}`);
        expect(r.text).toBe(b);
      }),
      { numRuns: 400 },
    );
  });

  it('bare hunks either reproduce the new text or refuse', () => {
    fc.assert(
      fc.property(textArb, textArb, (a, b0) => {
        const b = a.includes('\r\n') ? b0.replace(/\r?\n/g, '\r\n') : b0.replace(/\r\n/g, '\n');
        const hunks = hunksOf(a, b, 3).map((h) => ({ lines: h.lines }));
        if (hunks.length === 0) return;
        const r = applyOp(a, patchOp(hunks));
        if (r.ok) expect(r.text).toBe(b);
        else
          expect(['ambiguous', 'no-match', 'overlap', 'already-applied', 'missing-file']).toContain(r.kind);
      }),
      { numRuns: 400 },
    );
  });
});
