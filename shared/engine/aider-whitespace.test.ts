/**
 * Lines of only whitespace in SEARCH/REPLACE blocks, held against what aider writes (issue 40): the
 * blocks are written for aider, and the commits that followed its edits are what the reply meant.
 *
 * aider (Aider-AI/aider, aider/coders/editblock_coder.py, `replace_most_similar_chunk`) tries the SEARCH
 * lines as they are (`perfect_replace`, the first place), then with their leading whitespace forgiven
 * (`replace_part_with_missing_leading_whitespace`): the SEARCH and REPLACE lines that hold something are
 * outdented by the least indentation among them, the first place where every line is the file's but for
 * leading whitespace, and the file's lines with something on them are one offset followed by the SEARCH's,
 * is taken, and the REPLACE lines that hold something get that offset. A line of only whitespace matches
 * any such line of the file and is written as the reply has it, kept or not.
 *
 * `aiderReplace` below restates those two steps (not the later ones: a dropped leading blank line, `...`
 * pieces), with Python's string semantics (`str.strip`, `str.lstrip` and slices). The property: wherever
 * they apply the block at exactly one place, our engine writes exactly aider's text, or refuses. Left out
 * of the comparison, and said so where it is decided:
 * - a place aider finds more than once (it takes the first; we refuse a block that is not unique);
 * - an offset that is no indentation: aider takes `file_line[:len(file_line) - len(search_line)]` as
 *   the offset without checking that the file's line is that offset followed by the SEARCH line (a SEARCH
 *   line indented more than the file's gives part of the file's line as the "offset").
 * The generated blocks indent with the file's character (spaces, or tabs), shifted by whole levels either
 * way; their lines of only whitespace are anything: spaces, tabs, both, no-break spaces, none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOp } from './apply-op';
import { srOp } from './test-helpers';

// ---------------------------------------------------------------------------------------------------
// aider, restated

/** Python's `str.isspace` characters (JavaScript's `\s` has U+FEFF and lacks U+001C–U+001F and U+0085). */
const PY_SPACE =
  '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const PY_LEAD = new RegExp(`^${PY_SPACE}+`);
const PY_TRAIL = new RegExp(`${PY_SPACE}+$`);
const lstrip = (s: string) => s.replace(PY_LEAD, '');
const strip = (s: string) => lstrip(s).replace(PY_TRAIL, '');

/** `prep`: a final "\n" added, then `splitlines(keepends=True)` (the texts here hold no other line breaks). */
function prep(content: string): string[] {
  const c = content !== '' && !content.endsWith('\n') ? `${content}\n` : content;
  return c.match(/[^\n]*\n/g) ?? [];
}

type AiderResult =
  | { kind: 'none' }
  /** Found at more than one place: aider takes the first, we need one. */
  | { kind: 'not-unique' }
  /** Found once, with an offset that is not the file's extra indentation (see the header). */
  | { kind: 'no-indentation' }
  | { kind: 'applied'; text: string; step: 'perfect' | 'leading-whitespace' };

function aiderReplace(whole: string, part: string, replace: string): AiderResult {
  const wholeLines = prep(whole);
  const partLines = prep(part);
  const replaceLines = prep(replace);
  const n = partLines.length;
  const at = (i: number, lines: string[]) =>
    [...wholeLines.slice(0, i), ...lines, ...wholeLines.slice(i + n)].join('');

  // perfect_replace
  const perfect: number[] = [];
  for (let i = 0; i + n <= wholeLines.length; i++)
    if (partLines.every((p, j) => wholeLines[i + j] === p)) perfect.push(i);
  if (perfect.length > 1) return { kind: 'not-unique' };
  if (perfect.length === 1) return { kind: 'applied', text: at(perfect[0]!, replaceLines), step: 'perfect' };

  // replace_part_with_missing_leading_whitespace
  const leading = [...partLines, ...replaceLines]
    .filter((p) => strip(p) !== '')
    .map((p) => p.length - lstrip(p).length);
  let part2 = partLines;
  let replace2 = replaceLines;
  const least = leading.length > 0 ? Math.min(...leading) : 0;
  if (least > 0) {
    part2 = partLines.map((p) => (strip(p) ? p.slice(least) : p));
    replace2 = replaceLines.map((p) => (strip(p) ? p.slice(least) : p));
  }
  const found: Array<{ i: number; add: string }> = [];
  for (let i = 0; i + n <= wholeLines.length; i++) {
    const add = matchButForLeadingWhitespace(wholeLines.slice(i, i + n), part2);
    if (add !== null) found.push({ i, add });
  }
  if (found.length === 0) return { kind: 'none' };
  if (found.length > 1) return { kind: 'not-unique' };
  const { i, add } = found[0]!;
  const real = part2.every((p, j) => strip(wholeLines[i + j]!) === '' || wholeLines[i + j] === add + p);
  if (!real) return { kind: 'no-indentation' };
  const written = replace2.map((r) => (strip(r) ? add + r : r));
  return { kind: 'applied', text: at(i, written), step: 'leading-whitespace' };
}

