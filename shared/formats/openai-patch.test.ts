/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { Op } from '../changeset/changeset';
import { openaiPatch } from './openai-patch';
import { detectAll } from './registry';

const parseOps = (text: string) => openaiPatch.parse(text).flatMap((b) => b.ops);
const diags = (text: string) => openaiPatch.parse(text).flatMap((b) => b.diagnostics);
const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');
const hunksOf = (text: string) => (parseOps(text)[0] as Extract<Op, { kind: 'patch' }>).hunks;

describe('openai-patch: entries', () => {
  it('maps Add, Delete and Update (with Move) to create (overwriting, as codex does), delete and patch', () => {
    const text = patch(
      '*** Add File: a.txt',
      '+one',
      '+two',
      '*** Delete File: b.txt',
      '*** Update File: c.txt',
      '*** Move to: d/c.txt',
      '@@',
      '-x',
      '+y',
    );
    expect(parseOps(text)).toEqual([
      { kind: 'create', path: 'a.txt', content: 'one\ntwo\n', ifExists: 'overwrite', line: 2 },
      { kind: 'delete', path: 'b.txt', line: 5 },
      {
        kind: 'patch',
        path: 'c.txt',
        newPath: 'd/c.txt',
        hunks: [{ lines: ['-x', '+y'] }],
        line: 6,
        finalNewline: true,
        moveOverwrites: true,
      },
    ]);
    expect(diags(text)).toEqual([]);
  });

  it('accepts padded markers (codex scenario 018)', () => {
    expect(parseOps(' *** Begin Patch\n*** Update File: f\n@@\n-a\n+b\n*** End Patch ')).toHaveLength(1);
  });

  it('reads an Add File with no lines as an empty file', () => {
    expect(parseOps(patch('*** Add File: empty.txt'))).toMatchObject([{ kind: 'create', content: '' }]);
  });

  it('owns a patch inside a ```diff fence: no other reader complains about it', () => {
    const text = `\`\`\`diff\n${patch('*** Update File: a.py', '@@ def f():', '-    return 1', '+    return 2')}\n\`\`\``;
    expect(detectAll(text).map((s) => [s.source.format, s.diagnostics.length])).toEqual([
      ['openai-patch', 0],
    ]);
  });

  it('reads several patches in one reply, each as its own block', () => {
    const text = `${patch('*** Delete File: a')}\nand\n${patch('*** Delete File: b')}`;
    expect(openaiPatch.parse(text).map((b) => [b.start, b.end])).toEqual([
      [1, 3],
      [5, 7],
    ]);
  });
});

