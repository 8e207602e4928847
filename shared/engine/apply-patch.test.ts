import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hunk } from '../changeset/changeset';
import { applyOp } from './apply-op';
import { changesSomething, parseHunkLines } from './apply-patch';
import { hunk, patchOp, text } from './test-helpers';
import type { ApplyResult, Rung } from './types';

const apply = (before: string | null, hunks: Hunk[], extra = {}): ApplyResult =>
  applyOp(before, patchOp(hunks, extra));

function ok(r: ApplyResult): string | null {
  if (!r.ok) throw new Error(`expected success, got ${r.kind}: ${r.message}`);
  return r.text;
}

describe('the rung ladder', () => {
  it.each<[string, string, string[], string, Rung | null]>([
    ['exact', text('a', '  b', 'c'), [' a', '-  b', '+  B', ' c'], text('a', '  B', 'c'), null],
    [
      'trailing whitespace in the file',
      text('a  ', '  b\t', 'c'),
      [' a', '-  b', '+  B', ' c'],
      text('a  ', '  B', 'c'),
      'trailing-whitespace',
    ],
    [
      'trailing whitespace in the patch',
      text('a', '  b', 'c'),
      [' a ', '-  b  ', '+  B', ' c'],
      text('a', '  B', 'c'),
      'trailing-whitespace',
    ],
    [
      'indentation lost: the new lines are re-indented',
      text('def f():', '    if x:', '        y()', '    return'),
      ['-if x:', '-    y()', '+if z:', '+    w()'],
      text('def f():', '    if z:', '        w()', '    return'),
      'indentation',
    ],
    [
      'indentation added: the new lines lose it',
      text('if x:', '  y()'),
      ['-    if x:', '-      y()', '+    if z:', '+      y()'],
      text('if z:', '  y()'),
      'indentation',
    ],
    [
      'typographic quotes and dashes',
      text('say("hi") - ok', 'b'),
      ['-say(“hi”) – ok', '+say("bye")', ' b'],
      text('say("bye")', 'b'),
      'typography',
    ],
    [
      'typeset new lines are read as ASCII the same way',
      text("print('a')", 'b'),
      ['-print(‘a’)', '+print(‘b’) — “done”', ' b'],
      text('print(\'b\') - "done"', 'b'),
      'typography',
    ],
    [
      'non-breaking spaces',
      text('let a = 1;', 'b'),
      ['-let\u00A0a\u00A0=\u00A01;', '+let a = 2;', ' b'],
      text('let a = 2;', 'b'),
      'typography',
    ],
  ])('%s', (_name, before, lines, after, rung) => {
    const r = apply(before, [hunk(lines)]);
    expect(ok(r)).toBe(after);
    const rungs = r.ok ? r.notes.filter((n) => n.rung).map((n) => n.rung) : [];
    expect(rungs).toEqual(rung ? [rung] : []);
  });

  it.each([
    [
      'a removed line with a typo',
      text('const value = 1;', 'b'),
      ['-const valeu = 1;', '+const value = 2;', ' b'],
    ],
    ['a context line with a typo', text('a', 'b', 'c'), [' a', '-b', '+B', ' d']],
    ['non-uniform indentation change', text('if x:', '    y()', 'z'), ['-  if x:', '-y()', '+w']],
    ['a removed line that only shares a prefix', text('foo();', 'bar();'), ['-foo', '+baz']],
  ])('never applies %s', (_name, before, lines) => {
    const r = apply(before, [hunk(lines)]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.kind).toBe('no-match');
  });
});

