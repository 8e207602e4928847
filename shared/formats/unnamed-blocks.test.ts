/**
 * Which name a code block that is plainly a part of a file gets (whole-file.ts, issue 26): a name the
 * reply states is the file; one only guessed from the prose around it is not trusted to be a file (a
 * sentence's `Store.load`), so the block is looked for in the folder and the guess only picks among
 * several; a `// filepath:` comment in the block itself stays its guessed file.
 */
import { describe, expect, it } from 'vitest';
import { detectAll } from './registry';

const METHOD = 'def load(self, path):\n    with open(path) as f:\n        return f.read()\n';
const ops = (reply: string) => detectAll(reply).flatMap((s) => s.ops);

describe('a code block that is a part of a file: its name', () => {
  it.each<[string, string, object]>([
    [
      'a sentence mentioning `Store.load`: looked for, the mention kept to pick among several',
      `The bug is in \`Store.load\`. Fixed:\n\n\`\`\`python\n${METHOD}\`\`\`\n`,
      { kind: 'replace', part: true, path: '', alias: { how: 'content', written: 'Store.load' } },
    ],
    [
      'a sentence naming a file: looked for too, the name picking among several',
      `In \`store.py\`, replace the method:\n\n\`\`\`python\n${METHOD}\`\`\`\n`,
      { kind: 'replace', part: true, path: '', alias: { how: 'content', written: 'store.py' } },
    ],
    [
      'a path line above it: the file, as stated',
      `store.py\n\`\`\`python\n${METHOD}\`\`\`\n`,
      { kind: 'create', path: 'store.py' },
    ],
    [
      'a filepath comment in it: that file, as a guess',
      `Here:\n\n\`\`\`python\n# filepath: app/store.py\n${METHOD}\`\`\`\n`,
      { kind: 'create', path: 'app/store.py', guess: true },
    ],
    [
      'no name at all: looked for',
      `Fixed:\n\n\`\`\`python\n${METHOD}\`\`\`\n`,
      { kind: 'replace', part: true, path: '', alias: { how: 'content', written: '' } },
    ],
  ])('%s', (_name, reply, want) => {
    expect(ops(reply)).toMatchObject([want]);
  });
});

describe('a cut-off block under a guessed name', () => {
  it('keeps its op and the error that it may be cut off, part of a file or not', () => {
    const reply =
      'In `store.py`, the method:\n\n```python\ndef load(self, path):\n    with open(path) as f:\n        return f.read()\n';
    const sets = detectAll(reply);
    expect(sets.flatMap((s) => s.ops)).toMatchObject([{ kind: 'create', path: 'store.py', guess: true }]);
    expect(
      sets
        .flatMap((s) => s.diagnostics)
        .some((d) => d.severity === 'error' && /never closed/.test(d.message)),
    ).toBe(true);
  });
});

describe('a block under a guessed name that is not code', () => {
  it('an elided Markdown block keeps its guessed file: it is not looked for by its text, nor dropped', () => {
    const reply =
      'Here is the updated `README.md`:\n\n```markdown\n# Title\n\nIntro text.\n\n<!-- ... existing sections ... -->\n```\n';
    expect(detectAll(reply).flatMap((s) => s.ops)).toMatchObject([
      { kind: 'create', path: 'README.md', guess: true },
    ]);
  });
});

describe('a whole file that names none waits for its path, in more languages (issue 40)', () => {
  const ask = { kind: 'create', path: '', alias: { how: 'ask' } };
  it.each<[string, string, object[]]>([
    [
      'a Vue single-file component',
      '```vue\n<script setup>\nimport { ref } from "vue";\nconst n = ref(0);\n</script>\n\n<template>\n  <p>{{ n }}</p>\n</template>\n```',
      [ask],
    ],
    [
      'an SQL schema',
      '```sql\nCREATE TABLE a (\n  id INT PRIMARY KEY\n);\n\nCREATE TABLE b (\n  a_id INT REFERENCES a (id)\n);\n```',
      [ask],
    ],
    [
      'a Dockerfile in a plain fence',
      '```\nFROM node:20\nWORKDIR /app\nCOPY . .\nRUN npm ci\nCMD ["node", "."]\n```',
      [ask],
    ],
    [
      'a script in a shell fence',
      '```bash\n#!/bin/bash\nset -e\nnpm ci\nnpm test\nnpm run build\n```',
      [ask],
    ],
    // Commands to run are no file, and a piece of a component asks for nothing.
    ['commands in a shell fence', '```bash\nset -e\nnpm ci\nnpm test\nnpm run build\nnpm start\n```', []],
    [
      'a Vue template alone',
      '```vue\n<template>\n  <ul>\n    <li>a</li>\n    <li>b</li>\n  </ul>\n</template>\n```',
      [],
    ],
  ])('%s', (_name, reply, want) => {
    expect(ops(reply)).toMatchObject(want);
    expect(ops(reply)).toHaveLength(want.length);
  });
});
