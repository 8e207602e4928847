/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { markdownActions } from './markdown-actions';
import { detectAll } from './registry';

const parseOps = (text: string) => markdownActions.parse(text).flatMap((b) => b.ops);
const diags = (text: string) => markdownActions.parse(text).flatMap((b) => b.diagnostics);

const modify = (label: (w: string) => string) =>
  [
    '### File src/a.ts',
    '### Action modify',
    '#### Change',
    `${label('Search')}`,
    '```ts',
    'old',
    '```',
    `${label('Content')}`,
    '```ts',
    'new',
    '```',
  ].join('\n');

describe('markdown-actions: label forms', () => {
  it.each([
    ['**X**:', (w: string) => `**${w}**:`],
    ['**X:**', (w: string) => `**${w}:**`],
    ['*X*:', (w: string) => `*${w}*:`],
    ['_X_:', (w: string) => `_${w}_:`],
    ['__X__:', (w: string) => `__${w}__:`],
    ['X:', (w: string) => `${w}:`],
    ['**X** (…):', (w: string) => `**${w}** (only for \`modify\` actions):`],
  ])('%s', (_form, label) => {
    expect(parseOps(modify(label))).toEqual([
      {
        kind: 'search-replace',
        path: 'src/a.ts',
        edits: [{ search: 'old\n', replace: 'new\n', all: false }],
        line: 1,
      },
    ]);
  });

  it('takes **Replace** as another name for **Content**', () => {
    expect(parseOps(modify((w) => `**${w === 'Content' ? 'Replace' : w}**:`))).toHaveLength(1);
  });

  it('does not read a prose line that starts with "Content" as a label', () => {
    const text = `${modify((w) => `**${w}**:`)}\nContent is fine now.\n\`\`\`\nstray\n\`\`\``;
    expect(parseOps(text)[0]).toMatchObject({ edits: [{ search: 'old\n', replace: 'new\n' }] });
  });
});

