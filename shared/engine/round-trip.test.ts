/**
 * Property: a diff made by jsdiff, applied by the engine, gives exactly the new text — numbered
 * hunks always; bare hunks (numbers removed) whenever they apply at all, since they must never land
 * anywhere else. Small alphabets make repeated lines, so nearest-wins and uniqueness are exercised,
 * and texts with and without a final newline exercise the "\ No newline" markers. Last, the rule the
 * ladder exists under: a removed line with a typo in it never applies.
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

describe('a typo in a removed line never applies', () => {
  it('on any rung, numbered or bare', () => {
    const line = fc.stringMatching(/^[ a-z(){};=]{0,12}$/);
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('x', 'q', 'Z'),
        fc.boolean(),
        (lines, pick, pos, letter, numbered) => {
          const k = pick % lines.length;
          const target = lines[k]!;
          const letters = [...target].map((ch, i) => (/[a-z]/.test(ch) ? i : -1)).filter((i) => i >= 0);
          if (letters.length === 0) return;
          const at = letters[pos % letters.length]!;
          if (target[at] === letter) return;
          const typo = target.slice(0, at) + letter + target.slice(at + 1);
          // The typo'd line must not exist as such in the file (then it would not be a typo).
          if (lines.some((l) => l.trim() === typo.trim())) return;
          // Nor be two lines of the file run together: the engine reads that as a joined line and
          // splits it (hunk-repairs), which is what such a line means (`)except Exception as e:`).
          if (lines.some((l, i) => i > 0 && lines[i - 1]!.trim() + l.trim() === typo.trim())) return;
          const hunk: Hunk = { lines: [`-${typo}`, '+replacement'] };
          if (numbered) Object.assign(hunk, { oldStart: k + 1, oldLines: 1, newStart: k + 1, newLines: 1 });
          const r = applyOp(`${lines.join('\n')}\n`, patchOp([hunk]));
          expect(r.ok).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/**
 * The repairs of hunk-repairs.ts against what they repair: a jsdiff hunk (bare) broken the way models
 * break it either gives the text the unbroken reading gives, or is refused. Never a third text.
 */
describe('a broken bare hunk applies as its unbroken reading, or not at all', () => {
  const apply = (a: string, lines: string[]) => applyOp(a, patchOp([{ lines }]));

  it('a blank kept line the file does not have is an added blank line there', () => {
    fc.assert(
      fc.property(textArb, textArb, fc.nat(), (a0, b0, pick) => {
        const a = a0.replace(/\r\n/g, '\n');
        const b = b0.replace(/\r\n/g, '\n');
        const [h] = hunksOf(a, b, 3);
        // Not where a blank kept line is the hunk's first or last: those are read as left out
        // (hunk-repairs' blank edges), another reading this property is not about.
        const edge = (l = '') => l[0] === ' ' && l.trim() === '';
        if (!h || h.lines.some((l) => l[0] === '\\') || edge(h.lines[0]) || edge(h.lines.at(-1))) return;
        // After a kept or removed line with text: where the model believes the file has a blank line.
        const after = h.lines
          .map((l, k) => (l[0] !== '+' && l.trim() !== '' ? k + 1 : -1))
          .filter((k) => k > 0);
        if (after.length === 0) return;
        const at = after[pick % after.length]!;
        const broken = [...h.lines.slice(0, at), ' ', ...h.lines.slice(at)];
        const meant = apply(a, [...h.lines.slice(0, at), '+', ...h.lines.slice(at)]);
        const r = apply(a, broken);
        if (r.ok && meant.ok) {
          // Read as written (the file has a blank line there after all), or as the added blank line.
          const asWritten = apply(a, h.lines.slice(0, at).concat(h.lines.slice(at)));
          expect([meant.text, asWritten.ok ? asWritten.text : null]).toContain(r.text);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a kept line whose start is cut off is that line', () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta');
    // `let x = y(1);` and `const x = y(1);` end alike: a cut line can be read as either.
    const codeLine = fc
      .tuple(fc.constantFrom('', '  '), fc.constantFrom('let', 'const'), word, word, fc.nat(2))
      .map(([indent, kw, x, y, n]) => `${indent}${kw} ${x} = ${y}(${n});`);
    fc.assert(
      fc.property(
        fc.array(codeLine, { minLength: 3, maxLength: 25 }),
        fc.nat(),
        codeLine,
        fc.nat(),
        (al, where, changed, pick) => {
          const bl = [...al];
          bl[where % bl.length] = changed;
          const a = `${al.join('\n')}\n`;
          const [h] = hunksOf(a, `${bl.join('\n')}\n`, 3);
          const kept = h?.lines.map((l, k) => (l[0] === ' ' ? k : -1)).filter((k) => k >= 0) ?? [];
          if (!h || kept.length === 0) return;
          const k = kept[pick % kept.length]!;
          // `let ` or `const ` cut off: the rest is at least 10 characters and starts a word.
          const broken = h.lines.map((l, j) => (j === k ? ` ${l.trim().replace(/^\w+ /, '')}` : l));
          const meant = apply(a, h.lines);
          const r = apply(a, broken);
          if (r.ok) expect(meant.ok && r.text).toBe(meant.ok && meant.text);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
