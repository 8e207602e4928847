/**
 * A code block that names no file but is plainly a part of one (part.ts, issue 26): which blocks are,
 * which are a whole program whose path the review asks for, which are neither (an example), and what
 * the file they fit must hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partNeedles, partOf, wholeProgram } from './part';

const L = (s: string) => s.split('\n');

describe('partOf', () => {
  it.each<[string, string, ReturnType<typeof partOf>]>([
    [
      'a Python method',
      'def load(self, path):\n    with open(path) as f:\n        return f.read()',
      'definitions',
    ],
    ['two JS functions', 'function a(x) {\n  return x;\n}\n\nfunction b() {\n  return 2;\n}', 'definitions'],
    ['a decorated route', '@app.get("/items")\nasync def items():\n    return []', 'definitions'],
    [
      'a Java method with an annotation',
      '@Override\npublic String toString() {\n  return "x";\n}',
      'definitions',
    ],
    ['a Go method', 'func (s *Server) Start() error {\n\treturn s.run()\n}', 'definitions'],
    [
      'a Processing function (gemini, corpus 043)',
      'void drawImg(PImage img) {\n  pushMatrix();\n  popMatrix();\n}',
      'definitions',
    ],
    ['an elided snippet', 'import os\nimport json\n# ... existing code ...\ndef f():\n    pass', 'elided'],
    ['a usage example', 's = Store()\ndata = s.load("x")\nprint(data)', null],
    ['a statement block', 'if (ready) {\n  start();\n  go();\n}', null],
    ['a for loop', 'for x in xs:\n    print(x)\n    y = x', null],
    ['a one-line function', 'function f() { return 1; }', null],
    ['a definition then a call', 'def f():\n    return 1\n\nf()', null],
    ['an object literal', 'const config = {\n  a: 1,\n  b: 2,\n};', null],
    ['a CSS rule', '.btn:hover {\n  color: red;\n  margin: 0;\n}', null],
    [
      'an elision that says new code goes there',
      'def f():\n    x = 1\n    # ... your code here ...\n    return x',
      null,
    ],
  ])('%s → %s', (_name, text, want) => {
    expect(partOf(L(text))).toBe(want);
  });

  it('any run of whole functions is a part; adding a top-level call makes it none (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{4,9}$/), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (names, call) => {
          const lines = names.flatMap((n) => [`function ${n}(a) {`, '  return a + 1;', '}', '']);
          if (call) lines.push(`${names[0]}(1);`);
          expect(partOf(lines)).toBe(call ? null : 'definitions');
        },
      ),
    );
  });
});

describe('wholeProgram', () => {
  it.each<[string, string, boolean]>([
    ['a Python script (corpus 033)', '# Import\nimport numpy as np\nimport x\n\nx.run()\nprint(1)', true],
    ['a Kotlin file (corpus 017)', 'package com.kdi.domain;\n\ninterface A {\n  fun a()\n  fun b()\n}', true],
    ['a shebang script', '#!/bin/bash\nset -e\necho a\necho b\necho c', true],
    ['a module docstring first', '"""Tools."""\nimport os\n\nos.getcwd()\nprint(1)\nx = 2', true],
    [
      'a React component',
      '"use client";\nimport React from "react";\n\nexport default function A() {\n  return null;\n}',
      true,
    ],
    [
      'a script with its entry point and no import',
      'def main():\n    x = 1\n    print(x)\n\nif __name__ == "__main__":\n    main()',
      true,
    ],
    ['a component module', 'function A() {\n  return 1;\n}\n\nexport default A;\n// end', true],
    ['too short', 'import os\nprint(1)', false],
    ['statements only', 'x = 1\ny = 2\nz = 3\nw = 4\nv = 5', false],
  ])('%s → %s', (_name, text, want) => {
    expect(wholeProgram(L(text))).toBe(want);
  });

  // Files whose first line is no import (issue 40): each language by its own shape, with the piece of
  // such a file that is as often shown as written (one section, one statement) asking for nothing.
  const VUE_SCRIPT = '<script setup lang="ts">\nimport { ref } from "vue";\nconst n = ref(0);\n</script>';
  const VUE_TEMPLATE = '<template>\n  <button @click="n++">{{ n }}</button>\n</template>';
  const SQL_TABLE = 'CREATE TABLE users (\n  id SERIAL PRIMARY KEY,\n  name TEXT NOT NULL\n);';
  it.each<[string, string, string, boolean]>([
    ['a Vue component, script first', 'vue', `${VUE_SCRIPT}\n\n${VUE_TEMPLATE}`, true],
    ['a Vue component, template first, in a plain fence', '', `${VUE_TEMPLATE}\n\n${VUE_SCRIPT}`, true],
    [
      'a Vue component with its style',
      'vue',
      `${VUE_TEMPLATE}\n\n<style scoped>\nbutton { color: red; }\n</style>`,
      true,
    ],
    [
      'a Svelte component',
      'svelte',
      '<script>\n  let n = 0;\n</script>\n\n<style>\n  p { margin: 0; }\n</style>',
      true,
    ],
    [
      'a Vue template alone',
      'vue',
      '<template>\n  <div>\n    <p>a</p>\n    <p>b</p>\n  </div>\n</template>',
      false,
    ],
    ['a Vue component cut before its end', 'vue', `${VUE_SCRIPT}\n\n${VUE_TEMPLATE}\n<p>`, false],
    ['an HTML script and style', 'html', '<script>\n  go();\n</script>\n<style>\n  p {}\n</style>', false],
    ['an SQL schema', 'sql', `-- schema\n${SQL_TABLE}\n\nCREATE INDEX users_name ON users (name);`, true],
    [
      'a migration',
      'sql',
      '-- 002: emails\nALTER TABLE users\n  ADD COLUMN email TEXT;\n\nUPDATE users\n  SET email = name\n  WHERE email IS NULL;',
      true,
    ],
    ['one CREATE TABLE', 'sql', `${SQL_TABLE}\n`, false],
    ['a query', 'sql', 'SELECT id,\n  name\nFROM users\nWHERE id = 1;\nSELECT 1;', false],
    [
      'a Dockerfile',
      '',
      '# syntax=docker/dockerfile:1\nARG NODE=20\nFROM node:${NODE} AS build\nWORKDIR /app\nCOPY . .\nRUN npm ci',
      true,
    ],
    [
      'Docker instructions without FROM',
      '',
      'WORKDIR /app\nCOPY . .\nRUN npm ci\nRUN npm test\nCMD ["npm", "start"]',
      false,
    ],
    ['an HTML page', 'html', '<!DOCTYPE html>\n<html>\n<head></head>\n<body></body>\n</html>', true],
  ])('%s (```%s)', (_name, lang, text, want) => {
    expect(wholeProgram(L(text), lang)).toBe(want);
  });
});

describe('partNeedles: what the file a part fits must hold', () => {
  it('definitions: the first signature', () => {
    expect(partNeedles(L('def a(self):\n    return 1\n\ndef b(self):\n    return 2'))).toEqual([
      'def a(self):',
    ]);
  });
  it('elided: the lines next to each elision, a bare brace left out', () => {
    expect(
      partNeedles(
        L(
          'function f() {\n  const a = 1;\n  // ... existing code ...\n}\n\nfunction g() {\n  // ...\n  return 2;\n}',
        ),
      ),
    ).toEqual(['const a = 1;', 'function g() {', 'return 2;']);
  });
});