function matchButForLeadingWhitespace(wholeLines: string[], partLines: string[]): string | null {
  if (!wholeLines.every((w, i) => lstrip(w) === lstrip(partLines[i]!))) return null;
  const add = new Set<string>();
  wholeLines.forEach((w, i) => {
    // Python's `w[:len(w) - len(p)]`: a negative end counts from the end, as slice's does.
    if (strip(w) !== '') add.add(w.slice(0, w.length - partLines[i]!.length));
  });
  return add.size === 1 ? [...add][0]! : null;
}

describe('aiderReplace restates aider', () => {
  it.each<[string, string, string, string, AiderResult['kind'], string?]>([
    ['a perfect match', 'a\nb\nc\n', 'b\n', 'B\n', 'applied', 'a\nB\nc\n'],
    [
      'the reply left out 4 spaces',
      'if x:\n    y = 1\n',
      'y = 1\n',
      'y = 2\n',
      'applied',
      'if x:\n    y = 2\n',
    ],
    [
      'a line of only whitespace is written as the reply has it',
      'if x:\n    y = 1\n        \n    z\n',
      'y = 1\n    \nz\n',
      'y = 2\n    \nz\n',
      'applied',
      'if x:\n    y = 2\n    \n    z\n',
    ],
    ['found twice', 'y\ny\n', 'y\n', 'z\n', 'not-unique'],
    // The SEARCH is indented 2 more than the file, and REPLACE's least indentation is 0: aider's offset
    // is then part of the file's line ("  x\n"[:-2]).
    ['an offset that is no indentation', '  x\n', '    x\n', 'y\n', 'no-indentation'],
    ['trailing whitespace on a line with text is not forgiven', 'x  \n', 'x\n', 'y\n', 'none'],
  ])('%s', (_n, whole, part, replace, kind, want) => {
    const r = aiderReplace(whole, part, replace);
    expect(r.kind).toBe(kind);
    if (want !== undefined) expect(r.kind === 'applied' && r.text).toBe(want);
  });
});

// ---------------------------------------------------------------------------------------------------
// Generated files and blocks

/** Lines of only whitespace, as files and replies have them. */
const BLANKS = ['', ' ', '  ', '    ', '        ', '\t', '\t\t', '\t ', ' \t', '  \t  ', '\u00A0', '\u3000 '];

type Row = { blank: false; depth: number; word: number } | { blank: true; ws: string };

const rowArb: fc.Arbitrary<Row> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ blank: fc.constant(false as const), depth: fc.nat(3), word: fc.nat(7) }),
  },
  { weight: 1, arbitrary: fc.record({ blank: fc.constant(true as const), ws: fc.constantFrom(...BLANKS) }) },
);

/** What the REPLACE does with one SEARCH line, and what it puts after it. */
const stepArb = fc.record({
  line: fc.constantFrom('keep', 'keep', 'keep', 'change', 'drop', 'other-blank'),
  after: fc.constantFrom('none', 'none', 'none', 'code', 'blank'),
  depth: fc.nat(3),
  ws: fc.constantFrom(...BLANKS),
});

const UNITS = ['  ', '    ', '\t'] as const;