describe('markdown-actions: structure', () => {
  it.each([
    ['### File x', '### File src/b.ts\n### Action delete', 'src/b.ts'],
    ['File x (no heading marks)', 'File src/b.ts\n\nAction delete', 'src/b.ts'],
    ['File: x / Action: x', 'File: src/b.ts\nAction: delete', 'src/b.ts'],
    ['backticked path', '### File `src/b.ts`\n### Action `delete`', 'src/b.ts'],
    ['bold File word', '**File** src/b.ts\n**Action** delete', 'src/b.ts'],
    ['bold File word with its colon', '**File:** `src/b.ts`\n**Action:** **delete**', 'src/b.ts'],
  ])('%s', (_n, text, path) => {
    expect(parseOps(text)).toEqual([{ kind: 'delete', path, line: 1 }]);
  });

  it('drops a short note after the path', () => {
    expect(parseOps('### File `src/b.ts` (new)\n### Action delete')).toEqual([
      { kind: 'delete', path: 'src/b.ts', line: 1 },
    ]);
  });

  it('reads "Action: <unknown word>" without heading marks as prose, not as an error', () => {
    expect(markdownActions.parse('File: src/a.ts\nAction: update the docs')).toEqual([]);
  });

  it('ignores a prose line that starts with "File"', () => {
    expect(parseOps('File uploads are slow.\n### File a.txt\n### Action delete')).toEqual([
      { kind: 'delete', path: 'a.txt', line: 2 },
    ]);
  });

  it('leaves `### File: x` above a plain code block to the whole-file reader (no Action anywhere)', () => {
    expect(markdownActions.parse('### File: src/a.ts\n```ts\nx\n```')).toEqual([]);
  });

  it.each([
    ['create', { kind: 'create', path: 'a.txt', content: 'hi\n', ifExists: 'fail', line: 1 }],
    ['rewrite', { kind: 'replace', path: 'a.txt', content: 'hi\n', line: 1 }],
    ['CREATE', { kind: 'create', path: 'a.txt', content: 'hi\n', ifExists: 'fail', line: 1 }],
  ])('action %s', (action, op) => {
    expect(parseOps(`### File a.txt\n### Action ${action}\n**Content**:\n\`\`\`\nhi\n\`\`\``)).toEqual([op]);
  });

  it('reports an unknown action on its line and skips the file', () => {
    const text = '### File a.txt\n### Action update\n**Content**:\n```\nhi\n```';
    expect(parseOps(text)).toEqual([]);
    expect(diags(text)).toEqual([expect.objectContaining({ severity: 'error', line: 2 })]);
  });

  it.each([
    ['Search without Content', '**Search**:\n```\na\n```'],
    ['Content without Search', '**Content**:\n```\na\n```'],
    ['empty Search', '**Search**:\n```\n```\n**Content**:\n```\na\n```'],
    ['no change at all', ''],
    ['a label without a code block', '**Search**:\nsome text\n**Content**:\n```\na\n```'],
  ])('modify with %s is refused with an error', (_n, body) => {
    const text = `### File a.txt\n### Action modify\n#### Change\n${body}`;
    expect(parseOps(text)).toEqual([]);
    expect(diags(text).some((d) => d.severity === 'error')).toBe(true);
  });

  it('reads each Search/Content pair as one edit, with or without #### Change', () => {
    const pair = (a: string, b: string) =>
      `**Search**:\n\`\`\`\n${a}\n\`\`\`\n**Content**:\n\`\`\`\n${b}\n\`\`\``;
    const text = `### File a.txt\n### Action modify\n${pair('1', 'one')}\n#### Change\n${pair('2', 'two')}\n${pair('3', 'three')}`;
    expect(parseOps(text)[0]).toMatchObject({
      edits: [
        { search: '1\n', replace: 'one\n' },
        { search: '2\n', replace: 'two\n' },
        { search: '3\n', replace: 'three\n' },
      ],
    });
  });

  it('keeps structural-looking lines that are inside a content fence as content', () => {
    const content = '# Plan\n### File other.txt\n### Action delete\n**Search**:';
    const text = `### File notes.md\n### Action create\n**Content**:\n\`\`\`\`md\n${content}\n\`\`\`\``;
    expect(parseOps(text)).toEqual([
      { kind: 'create', path: 'notes.md', content: `${content}\n`, ifExists: 'fail', line: 1 },
    ]);
  });

  it('puts the Plan text in the summary, up to the next heading', () => {
    const text = '# Plan\nChange the version.\nTwo lines.\n## Files\n### File a\n### Action delete';
    expect(markdownActions.parse(text)[0]!.summary).toBe('Change the version.\nTwo lines.');
  });

  it('keeps an absolute path as written; the registry gives it the tails the plan may map it to', () => {
    const text = 'File /etc/passwd\n### Action delete';
    expect(parseOps(text)).toEqual([{ kind: 'delete', path: '/etc/passwd', line: 1 }]);
    const [set] = detectAll(text);
    expect(set!.diagnostics).toEqual([]);
    expect(set!.ops).toEqual([
      {
        kind: 'delete',
        path: 'etc/passwd',
        line: 1,
        alias: { how: 'absolute', written: '/etc/passwd', paths: ['passwd'] },
      },
    ]);
  });
});

describe('markdown-actions: a code block left open', () => {
  const open = [
    '### File src/a.ts',
    '### Action modify',
    '#### Change',
    'Search:',
    '```ts',
    'old',
    '```',
    'Content:',
    '```ts',
    'new',
  ];

  it('before the </pre> that ends the answer is read up to it, with a warning', () => {
    const text = ['<pre>', ...open, '</pre>'].join('\n');
    expect(parseOps(text)).toEqual([
      expect.objectContaining({ edits: [{ search: 'old\n', replace: 'new\n', all: false }] }),
    ]);
    expect(diags(text)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 10,
        message: expect.stringMatching(/not closed before the <\/pre>/),
      }),
    ]);
  });

  it('to the end of the reply is an error: the reply may be cut off', () => {
    expect(diags(open.join('\n'))).toEqual([
      expect.objectContaining({
        severity: 'error',
        line: 9,
        message: expect.stringMatching(/never closed: the reply may be cut off/),
      }),
    ]);
  });
});
