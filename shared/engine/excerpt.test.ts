import { describe, expect, it } from 'vitest';
import { excerptOf } from './excerpt';
import { plan } from './plan';

const FILE = [
  'import os',
  '',
  'def foo():',
  '    return 1',
  '',
  'def bar():',
  '    return 3',
  '',
  'def baz():',
  '    return bar() + foo()',
  '',
  "if __name__ == '__main__':",
  '    print(baz())',
];

describe('excerptOf: a part of the file, not the whole of it', () => {
  it.each<[string, string[], boolean]>([
    ['a quoted piece', FILE.slice(5, 10), true],
    ['an edited piece (one line new)', ['def foo():', '    return 2'], true],
    ['the whole file, one line changed', FILE.map((l) => (l === '    return 1' ? '    return 2' : l)), false],
    ['the whole file with a function more', [...FILE, '', 'def qux():', '    pass'], false],
    ['a rewrite from scratch (few shared lines)', ['import sys', 'print(sys.argv)'], false],
    ['most of the file', FILE.slice(0, 10), false],
    ['nothing but blank lines and brackets', ['', '}', ')'], false],
  ])('%s → %s', (_n, block, part) => {
    expect(excerptOf(block, FILE) !== null).toBe(part);
  });

  it('counts what it holds', () => {
    expect(excerptOf(FILE.slice(5, 7), FILE)).toEqual({ covered: 2, of: 9 });
  });
});

describe('plan: a block under a guessed name that holds part of the file', () => {
  const snap = (text: string) => new Map([['app.py', { text, hash: 'h' }]]);
  const file = `${FILE.join('\n')}\n`;

  it('is not used as the whole file (held-out aider reply: nine quoted lines of a forty-line file)', () => {
    const p = plan(
      {
        id: 't',
        source: { format: 'whole-file' },
        ops: [
          {
            kind: 'create',
            path: 'app.py',
            // Two quoted definitions and a statement: a part of the file, and not definitions only
            // (definition.ts).
            content: 'def foo():\n    return 2\n\ndef bar():\n    return 3\n\nprint(foo())\n',
            ifExists: 'overwrite',
            line: 3,
            guess: true,
          },
        ],
        diagnostics: [],
      },
      snap(file),
    );
    expect(p.files).toEqual([]);
    expect(p.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 3,
        message: expect.stringMatching(/part of the file/),
      }),
    ]);
  });

  it('a whole new version under a guessed name is still offered (as a guess)', () => {
    const content = file.replace('return 1', 'return 2');
    const p = plan(
      {
        id: 't',
        source: { format: 'whole-file' },
        ops: [{ kind: 'create', path: 'app.py', content, ifExists: 'overwrite', line: 3, guess: true }],
        diagnostics: [],
      },
      snap(file),
    );
    expect(p.files).toMatchObject([{ path: 'app.py', status: 'ok', guess: true, newText: content }]);
  });

  it('a stated name is the model saying it is the whole file: used as written', () => {
    const content = 'def foo():\n    return 2\n\ndef bar():\n    return 3\n\nprint(foo())\n';
    const p = plan(
      {
        id: 't',
        source: { format: 'whole-file' },
        ops: [{ kind: 'create', path: 'app.py', content, ifExists: 'overwrite', line: 3 }],
        diagnostics: [],
      },
      snap(file),
    );
    expect(p.files).toMatchObject([{ path: 'app.py', status: 'ok', newText: content }]);
  });

  it('…except one whole definition whose signature is in the file once: that definition is replaced', () => {
    for (const guess of [false, true]) {
      const p = plan(
        {
          id: 't',
          source: { format: 'whole-file' },
          ops: [
            {
              kind: 'create',
              path: 'app.py',
              content: 'def bar():\n    return 4\n',
              ifExists: 'overwrite',
              line: 3,
              ...(guess ? { guess: true } : {}),
            },
          ],
          diagnostics: [],
        },
        snap(file),
      );
      expect(p.files).toMatchObject([
        { path: 'app.py', status: 'ok', newText: file.replace('return 3', 'return 4') },
      ]);
      expect(p.files[0]!.notes.map((n) => n.message)).toContain(
        'The reply\'s text for app.py is one definition ("def bar():"): it replaces that definition (lines 6–7), and the rest of the file stays.',
      );
    }
  });

  it('…and so are several whole definitions, with one the file lacks put after the one before it', () => {
    const p = plan(
      {
        id: 't',
        source: { format: 'whole-file' },
        ops: [
          {
            kind: 'create',
            path: 'app.py',
            content: 'def foo():\n    return 2\n\ndef qux():\n    return 5\n\ndef baz():\n    return 6\n',
            ifExists: 'overwrite',
            line: 3,
            guess: true,
          },
        ],
        diagnostics: [],
      },
      snap(file),
    );
    expect(p.files).toMatchObject([
      {
        path: 'app.py',
        status: 'ok',
        newText: file
          .replace('return 1', 'return 2\n\ndef qux():\n    return 5')
          .replace('return bar() + foo()', 'return 6'),
      },
    ]);
    expect(p.files[0]!.notes.map((n) => n.message)).toContain(
      'The reply\'s text for app.py is 3 definitions: it replaces "def foo():" (lines 3–4) and "def baz():" (lines 9–10), and adds "def qux():" after line 4, which the file does not have; the rest of the file stays.',
    );
  });
});