describe('numbered hunks', () => {
  const file = text('x', 'a', 'b', 'x', 'a', 'b', 'x', 'a', 'b');
  it.each<[string, [number, number, number, number], number]>([
    ['at the stated line', [4, 2, 4, 2], 4],
    ['nearest below the stated line', [3, 2, 3, 2], 4],
    ['nearest above the stated line', [6, 2, 6, 2], 7],
    ['first place when stated before the file', [1, 2, 1, 2], 1],
  ])('%s', (_name, at, changedLine) => {
    const r = apply(file, [hunk([' x', '-a', '+A'], at)]);
    const lines = ok(r)!.split('\n');
    expect(lines.indexOf('A')).toBe(changedLine);
    expect(lines.filter((l) => l === 'A')).toHaveLength(1);
  });

  it('two places equally near the stated line are ambiguous', () => {
    const r = apply(text('a', 'q', 'z', 'q', 'a', 'q'), [hunk(['-q', '+Q'], [3, 1, 3, 1])]);
    expect(r).toMatchObject({ ok: false, kind: 'ambiguous' });
    if (!r.ok) expect(r.message).toContain('hunk 1 (@@ -3,1 +3,1 @@)');
  });

  it('later hunks search from the offset the earlier one had', () => {
    const before = text('p', 'p', 'p', 'a', 'b', 'c', 'a', 'b', 'c');
    const r = apply(before, [
      hunk([' a', '-b', '+B'], [1, 2, 1, 2]),
      hunk([' a', '-b', '+B2'], [4, 2, 4, 2]),
    ]);
    expect(ok(r)).toBe(text('p', 'p', 'p', 'a', 'B', 'c', 'a', 'B2', 'c'));
  });

  it('a hunk never lands before the end of the previous one (two identical hunks)', () => {
    const before = text('x', 'x', '1', '2', '3');
    const same = [' 1', '+a', ' 2'];
    const r = apply(before, [hunk(same, [1, 2, 1, 3]), hunk(same, [4, 2, 5, 3])]);
    expect(r.ok).toBe(false);
  });

  it.each<[string, [number, number, number, number], string]>([
    ['at the start (@@ -0,0)', [0, 0, 1, 1], text('N', 'a', 'b')],
    ['after line 1', [1, 0, 2, 1], text('a', 'N', 'b')],
    ['at the end', [2, 0, 3, 1], text('a', 'b', 'N')],
  ])('zero-context insertion %s', (_name, at, after) => {
    expect(ok(apply(text('a', 'b'), [hunk(['+N'], at)]))).toBe(after);
  });

  it('a zero-context insertion past the end is out of range', () => {
    const r = apply(text('a', 'b'), [hunk(['+N'], [7, 0, 8, 1])]);
    expect(r).toMatchObject({ ok: false, kind: 'out-of-range' });
  });
});

describe('bare @@ hunks', () => {
  it('must fit one place in the whole file', () => {
    const r = apply(text('a', 'b', 'a', 'b'), [hunk(['-a', '+A', ' b'])]);
    expect(r).toMatchObject({ ok: false, kind: 'ambiguous' });
    if (!r.ok) expect(r.message).toMatch(/lines 1, 3/);
  });

  it('apply in any order when each is unique', () => {
    const r = apply(text('a', 'b', 'c', 'd'), [hunk(['-c', '+C']), hunk(['-a', '+A'])]);
    expect(ok(r)).toBe(text('A', 'b', 'C', 'd'));
  });

  it('two hunks on the same lines overlap', () => {
    const r = apply(text('a', 'b', 'c'), [hunk([' a', '-b', '+B']), hunk(['-b', '+X', ' c'])]);
    expect(r).toMatchObject({ ok: false, kind: 'overlap' });
  });

  it('only additions append at the end (aider, codex)', () => {
    expect(ok(apply(text('a'), [hunk(['+b', '+c'])]))).toBe(text('a', 'b', 'c'));
  });
});

