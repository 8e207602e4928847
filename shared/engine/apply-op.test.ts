import { describe, expect, it } from 'vitest';
import type { Op } from '../changeset/changeset';
import { applyOp } from './apply-op';
import { hunk, patchOp, srOp, text } from './test-helpers';

const create = (content: string, ifExists: 'fail' | 'overwrite' = 'fail'): Op => ({
  kind: 'create',
  path: 'a.txt',
  content,
  ifExists,
  line: 2,
});
const replace = (content: string): Op => ({ kind: 'replace', path: 'a.txt', content, line: 2 });

describe('whole-file and file operations', () => {
  it.each<[string, string | null, Op, string | null]>([
    ['create a missing file, verbatim', null, create('x\r\ny'), 'x\r\ny'],
    [
      'create over a file with overwrite keeps its style',
      'a\r\n',
      create('x\ny\n', 'overwrite'),
      'x\r\ny\r\n',
    ],
    ['replace keeps CRLF and the BOM', '\uFEFFa\r\nb\r\n', replace('x\n'), '\uFEFFx\r\n'],
    ['replace of a missing file creates it', null, replace('x\n'), 'x\n'],
    ['delete', 'a\n', { kind: 'delete', path: 'a.txt', line: 2 }, null],
    [
      'rename leaves the text (the plan moves it)',
      'a\n',
      { kind: 'rename', from: 'a.txt', to: 'b.txt', line: 2 },
      'a\n',
    ],
  ])('%s', (_name, before, op, after) => {
    expect(applyOp(before, op)).toMatchObject({ ok: true, text: after });
  });

  it.each<[string, string | null, Op, string]>([
    ['create with ifExists fail over another file', 'a\n', create('x\n'), 'exists'],
    ['create with ifExists fail over the same content', 'x\r\n', create('x\n'), 'already-applied'],
    ['delete of a missing file', null, { kind: 'delete', path: 'a.txt', line: 2 }, 'missing-file'],
    [
      'rename of a missing file',
      null,
      { kind: 'rename', from: 'a.txt', to: 'b.txt', line: 2 },
      'missing-file',
    ],
    ['a guessed replace of a missing file', null, { ...replace('x'), guess: true } as Op, 'missing-file'],
  ])('%s → %s', (_name, before, op, kind) => {
    const r = applyOp(before, op);
    expect(r).toMatchObject({ ok: false, kind });
    if (!r.ok) expect(r.message).toMatch(/reply line 2/);
  });
});

describe('no-match messages', () => {
  it('name the first line that differs at the most similar place', () => {
    const before = text('def f():', '    a = 1', '    b = 2', '    return a');
    const r = applyOp(
      before,
      patchOp([hunk(['     a = 1', '-    b = 3', '+    b = 4', '     return a'], [2, 3, 2, 3])], { line: 5 }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toBe(
      'hunk 1 (@@ -2,3 +2,3 @@) of the patch for a.txt (reply line 5) does not match the file near line 2. The most similar place starts at line 2; there, line 2 of the hunk "b = 3" differs from line 3 of the file "b = 2".',
    );
    expect(r.nearest).toBe('    a = 1\n    b = 2\n    return a');
  });

  it('say so when none of the lines are in the file', () => {
    const r = applyOp(text('a'), srOp([{ search: 'zzz', replace: 'y' }]));
    expect(r).toMatchObject({ ok: false, kind: 'no-match' });
    if (!r.ok) expect(r.message).toMatch(/None of its lines are in the file/);
  });
});

describe('append (FILE_APPEND)', () => {
  const append = (before: string | null, content: string) =>
    applyOp(before, { kind: 'append', path: 'a.md', content, line: 1 });
  it.each([
    ['after the last line', 'a\n', 'b\n', 'a\nb\n'],
    ['a missing final newline first', 'a', 'b\n', 'a\nb\n'],
    ['in the file’s line endings', 'a\r\n', 'b\nc\n', 'a\r\nb\r\nc\r\n'],
    ['to an empty file', '', 'b\n', 'b\n'],
  ])('appends %s', (_name, before, content, after) => {
    const r = append(before, content);
    expect(r.ok && r.text).toBe(after);
  });

  it('creates a missing file, and says so', () => {
    const r = append(null, 'x\n');
    expect(r.ok && r.text).toBe('x\n');
    expect(r.ok && r.notes[0]!.message).toMatch(/will be created/);
  });
});

// Issue 40, item 5: a whole-file rewrite keeps what it does not change. A chat page strips the spaces at
// a line's end and a fence always ends with a newline: neither is the reply changing them.
describe('a whole new text keeps the file’s own line ends and ending', () => {
  const vue = [
    '<template>',
    '  <p>{{ a }}</p>',
    '</template>',
    '<script setup> ',
    'const a = 1',
    '</script> ',
  ];
  const file = vue.join('\n');
  const op = (lines: string[]): Op => ({
    kind: 'replace',
    path: 'a.vue',
    content: `${lines.join('\n')}\n`,
    line: 1,
  });
  const write = (before: string, lines: string[]) => {
    const r = applyOp(before, op(lines));
    if (!r.ok) throw new Error(r.message);
    return r.text;
  };
  it.each<[string, string, string[], string]>([
    [
      'its last line as it was, with no final newline',
      file,
      vue.map((l) => l.trimEnd()).map((l) => (l === 'const a = 1' ? 'const a = 2' : l)),
      file.replace('const a = 1', 'const a = 2'),
    ],
    [
      'a last line the reply changes ends as the reply says',
      file,
      [...vue.slice(0, 5).map((l) => l.trimEnd()), '</script>', '<style></style>'],
      `${vue.slice(0, 5).join('\n')}\n</script> \n<style></style>\n`,
    ],
    ['a final newline the file has stays', `${file}\n`, vue.map((l) => l.trimEnd()), `${file}\n`],
    [
      'a line the reply writes twice is its own, spaces and all',
      file,
      [...vue.slice(0, 4).map((l) => l.trimEnd()), '<script setup>', 'const a = 1', '</script> '],
      `${vue.slice(0, 3).join('\n')}\n<script setup>\n<script setup>\nconst a = 1\n</script> `,
    ],
    [
      'CRLF, the same',
      file.replaceAll('\n', '\r\n'),
      vue.map((l) => l.trimEnd()),
      file.replaceAll('\n', '\r\n'),
    ],
  ])('%s', (_n, before, lines, want) => {
    expect(write(before, lines)).toBe(want);
  });
});

describe('a rewrite that shares little with the file', () => {
  it('ends as the reply says, though its last line is the file’s `}`', () => {
    const before = [
      '<?php',
      'class A {',
      ...Array.from({ length: 12 }, (_, i) => `  public $f${i};`),
      '}',
    ].join('\n');
    const r = applyOp(before, { kind: 'replace', path: 'a.php', content: '<?php\nclass B {\n}\n', line: 1 });
    expect(r.ok && r.text).toBe('<?php\nclass B {\n}\n');
  });
});
