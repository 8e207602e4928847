/// <reference types="vite/client" />
/**
 * Hostile and broken replies: random text made of format markers, every fixture cut short, and
 * fixtures with garbage inserted or marker lines duplicated. Whatever comes in, `detectAll` must
 * not throw (nor hide a parser exception as a "reader failed" diagnostic), every change set must
 * match its schema with lines inside the reply, and every op path must be normalized and safe.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChangeSetSchema, opPaths } from '../changeset/changeset';
import { normalizePath } from '../paths/paths';
import { splitLines } from './fences';
import { detectAll, PARSERS } from './registry';

const texts = Object.values(
  import.meta.glob<string>('./fixtures/*/*.md', { eager: true, query: '?raw', import: 'default' }),
);

function checkReply(text: string): void {
  const sets = detectAll(text);
  const lineCount = splitLines(text).length;
  for (const set of sets) {
    const parsed = ChangeSetSchema.safeParse(set);
    if (!parsed.success) throw new Error(`schema: ${parsed.error.message}\n--- reply ---\n${text}`);
    for (const d of set.diagnostics) {
      if (/reader failed/.test(d.message)) throw new Error(`${d.message}\n--- reply ---\n${text}`);
      if (d.line < 1 || d.line > lineCount) throw new Error(`diagnostic line ${d.line} of ${lineCount}`);
      if (d.op !== undefined && d.op >= set.ops.length) throw new Error(`diagnostic op ${d.op} out of range`);
    }
    for (const op of set.ops) {
      if (op.line < 1 || op.line > lineCount) throw new Error(`op line ${op.line} of ${lineCount}: ${text}`);
      for (const p of opPaths(op)) {
        // A block that names no file: its content places it (locate-by-content.ts), or the review asks.
        if (p === '' && (op.alias?.how === 'content' || op.alias?.how === 'ask')) continue;
        const r = normalizePath(p);
        if (!r.ok || r.path !== p) throw new Error(`unsafe or unnormalized path ${JSON.stringify(p)}`);
      }
    }
  }
}

/** Lines that mean something to some reader, plus hostile paths. */
const MARKERS = [
  '<<<<<<< SEARCH',
  '=======',
  '>>>>>>> REPLACE',
  '------- SEARCH',
  '+++++++ REPLACE',
  '```',
  '````',
  '```ts src/a.ts',
  '```json',
  '```diff',
  '~~~',
  '*** Begin Patch',
  '*** End Patch',
  '*** Add File: a.txt',
  '*** Update File: ../x.txt',
  '*** Delete File: /etc/passwd',
  '*** Move to: C:\\win.txt',
  '*** End of File',
  '@@',
  '@@ class A',
  '@@ -1,2 +1,3 @@',
  '+added',
  '-removed',
  ' context',
  '',
  '{',
  '}',
  ']',
  '"message": "m",',
  '"replace_files": [',
  '{"path": "./a.txt", "content": "x"},',
  '"edit_ranges": [{"path": "b", "edits": [{"start": 1, "end": 0, "content": ""}]}]',
  '# Plan',
  '## Files',
  '### File src/a.ts',
  'File ../../etc/hosts',
  '### Action modify',
  '### Action create',
  '#### Change',
  '**Search**:',
  '**Content**:',
  '<pre>',
  '</pre>',
  '<replace_in_file>',
  '<path>src/a.js</path>',
  '<diff>',
  '</diff>',
  'src/a.ts',
  '**src/b.ts**',
  'file1',
  '.git/hooks/pre-commit',
  'a\u0000b.txt',
  'src\\win\\path.ts',
  '%2e%2e/x.txt',
  '\u2025/x.txt',
  'Here is the updated `src/c.ts`:',
  '// src/d.ts',
  '--- a/src/a.ts',
  '+++ b/src/a.ts',
  'diff --git a/x b/x',
  '<FILE_CHANGES>',
  '</FILE_CHANGES>',
  '<FILE_NEW file_path="../x">',
  '--- START-FILE: src/e.ts ---',
  '--- END-FILE: src/e.ts ---',
];

const line = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MARKERS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }) },
);
const reply = fc
  .tuple(fc.array(line, { maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([ls, eol]) => ls.join(eol));

describe('fuzz: detectAll on hostile replies', () => {
  it('random replies built from format markers', () => {
    fc.assert(fc.property(reply, checkReply), { numRuns: 1000 });
  });

  it('every fixture cut short', () => {
    let cuts = 0;
    for (const text of texts) {
      const step = Math.max(1, Math.floor(text.length / 100));
      for (let i = 0; i < text.length; i += step) {
        checkReply(text.slice(0, i));
        cuts++;
      }
    }
    expect(cuts).toBeGreaterThan(texts.length);
  });

  it('fixtures with garbage inserted and marker lines duplicated or dropped', () => {
    const mutated = fc
      .record({
        text: fc.constantFrom(...texts),
        at: fc.nat(),
        garbage: fc.array(line, { minLength: 1, maxLength: 4 }),
        dup: fc.nat(),
        drop: fc.nat(),
      })
      .map(({ text, at, garbage, dup, drop }) => {
        const ls = splitLines(text);
        const d = dup % ls.length;
        ls.splice(d, 0, ls[d]!);
        ls.splice(drop % ls.length, 1);
        ls.splice(at % (ls.length + 1), 0, ...garbage);
        return ls.join('\n');
      });
    fc.assert(fc.property(mutated, checkReply), { numRuns: 1000 });
  });
});

describe('speed: parsers stay linear on a 1 MiB reply', () => {
  it('a realistic 1 MiB reply (one whole file, one SEARCH/REPLACE) reads in a few milliseconds', () => {
    const code = Array.from({ length: 30000 }, (_, i) => `  const v${i} = compute(${i}, "x"); // ${i}`).join(
      '\n',
    );
    const text = `Here is the file:\n\nsrc/big.ts\n\`\`\`ts\n${code}\n\`\`\`\n\nsrc/a.ts\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n`;
    expect(text.length).toBeGreaterThan(1 << 20);
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5; run++) {
      const t0 = performance.now();
      const sets = detectAll(text);
      best = Math.min(best, performance.now() - t0);
      expect(sets.map((s) => s.source.format)).toEqual(['whole-file', 'search-replace']);
    }
    // Measured 20–70 ms on a 2-core machine busy with other test suites (load 10–15); part of it is
    // the registry hashing the reply once per change set. A timing bound in a unit test must hold
    // on a loaded CI runner, so it is loose; a quadratic reader takes seconds here.
    expect(best).toBeLessThan(250);
  });

  // Fixtures repeated to 1 MiB, and one 1 MiB line with no line break (regex backtracking bait).
  const base = texts.join('\n\n');
  const big = base.repeat(Math.ceil((1 << 20) / base.length)).slice(0, 1 << 20);
  const longLine = `src/a.ts ${'`a.b` ~~ <<<<<<< ``` @@ *** {"path": '.repeat(30000)}`.slice(0, 1 << 20);

  it.each([
    ['fixtures repeated', big],
    ['one long line', longLine],
  ])('%s', (_n, text) => {
    for (const p of PARSERS) {
      // The best of three runs, so a busy machine or a GC pause does not fail the test; the bound
      // is generous for slow CI machines, while a quadratic parser takes seconds here.
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const t0 = performance.now();
        p.detect(text) && p.parse(text);
        best = Math.min(best, performance.now() - t0);
      }
      expect(best, p.id).toBeLessThan(1000);
    }
  });
});
