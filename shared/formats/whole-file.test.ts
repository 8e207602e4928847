/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { wholeFile } from './whole-file';

const parseOps = (text: string) => wholeFile.parse(text).flatMap((b) => b.ops);
const diags = (text: string) => wholeFile.parse(text).flatMap((b) => b.diagnostics);
const file = (path: string, content: string, line: number) => ({
  kind: 'create',
  path,
  content,
  ifExists: 'overwrite',
  line,
});

describe('whole-file: where the path comes from', () => {
  it.each([
    ['info string after the language', '```ts src/a.ts\nx\n```', 1],
    ['info string alone', '```src/a.ts\nx\n```', 1],
    ['title attribute', '```ts title="src/a.ts"\nx\n```', 1],
    ['filename attribute', '```ts filename=src/a.ts\nx\n```', 1],
    ['line before', 'src/a.ts\n```ts\nx\n```', 1],
    ['line before, one blank line between', 'src/a.ts\n\n```ts\nx\n```', 1],
    ['bold line before', '**src/a.ts**\n```\nx\n```', 1],
    ['heading before', '### src/a.ts\n```\nx\n```', 1],
    ['File: label before', 'File: src/a.ts\n```\nx\n```', 1],
  ])('%s', (_n, text, line) => {
    expect(parseOps(text)).toEqual([file('src/a.ts', 'x\n', line)]);
    expect(diags(text)).toEqual([]);
  });

  it.each([
    ['a sentence naming one file', 'Here is the updated `src/a.ts`:\n```ts\nx\n```', 'x\n'],
    ['a comment on the first line', '```ts\n// src/a.ts\nx\n```', '// src/a.ts\nx\n'],
    ['an HTML comment on the first line', '```html\n<!-- src/a.ts -->\nx\n```', '<!-- src/a.ts -->\nx\n'],
    // Copilot's marker is no line of the file: VS Code leaves it out when it applies the block.
    ["Copilot's filepath comment", '```ts\n// filepath: src/a.ts\nx\n```', 'x\n'],
  ])('%s: a guess, with an info diagnostic', (_n, text, content) => {
    const line = text.split('\n').findIndex((l) => l.startsWith('```')) + 1;
    expect(parseOps(text)).toEqual([{ ...file('src/a.ts', content, line), guess: true }]);
    expect(diags(text)).toEqual([expect.objectContaining({ severity: 'info', op: 0 })]);
  });

  it.each([
    ['a bare block', 'Some code:\n```ts\nconst x = 1;\n```'],
    ['two files named in the sentence', 'Compare `a.py` and `b.py`:\n```\nx\n```'],
    ['a bare word before the fence', 'Output\n```\nx\n```'],
    ['a path two blank lines away', 'src/a.ts\n\n\n```ts\nx\n```'],
    ['a shell fence after a path line of no script', 'src/app.ts\n```bash\nnpm i\n```'],
    ['a shell fence after a sentence naming a script', 'Run `setup.sh`:\n```bash\n./setup.sh\n```'],
    ['a console fence after a script path line', 'src/setup.sh\n```console\n$ npm i\n```'],
    ['an output fence after a text file path line', 'notes.txt\n```output\nx\n```'],
    ['a text fence after a sentence', 'Edit `a.txt`:\n```text\nx\n```'],
    ['a diff fence with a path', '```diff src/a.ts\n-a\n+b\n```'],
    [
      'a unified diff in a plain fence',
      'src/a.ts\n```\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-a\n+b\n```',
    ],
    ['SEARCH/REPLACE blocks', 'a.py\n```\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```'],
    ['an OpenAI patch', 'a.py\n```\n*** Begin Patch\n*** Delete File: a.py\n*** End Patch\n```'],
    ['a #! line (not a path comment)', '```\n#!/usr/bin/env python\nprint(1)\n```'],
    // Real Cursor exports: the diff was written as the file config.ts before its language was read.
    ["a diff fence in Cursor's form", '```diff:config.ts\n@@ export const c = {\n-  a: 1,\n+  a: 2,\n```'],
  ])('%s is not a whole file', (_n, text) => {
    expect(parseOps(text)).toEqual([]);
  });

  // The bundle of the project (issue 41) writes a script so, and models echo it: the stated name is the file.
  it.each([
    ['src/setup.sh\n```bash\nnpm i\n```', 'src/setup.sh', 'npm i\n'],
    ['**File:** `deploy.zsh`\n```zsh\necho hi\n```', 'deploy.zsh', 'echo hi\n'],
    ['notes.txt\n```text\nremember\n```', 'notes.txt', 'remember\n'],
    ['LICENSE\n```plaintext\nMIT\n```', 'LICENSE', 'MIT\n'],
  ])('takes a shell or text fence under a stated file of its kind: %j', (text, path, content) => {
    expect(parseOps(text)).toEqual([file(path, content, 1)]);
  });

  it('takes a shell fence whose info string names the file', () => {
    expect(parseOps('```bash scripts/setup.sh\nnpm i\n```')).toEqual([
      file('scripts/setup.sh', 'npm i\n', 1),
    ]);
  });

  it('keeps inner fences of a longer outer fence as content', () => {
    expect(parseOps('README.md\n````md\n```sh\nx\n```\n````')).toEqual([
      file('README.md', '```sh\nx\n```\n', 1),
    ]);
  });

  it('flags an unclosed last fence as an error (a cut-off file), and does not add the final newline as a line', () => {
    const text = 'a.txt\n```\nline\n';
    expect(parseOps(text)).toEqual([file('a.txt', 'line\n', 1)]);
    expect(diags(text)).toEqual([
      expect.objectContaining({
        severity: 'error',
        line: 2,
        message: expect.stringMatching(/never closed.*cut off/),
      }),
    ]);
  });

  it('yields an empty file for an empty fence with an explicit path', () => {
    expect(parseOps('pkg/__init__.py\n```python\n```')).toEqual([file('pkg/__init__.py', '', 1)]);
  });
});

