/**
 * A reply that indents with spaces for a file indented with tabs, or the other way round (issue 25,
 * found by the `tabs` corpus variant): models write spaces for a file they saw with tabs, and chat
 * pages turn tabs into spaces. The block is found when its lines are the file's once each run of
 * indentation is converted at one tab width (normalize.ts, restyleShift), and the new lines are
 * converted the same way — never written with the reply's spaces into a tab-indented block (Python
 * refuses to run that, every other language shows it). A block without an indented line to go by takes
 * the width the reply's other lines show against the file (opRestyle); with none, its lines are written
 * as the reply has them, with a warning. Widths that indent the new lines differently are refused.
 */
import { describe, expect, it } from 'vitest';
import { applyOp } from './apply-op';
import { restyleLine } from './normalize';
import { hunk, patchOp, srOp, text } from './test-helpers';
import type { ApplyResult } from './types';

const ok = (r: ApplyResult) => {
  if (!r.ok) throw new Error(r.message);
  return r;
};
const notes = (r: ApplyResult) => (r.ok ? r.notes.map((n) => n.message).join('\n') : '');

describe('restyleLine', () => {
  it.each([
    ['    x', 'tabs', 4, '\tx'],
    ['        x', 'tabs', 4, '\t\tx'],
    ['      x', 'tabs', 4, '\t  x'],
    ['     * doc', 'tabs', 4, '\t * doc'],
    ['\t  x', 'tabs', 2, '\t\tx'],
    ['x', 'tabs', 4, 'x'],
    [' \tx', 'tabs', 4, ' \tx'],
    ['\t\tx', 'spaces', 4, '        x'],
    ['\t x', 'spaces', 2, '   x'],
    ['  x', 'spaces', 4, '  x'],
  ] as const)('%j to %s at %i: %j', (line, to, width, want) => {
    expect(restyleLine(line, { to, width })).toBe(want);
  });
});

const TABBED = text('class A {', '\tm() {', '\t\tif (x) {', '\t\t\treturn 1;', '\t\t}', '\t}', '}');

