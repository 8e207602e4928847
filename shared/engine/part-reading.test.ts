/**
 * A new text that is a part of the file (part-reading.ts, issue 40): a line of the file is removed only
 * where the reply shows it removed or replaced. The cases the issue measured on real chat replies, and the
 * readings elisions.ts and merge-definitions.ts give together.
 */
import { describe, expect, it } from 'vitest';
import { definitionNote } from './merge-definitions';
import { readAsPart } from './part-reading';

const method = (name: string, body: string, ind = '    ') => [
  `${ind}def ${name}(self):`,
  `${ind}    ${body}`,
  '',
];
/** A module like the issue's: imports above the class, helpers below it. */
const CELL = [
  'import random',
  'from dataclasses import dataclass',
  '',
  'SIZE = 9',
  '',
  '',
  'class Cell:',
  '    """One cell of the board."""',
  '',
  ...method('a', 'return 1'),
  ...method('b', 'return 2'),
  ...method('c', 'return 3'),
  ...method('d', 'return 4'),
  ...method('e', 'return 5'),
  ...method('f', 'return 6'),
  '',
  'def helper():',
  '    return Cell()',
];

describe('readAsPart', () => {
  it("a class's first line, a comment for its other methods, then methods: those replaced in place (issue 40)", () => {
    const reply = [
      'class Cell:',
      '    # ... (other methods remain the same)',
      '',
      ...method('b', 'return 20'),
      ...method('d', 'return 40'),
      ...method('f', 'return 60'),
    ];
    const r = readAsPart(CELL, reply);
    expect(r).toMatchObject({ ok: true });
    if (!r?.ok) return;
    expect(r.lines).toEqual(
      CELL.map((l) =>
        l === '        return 2'
          ? '        return 20'
          : l === '        return 4'
            ? '        return 40'
            : l === '        return 6'
              ? '        return 60'
              : l,
      ),
    );
  });

  it('the same with the comment at the start of the line, and the methods without the class', () => {
    for (const reply of [
      ['class Cell:', '# ... (other methods remain the same)', ...method('c', 'return 30')],
      ['# ... (other methods remain the same)', ...method('c', 'return 30', '')],
      [...method('c', 'return 30'), '    # ... other methods unchanged'],
    ]) {
      const r = readAsPart(CELL, reply);
      expect(r?.ok && r.lines, reply.join('\n')).toEqual(
        CELL.map((l) => (l === '        return 3' ? '        return 30' : l)),
      );
    }
  });

  it('a method added at the end of a class after a comment for the rest', () => {
    const js = [
      "import { x } from './x';",
      '',
      'class Calc {',
      '  add(n) {',
      '    return n + 1;',
      '  }',
      '}',
      '',
      'export default Calc;',
    ];
    const r = readAsPart(js, [
      'class Calc {',
      '  // ... existing code ...',
      '',
      '  exp(n) {',
      '    return n ** 2;',
      '  }',
      '}',
    ]);
    expect(r?.ok && r.lines).toEqual([
      ...js.slice(0, 6),
      '',
      '  exp(n) {',
      '    return n ** 2;',
      '  }',
      ...js.slice(6),
    ]);
  });

  it("a statement inside a function's body, its elisions filled from that body only", () => {
    const js = [
      'function a() {',
      '  const x = 1;',
      '  log(x);',
      '  return x;',
      '}',
      '',
      'function b() {',
      '  return 2;',
      '}',
    ];
    // A changed line next to the comment says nothing of where it goes.
    expect(
      readAsPart(js, ['function a() {', '  // ... existing code ...', '  return x + 1;', '}']),
    ).toMatchObject({
      ok: false,
    });
    const ok = readAsPart(js, [
      'function a() {',
      '  const x = 1;',
      '  // ... existing code ...',
      '  return x;',
      '  // unreachable',
      '}',
    ]);
    expect(ok?.ok && ok.lines).toEqual([
      'function a() {',
      '  const x = 1;',
      '  log(x);',
      '  return x;',
      '  // unreachable',
      '}',
      ...js.slice(5),
    ]);
  });

  it('keeps the imports above and the functions below a snippet that starts at a function (was: written from the file start)', () => {
    const py = [
      'import os',
      '',
      'def load(path):',
      '    with open(path) as f:',
      '        data = f.read()',
      '    return data',
      '',
      '',
      'def save(path, data):',
      '    return True',
    ];
    const r = readAsPart(py, [
      'def load(path):',
      '    # ... existing code ...',
      '    return data',
      '',
      '',
      'def save(path, data):',
      '    return False',
    ]);
    expect(r?.ok && r.lines).toEqual([...py.slice(0, 9), '    return False']);
    const r2 = readAsPart(py, ['# ... existing imports ...', 'def load(path):', '    return None']);
    expect(r2?.ok && r2.lines).toEqual([...py.slice(0, 3), '    return None', ...py.slice(6)]);
  });

  it('never deletes a definition the reply does not show between two lines it shows next to each other', () => {
    const py = ['x = 1', '', 'def b():', '    return 2', '', 'y = 2', 'print(x, y)'];
    // Anchored at "x = 1" and "y = 2", the lines between would go, `def b` with them.
    const r = readAsPart(py, [
      '# ... existing code ...',
      'x = 1',
      'z = 0',
      'y = 2',
      '# ... existing code ...',
    ]);
    expect(r).toMatchObject({ ok: false, reason: expect.stringMatching(/delete "def b\(\):" \(line 3\)/) });
    // A definition renamed in its place is replaced, not lost.
    const renamed = readAsPart(py, ['# ...', 'x = 1', '', 'def b2():', '    return 2', '', 'y = 2', '# ...']);
    expect(renamed?.ok && renamed.lines).toEqual([
      'x = 1',
      '',
      'def b2():',
      '    return 2',
      '',
      'y = 2',
      'print(x, y)',
    ]);
  });

  it('says which lines it removes with nothing in their place', () => {
    const css = ['a {', '  color: red;', '  margin: 0;', '  padding: 0;', '}', 'b {', '  color: blue;', '}'];
    const r = readAsPart(css, [
      'a {',
      '  color: red;',
      '  padding: 0;',
      '}',
      '/* ... rest of the file ... */',
    ]);
    expect(r).toMatchObject({ ok: true, removed: [{ from: 3, to: 3 }] });
  });

  it('a class shown with only some of its methods and no comment: the others stay', () => {
    const reply = ['class Cell:', ...method('a', 'return 10'), ...method('e', 'return 50')];
    const r = readAsPart(CELL, reply);
    expect(r?.ok && r.lines).toEqual(
      CELL.map((l) =>
        l === '        return 1' ? '        return 10' : l === '        return 5' ? '        return 50' : l,
      ),
    );
  });

  it("puts a new method between two comments at its class's end, and says so: its place is not shown", () => {
    const r = readAsPart(CELL, [
      'class Cell:',
      '    # ... existing code ...',
      ...method('z', 'return 0'),
      '    # ... existing code ...',
    ]);
    const f = CELL.indexOf('def helper():');
    expect(r).toMatchObject({
      ok: true,
      lines: [...CELL.slice(0, f - 2), '', ...method('z', 'return 0').slice(0, -1), ...CELL.slice(f - 2)],
    });
    expect(r?.ok && definitionNote(r.definitions!, 'cell.py')).toMatch(
      /"def z\(self\):" after line 26 \(at the end of its class: the reply does not show where in it\)/,
    );
  });

  it('refuses a new function between two comments at the top level, where order is meaning', () => {
    const r = readAsPart(CELL, [
      'import random',
      '# ... existing code ...',
      'def z():',
      '    return 0',
      '# ... existing code ...',
    ]);
    expect(r).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/"def z\(\):"/),
    });
  });
});
