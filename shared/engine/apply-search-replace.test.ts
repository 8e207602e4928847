import { describe, expect, it } from 'vitest';
import { applyOp } from './apply-op';
import { srOp, text } from './test-helpers';
import type { ApplyResult } from './types';

type Edit = { search: string; replace: string; all?: boolean; takeFirst?: boolean };
const apply = (before: string | null, ...edits: Edit[]): ApplyResult => applyOp(before, srOp(edits));

describe('search/replace', () => {
  it.each<[string, string | null, Edit[], string]>([
    ['replaces the one match', text('a', 'b', 'c'), [{ search: 'b\n', replace: 'B\n' }], text('a', 'B', 'c')],
    [
      'deletes with an empty replacement',
      text('a', 'b', 'c'),
      [{ search: 'b\n', replace: '' }],
      text('a', 'c'),
    ],
    [
      'a search without final newline still matches the line',
      text('a', 'b'),
      [{ search: 'b', replace: 'B' }],
      text('a', 'B'),
    ],
    ['empty search on a missing file creates it', null, [{ search: '', replace: 'new\n' }], text('new')],
    [
      'empty search on an existing file appends (aider)',
      text('a'),
      [{ search: '', replace: 'b\n' }],
      text('a', 'b'),
    ],
    [
      'edits run in order: a later one may search what an earlier one wrote',
      text('a', 'b'),
      [
        { search: 'a', replace: 'x' },
        { search: 'x\nb', replace: 'y' },
      ],
      text('y'),
    ],
    [
      'all replaces every match',
      text('q', 'a', 'q'),
      [{ search: 'q', replace: 'Q', all: true }],
      text('Q', 'a', 'Q'),
    ],
    [
      'takeFirst takes the first of several',
      text('q', 'a', 'q'),
      [{ search: 'q', replace: 'Q', takeFirst: true }],
      text('Q', 'a', 'q'),
    ],
    [
      'indentation lost in the block: the replacement is re-indented (aider)',
      text('class A:', '    def f(self):', '        return 1'),
      [{ search: 'def f(self):\n    return 1\n', replace: 'def f(self):\n    return 2\n' }],
      text('class A:', '    def f(self):', '        return 2'),
    ],
    ['keeps CRLF', 'a\r\nb\r\n', [{ search: 'b\n', replace: 'B\nC\n' }], 'a\r\nB\r\nC\r\n'],
  ])('%s', (_name, before, edits, after) => {
    const r = apply(before, ...edits);
    expect(r).toMatchObject({ ok: true, text: after });
  });

  it('takeFirst leaves a warning note', () => {
    const r = apply(text('q', 'q'), { search: 'q', replace: 'Q', takeFirst: true });
    expect(r.ok && r.notes.map((n) => n.severity)).toEqual(['warning']);
  });

  it.each<[string, string | null, Edit, string]>([
    ['several matches', text('q', 'a', 'q'), { search: 'q', replace: 'Q' }, 'ambiguous'],
    ['no match', text('a', 'b'), { search: 'c', replace: 'C' }, 'no-match'],
    [
      'a typo in the search text',
      text('const value = 1;'),
      { search: 'const valeu = 1;', replace: 'x' },
      'no-match',
    ],
    ['only part of a line', text('foobar'), { search: 'foo', replace: 'x' }, 'no-match'],
    ['already applied', text('a', 'B'), { search: 'b', replace: 'B' }, 'already-applied'],
    ['missing file', null, { search: 'a', replace: 'b' }, 'missing-file'],
  ])('%s → %s', (_name, before, edit, kind) => {
    expect(apply(before, edit)).toMatchObject({ ok: false, kind });
  });

  it('a no-match names the edit and the reply line and shows the nearest lines', () => {
    const r = applyOp(
      text('a', 'b', 'c', 'd'),
      srOp(
        [
          { search: 'z', replace: '' },
          { search: 'b\nC\nd', replace: '' },
        ],
        { line: 7 },
      ),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // The first edit fails first.
    expect(r.message).toContain('edit 1');
    const r2 = applyOp(text('a', 'b', 'c', 'd'), srOp([{ search: 'b\nC\nd', replace: '' }], { line: 7 }));
    expect(r2).toMatchObject({ ok: false, kind: 'no-match', nearest: 'b\nc\nd' });
    if (!r2.ok) expect(r2.message).toMatch(/edit 1 .*reply line 7/);
  });
});

describe('aider "..." elision', () => {
  const file = text('def f():', '    a = 1', '    b = 2', '    c = 3', '    return a');
  it.each<[string, Edit, string | null]>([
    [
      'pieces that line up are replaced piecewise',
      { search: 'def f():\n...\n    return a\n', replace: 'def g():\n...\n    return c\n' },
      text('def g():', '    a = 1', '    b = 2', '    c = 3', '    return c'),
    ],
    [
      'pieces out of order do not apply',
      { search: '    return a\n...\ndef f():\n', replace: 'x\n...\ny\n' },
      null,
    ],
    [
      'different numbers of "..." do not apply',
      { search: 'def f():\n...\n    return a\n', replace: 'def g():\n' },
      null,
    ],
    [
      'a piece that is not in the file does not apply',
      { search: 'def h():\n...\n    return a\n', replace: 'x\n...\ny\n' },
      null,
    ],
  ])('%s', (_name, edit, after) => {
    const r = apply(file, edit);
    if (after === null) expect(r).toMatchObject({ ok: false, kind: 'no-match' });
    else expect(r).toMatchObject({ ok: true, text: after });
  });

  it('a real "..." line (a Python stub body) is matched as written first', () => {
    const stub = text('def f():', '    ...', 'x = 1');
    expect(apply(stub, { search: 'def f():\n    ...\n', replace: 'def f():\n    pass\n' })).toMatchObject({
      ok: true,
      text: text('def f():', '    pass', 'x = 1'),
    });
  });
});

describe('the final newline with search/replace (it belongs to the last line)', () => {
  it.each<[string, string, Edit, string]>([
    ['replacing the last line keeps it missing', 'a\nb', { search: 'b', replace: 'B' }, 'a\nB'],
    [
      'deleting the last line leaves the line before with its newline (Cline)',
      'a\nb\nc',
      { search: 'c', replace: '' },
      'a\nb\n',
    ],
    ['appending keeps it missing at the new end', 'a', { search: '', replace: 'b\n' }, 'a\nb'],
    ['an edit away from the end keeps it missing', 'a\nb', { search: 'a', replace: 'A' }, 'A\nb'],
  ])('%s', (_name, before, edit, after) => {
    expect(apply(before, edit)).toMatchObject({ ok: true, text: after });
  });
});

/**
 * aider's reading of its blocks (SearchReplaceEdit.aider; issue 25): the empty line before a marker is
 * layout, and an edited file ends with a line break. Each row beside the same edit without the flag
 * (Cline's and other formats' reading, which keeps the text as written).
 */
describe("search/replace: aider's blank lines and final line break", () => {
  const both = (before: string, search: string, replace: string) => [
    applyOp(before, srOp([{ search, replace, aider: true }])),
    applyOp(before, srOp([{ search, replace }])),
  ];
  it.each<[string, string, string, string, string, string]>([
    [
      "a SEARCH's trailing blank line says where, but the file's blank line stays (corpus: indigobot-webui-005)",
      text('a', 'b', '', '', 'c'),
      'b\n\n',
      'B\n',
      text('a', 'B', '', '', 'c'),
      text('a', 'B', '', 'c'),
    ],
    [
      "a SEARCH's trailing blank line the file lacks there is left out of the search",
      text('a', 'b', 'c'),
      'b\n\n',
      'B\n',
      text('a', 'B', 'c'),
      text('a', 'B', 'c'),
    ],
    [
      "a REPLACE's trailing blank line is dropped",
      text('a', 'b', 'c'),
      'b\n',
      'B\n\n',
      text('a', 'B', 'c'),
      text('a', 'B', '', 'c'),
    ],
    [
      'the place the trailing blank line fits is taken over an earlier place without it',
      text('b', 'x', 'b', '', 'y'),
      'b\n\n',
      'B\n',
      text('b', 'x', 'B', '', 'y'),
      text('b', 'x', 'B', 'y'),
    ],
    [
      'a file without a final line break gets one (aider writes every file it edits so)',
      'a\nb',
      'a\n',
      'A\n',
      'A\nb\n',
      'A\nb',
    ],
    ['… and a CRLF file keeps CRLF', 'a\r\nb', 'a\n', 'A\n', 'A\r\nb\r\n', 'A\r\nb'],
    [
      // aider glues appended text to the old last line (`…read.# Title`); a line break belongs between.
      'text appended to a file without a final line break starts on a line of its own',
      'Thanks for reading.',
      '',
      '# Title\n',
      'Thanks for reading.\n# Title\n',
      'Thanks for reading.\n# Title',
    ],
  ])('%s', (_name, before, search, replace, aider, plain) => {
    const [a, p] = both(before, search, replace);
    expect(a).toMatchObject({ ok: true, text: aider });
    expect(p).toMatchObject({ ok: true, text: plain });
  });

  it('says so when it adds the final line break', () => {
    const r = applyOp('a\nb', srOp([{ search: 'a\n', replace: 'A\n', aider: true }]));
    expect(r.ok && r.notes.map((n) => n.message)).toContainEqual(
      expect.stringMatching(/did not end with a line break/),
    );
  });

  it('a block whose blank edge line the file has, refused for its indentation: not looked for without it', () => {
    // `\t\treturn y` is `            return y` at 4 spaces to a tab shifted by one level, at 2 by two,
    // at 8 by one less: no width is told, so the block is refused where it is (line 2, with the blank
    // line after it). Without its blank line it fitted line 1, shifted: aider wrote line 2.
    const file = 'return y\n            return y\n\n';
    const r = applyOp(file, srOp([{ search: '\t\treturn y\n\n', replace: '\t\treturn x\n\n' }]));
    expect(r).toMatchObject({
      ok: false,
      kind: 'no-match',
      message: expect.stringContaining('is at line 2 but for its indentation'),
    });
    // Where the file lacks the blank line, the lines between still say where (aider's issue #25).
    expect(applyOp('a\nb\n', srOp([{ search: '\nb\n\n', replace: '\nc\n\n' }]))).toMatchObject({
      ok: true,
      text: 'a\n\nc\n\n',
    });
  });

  it('a file that is created ends as its text does, less the layout line (held-out: snow-maker-006)', () => {
    const made = (replace: string, aider?: true) =>
      applyOp(null, srOp([{ search: '', replace, ...(aider ? { aider } : {}) }]));
    expect(made('x\n', true)).toMatchObject({ ok: true, text: 'x\n' });
    expect(made('x\n\n', true)).toMatchObject({ ok: true, text: 'x\n' });
    expect(made('x\n\n')).toMatchObject({ ok: true, text: 'x\n\n' });
  });
});

describe('search/replace: the lines a block keeps are written as the file has them (issue 25)', () => {
  it.each<[string, string, string, string, string]>([
    [
      'trailing spaces of an unchanged line (a Markdown line break)',
      'Dear reader,  \nthanks.\nBye\n',
      'Dear reader,\nthanks.\n',
      'Dear reader,\nthank you.\n',
      'Dear reader,  \nthank you.\nBye\n',
    ],
    [
      'an unchanged line where the match ignored indentation (and its trailing spaces)',
      'class A:\n    def f(self):   \n        return 1\n',
      'def f(self):\n    return 1\n',
      'def f(self):\n    return 2\n',
      // The changed line follows the reply, re-indented by the one shift; the kept one is the file's.
      'class A:\n    def f(self):   \n        return 2\n',
    ],
    [
      "the file's typography of an unchanged line",
      'msg = “hi”\nx = 1\n',
      'msg = "hi"\nx = 1\n',
      'msg = "hi"\nx = 2\n',
      'msg = “hi”\nx = 2\n',
    ],
  ])('%s', (_n, before, search, replace, after) => {
    expect(applyOp(before, srOp([{ search, replace }]))).toMatchObject({ ok: true, text: after });
  });

  it('an exact match writes the reply as it is', () => {
    expect(applyOp('a\nb\n', srOp([{ search: 'a\nb\n', replace: 'a\nB\n' }]))).toMatchObject({
      text: 'a\nB\n',
    });
  });
});
