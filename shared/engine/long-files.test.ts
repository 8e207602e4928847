import { describe, expect, it } from 'vitest';
import { detectAll } from '../formats/registry';
import { applyOp } from './apply-op';

/**
 * Files and replies longer than a call's arguments may be (issue 44): 250,000 lines went into
 * `push(...lines)` in several appliers, which throws "Maximum call stack size exceeded" from about
 * 120,000 items (push-all.ts). Each kind of edit, on a file of that many lines, gives the file it means.
 */
const N = 250_000;
const file = `${Array.from({ length: N }, (_, i) => `row ${i}`).join('\n')}\n`;
const lines = file.split('\n');
const opsOf = (reply: string) => detectAll(reply).flatMap((s) => s.ops);

function applied(reply: string): string {
  const ops = opsOf(reply);
  expect(ops).toHaveLength(1);
  const r = applyOp(file, ops[0]!);
  if (!r.ok) throw new Error(r.message);
  if (r.text === null) throw new Error('the file was deleted');
  return r.text;
}

describe(`edits of a file of ${N} lines`, () => {
  it('a SEARCH/REPLACE block', () => {
    const out = applied('data.txt\n```\n<<<<<<< SEARCH\nrow 200000\n=======\nROW\n>>>>>>> REPLACE\n```\n');
    expect(out).toBe(file.replace('row 200000\n', 'ROW\n'));
  });

  it('a unified diff hunk', () => {
    const out = applied(
      '```diff\n--- a/data.txt\n+++ b/data.txt\n@@ -200000,3 +200000,3 @@\n row 199999\n-row 200000\n+ROW\n row 200001\n```\n',
    );
    expect(out).toBe(file.replace('row 200000\n', 'ROW\n'));
  });

  it('a whole new text of as many lines, replacing it', () => {
    const body = lines
      .slice(0, -1)
      .map((l) => l.toUpperCase())
      .join('\n');
    const out = applied(`data.txt\n\`\`\`\n${body}\n\`\`\`\n`);
    expect(out).toBe(`${body}\n`);
  });

  it('a snippet with "... existing code ..." around its change', () => {
    const out = applied(
      'data.txt\n```\n// ... existing code ...\nrow 199999\nROW\nrow 200001\n// ... existing code ...\n```\n',
    );
    expect(out).toBe(file.replace('row 200000\n', 'ROW\n'));
  });
});

describe(`a reply of ${N} diff headers without hunks`, () => {
  it('is read, each header said to hold no change', () => {
    const reply = Array.from({ length: N }, (_, i) => `diff --git a/a_${i} b/a_${i}`).join('\n');
    const sets = detectAll(reply);
    expect(sets.flatMap((s) => s.ops)).toEqual([]);
    expect(sets.flatMap((s) => s.diagnostics).length).toBeGreaterThanOrEqual(N / 10);
  });
});