describe('openai-patch: chunks', () => {
  it('stacks consecutive @@ anchors, outermost first, and starts a new chunk at each @@ after lines', () => {
    const text = patch(
      '*** Update File: f.py',
      '@@ class A:',
      '@@     def f(self):',
      '-a',
      '+b',
      '@@ def g():',
      ' c',
      '-d',
    );
    expect(hunksOf(text)).toEqual([
      { anchors: ['class A:', '    def f(self):'], lines: ['-a', '+b'] },
      { anchors: ['def g():'], lines: [' c', '-d'] },
    ]);
  });

  it('accepts a first chunk without @@ (codex does)', () => {
    expect(hunksOf(patch('*** Update File: f', ' import foo', '+bar'))).toEqual([
      { lines: [' import foo', '+bar'] },
    ]);
  });

  it('marks *** End of File on the chunk it ends', () => {
    expect(hunksOf(patch('*** Update File: f', '@@', '+tail', '*** End of File'))).toEqual([
      { lines: ['+tail'], atEof: true },
    ]);
  });

  it('reads an empty line inside a chunk as empty context, but not blank lines at its end', () => {
    expect(hunksOf(patch('*** Update File: f', '@@', ' a', '', '-b', '', ''))).toEqual([
      { lines: [' a', ' ', '-b'] },
    ]);
  });

  it('ignores the numbers of a unified-diff @@ header (they are not trusted here)', () => {
    expect(hunksOf(patch('*** Update File: f', '@@ -1,2 +1,2 @@ fn main', '-a', '+b'))).toEqual([
      { lines: ['-a', '+b'] },
    ]);
  });

  it.each([
    ['an Update with no chunk', patch('*** Update File: f'), 2],
    ['a chunk line without a prefix', patch('*** Update File: f', '@@', '-a', 'oops', '+b'), 5],
    ['an unknown *** header', patch('*** Rename File: f'), 2],
    ['an Add File line without its +', patch('*** Add File: a.txt', '+one', 'two', '+three'), 4],
  ])('refuses %s with an error on its line', (_n, text, line) => {
    expect(parseOps(text)).toEqual([]);
    expect(diags(text)).toEqual([expect.objectContaining({ severity: 'error', line })]);
  });

  it('lists at most 50 problems per patch, then says how many more there are', () => {
    const d = diags(patch(...Array.from({ length: 70 }, (_, i) => `garbage ${i}`)));
    expect(d).toHaveLength(51);
    expect(d[50]!.message).toMatch(/^20 more problems/);
  });

  it('keeps reading the next file after a broken one', () => {
    const text = patch('*** Update File: f', '@@', 'oops', '*** Delete File: g');
    expect(parseOps(text)).toEqual([{ kind: 'delete', path: 'g', line: 5 }]);
  });

  it('errs when *** End Patch is missing at the end of the reply: it may be cut off, and a file with it (codex)', () => {
    const text = '*** Begin Patch\n*** Add File: src/hello.txt\n+hello\n+wor';
    expect(parseOps(text)).toHaveLength(1);
    expect(diags(text)).toEqual([
      expect.objectContaining({
        severity: 'error',
        line: 1,
        message: expect.stringMatching(/no "\*\*\* End Patch": the reply may be cut off/),
      }),
    ]);
  });

  it.each([
    ['an Add File', ['*** Add File: a', '+x'], { kind: 'create', path: 'a', content: 'x\n' }],
    [
      'an Update',
      ['*** Update File: a', '@@', '-x', '+y'],
      { kind: 'patch', path: 'a', hunks: [{ lines: ['-x', '+y'] }] },
    ],
  ])(
    'ends a patch without *** End Patch at the close of its code block, with a warning (%s)',
    (_n, body, op) => {
      const text = ['```', '*** Begin Patch', ...body, '```', 'Done.'].join('\n');
      expect(parseOps(text)).toEqual([expect.objectContaining(op)]);
      expect(diags(text)).toEqual([
        expect.objectContaining({
          severity: 'warning',
          line: 2,
          message: expect.stringMatching(/ends where its code block closes/),
        }),
      ]);
    },
  );

  it('reads a ``` line inside a patch that has its *** End Patch as the broken line it is (never the end)', () => {
    const text = patch('*** Add File: README.md', '+# Title', '```', '+more');
    expect(parseOps(text)).toEqual([]);
    expect(diags(text)).toEqual([
      expect.objectContaining({
        severity: 'error',
        line: 4,
        message: expect.stringMatching(/does not start with "\+"/),
      }),
    ]);
  });

  it('keeps a ``` line of a Markdown file that an Update changes (prefixed, so not the code block)', () => {
    expect(hunksOf(patch('*** Update File: README.md', '@@', ' ```', '-x', '+y', ' ```'))).toEqual([
      { lines: [' ```', '-x', '+y', ' ```'] },
    ]);
  });
});

