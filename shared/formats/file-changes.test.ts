/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { fileChangesParser, parseAttributes } from './file-changes';

const parse = (text: string) => fileChangesParser.parse(text);
const ops = (text: string) => parse(text).flatMap((b) => b.ops);
const diags = (text: string) => parse(text).flatMap((b) => b.diagnostics);

describe('parseAttributes', () => {
  it.each([
    [' file_path="a.txt"', { file_path: 'a.txt' }],
    [" file_path='a b.txt' ", { file_path: 'a b.txt' }],
    ['  to_path = "b"   from_path=\'a\' /', { to_path: 'b', from_path: 'a' }],
    [' file_path="x &amp; y"', { file_path: 'x &amp; y' }],
    [' file_path=unquoted', {}],
  ])('%s', (text, expected) => {
    expect(parseAttributes(text)).toEqual(expected);
  });
});

describe('file-changes', () => {
  it('reads all four directives inside a container as one block', () => {
    const text = [
      '<FILE_CHANGES>',
      '<FILE_RENAME from_path="a" to_path="b" />',
      '<FILE_DELETE file_path="c" />',
      '<FILE_NEW file_path="d">',
      'hello',
      '</FILE_NEW>',
      '<FILE_PATCH file_path="e">',
      '@@',
      '-x',
      '+y',
      '</FILE_PATCH>',
      '</FILE_CHANGES>',
    ].join('\n');
    const blocks = parse(text);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ start: 1, end: 12, diagnostics: [] });
    expect(blocks[0]!.ops).toEqual([
      { kind: 'rename', from: 'a', to: 'b', line: 2 },
      { kind: 'delete', path: 'c', line: 3 },
      { kind: 'create', path: 'd', content: 'hello\n', ifExists: 'overwrite', line: 4 },
      { kind: 'patch', path: 'e', hunks: [{ lines: ['-x', '+y'] }], line: 7 },
    ]);
  });

  it('never unescapes content', () => {
    expect(ops('<FILE_NEW file_path="a.html">\n&lt;b&gt; &amp;\n</FILE_NEW>')[0]).toMatchObject({
      content: '&lt;b&gt; &amp;\n',
    });
  });

  it('keeps closing tags of other directives as content', () => {
    expect(
      ops('<FILE_NEW file_path="a.md">\nends with </FILE_PATCH>\n</FILE_PATCH>\n</FILE_NEW>')[0],
    ).toMatchObject({
      content: 'ends with </FILE_PATCH>\n</FILE_PATCH>\n',
    });
  });

  it('hides its own closing tag inside a content fence', () => {
    const text =
      '<FILE_NEW file_path="doc.md">\n````md\n<FILE_NEW file_path="x">\n</FILE_NEW>\n````\n</FILE_NEW>';
    expect(ops(text)[0]).toMatchObject({ content: '<FILE_NEW file_path="x">\n</FILE_NEW>\n' });
  });

  it('strips a code fence around the content', () => {
    expect(ops('<FILE_NEW file_path="a.rs">\n```rust\nfn a() {}\n```\n</FILE_NEW>')[0]).toMatchObject({
      content: 'fn a() {}\n',
    });
  });

  it.each([
    ['one-line content', '<FILE_NEW file_path="a">x</FILE_NEW>', 'x\n'],
    ['closing tag on the last line', '<FILE_NEW file_path="a">\nx\ny</FILE_NEW>', 'x\ny\n'],
    ['empty file', '<FILE_NEW file_path="a">\n</FILE_NEW>', ''],
  ])('reads %s', (_name, text, content) => {
    expect(ops(text)[0]).toMatchObject({ kind: 'create', content });
  });

  it.each([
    ['<FILE_DELETE file_path="x">'],
    ['<FILE_DELETE file_path="x"></FILE_DELETE>'],
    ['<FILE_DELETE file_path="x">\n</FILE_DELETE>'],
    ["<FILE_DELETE  file_path = 'x'  />"],
    ['<FILE_DELETE path="x"/>'],
  ])('reads the delete %s', (text) => {
    expect(ops(text)).toEqual([{ kind: 'delete', path: 'x', line: 1 }]);
  });

  it('reads directives without a container, with a warning', () => {
    const d = diags('<FILE_DELETE file_path="x" />');
    expect(d).toEqual([expect.objectContaining({ severity: 'warning', line: 1 })]);
  });

  it('refuses a directive that is never closed, as cut off', () => {
    const text = '<FILE_CHANGES>\n<FILE_NEW file_path="a">\nhalf';
    expect(ops(text)).toEqual([]);
    expect(diags(text).map((d) => [d.severity, d.line])).toEqual([
      ['error', 2],
      ['error', 1],
    ]);
  });

  it('refuses a container that is never closed, as cut off between two directives', () => {
    const text = '<FILE_CHANGES>\n<FILE_NEW file_path="a">\nwhole\n</FILE_NEW>\n';
    expect(diags(text)).toEqual([
      expect.objectContaining({
        severity: 'error',
        line: 1,
        message: expect.stringMatching(/never closed: the reply may be cut off/),
      }),
    ]);
  });

  it('refuses directives without paths', () => {
    expect(ops('<FILE_RENAME from_path="a" />\n<FILE_NEW>\nx\n</FILE_NEW>')).toEqual([]);
    expect(diags('<FILE_RENAME from_path="a" />').some((d) => d.severity === 'error')).toBe(true);
  });

  it('never throws on junk', () => {
    for (const junk of [
      '',
      '<FILE_NEW',
      '<FILE_PATCH file_path="a">\n</FILE_PATCH>',
      '</FILE_CHANGES>',
      '<FILE_CHANGES>',
    ]) {
      expect(() => parse(junk)).not.toThrow();
    }
  });
});