describe('OpenAI patch chunks', () => {
  const file = text(
    'class A:',
    '    def f(self):',
    '        return 1',
    'class B:',
    '    def f(self):',
    '        return 1',
  );
  it('anchors pick the place a bare chunk could not', () => {
    const chunk = ['     def f(self):', '-        return 1', '+        return 2'];
    expect(apply(file, [hunk(chunk)])).toMatchObject({ ok: false, kind: 'ambiguous' });
    const r = apply(file, [hunk(chunk, undefined, { anchors: ['class B:'] })]);
    expect(ok(r)).toBe(
      text(
        'class A:',
        '    def f(self):',
        '        return 1',
        'class B:',
        '    def f(self):',
        '        return 2',
      ),
    );
  });

  it('a missing anchor is a no-match that names it', () => {
    const r = apply(file, [hunk(['-        return 1', '+x'], undefined, { anchors: ['class C:'] })]);
    expect(r).toMatchObject({ ok: false, kind: 'no-match' });
    if (!r.ok) expect(r.message).toContain('class C:');
  });

  it('*** End of File pins the chunk to the end', () => {
    const r = apply(text('x', 'y', 'x'), [hunk(['-x', '+z'], undefined, { atEof: true })]);
    expect(ok(r)).toBe(text('x', 'y', 'z'));
  });
});

describe('outcomes', () => {
  it('no-match shows the nearest lines of the file', () => {
    const before = text('one', 'two', 'three', 'four', 'five');
    const r = apply(before, [hunk([' two', '-thre', '+3', ' four'])]);
    expect(r).toMatchObject({ ok: false, kind: 'no-match', nearest: 'two\nthree\nfour' });
    if (!r.ok) expect(r.message).toMatch(/hunk 1 .*reply line 1.*line 2/);
  });

  it('already-applied when the new side is there and the old is not', () => {
    const r = apply(text('a', 'B', 'c'), [hunk([' a', '-b', '+B', ' c'])]);
    expect(r).toMatchObject({ ok: false, kind: 'already-applied' });
  });

  it('lines added after text that repeats them are added, not taken as applied already (round-trip seed 1748015562)', () => {
    // The file "", "x y", "" gets "x y", "" once more after its last line: the result's lines already
    // stand at line 1, but not on the unchanged line the hunk keeps, so the hunk is not applied yet.
    const r = apply('\nx y\n\n', [hunk([' ', '+x y', '+'], [3, 1, 3, 3])]);
    expect(ok(r)).toBe('\nx y\n\nx y\n\n');
    // Applied already (the added lines stand before the line it keeps, where they go): refused as before.
    const twice = apply(text('a', 'b', 'c'), [hunk(['+a', '+b', ' c'], [1, 1, 1, 3])]);
    expect(twice).toMatchObject({ ok: false, kind: 'already-applied' });
  });

  it('missing-file for a patch with removed lines', () => {
    expect(apply(null, [hunk(['-a', '+b'])])).toMatchObject({ ok: false, kind: 'missing-file' });
  });

  it('a patch of pure additions creates a missing file', () => {
    expect(ok(apply(null, [hunk(['+a', '+b'], [0, 0, 1, 2])]))).toBe(text('a', 'b'));
  });

  it.each([
    ['creates a new file', null, text('a'), { isNew: true }, [hunk(['+a'], [0, 0, 1, 1])]],
    ['deletes a file', text('a', 'b'), null, { isDelete: true }, [hunk(['-a', '-b'], [1, 2, 0, 0])]],
    ['deletes a file with no hunks', text('a'), null, { isDelete: true }, []],
  ])('%s', (_name, before, after, extra, hunks) => {
    expect(ok(apply(before, hunks, extra))).toBe(after);
  });

  it.each([
    ['isNew over a different file', text('x'), { isNew: true }, [hunk(['+a'], [0, 0, 1, 1])], 'exists'],
    [
      'isNew over the same content',
      text('a'),
      { isNew: true },
      [hunk(['+a'], [0, 0, 1, 1])],
      'already-applied',
    ],
    ['isDelete leaving lines', text('a', 'b'), { isDelete: true }, [hunk(['-a'], [1, 1, 0, 0])], 'no-match'],
    ['isDelete of a missing file', null, { isDelete: true }, [hunk(['-a'], [1, 1, 0, 0])], 'missing-file'],
  ])('%s fails with %s', (_name, before, extra, hunks, kind) => {
    expect(apply(before, hunks, extra)).toMatchObject({ ok: false, kind });
  });
});