describe('openai-patch: the folder a shell command runs it in (codex heredocs)', () => {
  const heredoc = (prefix: string, ...body: string[]) =>
    [`${prefix}apply_patch <<'PATCH'`, '*** Begin Patch', ...body, '*** End Patch', 'PATCH'].join('\n');

  it.each([
    ['cd foo && ', 'foo/a.txt'],
    ['cd foo; ', 'foo/a.txt'],
    ["cd 'foo bar' && ", 'foo bar/a.txt'],
    ['cd "foo bar" && ', 'foo bar/a.txt'],
    ['$ cd foo && ', 'foo/a.txt'],
    ['', 'a.txt'],
  ])('reads paths after `%s` in that folder', (prefix, path) => {
    const text = heredoc(prefix, '*** Add File: a.txt', '+hi');
    expect(parseOps(text)).toEqual([expect.objectContaining({ kind: 'create', path })]);
    expect(diags(text)).toEqual([]);
  });

  it('reads a `cd DIR` on a line of its own above apply_patch, in the same block of commands', () => {
    const text = ['```bash', 'cd foo', heredoc('', '*** Add File: a.txt', '+hi'), '```'].join('\n');
    expect(parseOps(text)).toEqual([expect.objectContaining({ path: 'foo/a.txt' })]);
    // Not from another block, nor across a blank line.
    expect(parseOps(['cd foo', '', heredoc('', '*** Add File: a.txt', '+hi')].join('\n'))).toEqual([
      expect.objectContaining({ path: 'a.txt' }),
    ]);
    // Prose that says "cd" is not a command.
    expect(
      parseOps(
        ['Run it from the root (no need to cd):', heredoc('', '*** Add File: a.txt', '+hi')].join('\n'),
      ),
    ).toEqual([expect.objectContaining({ path: 'a.txt' })]);
    // Two of them, or one beside another on the apply_patch line: refused.
    for (const above of [['cd foo', 'cd bar'], ['pushd foo'], ['cd foo']]) {
      const prefix = above[0] === 'cd foo' && above.length === 1 ? 'cd bar && ' : '';
      expect(parseOps([...above, heredoc(prefix, '*** Add File: a.txt', '+hi')].join('\n'))).toEqual([]);
    }
  });

  it('leaves an absolute path where it says', () => {
    const text = heredoc('cd foo && ', '*** Add File: /abs/a.txt', '+hi');
    expect(parseOps(text)).toEqual([expect.objectContaining({ kind: 'create', path: '/abs/a.txt' })]);
  });

  it('moves within that folder too', () => {
    const ops = parseOps(
      heredoc(
        'cd alt && ',
        '*** Update File: old.txt',
        '*** Move to: renamed.txt',
        '@@',
        '-before',
        '+after',
      ),
    );
    expect(ops).toEqual([expect.objectContaining({ path: 'alt/old.txt', newPath: 'alt/renamed.txt' })]);
  });

  it.each(['cd foo && cd bar && ', 'echo foo; cd bar && ', 'cd bar || ', 'cd foo bar && ', 'pushd foo && '])(
    'refuses a patch run after `%s`, which moves it in a way not read',
    (prefix) => {
      const text = heredoc(prefix, '*** Add File: a.txt', '+hi');
      expect(diags(text)).toEqual([
        expect.objectContaining({
          severity: 'error',
          line: 1,
          message: expect.stringMatching(/changes the folder/),
        }),
      ]);
      expect(parseOps(text)).toEqual([]);
    },
  );
});

interface CorpusCase {
  id: string;
  format: string;
  reply_text: string;
  original_files: Record<string, string | null>;
  expected_files: Record<string, string | null>;
  expect_fail?: boolean;
  notes: string;
}

const corpus = Object.values(
  import.meta.glob<CorpusCase>('../../../shared/corpus/llm-edits/*.json', { eager: true, import: 'default' }),
).filter((c) => c.format === 'v4a');

describe('openai-patch: corpus (codex apply_patch)', () => {
  it('has the corpus', () => expect(corpus.length).toBeGreaterThanOrEqual(10));

  it.each(corpus.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const blocks = openaiPatch.parse(c.reply_text);
    const ops = blocks.flatMap((b) => b.ops);
    const errors = blocks.flatMap((b) => b.diagnostics).filter((d) => d.severity === 'error');
    if (/empty/i.test(c.notes) && c.expect_fail) {
      // 008_rejects_empty_update_hunk fails at parse time upstream, and here.
      expect(ops).toEqual([]);
      expect(errors).toHaveLength(1);
      return;
    }
    // Everything else parses; failures (missing context, deleting a folder) happen at apply time.
    expect(errors).toEqual([]);
    expect(ops.length).toBeGreaterThan(0);
    // Every path is a file of the case, or a folder holding one (012 deletes the folder `dir`).
    const files = [...Object.keys(c.original_files), ...Object.keys(c.expected_files)];
    const known = (p: string) => files.some((f) => f === p || f.startsWith(`${p}/`));
    for (const op of ops) {
      expect(known((op as { path: string }).path), op.kind).toBe(true);
      if (op.kind === 'patch' && op.newPath) expect(known(op.newPath)).toBe(true);
    }
  });

  it('reads codex 089 (a blank line before *** End Patch) without an empty trailing context line', () => {
    const c = corpus.find((x) => x.reply_text.includes('first.txt'))!;
    expect(hunksOf(c.reply_text)).toEqual([{ lines: ['-foo', '+FOO', ' bar'] }]);
  });
});