describe('file-changes: newer writers (udiffx)', () => {
  it('reads FILE_APPEND as an append, FILE_COPY as a copy, and self-closing tags (llm-226)', () => {
    const text = [
      '<FILE_CHANGES>',
      '<FILE_APPEND file_path="log.md">',
      '',
      '## Added',
      '</FILE_APPEND>',
      '<FILE_COPY from_path="a.md" to_path="b.md" />',
      '</FILE_CHANGES>',
    ].join('\n');
    expect(ops(text)).toEqual([
      { kind: 'append', path: 'log.md', content: '\n## Added\n', line: 2 },
      { kind: 'patch', path: 'b.md', copyFrom: 'a.md', hunks: [], line: 6 },
    ]);
    expect(diags(text)).toEqual([]);
  });

  it('an empty FILE_APPEND and an unknown FILE_* tag are errors naming their line', () => {
    const text = [
      '<FILE_CHANGES>',
      '<FILE_APPEND file_path="a">',
      '</FILE_APPEND>',
      '<FILE_MOVE from_path="a" to_path="b">',
      'junk',
      '</FILE_MOVE>',
      '<FILE_DELETE file_path="c" />',
      '</FILE_CHANGES>',
    ].join('\n');
    expect(ops(text)).toEqual([{ kind: 'delete', path: 'c', line: 7 }]);
    expect(diags(text)).toEqual([
      expect.objectContaining({ severity: 'error', line: 2, message: expect.stringMatching(/empty/) }),
      expect.objectContaining({ severity: 'error', line: 4, message: expect.stringMatching(/<FILE_MOVE>/) }),
    ]);
  });

  it('applies the first container only, and says what a later one holds (llm-231)', () => {
    const block = (path: string) => `<FILE_CHANGES>\n<FILE_DELETE file_path="${path}" />\n</FILE_CHANGES>`;
    const text = `${block('a')}\n\nWait, let me redo that.\n\n${block('b')}\n`;
    expect(ops(text)).toEqual([{ kind: 'delete', path: 'a', line: 2 }]);
    expect(diags(text)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 7,
        message: expect.stringMatching(/second.*\(delete b\).*only the first/),
      }),
    ]);
  });
});
