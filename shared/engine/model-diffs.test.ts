/**
 * What models really break in diffs, and what the engine does about it (issue 11). Each row names the
 * corpus case (../shared/corpus) that shows the habit; `npm run corpus` runs those cases whole.
 */
import { describe, expect, it } from 'vitest';
import type { Hunk } from '../changeset/changeset';
import { applyOp } from './apply-op';
import { hunk, patchOp, text } from './test-helpers';
import type { ApplyResult } from './types';

const apply = (before: string | null, hunks: Hunk[]): ApplyResult => applyOp(before, patchOp(hunks));
const numbered = (oldStart: number, lines: string[]): Hunk => ({
  ...hunk(lines),
  oldStart,
  newStart: oldStart,
});

function ok(r: ApplyResult): string | null {
  if (!r.ok) throw new Error(`expected success, got ${r.kind}: ${r.message}`);
  return r.text;
}
const notes = (r: ApplyResult) => (r.ok ? r.notes.map((n) => n.message).join('\n') : '');
const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

describe('fuzz: unchanged lines that differ a little (udiff-107/109)', () => {
  const file = text(...numbers(12));
  it('places a hunk whose first kept line is wrong, with a warning naming it', () => {
    const r = apply(file, [numbered(2, [' S', ' 6', ' 7', '+a', '+b', ' 8', ' 9', ' 10'])]);
    expect(ok(r)).toBe(text('1', '2', '3', '4', '5', '6', '7', 'a', 'b', '8', '9', '10', '11', '12'));
    expect(notes(r)).toMatch(/1 of its 6 unchanged lines differ/);
  });

  it.each([
    // A removed line is never guessed (udiff-025).
    ['a removed line differs', file, [' 3', ' 4', '-X', '+Y', ' 6', ' 7', ' 8']],
    // The lines next to a change pin it (jsdiff; udiff-027, udiff-023).
    ['the line next to the added ones differs', file, [' 2', ' 3', ' X', '+new', ' 5', ' 6']],
    // A third or more of the kept lines differ (udiff-115: one of three).
    ['one of three kept lines differs', text('a', 'b', 'c', 'd'), [' A', ' b', ' c', '+x']],
    // A differing line that is elsewhere in the file: lines were skipped, not mistyped (llm-241).
    [
      'the differing line is elsewhere in the file',
      text('head', 'intro', '', 'skipped', '', 'a', 'b', 'c', 'end'),
      [' head', ' ', ' a', ' b', ' c', ' end', '+more'],
    ],
  ])('refuses when %s', (_why, before, lines) => {
    expect(apply(before, [hunk(lines)]).ok).toBe(false);
  });

  it('refuses two places that fit equally', () => {
    const twice = text('x', 'a', 'b', 'c', 'y', 'a', 'b', 'c');
    expect(apply(twice, [hunk([' Q', ' a', ' b', '+new', ' c'])]).ok).toBe(false);
  });
});

