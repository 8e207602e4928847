/**
 * One whole definition for a file that holds more (definition.ts, issue 26): the definition its
 * signature names is replaced, the rest of the file stays; anything less than certain is no rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DefinitionReplaced, mergeDefinitions } from './merge-definitions';

/** The merge's new text, or null when it reads no definitions or refuses. */
const replaceDefinition = (
  file: string[],
  snippet: string[],
  o?: { whole?: boolean },
): DefinitionReplaced | null => {
  const r = mergeDefinitions(file, snippet, o);
  return r && 'lines' in r ? r : null;
};
const replaceElidedDefinitions = replaceDefinition;

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
    expect(replaceDefinition(file, snippet)).toMatchObject({ lines: want, from, to });
  });

  it.each<[string, string[], string[]]>([
    [
      'two definitions, one of them in the file twice',
      [...JS, 'function bye() {', '}'],
      ['function greet(name) {', '}', 'function bye() {', '}'],
    ],
    ['only definitions the file does not have', JS, ['function hello(name) {', '}', 'function hi() {', '}']],
    ['a statement block, not a definition', JS, ['if (greet("x")) {', '  bye();', '}']],
    [
      'two definitions that are the same one of the file',
      JS,
      ['function greet(name) {', '}', 'function greet(name, x) {', '}'],
    ],
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

  it('reads a Ruby method to its `end`', () => {
    const rb = [
      'class Cart',
      '  def total',
      '    items.sum(&:price)',
      '  end',
      '',
      '  def empty?',
      '    items.none?',
      '  end',
      'end',
    ];
    const r = replaceDefinition(rb, ['def total', '  items.sum { |i| i.price * i.qty }', 'end']);
    expect(r?.lines).toEqual([
      'class Cart',
      '  def total',
      '    items.sum { |i| i.price * i.qty }',
      '  end',
      ...rb.slice(4),
    ]);
  });

  it('replaces each definition of a snippet of several, and keeps the rest of the file', () => {
    const r = replaceDefinition(JS, [
      'function bye() {',
      '  return 2;',
      '}',
      '',
      'function greet(name) {',
      '  return name;',
      '}',
    ]);
    expect(r?.lines).toEqual([
      ...JS.slice(0, 2),
      'function greet(name) {',
      '  return name;',
      '}',
      '',
      'function bye() {',
      '  return 2;',
      '}',
    ]);
    expect(r?.replaced.map((x) => [x.from, x.to])).toEqual([
      [8, 10],
      [3, 6],
    ]);
  });

  it('puts a definition the file lacks right after the one before it in the snippet', () => {
    const r = replaceDefinition(PY, [
      'def load(self, path):',
      '    return read(path)',
      '',
      'def reload(self, path):',
      '    return self.load(path)',
    ]);
    expect(r?.lines).toEqual([
      ...PY.slice(0, 3),
      '    def load(self, path):',
      '        return read(path)',
      '',
      '    def reload(self, path):',
      '        return self.load(path)',
      ...PY.slice(5),
    ]);
    expect(r?.added).toEqual([{ signature: 'def reload(self, path):', after: 5 }]);
  });

  it('puts one before the first found when nothing found comes before it', () => {
    const r = replaceDefinition(JS, [
      'function hello() {',
      '  return 1;',
      '}',
      'function bye() {',
      '  return 3;',
      '}',
    ]);
    expect(r?.lines).toEqual([
      ...JS.slice(0, 7),
      'function hello() {',
      '  return 1;',
      '}',
      '',
      'function bye() {',
      '  return 3;',
      '}',
    ]);
  });

  it('finds a definition whose signature changed by its head, once', () => {
    const r = replaceDefinition(PY, [
      'def save(self, path, data, mode="w"):',
      '    open(path, mode).write(data)',
    ]);
    expect(r?.lines).toEqual([
      ...PY.slice(0, 6),
      '    def save(self, path, data, mode="w"):',
      '        open(path, mode).write(data)',
      ...PY.slice(8),
    ]);
  });

  it('reads a signature over several lines, and decorators above it as its own', () => {
    const file = [
      'import x',
      '',
      '@app.get("/a")',
      'def answer(',
      '    q,',
      '):',
      '    return 1',
      '',
      'def b():',
      '    return 2',
    ];
    const r = replaceDefinition(file, [
      '@app.get("/a", cache=True)',
      'def answer(',
      '    q,',
      '):',
      '    return 3',
    ]);
    expect(r?.lines).toEqual([
      'import x',
      '',
      '@app.get("/a", cache=True)',
      'def answer(',
      '    q,',
      '):',
      '    return 3',
      '',
      'def b():',
      '    return 2',
    ]);
    // Without decorators in the snippet, the file keeps its own.
    expect(
      replaceDefinition(file, ['def answer(', '    q,', '):', '    return 4'])?.lines.slice(2, 7),
    ).toEqual(['@app.get("/a")', 'def answer(', '    q,', '):', '    return 4']);
  });

  // Issue 40, item 2: a replaced JavaScript function whose new text starts with its JSDoc left the old
  // JSDoc above it (two doc comments). What stands right above a signature is the definition's own, in
  // the file and in the snippet, in every language's form of it.
  it.each<[string, string[], string[], string[]]>([
    [
      'JSDoc, one more space in on its inner lines',
      ['/**', ' * Adds.', ' * @param {number} a', ' */', 'function add(a, b) {', '  return a + b;', '}'],
      ['/**', ' * Adds two numbers.', ' */', 'function add(a, b) {', '  return b + a;', '}'],
      ['/**', ' * Adds two numbers.', ' */', 'function add(a, b) {', '  return b + a;', '}'],
    ],
    [
      'a one-line JSDoc and a line comment',
      ['/** Adds. */', '// hot path', 'function add(a, b) {', '  return a + b;', '}'],
      ['/** Adds them. */', 'function add(a, b) {', '  return b + a;', '}'],
      ['/** Adds them. */', 'function add(a, b) {', '  return b + a;', '}'],
    ],
    [
      'a Python decorator over several lines',
      ['@app.route(', '    "/add",', '    methods=["POST"],', ')', 'def add(a, b):', '    return a + b'],
      ['@app.route("/add")', 'def add(a, b):', '    return b + a'],
      ['@app.route("/add")', 'def add(a, b):', '    return b + a'],
    ],
    [
      'Rust doc comments and an attribute',
      ['/// Adds.', '#[inline]', 'fn add(a: i32, b: i32) -> i32 {', '    a + b', '}'],
      ['/// Adds two.', '#[inline(always)]', 'fn add(a: i32, b: i32) -> i32 {', '    b + a', '}'],
      ['/// Adds two.', '#[inline(always)]', 'fn add(a: i32, b: i32) -> i32 {', '    b + a', '}'],
    ],
    [
      'a C# attribute and XML doc',
      ['/// <summary>Adds.</summary>', '[Pure]', 'public int Add(int a, int b) {', '    return a + b;', '}'],
      ['/// <summary>Adds two.</summary>', 'public int Add(int a, int b) {', '    return b + a;', '}'],
      ['/// <summary>Adds two.</summary>', 'public int Add(int a, int b) {', '    return b + a;', '}'],
    ],
    [
      'no comment in the snippet: the file keeps its own',
      ['/**', ' * Adds.', ' */', 'function add(a, b) {', '  return a + b;', '}'],
      ['function add(a, b) {', '  return b + a;', '}'],
      ['/**', ' * Adds.', ' */', 'function add(a, b) {', '  return b + a;', '}'],
    ],
  ])("%s: one comment block, the snippet's when it has one", (_n, def, snippet, want) => {
    const other = ['', 'function other() {', '  return 0;', '}'];
    const lead = ['// header', 'const x = 1;', ''];
    const file = [...lead, ...def, ...other];
    expect(replaceDefinition(file, snippet)?.lines).toEqual([...lead, ...want, ...other]);
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

  it('replaces every function a snippet of several holds, in any order, and adds the new ones (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{3,8}$/), { minLength: 2, maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.stringMatching(/^[A-Z][a-z]{3,6}$/),
        (names, picks, fresh) => {
          const fn = (n: string, body: string) => [`function ${n}() {`, `  return ${body};`, '}'];
          const file = names.flatMap((n) => [...fn(n, '1'), '']);
          const chosen = [...new Set(picks.map((k) => names[k % names.length]!))];
          // The file keeps other code: not every function is chosen.
          fc.pre(chosen.length < names.length);
          const snippet = [...chosen.flatMap((n) => [...fn(n, '2'), '']), ...fn(fresh, '3')];
          const r = replaceDefinition(file, snippet);
          const last = chosen.at(-1)!;
          const want = names.flatMap((n) => [
            ...fn(n, chosen.includes(n) ? '2' : '1'),
            ...(n === last ? ['', ...fn(fresh, '3')] : []),
            '',
          ]);
          expect(r?.lines).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('replaceElidedDefinitions (Continue: minimal-function-replacement, function-targetted-change)', () => {
  const cls = [
    'class Calculator {',
    '  add(n) {',
    '    this.r += n;',
    '    return this;',
    '  }',
    '',
    '  double() {',
    '    this.r *= 2;',
    '    return this;',
    '  }',
    '}',
  ];
  it('replaces the definitions between comments that stand for the rest of the file', () => {
    const r = replaceElidedDefinitions(cls, [
      '// ... existing code ...',
      'double() {',
      '  return this.add(this.r);',
      '}',
      '// ... existing code ...',
    ]);
    expect(r?.lines).toEqual([
      ...cls.slice(0, 6),
      '  double() {',
      '    return this.add(this.r);',
      '  }',
      '}',
    ]);
  });
  it('not when an elision is inside, or a comment says code goes there, or none is around', () => {
    const def = ['double() {', '  return 1;', '}'];
    expect(replaceElidedDefinitions(cls, ['// ...', ...def, '// ...', ...def, '// ...'])).toBeNull();
    expect(replaceElidedDefinitions(cls, ['// ... your code here ...', ...def])).toBeNull();
    // With no comment at all it is a definition of the file, replaced as one.
    expect(replaceElidedDefinitions(cls, def)?.lines).toEqual([
      ...cls.slice(0, 6),
      '  double() {',
      '    return 1;',
      '  }',
      '}',
    ]);
  });
});