describe('line endings, BOM and the final newline', () => {
  it.each([
    [
      'an LF patch keeps a CRLF file CRLF',
      'a\r\nb\r\nc\r\n',
      [' a', '-b', '+B', '+B2', ' c'],
      'a\r\nB\r\nB2\r\nc\r\n',
    ],
    ['a CRLF patch applies to an LF file', 'a\nb\nc\n', [' a\r', '-b\r', '+B\r', ' c\r'], 'a\nB\nc\n'],
    [
      'mixed endings: new lines take the local ending',
      'a\nb\r\nc\n',
      ['-b', '+B', '+B2'],
      'a\nB\r\nB2\r\nc\n',
    ],
    ['the BOM is kept', '\uFEFFa\nb\n', ['-a', '+A', ' b'], '\uFEFFA\nb\n'],
    [
      'a missing final newline is kept by a hunk away from the end',
      'a\nb\nc\nd',
      ['-a', '+A', ' b'],
      'A\nb\nc\nd',
    ],
    [
      'a hunk reaching the end without a marker keeps a missing final newline missing (corpus llm-243)',
      'a\nb',
      [' a', '-b', '+B'],
      'a\nB',
    ],
    ['…also when it only adds lines after the last one', 'a\nb', [' b', '+c'], 'a\nb\nc'],
    ['…and keeps a final newline that is there', 'a\nb\n', [' a', '-b', '+B'], 'a\nB\n'],

    ['an empty file filled by a hunk ends with a newline', '', ['+a', '+b'], 'a\nb\n'],
    [
      '"\\ No newline" on the new side removes it',
      'a\nb\n',
      [' a', '-b', '+b', '\\ No newline at end of file'],
      'a\nb',
    ],
    [
      '"\\ No newline" on the old side adds it',
      'a\nb',
      [' a', '-b', '\\ No newline at end of file', '+b'],
      'a\nb\n',
    ],
    [
      '"\\ No newline" on a context line keeps it missing',
      'a\nb',
      ['-a', '+A', ' b', '\\ No newline at end of file'],
      'A\nb',
    ],
  ])('%s', (_name, before, lines, after) => {
    expect(ok(apply(before, [hunk(lines)]))).toBe(after);
  });

  it('"\\ No newline" on the old side does not match a file that has one', () => {
    const r = apply('a\nb\n', [hunk(['-b', '\\ No newline at end of file', '+c'])]);
    expect(r).toMatchObject({ ok: false, kind: 'no-match' });
  });

  it('"\\ No newline" pins the hunk to the end of the file', () => {
    const r = apply('b\nx\nb', [
      hunk(['-b', '\\ No newline at end of file', '+c', '\\ No newline at end of file']),
    ]);
    expect(ok(r)).toBe('b\nx\nc');
  });
});

describe('tolerances', () => {
  it('an empty line in a hunk is a blank context line (its space was stripped)', () => {
    expect(ok(apply(text('a', '', 'b'), [hunk([' a', '', '-b', '+B'])]))).toBe(text('a', '', 'B'));
  });
});

describe('changesSomething', () => {
  it('says what parsing the hunk says: whether it has a + or - line', () => {
    const line = fc.tuple(fc.constantFrom(' ', '-', '+', '\\', '', 'x', '@'), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (ls) => {
        const h: Hunk = { lines: ls.map(([p, body]) => p + body) };
        expect(changesSomething(h)).toBe(parseHunkLines(h).ops.some(([k]) => k !== ' '));
      }),
      { numRuns: 2000 },
    );
  });
});
