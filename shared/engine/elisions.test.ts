/**
 * Elided snippets filled from the file (elisions.ts, issue 26): each `// ... existing code ...` comment
 * takes the file's lines between its anchors — the unchanged lines right before and right after it, each
 * found once in the file, in order — where exactly one reading fits; anything else is refused with the
 * reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillElisions } from './elisions';

const L = (s: string) => s.split('\n');
const PY = [
  'import os',
  '',
  'def load(path):',
  '    with open(path) as f:',
  '        data = f.read()',
  '    return data',
  '',
  '',
  'def save(path, data):',
  '    with open(path, "w") as f:',
  '        f.write(data)',
  '    return True',
];

describe('fillElisions', () => {
  it.each<[string, string[], string, string[]]>([
    [
      "a comment in a function body: the file's lines above and below the text stay",
      [
        'def load(path):',
        '    # ... existing code ...',
        '    return data',
        '',
        '',
        'def save(path, data):',
        '    with open(path, "w") as f:',
        '        f.write(data.strip())',
        '    return True',
      ],
      '"# ... existing code ...": lines 4–5',
      [...PY.slice(0, 10), '        f.write(data.strip())', '    return True'],
    ],
    [
      'the rest of the file after the last line it shows, new lines at its top',
      ['import sys', 'import os', '# ... rest of the file unchanged'],
      '"# ... rest of the file unchanged": lines 2–12',
      ['import sys', ...PY],
    ],
    [
      'the file up to the first line it shows, and the lines below its last line',
      [
        '# ... existing imports ...',
        'def load(path):',
        '    with open(path) as f:',
        '        data = f.read()',
        '    return data.strip()',
        '',
        '',
        'def save(path, data):',
      ],
      '"# ... existing imports ...": lines 1–2',
      [...PY.slice(0, 5), '    return data.strip()', ...PY.slice(6)],
    ],
  ])('%s', (_name, reply, note, want) => {
    const r = fillElisions(PY, reply);
    expect(r).toMatchObject({ ok: true });
    if (!r?.ok) return;
    expect(r.filled.map((f) => `"${f.placeholder}": lines ${f.from}–${f.to}`)).toEqual([note]);
    expect(r.lines).toEqual(want);
  });

  it.each<[string, string[], RegExp]>([
    [
      // issue 40: `class Cell:` below the imports, then four methods: the imports and the methods
      // after the last one shown were deleted.
      "a text that starts below the file's start with a line the file lacks, above lines it keeps",
      [
        'def load(path, mode):',
        '    with open(path) as f:',
        '    # ... existing code ...',
        '    return data',
      ],
      /starts with lines the file does not have \("def load\(path, mode\):"\), and the file has 3 lines above line 4/,
    ],
    [
      'a text whose last line is new, where the file goes on after the line before it',
      [
        '# ... existing code ...',
        'def save(path, data):',
        '    with open(path, "w") as f:',
        '        f.write(data)',
        '    return False',
      ],
      /ends with lines the file does not have \("return False"\), and the file goes on for 1 line after line 11/,
    ],
  ])('refuses %s', (_name, reply, reason) => {
    const r = fillElisions(PY, reply);
    expect(r).toMatchObject({ ok: false });
    if (r && !r.ok) expect(r.reason).toMatch(reason);
  });

  it('a bare closing line is no anchor alone, nor the end of the text: the lines before it are', () => {
    const js = L('function a() {\n  one();\n}\nfunction b() {\n  two();\n}\nfunction c() {\n  three();\n}');
    const r = fillElisions(
      js,
      L('function a() {\n  one();\n}\n// ... existing code ...\nfunction c() {\n  three();\n  four();\n}'),
    );
    expect(r?.ok && r.lines).toEqual([...js.slice(0, 8), '  four();', '}']);
    // The `}` after a changed last line matches the file's last line, which says nothing: b's closing
    // brace would too. Where the text ends is not shown, so it is refused.
    expect(fillElisions(js, L('// ... existing code ...\nfunction b() {\n  two(2);\n}'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/ends with lines the file does not have/),
    });
  });

  it('blank lines around the comment are not doubled', () => {
    const r = fillElisions(PY, [
      'import os',
      '',
      '# ... existing code ...',
      '',
      'def save(path, data):',
      '    with open(path, "w") as f:',
      '        f.write(data)',
      '    return True',
    ]);
    expect(r?.ok && r.lines).toEqual(PY);
  });

  it('a comment whose anchors touch in the file stands for no line and is not written', () => {
    const r = fillElisions(PY, ['import os', '# ... more imports ...', '', 'def load(path):']);
    expect(r).toMatchObject({ ok: true, lines: PY, filled: [] });
  });

  it.each<[string, string[], RegExp]>([
    [
      'a changed line next to it (the new text says no place)',
      ['def load(path):', '    # ... existing code ...', '    return data.strip()'],
      /"return data.strip\(\)" next to it is not in the file/,
    ],
    [
      'anchors out of order',
      ['def save(path, data):', '# ... existing code ...', 'def load(path):'],
      /another order/,
    ],
    [
      'two comments with only blank lines between',
      ['import os', '# ...', '', '# ...', 'def save(path, data):'],
      /follows another placeholder/,
    ],
    ['nothing but the comment', ['# ... existing code ...'], /nothing but/],
    [
      'an indented comment whose kept lines would leave its block (its after-anchor is in other code)',
      ['def load(path):', '    # ... existing code ...', '    return True'],
      /leave the block it stands in \(line 9, "def save/,
    ],
  ])('refuses %s', (_name, reply, reason) => {
    const r = fillElisions(PY, reply);
    expect(r).toMatchObject({ ok: false });
    if (r && !r.ok) expect(r.reason).toMatch(reason);
  });

  it('refuses an anchor in the file more than once, however long', () => {
    const js = ['function a() {', '  return 1;', '}', 'function b() {', '  return 1;', '}'];
    expect(fillElisions(js, ['  return 1;', '}', '// ...', 'function b() {'])).toMatchObject({
      ok: false,
      reason: expect.stringContaining(
        'the line "return 1;" next to it is in the file more than once, with the lines beside it too',
      ),
    });
  });

  it('an anchor is found once in the whole file, not only below the previous one (Continue class-method-addition)', () => {
    const m = (name: string, body: string) => [
      `  ${name}(n) {`,
      `    ${body};`,
      '    return this;',
      '  }',
      '',
    ];
    const cls = [
      'class Calculator {',
      ...m('add', 'this.r += n'),
      ...m('divide', 'this.r /= n'),
      '  get() {',
      '    return this.r;',
      '  }',
      '}',
    ];
    // The new method's last lines (`return this;`, `}`) are below `divide` once, but above it too: they
    // say nothing of where the elision after them goes.
    const lazy = [
      '// ... existing code ...',
      'divide(n) {',
      '  this.r /= n;',
      '  return this;',
      '}',
      '',
      'power(n) {',
      '  this.r **= n;',
      '  return this;',
      '}',
      '',
      '// ... rest of code ...',
    ];
    expect(fillElisions(cls, lazy)).toMatchObject({ ok: false });
  });

  it("gives the snippet's lines the file's indentation where its anchors matched only without it (Python)", () => {
    const py = [
      'class Store:',
      '    def load(self):',
      '        return 1',
      '',
      '    def save(self):',
      '        pass',
      '',
      '    def close(self):',
      '        pass',
    ];
    const lazy = [
      '# ... existing code ...',
      'def save(self):',
      '    self.flush()',
      '    pass',
      '',
      'def close(self):',
      '# ... rest of the class ...',
    ];
    expect(fillElisions(py, lazy)).toMatchObject({
      ok: true,
      lines: [
        'class Store:',
        '    def load(self):',
        '        return 1',
        '',
        '    def save(self):',
        '        self.flush()',
        '        pass',
        '',
        '    def close(self):',
        '        pass',
      ],
    });
    // Indented one way at one anchor and another at the other: refused.
    const odd = [
      '# ... existing code ...',
      'def save(self):',
      '    self.flush()',
      '        pass',
      '    def close(self):',
      '# ...',
    ];
    expect(fillElisions(py, odd)).toMatchObject({ ok: false });
  });

  it('never anchors on brackets alone, even a `}` found once (Continue class-method-addition: a wrong write)', () => {
    const cls = ['class C {', '  a() {', '    return 1;', '  }', '', '  b() {', '    return 2;', '  }', '}'];
    // The snippet's `}` matches only the class's last brace exactly; the method's run holds a word and
    // is not in the file, so nothing is kept after it — refused, never the class cut off.
    expect(
      fillElisions(cls, [
        '// ... existing code ...',
        'a() {',
        '  return 3;',
        '}',
        '',
        '// ... rest of code ...',
      ]),
    ).toMatchObject({
      ok: false,
    });
    expect(fillElisions(['x = 1', '}'], ['}', '// ...'])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/only brackets and punctuation/),
    });
  });

  it('gives back the file when a run of its lines is replaced by a comment (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}(\(\))?;$/), { minLength: 3, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (file, a, b) => {
          const from = 1 + (a % (file.length - 1));
          const to = from + 1 + (b % (file.length - from));
          const reply = [...file.slice(0, from), '// ... existing code ...', ...file.slice(to)];
          expect(fillElisions(file, reply)).toMatchObject({
            ok: true,
            lines: file,
            filled: [{ from: from + 1, to }],
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads an anchor’s indentation off its first line with text, not a line of only whitespace (issue 40)', () => {
    // `    return data` is in the file twice; with the blank line above it, once. The file's blank line
    // holds 8 spaces and the reply's none: read as indentation, every line before the comment moved
    // 8 columns right.
    const file = [
      'def one():',
      '    return data',
      'def two():',
      '    y = 2',
      '        ',
      '    return data',
      'def three():',
      '    z = 3',
    ];
    const reply = [
      'def one():',
      '    return data',
      'def two():',
      '    y = 22',
      '',
      '    return data',
      '# ... existing code ...',
    ];
    expect(fillElisions(file, reply)).toMatchObject({
      ok: true,
      lines: [...reply.slice(0, -1), 'def three():', '    z = 3'],
    });
  });

  it('keeps the reply’s lines as they are whatever whitespace its blank lines hold (property)', () => {
    const blanks = ['', ' ', '    ', '        ', '\t', ' \t '];
    const row = fc.oneof(
      fc.record({ depth: fc.nat(2), word: fc.constantFrom('x = 1', 'return x', 'def f():', 'pass') }),
      fc.constantFrom(...blanks),
    );
    let filled = 0;
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 4, maxLength: 16 }),
        fc.array(fc.constantFrom(...blanks), { minLength: 16, maxLength: 16 }),
        fc.nat(),
        fc.nat(),
        (rows, other, a, b) => {
          const file = rows.map((r) => (typeof r === 'string' ? r : '    '.repeat(r.depth) + r.word));
          const from = 1 + (a % (file.length - 1));
          const to = from + 1 + (b % (file.length - from));
          const text = (l: string | undefined) => l !== undefined && l.trim() !== '';
          if (!text(file[from - 1]) || (to < file.length && !text(file[to]))) return;
          // The reply's blank lines hold other whitespace than the file's.
          const own = (lines: string[], at: number) =>
            lines.map((l, j) => (l.trim() === '' ? other[at + j]! : l));
          const before = own(file.slice(0, from), 0);
          const after = own(file.slice(to), to);
          const r = fillElisions(file, [...before, '# ... existing code ...', ...after]);
          if (!r?.ok) return;
          filled++;
          expect(r.lines).toEqual([...before, ...file.slice(from, to), ...after]);
        },
      ),
      { numRuns: 600 },
    );
    expect(filled).toBeGreaterThan(100);
  });
});