interface CorpusCase {
  id: string;
  format: string;
  reply_text: string;
  original_files: Record<string, string | null>;
  expected_files: Record<string, string | null>;
}

const corpus = Object.values(
  import.meta.glob<CorpusCase>('../../../shared/corpus/llm-edits/*.json', { eager: true, import: 'default' }),
).filter((c) => c.format === 'whole-file');

describe('whole-file: corpus (aider whole-file)', () => {
  it('has the corpus', () => expect(corpus.length).toBeGreaterThanOrEqual(4));

  it.each(corpus.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const ops = parseOps(c.reply_text);
    const changed = Object.keys(c.expected_files).filter((p) => c.expected_files[p] !== c.original_files[p]);
    if (c.reply_text.includes('\nfile1\n')) {
      // Aider names the chat's temp file `file1`: a word that looks like a file name above a fence is
      // read as a guess (the plan uses it only for a file that exists; "Output" is never taken).
      expect(ops).toEqual([expect.objectContaining({ path: 'file1', guess: true })]);
      return;
    }
    if (c.reply_text.includes('path/to/sample.txt')) {
      // Aider maps the hallucinated `path/to/` onto the file in the chat; the parser names the path as
      // written, and the registry gives it the alias the plan resolves to the existing sample.txt.
      expect(ops.map((o) => 'path' in o && o.path)).toEqual(['path/to/sample.txt']);
      return;
    }
    expect(ops.map((o) => 'path' in o && o.path)).toEqual(changed);
    for (const op of ops) if (op.kind === 'create') expect(op.content).toBe(c.expected_files[op.path]);
  });
});

/**
 * aider's tag fences (`<source>`…`</source>` and its siblings), which aider uses for whole files when a file
 * it shows holds ``` lines (held-out aider replies: a repository's every reply was written so).
 */