describe('repairs, taken only when exactly one reading fits', () => {
  it('drops a junk line without a prefix (a leaked </thinking>)', () => {
    const h: Hunk = { ...hunk([' a', ' </thinking>', '-b', '+B', ' c']), loose: [1] };
    const r = apply(text('a', 'b', 'c'), [h]);
    expect(ok(r)).toBe(text('a', 'B', 'c'));
    expect(notes(r)).toMatch(/Repaired .*left out/);
  });

  it('reads text glued to the @@ line as the first line (vimfiles hunk_header_real_case)', () => {
    const h: Hunk = {
      ...numbered(2, ['-    y = 1', '+    y = 2', '     z = 3']),
      section: 'x = 0',
      glued: true,
    };
    expect(ok(apply(text('def f():', '    x = 0', '    y = 1', '    z = 3'), [h]))).toBe(
      text('def f():', '    x = 0', '    y = 2', '    z = 3'),
    );
  });

  it('splits a line that runs two lines of the file together (vimfiles multiple joined lines)', () => {
    const file = text('try:', '    go()', ')', 'except E:', '    pass');
    const r = apply(file, [hunk([' try:', '-    go()', '+    run()', ' )except E:', '     pass'])]);
    expect(ok(r)).toBe(text('try:', '    run()', ')', 'except E:', '    pass'));
    expect(notes(r)).toMatch(/split in two/);
  });

  it('... also kept lines with a blank line of the file between them (nvim-config whitespace_preservation_issue)', () => {
    const file = text('    try:', '        go()', '        )', '', '    except E:', '        pass');
    const r = apply(file, [hunk(['-        go()', '+        run()', '         )except E:'])]);
    expect(ok(r)).toBe(text('    try:', '        run()', '        )', '', '    except E:', '        pass'));
  });

  it('... where the file runs those two lines twice, at the place the other lines of the hunk fit', () => {
    const file = text('try:', '    a()', ')', 'except E:', 'try:', '    b()', ')', '', 'except E:');
    const r = apply(file, [hunk(['-    b()', '+    c()', ' )except E:'])]);
    expect(ok(r)).toBe(text('try:', '    a()', ')', 'except E:', 'try:', '    c()', ')', '', 'except E:'));
  });

  it('... but never removed lines across a blank line', () => {
    const file = text('a = 1', ')', '', 'except E:', 'b = 2');
    expect(apply(file, [hunk([' a = 1', '-)except E:', '+)'])]).ok).toBe(false);
  });

  it('applies overlapping hunks that repeat context one after the other (vimfiles api_parameter_refactor)', () => {
    const file = text('a', 'b', 'c', 'd', 'e');
    const r = apply(file, [
      numbered(1, [' a', '-b', '+B', ' c', ' d']),
      numbered(3, [' c', ' d', '-e', '+E']),
    ]);
    expect(ok(r)).toBe(text('a', 'B', 'c', 'd', 'E'));
    expect(notes(r)).toMatch(/overlap: each was applied/);
  });

  it('leaves out a hunk that changes nothing (udiffx skips them)', () => {
    const r = apply(text('a', 'b', 'c'), [hunk([' zzz']), hunk([' a', '-b', '+B'])]);
    expect(ok(r)).toBe(text('a', 'B', 'c'));
    expect(notes(r)).toMatch(/change nothing/);
  });

  it('fills an empty file from hunks whose kept lines are blank (udiffx; esrc replies)', () => {
    expect(ok(apply('', [hunk(['-', '+# Title', '+text'])]))).toBe(text('', '# Title', 'text'));
  });
});

describe('indentation', () => {
  it('a one-space shift of kept lines is a lost prefix: the added lines stay as written (esrc)', () => {
    const file = text('# Notes', '   - ANSWER: ready', '');
    const r = apply(file, [hunk(['   - ANSWER: ready', '+', '+### Design Summary'])]);
    expect(ok(r)).toBe(text('# Notes', '   - ANSWER: ready', '', '### Design Summary', ''));
  });

  it('kept lines indented unevenly still place the hunk; the added lines stay as written (esrc)', () => {
    const file = text('impl A {', '    fn f(&self) -> X {', '        self', '    }', '}');
    const r = apply(file, [hunk(['     self', ' }', '}', '+', '+fn g() {}'])]);
    expect(ok(r)).toBe(
      `${text('impl A {', '    fn f(&self) -> X {', '        self', '    }', '}')}\nfn g() {}\n`,
    );
    expect(r.ok && r.notes.some((n) => n.rung === 'uneven-indentation')).toBe(true);
  });
});

describe('Markdown marks (llm-237)', () => {
  it('finds a removed line whose `code` marks the model dropped', () => {
    const file = text('# T', '- reverts to `Normal` (in `f`).', 'end');
    const r = apply(file, [hunk([' # T', '-- reverts to Normal (in f).', '+- stays.', ' end'])]);
    expect(ok(r)).toBe(text('# T', '- stays.', 'end'));
    expect(r.ok && r.notes.some((n) => n.rung === 'backticks')).toBe(true);
  });
});

describe('a hunk with nothing after its added lines', () => {
  it('is refused when the file already has those lines there (git; udiff-081)', () => {
    const r = apply(text('a', 'b', 'c'), [numbered(1, [' a', ' b', '+c'])]);
    expect(r.ok ? 'applied' : r.kind).toBe('already-applied');
  });

  it('applies when they are not there', () => {
    expect(ok(apply(text('a', 'b', 'x'), [numbered(1, [' a', ' b', '+c'])]))).toBe(text('a', 'b', 'c', 'x'));
  });
});