describe('SEARCH/REPLACE: spaces in the reply, tabs in the file', () => {
  it.each([
    [4, '    ', '        ', '            '],
    [2, '  ', '    ', '      '],
  ])('at %i spaces to a tab: found, and the new lines get tabs', (_w, one, two, three) => {
    const r = ok(
      applyOp(
        TABBED,
        srOp([
          {
            search: `${one}m() {\n${two}if (x) {\n${three}return 1;\n`,
            replace: `${one}m() {\n${two}if (x) {\n${three}log(x);\n${three}return 1;\n`,
          },
        ]),
      ),
    );
    expect(r.text).toBe(
      text('class A {', '\tm() {', '\t\tif (x) {', '\t\t\tlog(x);', '\t\t\treturn 1;', '\t\t}', '\t}', '}'),
    );
    expect(notes(r)).toMatch(
      /the reply indents with spaces and the file with tabs, so its new lines get tabs/,
    );
  });

  it('a block shifted as well as converted (the model left out the outer level)', () => {
    const r = ok(
      applyOp(
        TABBED,
        srOp([{ search: 'if (x) {\n    return 1;\n', replace: 'if (x) {\n    return 2;\n}\nlog();\n' }]),
      ),
    );
    // Needle at 0 and 4 spaces; the file at 2 and 3 tabs: 4 spaces to a tab, shifted by two tabs.
    expect(r.text).toBe(
      text(
        'class A {',
        '\tm() {',
        '\t\tif (x) {',
        '\t\t\treturn 2;',
        '\t\t}',
        '\t\tlog();',
        '\t\t}',
        '\t}',
        '}',
      ),
    );
  });

  it('tabs in the reply, spaces in the file: the new lines get spaces', () => {
    const spaced = text('def f():', '    if x:', '        return 1', '    return 0');
    const r = ok(
      applyOp(
        spaced,
        srOp([{ search: '\tif x:\n\t\treturn 1\n', replace: '\tif x:\n\t\tlog(x)\n\t\treturn 1\n' }]),
      ),
    );
    expect(r.text).toBe(text('def f():', '    if x:', '        log(x)', '        return 1', '    return 0'));
  });

  it('a block without an indented line takes the width the reply’s other blocks show', () => {
    const file = text(
      'import a',
      '',
      'def f():',
      '\tif x:',
      '\t\treturn 1',
      '\treturn 0',
      '',
      'def g():',
      '\tpass',
    );
    const r = ok(
      applyOp(
        file,
        srOp([
          { search: '    if x:\n        return 1\n', replace: '    if x:\n        return 2\n' },
          { search: 'import a\n', replace: 'import a\n\ndef h():\n    if y:\n        return 3\n' },
        ]),
      ),
    );
    expect(r.text).toBe(
      text(
        'import a',
        '',
        'def h():',
        '\tif y:',
        '\t\treturn 3',
        '',
        'def f():',
        '\tif x:',
        '\t\treturn 2',
        '\treturn 0',
        '',
        'def g():',
        '\tpass',
      ),
    );
    expect(notes(r)).toContain(
      'The reply indents with spaces and a.txt with tabs (the lines of the file it repeats show 4 spaces to a tab): its new lines get tabs.',
    );
  });

  it('no line of the reply says the width: refused, never spaces mixed into a tab-indented file', () => {
    const file = text('import a', '', 'def f():', '\tif x:', '\t\treturn 1', '\treturn 0');
    const r = applyOp(
      file,
      srOp([{ search: 'import a\n', replace: 'import a\n\ndef h():\n    return 3\n' }]),
    );
    expect(r).toMatchObject({ ok: false, kind: 'no-match' });
    expect(r.ok ? '' : r.message).toBe(
      'The SEARCH/REPLACE for a.txt (reply line 1) indents its new lines with spaces, and a.txt indents every line with tabs; no line of the reply shows how many spaces make a tab, so they are not written. Ask for the edit with tabs, or with the indented lines around it.',
    );
    // A file that has lines indented with spaces too takes the reply's lines as they are.
    const mixed = ok(
      applyOp(
        `${file}x = [\n    1,\n]\n`,
        srOp([{ search: 'import a\n', replace: 'import a\n\ndef h():\n    return 3\n' }]),
      ),
    );
    expect(mixed.text).toContain('def h():\n    return 3\n');
    // Unindented new lines need no width.
    expect(
      ok(applyOp(file, srOp([{ search: 'import a\n', replace: 'import a\nimport b\n' }]))).text,
    ).toContain('import b');
  });

  it('a patch the same: its added lines are refused, with the reason', () => {
    const r = applyOp(TABBED, patchOp([hunk([' }', '+function f() {', '+    return 3;', '+}'])]));
    expect(r.ok ? '' : r.message).toContain(
      'indents its added lines with spaces, and a.txt indents every line with tabs',
    );
  });

  it('two widths that fit the block but indent its new lines differently: refused', () => {
    // `    if (x) {` is `\t\tif (x) {` at 2 spaces to a tab, or shifted by a tab at 4: a new line at 8
    // spaces would be four tabs or three.
    const r = applyOp(
      TABBED,
      srOp([{ search: '    if (x) {\n', replace: '    if (x) {\n        log(x);\n' }]),
    );
    expect(r).toMatchObject({ ok: false, kind: 'ambiguous' });
    expect(r.ok ? '' : r.message).toContain(
      "its lines fit the file's indentation at 2 and at 4 spaces to a tab, and its new lines would be indented differently by each",
    );
    // The reply's own unit (2 spaces here) is the width that needs no shift: one level is one tab.
    const unit = ok(
      applyOp(TABBED, srOp([{ search: '    if (x) {\n', replace: '    if (x) {\n      log(x);\n' }])),
    );
    expect(unit.text).toBe(TABBED.replace('\t\tif (x) {\n', '\t\tif (x) {\n\t\t\tlog(x);\n'));
    // Lines at the block's own depth come out the same under both: no doubt.
    const same = ok(applyOp(TABBED, srOp([{ search: '    if (x) {\n', replace: '    if (y) {\n' }])));
    expect(same.text).toBe(TABBED.replace('if (x)', 'if (y)'));
  });

  it('a file that mixes tabs and spaces in the block is not converted', () => {
    const mixed = text('m() {', '\tif (x) {', '        return 1;', '\t}', '}');
    const r = applyOp(
      mixed,
      srOp([{ search: '    if (x) {\n        return 1;\n', replace: '    if (x) {\n        return 2;\n' }]),
    );
    expect(r.ok).toBe(false);
  });
});