describe('whole-file: aider tag fences (issue 25)', () => {
  const ops = (text: string) => wholeFile.parse(text).flatMap((b) => b.ops);

  it.each(['source', 'code', 'pre', 'codeblock', 'sourcecode'])(
    '<%s> with the path on the line above',
    (tag) => {
      const text = `Here it is:\n\nREADME.md\n<${tag}>\n# Title\n\n\`\`\`bash\nnpm test\n\`\`\`\n</${tag}>\n\nDone.`;
      expect(ops(text)).toEqual([
        {
          kind: 'create',
          path: 'README.md',
          content: '# Title\n\n```bash\nnpm test\n```\n',
          ifExists: 'overwrite',
          line: 3,
        },
      ]);
    },
  );

  it('a language after the tag, and the same tag opened again inside (an HTML file) closes where it balances', () => {
    const text = 'page.html\n<pre>html\n<div>\n<pre>\ncode\n</pre>\n</div>\n</pre>';
    expect(ops(text)).toMatchObject([{ path: 'page.html', content: '<div>\n<pre>\ncode\n</pre>\n</div>\n' }]);
  });

  it.each([
    ['no path right above', 'Some HTML:\n<pre>\nx\n</pre>'],
    ['a blank line between', 'a.txt\n\n<pre>\nx\n</pre>'],
    ['never closed (HTML in prose)', 'a.txt\n<pre>\nx\n\n```\nnot this\n```'],
  ])('%s: no whole file from the tag', (_n, text) => {
    expect(ops(text).filter((o) => 'content' in o && o.content.includes('x\n'))).toEqual([]);
  });

  it('an unclosed tag does not hide the fences after it', () => {
    expect(ops('<pre>\nsrc/a.ts\n```ts\nlet a = 1;\n```')).toMatchObject([{ path: 'src/a.ts' }]);
  });
});

describe('whole-file: marker lines are never a file (issue 25)', () => {
  const ops = (text: string) => wholeFile.parse(text).flatMap((b) => b.ops);
  const diags = (text: string) => wholeFile.parse(text).flatMap((b) => b.diagnostics);

  it.each([
    ['a merge conflict', '<<<<<<< HEAD\nx = 1\n=======\nx = 2\n>>>>>>> feature'],
    ['an edit format of unknown keywords', '<<<<<<< BEFORE\nx = 1\n=======\nx = 2\n>>>>>>> AFTER'],
  ])('%s under a path: no file, a warning that says why', (_n, body) => {
    const text = `app.py\n\`\`\`python\n${body}\n\`\`\``;
    expect(ops(text)).toEqual([]);
    expect(diags(text)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 2,
        message: expect.stringMatching(/marker lines/),
      }),
    ]);
  });

  it('one of the three alone is content (a Markdown heading underline)', () => {
    expect(ops('README.md\n```markdown\nTitle\n=======\n\ntext\n```')).toMatchObject([{ path: 'README.md' }]);
  });
});