describe('udiffx range removal (~)', () => {
  const file = text('keep', 'a1', 'a2', 'x', 'y', 'z', 'b1', 'b2', 'tail', 'b1', 'b2');
  it('removes every line between its anchors, the lower ones at their first place after', () => {
    const r = apply(file, [hunk([' keep', '-a1', '-a2', '~', '-b1', '-b2', '+new'])]);
    expect(ok(r)).toBe(text('keep', 'new', 'tail', 'b1', 'b2'));
    expect(notes(r)).toMatch(/the 3 line\(s\) between its anchors/);
  });

  it('needs two removed lines on each side', () => {
    const r = apply(file, [hunk([' keep', '-a1', '~', '-b1', '-b2'])]);
    expect(r.ok ? 'applied' : r.message).toMatch(/at least two removed lines/);
  });
});

describe('blank lines', () => {
  it('puts back a blank line of the file that the kept lines skip, before the line after it (vimfiles)', () => {
    const file = text(
      'from pathlib import Path',
      'from typing import Any',
      '',
      'import fy',
      'import requests',
    );
    const r = apply(file, [
      numbered(2, [' from typing import Any', '+import colorama', ' import fy', ' import requests']),
    ]);
    expect(ok(r)).toBe(
      text(
        'from pathlib import Path',
        'from typing import Any',
        'import colorama',
        '',
        'import fy',
        'import requests',
      ),
    );
    expect(notes(r)).toMatch(/blank line of the file that the hunk left out put back/);
  });

  it('leaves out blank lines at the edge of a bare hunk (udiffx test 12) ...', () => {
    expect(ok(apply(text('line 1', 'line 2'), [hunk(['+line 3', '+line 4', ' '])]))).toBe(
      text('line 1', 'line 2', 'line 3', 'line 4'),
    );
  });

  it('adds a blank kept line that the file lacks, where the model saw it (udiffx test 03)', () => {
    const file = text('fn toggle() {', 'let home = dir();', 'let config = home.join(x);', '}');
    const r = apply(file, [
      hunk([' fn toggle() {', ' let home = dir();', ' ', '+init()?;', '+', ' let config = home.join(x);']),
    ]);
    expect(ok(r)).toBe(
      text('fn toggle() {', 'let home = dir();', '', 'init()?;', '', 'let config = home.join(x);', '}'),
    );
    expect(notes(r)).toMatch(/blank line the file does not have added/);
  });

  it('... and one past the end of the file, before the lines the hunk appends (udiffx test 07)', () => {
    const file = text('# Dev Chat', '', 'Add a new request below.');
    const r = apply(file, [hunk([' # Dev Chat', ' ', ' Add a new request below.', ' ', '+## Request', '+'])]);
    expect(ok(r)).toBe(text('# Dev Chat', '', 'Add a new request below.', '', '## Request', ''));
  });

  it('... also where the kept lines lost their leading space (vimfiles missing_leading_whitespace)', () => {
    const file = text('# Check it', 'if [[ -d "$d" ]]; then', '    exit 1', 'fi');
    const h: Hunk = {
      ...hunk([' # Check it', ' if [[ -d "$d" ]]; then', '    exit 1', ' fi', ' ', '+# New line']),
      loose: [0, 1, 3],
    };
    expect(ok(apply(file, [h]))).toBe(`${file}\n# New line\n`);
  });

  it('... but not where the hunk fits two places that way', () => {
    const file = text('a();', 'b();', 'x', 'a();', 'b();');
    expect(apply(file, [hunk([' a();', ' ', ' b();', '+c();'])]).ok).toBe(false);
  });

  it('... but not of a numbered one, whose header counts them (udiff-111)', () => {
    const r = apply(text('a', 'b', 'c'), [
      { ...hunk([' b', '-c', '+C', ' ']), oldStart: 2, oldLines: 3, newStart: 2, newLines: 3 },
    ]);
    expect(r.ok).toBe(false);
  });
});