const caseArb = fc.record({
  /** The file's indentation unit, and the reply's: mostly the same. */
  unit: fc.constantFrom(...UNITS),
  replyUnit: fc.option(fc.constantFrom(...UNITS), { freq: 3 }),
  rows: fc.array(rowArb, { minLength: 2, maxLength: 12 }),
  from: fc.nat(),
  size: fc.integer({ min: 1, max: 6 }),
  /** How many levels the file indents the block more than the reply (negative: less). */
  delta: fc.integer({ min: -2, max: 2 }),
  /** Per SEARCH line of only whitespace: the reply's own whitespace for it, or the file's. */
  searchBlanks: fc.array(fc.option(fc.constantFrom(...BLANKS), { freq: 2 }), { maxLength: 6 }),
  steps: fc.array(stepArb, { minLength: 6, maxLength: 6 }),
});

/** Few words, so that some blocks fit twice. */
const WORDS = ['a = 1', 'b = 2', 'call(x)', 'return y', 'if z:', 'end', 'a = 1', 'pass'];

interface Case {
  file: string;
  search: string;
  replace: string;
  /** A REPLACE line of only whitespace that repeats a SEARCH line standing for another whitespace in the file. */
  keptOtherBlank: boolean;
}

type Args = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function build(c: Args): Case | null {
  const fileLines = c.rows.map((r) => (r.blank ? r.ws : c.unit.repeat(r.depth) + WORDS[r.word]!));
  const unit = c.replyUnit ?? c.unit;
  const s = c.from % fileLines.length;
  const window = c.rows.slice(s, s + c.size);
  const depths = window.flatMap((r) => (r.blank ? [] : [r.depth]));
  if (depths.length === 0 || c.delta > Math.min(...depths)) return null;
  const search = window.map((r, j) =>
    r.blank ? (c.searchBlanks[j] ?? r.ws) : unit.repeat(r.depth - c.delta) + WORDS[r.word]!,
  );
  const replace: string[] = [];
  let keptOtherBlank = false;
  search.forEach((line, j) => {
    const step = c.steps[j]!;
    const blank = window[j]!.blank;
    if (
      step.line === 'keep' ||
      (step.line === 'change' && blank) ||
      (step.line === 'other-blank' && !blank)
    ) {
      replace.push(line);
      if (blank && line !== fileLines[s + j]) keptOtherBlank = true;
    } else if (step.line === 'change') replace.push(`${line} # changed`);
    else if (step.line === 'other-blank') replace.push(step.ws);
    if (step.after === 'code') replace.push(`${unit.repeat(step.depth)}new${j}()`);
    if (step.after === 'blank') replace.push(step.ws);
  });
  const joined = (lines: string[]) => lines.map((l) => `${l}\n`).join('');
  return { file: joined(fileLines), search: joined(search), replace: joined(replace), keptOtherBlank };
}

/**
 * The tab width of our note that the block's indentation was converted (the reply indents with spaces
 * and the file with tabs, or the reverse), or null.
 */
function convertedAt(notes: readonly { message: string }[]): number | null {
  for (const { message } of notes) {
    const m = /new lines get (?:tabs, (\d) spaces to a tab|(\d) spaces for a tab)/.exec(message);
    if (m) return Number(m[1] ?? m[2]);
  }
  return null;
}

/** A line with its leading tabs read as `width` columns of spaces. */
const columns = (line: string, width: number) =>
  line.replace(/^[ \t]+/, (lead) => lead.replace(/\t/g, ' '.repeat(width)));