describe('patch: spaces in the reply, tabs in the file', () => {
  it('a hunk found by converting its indentation gets tabs on its added lines', () => {
    const r = ok(
      applyOp(
        TABBED,
        patchOp([
          hunk(['     m() {', '         if (x) {', '+            log(x);', '             return 1;']),
        ]),
      ),
    );
    expect(r.text).toBe(
      text('class A {', '\tm() {', '\t\tif (x) {', '\t\t\tlog(x);', '\t\t\treturn 1;', '\t\t}', '\t}', '}'),
    );
  });

  it('a hunk of unindented context takes the width the other hunks show', () => {
    const r = ok(
      applyOp(
        TABBED,
        patchOp([
          hunk(['         if (x) {', '-            return 1;', '+            return 2;']),
          hunk([' }', '+function f() {', '+    return 3;', '+}']),
        ]),
      ),
    );
    expect(r.text).toBe(`${TABBED.replace('return 1', 'return 2')}function f() {\n\treturn 3;\n}\n`);
    expect(notes(r)).toContain('its added lines get tabs');
  });
});

describe('where the block fits twice once its indentation is converted', () => {
  it('the place that needs no shift is taken, as an exact match is before a re-indented one', () => {
    const file = text(
      'a() {',
      '\tif (x) {',
      '\t\treturn 1;',
      '\t}',
      '}',
      'b() {',
      '\t\tif (x) {',
      '\t\t\treturn 1;',
      '\t\t}',
      '}',
    );
    const r = ok(
      applyOp(
        file,
        srOp([{ search: '    if (x) {\n        return 1;\n', replace: '    if (x) {\n        return 2;\n' }]),
      ),
    );
    expect(r.text).toBe(file.replace('\n\t\treturn 1;', '\n\t\treturn 2;'));
  });

  it('two such places: refused as ambiguous', () => {
    const file = text(
      'a() {',
      '\t\tif (x) {',
      '\t\t\treturn 1;',
      '}',
      'b() {',
      '\t\tif (x) {',
      '\t\t\treturn 1;',
      '}',
    );
    const r = applyOp(
      file,
      srOp([{ search: '    if (x) {\n      return 1;\n', replace: '    if (x) {\n      return 2;\n' }]),
    );
    expect(r).toMatchObject({ ok: false, kind: 'ambiguous' });
  });
});

describe('appended text', () => {
  const appendOp = (content: string) => ({ kind: 'append' as const, path: 'a.txt', line: 1, content });

  it('converted at the width its lines show against the file', () => {
    const file = text('fn a() {', '\tlet x = 1;', '\tlet y = 2;', '}');
    const r = ok(applyOp(file, appendOp('fn b() {\n    let x = 1;\n    let y = 2;\n        nested();\n}\n')));
    expect(r.text).toBe(`${file}fn b() {\n\tlet x = 1;\n\tlet y = 2;\n\t\tnested();\n}\n`);
    expect(notes(r)).toContain('4 spaces to a tab');
  });

  it('refused when nothing shows the width and the file indents with tabs only', () => {
    const file = text('fn a() {', '\tone();', '\ttwo();', '\tthree();', '}');
    const r = applyOp(file, appendOp('fn b() {\n    other();\n}\n'));
    expect(r.ok ? '' : r.message).toContain('indents with spaces, and a.txt indents every line with tabs');
    // Unindented text, or a new file: nothing to convert.
    expect(ok(applyOp(file, appendOp('// end\n'))).text).toBe(`${file}// end\n`);
    expect(ok(applyOp(null, appendOp('fn b() {\n    other();\n}\n'))).text).toBe(
      'fn b() {\n    other();\n}\n',
    );
  });
});