describe('a kept line whose start the model left out (udiffx test 14)', () => {
  const file = text(
    '    pub fn connect(config: &DatabaseConfig) -> Result<Connection> {',
    '        let pool = create_pool(config)?;',
    '        Ok(pool)',
    '    }',
  );

  it('is read as the one line of the file it ends, with a note', () => {
    const r = apply(file, [
      hunk([
        ' connect(config: &DatabaseConfig) -> Result<Connection> {',
        '-        let pool = create_pool(config)?;',
        '+        let pool = create_async_pool(config).await?;',
      ]),
    ]);
    expect(ok(r)).toBe(file.replace('create_pool(config)?', 'create_async_pool(config).await?'));
    expect(notes(r)).toMatch(/start of a line of the file/);
  });

  it.each([
    // Removed lines are never guessed.
    ['it is a removed line', file, ['-connect(config: &DatabaseConfig) -> Result<Connection> {', '+x']],
    // Too short to say which line it is.
    ['it is short', file, [' pool)?;', '-        Ok(pool)', '+        Ok(conn)']],
    // What was cut off is a comment marker: a comment and the code it names are different lines.
    [
      'the file line is that text commented out',
      text('// let pool = create_pool(config)?;', 'fn main() {}'),
      [' let pool = create_pool(config)?;', '+x', ' fn main() {}'],
    ],
  ])('is not when %s', (_why, before, lines) => {
    expect(apply(before, [hunk(lines)]).ok).toBe(false);
  });

  it('is not when two lines of the file end with it', () => {
    const two = text('  pub fn connect_pool(a: u8) {', '  fn connect_pool(a: u8) {', '  }');
    expect(apply(two, [hunk([' connect_pool(a: u8) {', '+  // new'])]).ok).toBe(false);
  });
});

describe('what git, GNU patch and jsdiff refuse, so do we', () => {
  it('a hunk that adds at the top with nothing before it, when those lines are already there (git t4113)', () => {
    const r = apply(text('a', 'b', 'c'), [numbered(1, ['+a', ' b', ' c'])]);
    expect(r.ok ? 'applied' : r.kind).toBe('already-applied');
  });

  it('a "\\ No newline" the file contradicts (jsdiff and GNU patch; udiff-059)', () => {
    const lines = [' a', '-b', '\\ No newline at end of file', '+B', '\\ No newline at end of file'];
    expect(apply(text('a', 'b'), [hunk(lines)]).ok).toBe(false);
    expect(ok(apply('a\nb', [hunk(lines)]))).toBe('a\nB');
  });

  it('a CRLF patch on a file that mixes endings, where they differ (jsdiff)', () => {
    const r = apply('foo\r\nbar\nbaz\nqux\n', [hunk(['-bar\r', '-baz\r', '+new\r'])]);
    expect(r.ok).toBe(false);
  });

  it('keeps a CR that ends a last line without a newline (jsdiff PR #701)', () => {
    const r = apply('line1\r\nline2\r\n', [
      numbered(2, ['-line2', '+line3\r', '\\ No newline at end of file']),
    ]);
    expect(ok(r)).toBe('line1\r\nline3\r');
  });

  it('a diff that creates a file, onto one that exists even empty (git t4132)', () => {
    const r = applyOp('', patchOp([hunk(['+something'])], { isNew: true }));
    expect(r.ok ? 'applied' : r.kind).toBe('exists');
  });

  it('a diff made against an empty file (its index line) onto one with content (git t4101)', () => {
    const r = applyOp('bbb\n', patchOp([numbered(0, ['+aaa'])], { fromEmpty: true }));
    expect(r.ok).toBe(false);
  });
});

