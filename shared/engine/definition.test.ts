/**
 * One whole definition for a file that holds more (definition.ts, issue 26): the definition its
 * signature names is replaced, the rest of the file stays; anything less than certain is no rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceDefinition } from './definition';

const PY = [
  'import os',
  '',
  'class Store:',
  '    def load(self, path):',
  '        return open(path).read()',
  '',
  '    def save(self, path, data):',
  '        open(path, "w").write(data)',
  '',
  'def main():',
  '    Store().load("x")',
];
const JS = [
  'const a = 1;',
  '',
  'function greet(name) {',
  '  const s = "}{";',
  '  return `hi ${name}`;',
  '}',
  '',
  'function bye() {',
  '  return 0;',
  '}',
];
const CS = [
  'class A',
  '{',
  '    public int Get()',
  '    {',
  '        return 1;',
  '    }',
  '',
  '    public void Set(int v)',
  '    {',
  '    }',
  '}',
];

describe('replaceDefinition', () => {
  it.each<[string, string[], string[], string[], [number, number]]>([
    [
      'a Python method, written without its class indentation',
      PY,
      ['def load(self, path):', '    with open(path) as f:', '        return f.read()'],
      [
        ...PY.slice(0, 3),
        '    def load(self, path):',
        '        with open(path) as f:',
        '            return f.read()',
        ...PY.slice(5),
      ],
      [4, 5],
    ],
    [
      'a JavaScript function, braces in its strings not counted',
      JS,
      ['function greet(name) {', '  return `hello ${name}`;', '}'],
      [...JS.slice(0, 2), 'function greet(name) {', '  return `hello ${name}`;', '}', ...JS.slice(6)],
      [3, 6],
    ],
    [
      'a C# method with its brace on the next line',
      CS,
      ['    public int Get()', '    {', '        return 2;', '    }'],
      [...CS.slice(0, 2), '    public int Get()', '    {', '        return 2;', '    }', ...CS.slice(6)],
      [3, 6],
    ],
  ])('%s', (_name, file, snippet, want, [from, to]) => {
    expect(replaceDefinition(file, snippet)).toEqual({ lines: want, from, to });
  });

  it.each<[string, string[], string[]]>([
    ['more than one definition', JS, ['function greet(name) {', '}', 'function bye() {', '}']],
    ['code after the definition', JS, ['function greet(name) {', '}', 'greet("x");']],
    ['a signature not in the file', JS, ['function hello(name) {', '}']],
    [
      'a signature in the file twice',
      [...JS, 'function bye() {', '}'],
      ['function bye() {', '  return 1;', '}'],
    ],
    [
      'the file is that one definition',
      ['function bye() {', '  return 0;', '}'],
      ['function bye() {', '  return 1;', '}'],
    ],
    [
      'braces that never close in the file',
      ['function f() {', '  if (x) {', 'const y = 1;'],
      ['function f() {', '}'],
    ],
    ['no block (a statement)', JS, ['const a = 2;']],
    ['a short signature', ['x:', '  1', 'y:', '  2'], ['x:', '  3']],
  ])('no rule: %s', (_name, file, snippet) => {
    expect(replaceDefinition(file, snippet)).toBeNull();
  });

  it('replaces exactly the one function whose body changed, among many (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{3,8}$/), { minLength: 2, maxLength: 8 }),
        fc.nat(),
        fc.array(fc.stringMatching(/^[a-z ]{0,12}$/), { minLength: 1, maxLength: 4 }),
        (names, k, body) => {
          const fn = (n: string, lines: string[]) => [
            `function ${n}() {`,
            ...lines.map((l) => `  ${l};`),
            '}',
            '',
          ];
          const file = names.flatMap((n) => fn(n, ['return 1']));
          const pick = names[k % names.length]!;
          const r = replaceDefinition(file, fn(pick, body));
          expect(r?.lines).toEqual(names.flatMap((n) => fn(n, n === pick ? body : ['return 1'])));
        },
      ),
      { numRuns: 200 },
    );
  });
});
