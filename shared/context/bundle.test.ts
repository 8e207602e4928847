import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectAll } from '../formats/registry';
import { buildBundle, bundlePathProblem, fenceFor, languageOf } from './bundle';

/** The whole-file operations ReplyApply reads in `text`, by path. */
function readBack(text: string): Map<string, { content: string; guess: boolean }> {
  const out = new Map<string, { content: string; guess: boolean }>();
  for (const cs of detectAll(text))
    for (const op of cs.ops)
      if (op.kind === 'create' || op.kind === 'replace')
        out.set(op.path, { content: op.content, guess: op.guess === true });
  return out;
}

describe('the bundle of files put into the chat', () => {
  it('lists the paths, then each file under its path in a fence of its language', () => {
    const text = buildBundle([
      { path: 'src/app.ts', content: 'export const a = 1;\n' },
      { path: 'README.md', content: '# Title\n\n```sh\nnpm test\n```\n' },
    ]);
    expect(text).toBe(
      [
        'Here are 2 files of my project, each under its path relative to the project folder.',
        '',
        'Files:',
        '- src/app.ts',
        '- README.md',
        '',
        'src/app.ts',
        '```ts',
        'export const a = 1;',
        '```',
        '',
        'README.md',
        '````markdown',
        '# Title',
        '',
        '```sh',
        'npm test',
        '```',
        '````',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['no backticks', 'a\n', '```'],
    ['a fence inside', '```js\nx\n```\n', '````'],
    ['an indented longer fence', '  `````\n', '``````'],
    ['a tilde fence', '~~~~\n', '`````'],
    ['backticks mid-line do not count', 'a ```````` b\n', '```'],
  ])('a fence longer than any inside (%s)', (_l, content, fence) => expect(fenceFor(content)).toBe(fence));

  it.each([
    ['src/a.ts', 'ts'],
    ['x/y.PY', 'python'],
    ['Makefile', ''],
    ['.env.example', ''],
    ['a/b.vue', 'vue'],
  ])('%s is fenced as %s', (path, lang) => expect(languageOf(path)).toBe(lang));

  it('sends CRLF as LF, an empty file as an empty fence, a file with no final newline whole', () => {
    const text = buildBundle([
      { path: 'a.txt', content: 'one\r\ntwo\r\n' },
      { path: 'empty.txt', content: '' },
      { path: 'b.txt', content: 'last line' },
    ]);
    expect(text).toContain('a.txt\n```\none\ntwo\n```\n');
    expect(text).toContain('empty.txt\n```\n```\n');
    expect(text).toContain('b.txt\n```\nlast line\n```\n');
    expect(text).not.toContain('\r');
  });

  it('marks files sent again as their new version', () => {
    const all = buildBundle([{ path: 'a.ts', content: 'x\n', changed: true }]);
    expect(all.split('\n')[0]).toBe(
      'Here is the new version of 1 file of my project that changed since I sent it, each under its path relative to the project folder. Use it instead of the earlier one.',
    );
    const some = buildBundle([
      { path: 'a.ts', content: 'x\n', changed: true },
      { path: 'b.ts', content: 'y\n' },
    ]);
    expect(some).toContain('(new version, changed since I sent it)\na.ts\n```ts\n');
    expect(some).not.toContain('(new version, changed since I sent it)\nb.ts');
  });

  it('puts the format instruction after the files', () => {
    const text = buildBundle([{ path: 'a.ts', content: 'x\n' }], {
      instruction: 'Answer in SEARCH/REPLACE.\n',
    });
    expect(text.endsWith('```\n\nAnswer in SEARCH/REPLACE.\n')).toBe(true);
  });

  it('refuses an empty bundle and a file twice, saying which', () => {
    expect(() => buildBundle([])).toThrow('at least one file');
    expect(() =>
      buildBundle([
        { path: 'a.ts', content: '' },
        { path: 'a.ts', content: '' },
      ]),
    ).toThrow('a.ts is in the bundle twice');
  });

  it('writes a name with a space in the info string, where a bare line would be prose', () => {
    expect(buildBundle([{ path: 'docs/My Notes.md', content: 'x\n' }])).toContain(
      '```markdown title="docs/My Notes.md"\nx\n```',
    );
  });

  // What ReplyApply reads in the bundle is every file, under its own path, as stated (no guess), with its
  // text: a reply that echoes a file as the bundle wrote it is applied to that file.
  const segment = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
  const path = fc
    .tuple(
      fc.array(segment, { maxLength: 3 }),
      segment,
      fc.constantFrom('ts', 'py', 'md', 'json', 'txt', 'go'),
    )
    .map(([dirs, name, ext]) => [...dirs, `${name}.${ext}`].join('/'));
  const line = fc.oneof(
    fc.stringMatching(/^[ -~]{0,40}$/),
    fc.constantFrom('```', '````js', '  ```', '~~~', '', '# heading', '- item', 'path/to.ts'),
  );
  const content = fc
    .tuple(fc.array(line, { minLength: 1, maxLength: 12 }), fc.boolean())
    .map(([lines, nl]) => lines.join('\n') + (nl ? '\n' : ''));
  it('reads back as each file under its path, stated, with its text (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ path, content }), { minLength: 1, maxLength: 4, selector: (f) => f.path }),
        (files) => {
          const back = readBack(buildBundle(files));
          for (const f of files) {
            const got = back.get(f.path);
            expect(got, f.path).toBeDefined();
            expect(got!.guess).toBe(false);
            // The file's own ending is kept by the applier (a whole file keeps its last line's end).
            expect(got!.content.replace(/\n$/, '')).toBe(f.content.replace(/\n$/, ''));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('bundlePathProblem', () => {
  it.each([
    ['src/app.ts', null],
    ['my notes.md', null],
    ['README', null],
  ])('%j can go in', (p, want) => {
    expect(bundlePathProblem(p)).toBe(want);
  });
  it.each(['a"b.ts', 'a`b.ts', 'it\'s "quoted".ts', 'two  spaces.ts', 'tab\there.ts'])(
    '%j is refused, and the bundle will not write it',
    (p) => {
      expect(bundlePathProblem(p)).toContain('cannot be written');
      expect(() => buildBundle([{ path: p, content: 'x\n' }])).toThrow(/cannot go into the bundle/);
    },
  );
});