describe('what the reference tools accept', () => {
  it('a "\\ No newline" hunk whose file grew lines after it still has its place (jsdiff)', () => {
    const lines = [
      ' foo',
      ' bar',
      ' baz',
      '-banana',
      '\\ No newline at end of file',
      '+babaco',
      '\\ No newline at end of file',
    ];
    expect(ok(apply('foo\nbar\nbaz\nbanana\nqux', [numbered(1, lines)]))).toBe('foo\nbar\nbaz\nbabaco\nqux');
  });

  it('a SEARCH with blank lines at its edges that the file lacks (aider issue #25)', () => {
    const op = {
      kind: 'search-replace' as const,
      path: 'a',
      line: 1,
      edits: [{ search: '\n  line1\n  line2\n', replace: '  new1\n  new2\n', all: false }],
    };
    const r = applyOp('    line1\n    line2\n    line3\n', op);
    expect(ok(r)).toBe('    new1\n    new2\n    line3\n');
  });
});

/**
 * What tiers.property.test.ts found, each as its smallest case. Before its fix, each row wrote the hunk
 * somewhere else than where it goes, or (the split line) refused it as applied already.
 */
describe('found by the tier properties', () => {
  const v = (...ns: number[]) => ns.map((n) => `let v${n} = "s${n}" - 1;`);

  it.each<[string, string, Hunk, string]>([
    [
      'text glued to the @@ of a hunk that only adds lines is the line they follow',
      text(...v(0)),
      {
        lines: ['+added'],
        oldStart: 1,
        oldLines: 1,
        newStart: 1,
        newLines: 2,
        section: v(0)[0],
        glued: true,
      },
      text(...v(0), 'added'),
    ],
    [
      '... and of one that removes a blank line: the blank line after it, not the first one',
      text('', ...v(1), ''),
      {
        lines: ['+a', '-', '+b'],
        oldStart: 1,
        oldLines: 2,
        newStart: 1,
        newLines: 3,
        section: v(1)[0],
        glued: true,
      },
      text('', ...v(1), 'a', 'b'),
    ],
    [
      'a leaked code fence is no blank line of the file (it is left out as junk)',
      text(...v(0), ''),
      { lines: ['-let v0 = "s0" - 1;', ' ```', '+added'], loose: [1] },
      text('added', ''),
    ],
    [
      'a removed line that runs two lines together, in a hunk that only removes: split, not "applied already"',
      text(...v(0, 1, 2)),
      hunk([` ${v(0)[0]}`, `-${v(1)[0]}${v(2)[0]}`]),
      text(...v(0)),
    ],
  ])('%s', (_name, before, h, after) => {
    expect(ok(apply(before, [h]))).toBe(after);
  });

  it.each<[string, string, Hunk]>([
    [
      'a hunk whose lines the file has twice, a junk line before it, one copy at the start of the file',
      text(...v(0, 1, 2, 0, 1, 2)),
      { lines: [' </thinking>', ` ${v(0)[0]}`, '+a', ` ${v(1)[0]}`, ` ${v(2)[0]}`], loose: [0] },
    ],
    [
      'a hunk whose lines the file has twice, a blank kept line before it where the file has text',
      text(...v(0, 1, 2, 3), 'w', ...v(0, 1, 2, 3)),
      hunk([' ', ` ${v(0)[0]}`, `-${v(1)[0]}`, '+a', ` ${v(2)[0]}`, ` ${v(3)[0]}`]),
    ],
    [
      'a hunk whose lines the file has twice, a junk line in it that the one copy lacks and the other has a line for',
      text(...v(0, 1, 2), '    }', ...v(0, 1, 2), '    }', '    }', ...v(5)),
      {
        lines: ['+a', ` ${v(0)[0]}`, `-${v(1)[0]}`, '+b', ` ${v(2)[0]}`, ' </thinking>', '     }'],
        loose: [5],
      },
    ],
    [
      'a hunk whose one line of text is broken, with only blank lines around it to fit',
      text(' ', ...v(1, 2), '', '', ...v(5), '', ' ', ...v(1, 2), '', ''),
      hunk(['+a', '  ', ` ${v(1)[0]}${v(2)[0]}`, ' ', '+b', ' ', '+c']),
    ],
    [
      'a fence kept in a Markdown file is no blank line of the hunk',
      text('# T', '```', 'code x', '```', 'end'),
      hunk([' # T', ' ', '+new', ' code x']),
    ],
  ])('refuses %s', (_name, before, h) => {
    expect(apply(before, [h]).ok).toBe(false);
  });
});