describe('whole-file: the names real chats write around a block (issue 40)', () => {
  const SFC = '<template>\n  <li>{{ item.name }}</li>\n</template>\n';
  it.each<[string, string, object]>([
    [
      "Copilot chat's heading link, its summary between: stated (the editor made the link)",
      `### [Item.vue](file:///Users/me/p/src/components/Item.vue)\n\nAdd the delete button.\n\n\`\`\`vue\n${SFC}\`\`\``,
      { path: '/Users/me/p/src/components/Item.vue', ifExists: 'overwrite', line: 5 },
    ],
    [
      "Copilot chat's heading link right above: stated",
      `### [Item.vue](file:///Users/me/p/src/components/Item.vue)\n\n\`\`\`vue\n${SFC}\`\`\``,
      { path: '/Users/me/p/src/components/Item.vue', ifExists: 'overwrite', line: 1 },
    ],
    [
      'a Windows drive in the link, encoded as VS Code writes it',
      `### [Item.vue](file:///c%3A/Users/me/p/Item.vue)\n\n\`\`\`vue\n${SFC}\`\`\``,
      { path: 'c:/Users/me/p/Item.vue', line: 1 },
    ],
    [
      'a label line two lines above, a content label between',
      '**File to edit:** `Defs/ThingDef/Buildings_Power.xml`\n\n**Correct Content:**\n```xml\n<Defs/>\n```',
      { path: 'Defs/ThingDef/Buildings_Power.xml', ifExists: 'overwrite', line: 1 },
    ],
    [
      'a sentence that says the file is new',
      'Create a new file `src/utils/format.ts`:\n\n```ts\nexport const f = 1;\n```',
      { path: 'src/utils/format.ts', ifExists: 'fail', line: 3 },
    ],
    [
      "Cursor's language and path, for a rules file with examples in it",
      '```mdc:.cursor/rules/api.mdc\n---\ndescription: API\n---\nUse:\n```ts\nfetch(url)\n```\nAlways.\n```',
      {
        path: '.cursor/rules/api.mdc',
        content: '---\ndescription: API\n---\nUse:\n```ts\nfetch(url)\n```\nAlways.\n',
      },
    ],
  ])('%s', (_n, text, want) => {
    const ops = parseOps(text);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: 'create', ...want });
    if (!('guess' in want)) expect(ops[0]).not.toHaveProperty('guess');
  });

  it("a Cursor code reference quotes lines as they stand: no file (it was a file named '15:src/a.ts')", () => {
    expect(parseOps('See:\n\n```12:15:src/a.ts\nconst x = 1;\n```')).toEqual([]);
    expect(diags('See:\n\n```12:15:src/a.ts\nconst x = 1;\n```')).toEqual([]);
  });

  it('a label reaches across a content label only: not across prose, nor across an example label', () => {
    for (const between of ['This shows the idea.', 'Example:', 'Usage:'])
      expect(parseOps(`**File:** a.xml\n\n${between}\n\`\`\`xml\n<Defs/>\n\`\`\``)).toEqual([]);
  });
});

describe("whole-file: Copilot's filepath marker is no line of the file", () => {
  it.each<[string, string, string, string]>([
    ['a comment marker', '```ts\n// filepath: src/a.ts\nx\n```', 'src/a.ts', 'x\n'],
    [
      'an HTML comment marker',
      '```vue\n<!-- filepath: /Users/me/p/a.vue -->\n<template/>\n```',
      '/Users/me/p/a.vue',
      '<template/>\n',
    ],
    [
      'a Windows path under the heading link to it',
      '### [a.py](file:///c%3A/p/src/a.py)\n\n````python\n# filepath: c:\\p\\src\\a.py\nx = 1\n````',
      'c:/p/src/a.py',
      'x = 1\n',
    ],
    // Another file's path, or a comment that is no marker, stays: it is the reply's text.
    [
      'a marker naming another file',
      'src/a.ts\n```ts\n// filepath: src/b.ts\nx\n```',
      'src/a.ts',
      '// filepath: src/b.ts\nx\n',
    ],
    ['a path comment with no marker', '```ts\n// src/a.ts\nx\n```', 'src/a.ts', '// src/a.ts\nx\n'],
  ])('%s', (_n, text, path, content) => {
    expect(parseOps(text)).toMatchObject([{ kind: 'create', path, content }]);
  });
});

describe("whole-file: Cursor's ```lang:path, in every language", () => {
  it.each([
    ['ts', 'src/a.ts'],
    ['python', 'app/main.py'],
    ['bash', 'scripts/setup.sh'],
    ['text', 'notes.txt'],
    ['markdown', 'README.md'],
    ['mdc', '.cursor/rules/api.mdc'],
    ['json', 'package.json'],
    ['yaml', '.github/workflows/ci.yml'],
    ['sql', 'db/schema.sql'],
    ['dockerfile', 'docker/Dockerfile'],
    ['vue', 'src/App.vue'],
    ['xml', 'Defs/ThingDef/Buildings_Power.xml'],
  ])('```%s:%s', (lang, path) => {
    const text = `\`\`\`${lang}:${path}\nx\n\`\`\``;
    expect(parseOps(text)).toEqual([file(path, 'x\n', 1)]);
    expect(diags(text)).toEqual([]);
  });
});
