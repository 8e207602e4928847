/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { delimiterBlocksParser, parseDelimiter } from './delimiter-blocks';

const parse = (text: string) => delimiterBlocksParser.parse(text);

describe('parseDelimiter', () => {
  it.each([
    ['--- START-FILE: src/a.ts ---', { kind: 'START-FILE', path: 'src/a.ts', indent: 0 }],
    ['  --- END-PATCH: a b.txt ---  ', { kind: 'END-PATCH', path: 'a b.txt', indent: 2 }],
    ['---DELETE-FILE:x---', { kind: 'DELETE-FILE', path: 'x', indent: 0 }],
    ['--- END-FILE: a.py', { kind: 'END-FILE', path: 'a.py', indent: 0 }],
    ['--- a/src/a.ts', null],
    ['---', null],
    ['--- NOTE: something ---', null],
  ])('%s', (line, expected) => {
    expect(parseDelimiter(line)).toEqual(expected);
  });
});

describe('delimiter-blocks', () => {
  it('reads the four commands with their reply lines', () => {
    const text = [
      '--- START-FILE: a.txt ---',
      'one',
      '--- END-FILE: a.txt ---',
      '--- START-PATCH: b.txt ---',
      '@@',
      '-old',
      '+new',
      '--- END-PATCH: b.txt ---',
      '--- DELETE-FILE: c.txt ---',
      '--- START-REPLACE-FILE: d.txt ---',
      'all new',
      '--- END-REPLACE-FILE: d.txt ---',
    ].join('\n');
    const blocks = parse(text);
    expect(blocks.map((b) => [b.start, b.end])).toEqual([
      [1, 3],
      [4, 8],
      [9, 9],
      [10, 12],
    ]);
    expect(blocks.flatMap((b) => b.ops)).toEqual([
      { kind: 'create', path: 'a.txt', content: 'one\n', ifExists: 'overwrite', line: 1 },
      { kind: 'patch', path: 'b.txt', hunks: [{ lines: ['-old', '+new'] }], line: 4 },
      { kind: 'delete', path: 'c.txt', line: 9 },
      { kind: 'replace', path: 'd.txt', content: 'all new\n', line: 10 },
    ]);
  });

  it('reads a patch with ---/+++ headers inside (the delimiter also starts with ---)', () => {
    const text =
      '--- START-PATCH: x.c ---\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n--- END-PATCH: x.c ---';
    expect(parse(text)[0]!.ops[0]).toMatchObject({
      kind: 'patch',
      path: 'x.c',
      hunks: [{ oldStart: 1, lines: ['-a', '+b'] }],
    });
  });

  it('keeps delimiter lines of other paths as content', () => {
    const text =
      '--- START-FILE: doc.md ---\n--- START-FILE: other ---\n--- END-FILE: other ---\n--- END-FILE: doc.md ---';
    expect(parse(text).flatMap((b) => b.ops)).toEqual([
      {
        kind: 'create',
        path: 'doc.md',
        content: '--- START-FILE: other ---\n--- END-FILE: other ---\n',
        ifExists: 'overwrite',
        line: 1,
      },
    ]);
  });

  it('refuses a block whose END names another path, with the END line', () => {
    const blocks = parse('--- START-FILE: a.ts ---\nx\n--- END-FILE: b.ts ---\n--- DELETE-FILE: c ---');
    expect(blocks[0]).toMatchObject({ ops: [], diagnostics: [{ severity: 'error', line: 3 }] });
    expect(blocks[1]!.ops).toEqual([{ kind: 'delete', path: 'c', line: 4 }]);
  });

  it('refuses an unclosed final block as cut off', () => {
    const blocks = parse(
      '--- START-FILE: a.ts ---\nx\n--- END-FILE: a.ts ---\n--- START-FILE: b.ts ---\nhalf',
    );
    expect(blocks[1]!.ops).toEqual([]);
    expect(blocks[1]!.diagnostics[0]).toMatchObject({ severity: 'error', line: 4 });
    expect(blocks[1]!.diagnostics[0]!.message).toContain('cut off');
  });

  it('treats a restarted block as cutting off the first one', () => {
    const blocks = parse('--- START-FILE: a ---\nhalf\n--- START-FILE: a ---\nwhole\n--- END-FILE: a ---');
    expect(blocks[0]!.diagnostics[0]!.message).toContain('never closed');
    expect(blocks[1]!.ops[0]).toMatchObject({ content: 'whole\n', line: 3 });
  });

  it('accepts an END of another kind for the same path, with a warning', () => {
    const blocks = parse('--- START-REPLACE-FILE: a ---\nx\n--- END-FILE: a ---');
    expect(blocks[0]!.ops[0]).toMatchObject({ kind: 'replace', path: 'a', content: 'x\n' });
    expect(blocks[0]!.diagnostics[0]).toMatchObject({ severity: 'warning', line: 3 });
  });

  it('strips a code fence wrapping the whole content, and the indentation of an indented block', () => {
    const text =
      '  ```\n  --- START-FILE: a.py ---\n  ```python\n  def f():\n      pass\n  ```\n  --- END-FILE: a.py ---\n  ```';
    expect(parse(text)[0]!.ops[0]).toMatchObject({ content: 'def f():\n    pass\n' });
  });

  it('keeps fences that do not wrap the whole content', () => {
    const text =
      '--- START-FILE: README.md ---\n```sh\nnpm i\n```\nThen run it.\n--- END-FILE: README.md ---';
    expect(parse(text)[0]!.ops[0]).toMatchObject({ content: '```sh\nnpm i\n```\nThen run it.\n' });
  });

  it('reports a patch without hunks', () => {
    const blocks = parse('--- START-PATCH: a ---\njust prose\n--- END-PATCH: a ---');
    expect(blocks[0]!.ops).toEqual([]);
    expect(blocks[0]!.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('never throws on junk', () => {
    for (const junk of ['', '--- START-FILE:  ---', '--- END-FILE: a ---', '--- START-PATCH: a ---\n@@']) {
      expect(() => parse(junk)).not.toThrow();
    }
  });
});