describe('SEARCH/REPLACE: what aider writes, or a refusal', () => {
  it('wherever aider applies a block at one place, our text is exactly its (property)', () => {
    const seen = {
      compared: 0,
      same: 0,
      leadingWhitespace: 0,
      keptOtherBlank: 0,
      outdented: 0,
      tabs: 0,
      mixed: 0,
      converted: 0,
    };
    fc.assert(
      fc.property(caseArb, (args) => {
        const c = build(args);
        if (!c) return;
        const want = aiderReplace(c.file, c.search, c.replace);
        if (want.kind !== 'applied') return;
        seen.compared++;
        if ((args.replyUnit ?? args.unit)[0] !== args.unit[0]) seen.mixed++;
        // Our reading of aider's blocks (`aider: true`) drops one empty last line as layout: asked only
        // of blocks without one; the plain reading, of every block.
        const readings = [srOp([{ search: c.search, replace: c.replace }])];
        if (!/(^|\n)\n$/.test(c.search) && !/(^|\n)\n$/.test(c.replace))
          readings.push(srOp([{ search: c.search, replace: c.replace, aider: true }]));
        for (const op of readings) {
          const r = applyOp(c.file, op);
          if (!r.ok) return;
          if (r.text === want.text) continue;
          // Where the reply indents with spaces and the file with tabs (or the reverse), aider puts the
          // file's tabs in front of the reply's spaces; we convert the new lines at one tab width, and
          // say so (normalize.ts, restyleShift). The same lines at the same place, each indented as
          // deep at that width; every line of only whitespace as aider writes it.
          const width = convertedAt(r.notes);
          const why = JSON.stringify({ ...c, ours: r.text, aider: want.text });
          expect(width, why).not.toBeNull();
          const ours = r.text!.split('\n');
          const theirs = want.text.split('\n');
          expect(ours.length, why).toBe(theirs.length);
          ours.forEach((l, k) => {
            if (strip(l) === '') expect(l, why).toBe(theirs[k]);
            else expect(columns(l, width!), why).toBe(columns(theirs[k]!, width!));
          });
          seen.converted++;
          return;
        }
        seen.same++;
        if (want.step === 'leading-whitespace') seen.leadingWhitespace++;
        if (c.keptOtherBlank) seen.keptOtherBlank++;
        if (want.step === 'leading-whitespace' && args.delta < 0) seen.outdented++;
        if (want.step === 'leading-whitespace' && (args.replyUnit ?? args.unit) === '\t') seen.tabs++;
      }),
      { numRuns: 4000 },
    );
    // Not vacuous: most blocks aider applies, we apply too; a good share re-indented, either way and
    // with tabs; many keep a line of only whitespace that the file has with other whitespace.
    expect(seen.compared).toBeGreaterThan(500);
    expect((seen.same + seen.converted) / seen.compared).toBeGreaterThan(0.9);
    expect(seen.leadingWhitespace).toBeGreaterThan(300);
    expect(seen.outdented).toBeGreaterThan(50);
    expect(seen.tabs).toBeGreaterThan(100);
    expect(seen.keptOtherBlank).toBeGreaterThan(50);
    expect(seen.mixed).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path that indents a reply's lines as the file's, one case each

type Op = Parameters<typeof applyOp>[1];
const sr = (search: string, replace: string): Op => srOp([{ search, replace, aider: true }]);

/**
 * name, file, op, file after. The SEARCH/REPLACE lines it keeps were written as the file's before
 * issue 40; the other paths wrote a line of only whitespace as the reply's already, and are here so that
 * the class holds on all of them.
 */
const PATHS: Array<[string, string, Op, string]> = [
  [
    'a new blank line of 4 spaces, the file indented 4 more: as the reply has it',
    'if x:\n    y = 1\n',
    sr('y = 1\n', 'y = 1\n    \nz = 2\n'),
    'if x:\n    y = 1\n    \n    z = 2\n',
  ],
  [
    'the same, the file indented 4 less',
    'y = 1\n',
    sr('    y = 1\n', '    y = 1\n    \n    z = 2\n'),
    'y = 1\n    \nz = 2\n',
  ],
  [
    'the same with tabs',
    '\tif x:\n\t\ty = 1\n',
    sr('if x:\n\ty = 1\n', 'if x:\n\ty = 1\n\t\n\tz = 2\n'),
    '\tif x:\n\t\ty = 1\n\t\n\t\tz = 2\n',
  ],
  [
    // The failing path (apply-search-replace.ts, keptAsInFile): it wrote the file's "        ".
    'a kept blank line, the file indented 4 more and its blank line too: the reply’s',
    'if x:\n    y = 1\n        \n    z = 1\n',
    sr('y = 1\n    \nz = 1\n', 'y = 2\n    \nz = 1\n'),
    'if x:\n    y = 2\n    \n    z = 1\n',
  ],
  [
    'a kept blank line of spaces where the file’s is empty (found ignoring trailing whitespace)',
    'a\n\nb\n',
    sr('a\n    \nb\n', 'a\n    \nc\n'),
    'a\n    \nc\n',
  ],
  [
    'a kept empty line where the file’s holds spaces: the reply’s, as aider writes it',
    'a\n    \nb\n',
    sr('a\n\nb\n', 'a\n\nc\n'),
    'a\n\nc\n',
  ],
  [
    'a kept blank line of a tab where the file’s holds spaces',
    'if x:\n    y = 1\n    \n    z = 1\n',
    sr('y = 1\n\t\nz = 1\n', 'y = 2\n\t\nz = 1\n'),
    'if x:\n    y = 2\n\t\n    z = 1\n',
  ],
  [
    'a kept blank line of no-break spaces, found without typography: kept as written',
    'if x:\n    y = 1\n\n    z = 1\n',
    sr('y = 1\n\u00A0\u00A0\nz = 1\n', 'y = 2\n\u00A0\u00A0\nz = 1\n'),
    'if x:\n    y = 2\n\u00A0\u00A0\n    z = 1\n',
  ],
  [
    // The one reading of a blank line that is not the reply's: the typography rung reads the reply
    // as typeset (its no-break spaces are spaces), new lines and blank ones alike.
    'found only reading typography: a blank line of no-break spaces becomes spaces',
    'msg = “hi”\nx = 1\n',
    sr('msg = "hi"\nx = 1\n', 'msg = "hi"\n\u00A0\u00A0\nx = 2\n'),
    'msg = “hi”\n  \nx = 2\n',
  ],
  [
    'a CRLF file: its line endings, the reply’s blank line',
    'if x:\r\n    y = 1\r\n        \r\n    z = 1\r\n',
    sr('y = 1\n    \nz = 1\n', 'y = 2\n    \nz = 1\n'),
    'if x:\r\n    y = 2\r\n    \r\n    z = 1\r\n',
  ],
  [
    'a blank line the REPLACE writes in place of the SEARCH’s, under a shift',
    'if x:\n    y = 1\n\n    z = 1\n',
    sr('y = 1\n\nz = 1\n', 'y = 1\n  \t\nz = 2\n'),
    'if x:\n    y = 1\n  \t\n    z = 2\n',
  ],
  [
    // A hunk's unchanged lines say what the file holds: they are the file's (git keeps them so),
    // blank ones too; added lines are the reply's.
    'a hunk: a blank unchanged line is the file’s, a blank added line the reply’s',
    'if x:\n    y = 1\n        \n    z = 1\n',
    {
      kind: 'patch',
      path: 'a.txt',
      line: 1,
      hunks: [{ lines: [' y = 1', '     ', '-z = 1', '+z = 2', '+    '] }],
    },
    'if x:\n    y = 1\n        \n    z = 2\n    \n',
  ],
  [
    'a definition the reply gives without the class’s indentation: its blank lines as written',
    'class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 2\n',
    { kind: 'replace', path: 'a.txt', line: 1, content: 'def g(self):\n    a = 1\n    \n    return 3\n' },
    'class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        a = 1\n    \n        return 3\n',
  ],
  [
    'a snippet with elisions, without the class’s indentation: its blank lines as written',
    'class A:\n    def f(self):\n        x = 1\n        \n        return x\n\n    def g(self):\n        return 2\n',
    {
      kind: 'replace',
      path: 'a.txt',
      line: 1,
      content:
        '# ... existing code ...\ndef f(self):\n    x = 5\n  \n    return x\n\n# ... existing code ...\n',
    },
    'class A:\n    def f(self):\n        x = 5\n  \n        return x\n\n    def g(self):\n        return 2\n',
  ],
  [
    'a block of spaces for a file of tabs: a kept and a new blank line of spaces as written',
    'class A {\n\tm() {\n\t\tone();\n\t\n\t\treturn 1;\n\t}\n}\n',
    sr(
      '    m() {\n        one();\n  \n        return 1;\n',
      '    m() {\n        one();\n  \n        return 2;\n    \n        log();\n',
    ),
    'class A {\n\tm() {\n\t\tone();\n  \n\t\treturn 2;\n    \n\t\tlog();\n\t}\n}\n',
  ],
];

describe('lines of only whitespace, on every path that indents a reply’s lines as the file’s', () => {
  it('each is written as the reply has it (table)', () => {
    const wrong = PATHS.flatMap(([name, before, op, after]) => {
      const r = applyOp(before, op);
      return r.ok && r.text === after ? [] : [{ name, got: r.ok ? r.text : r.message }];
    });
    expect(wrong).toEqual([]);
  });
});