describe('lines of only whitespace say nothing of how the reply indents (issue 40)', () => {
  // A blank line that holds the other character (a tab in a reply of spaces, spaces in a reply of
  // tabs) is no indentation: the block is still read as indented with the one character of its lines
  // with text, and each blank line is written as the reply has it.
  it('a block found by converting its indentation, with a blank line of a tab in it', () => {
    const file = text('class A {', '\tm() {', '\t\tone();', '\t', '\t\treturn 1;', '\t}', '}');
    const r = ok(
      applyOp(
        file,
        srOp([
          {
            search: '    m() {\n        one();\n\t\n        return 1;\n',
            replace: '    m() {\n        one();\n\t\n        return 2;\n',
          },
        ]),
      ),
    );
    expect(r.text).toBe(file.replace('return 1', 'return 2'));
  });

  it('a hunk the same', () => {
    const file = text('class A {', '\tm() {', '\t\tone();', '\t', '\t\treturn 1;', '\t}', '}');
    const r = ok(
      applyOp(
        file,
        patchOp([
          hunk(['         one();', ' \t', '-        return 1;', '+        return 2;', '+        log();']),
        ]),
      ),
    );
    expect(r.text).toBe(file.replace('\t\treturn 1;', '\t\treturn 2;\n\t\tlog();'));
  });

  it.each([
    ['a tab', '\t'],
    ['two tabs', '\t\t'],
  ])('a block without an indented line, whose new lines hold a blank line of %s', (_n, ws) => {
    const file = text(
      'import a',
      '',
      'def f():',
      '\tif x:',
      '\t\treturn 1',
      '\treturn 0',
      '',
      'def g():',
      '\tpass',
    );
    const r = ok(
      applyOp(
        file,
        srOp([
          { search: '    if x:\n        return 1\n', replace: '    if x:\n        return 2\n' },
          { search: 'import a\n', replace: `import a\n\ndef h():\n    if y:\n${ws}\n        return 3\n` },
        ]),
      ),
    );
    expect(r.text).toBe(
      file
        .replace('import a\n', `import a\n\ndef h():\n\tif y:\n${ws}\n\t\treturn 3\n`)
        .replace('return 1', 'return 2'),
    );
  });

  it('tabs in the reply, spaces in the file, a blank line of spaces: the new lines get spaces', () => {
    const file = text(
      'class A {',
      '    foo() {',
      '        return 1;',
      '    }',
      '    bar() {',
      '        return 2;',
      '    }',
      '}',
    );
    const r = ok(
      applyOp(
        file,
        srOp([
          { search: 'class A {\n', replace: 'class A {\n\tbaz() {\n\t\treturn 0;\n    \n\t}\n' },
          { search: '\tfoo() {\n\t\treturn 1;\n', replace: '\tfoo() {\n\t\treturn 3;\n' },
        ]),
      ),
    );
    expect(r.text).toBe(
      file
        .replace('class A {\n', 'class A {\n    baz() {\n        return 0;\n    \n    }\n')
        .replace('return 1', 'return 3'),
    );
  });

  it('a hunk of unindented context, a blank added line of a tab', () => {
    const r = ok(
      applyOp(
        TABBED,
        patchOp([
          hunk(['         if (x) {', '-            return 1;', '+            return 2;']),
          hunk([' }', '+function f() {', '+    one();', '+\t', '+    return 3;', '+}']),
        ]),
      ),
    );
    expect(r.text).toBe(
      `${TABBED.replace('return 1', 'return 2')}function f() {\n\tone();\n\t\n\treturn 3;\n}\n`,
    );
  });

  it('appended text with a blank line of a tab', () => {
    const file = text('fn a() {', '\tlet x = 1;', '\tlet y = 2;', '}');
    const r = ok(
      applyOp(file, {
        kind: 'append',
        path: 'a.txt',
        line: 1,
        content: 'fn b() {\n    let x = 1;\n\t\n    let y = 2;\n}\n',
      }),
    );
    expect(r.text).toBe(`${file}fn b() {\n\tlet x = 1;\n\t\n\tlet y = 2;\n}\n`);
  });
});
