/**
 * Every matching tier states what it may change. Each loosened match of the ladder (DESIGN §3: trailing
 * whitespace, indentation, typography; for diff hunks also uneven indentation and Markdown backticks),
 * the blank lines left out at a SEARCH's edges, and each repair of hunk-repairs.ts is hit on purpose:
 * a window of a generated file (a BOM or not; LF, CRLF or mixed endings; a final newline or not;
 * indented by spaces or tabs) is perturbed the way the tier forgives and used as a SEARCH or as a hunk's
 * kept and removed lines. Whenever it applies:
 * (a) the bytes before and after the matched region are the file's own;
 * (b) the file keeps exactly its own BOM (a reply may echo it), its line endings (new lines take the
 *     ending of the lines they replace, else the dominant one; kept lines keep theirs) and its final
 *     newline (the deliberate exceptions are named where they are checked);
 * (c) the lines written are the reply's, with at most the match's indentation delta applied (and, on the
 *     typography tier, typographic characters read as ASCII: that tier's stated reading); the lines a
 *     hunk keeps, and those a SEARCH/REPLACE repeats where it fitted loosely, are the file's — but for a
 *     repeated line of only whitespace, which is the reply's (as aider writes it);
 * (d) the notes name the tier (or the repair);
 * and where the window fits two places, nothing is applied. A repaired hunk gives what the reading it
 * repairs to gives, or is refused.
 *
 * Every code line of a generated file is unique (it carries its line number), so the window fits one
 * place on every tier, and the tier it fits on is the one the perturbation asks for. Each property also
 * counts how often it applied, so that none passes by finding nothing to check.
 */
import { diffArrays } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hunk, Op } from '../changeset/changeset';
import { applyOpDetailed } from './apply-op';
import { patchOp, srOp } from './test-helpers';
import type { EditNote, Rung } from './types';

const BOM = '\uFEFF';

// ---------------------------------------------------------------------------------------------------
// Files

/** A file as lines; `eols[i]` ends `lines[i]` ('' only for a last line without a newline). */
interface Doc {
  bom: boolean;
  lines: string[];
  eols: string[];
}

/** Code lines, unique by their number, with quotes, dashes and spaces for the typography tier. */
const TEMPLATES: ReadonlyArray<(i: number) => string> = [
  (i) => `let v${i} = "s${i}" - 1;`,
  (i) => `print('it${i}', x${i});`,
  (i) => `if (a${i} > b) { go(${i}); }`,
  (i) => `call(v${i}, "x-y") - w;`,
  // Typographic characters of the file's own (a UI string).
  (i) => `say("hi ${i}", “it’s ${i}”);`,
];

const rowArb = fc.record({
  kind: fc.constantFrom('code', 'code', 'code', 'code', 'code', 'blank', 'blank', 'spaces', 'brace'),
  depth: fc.nat(3),
  tpl: fc.nat(TEMPLATES.length - 1),
  trail: fc.constantFrom('', '', '', '', '', ' ', '\t'),
  crlf: fc.boolean(),
});

const docArb: fc.Arbitrary<Doc> = fc
  .record({
    bom: fc.boolean(),
    unit: fc.constantFrom('  ', '    ', '\t'),
    rows: fc.array(rowArb, { minLength: 1, maxLength: 14 }),
    endings: fc.constantFrom('lf', 'crlf', 'mixed'),
    finalNewline: fc.boolean(),
  })
  .map(({ bom, unit, rows, endings, finalNewline }) => {
    const lines = rows.map((r, i) => {
      const indent = unit.repeat(r.depth);
      if (r.kind === 'code') return indent + TEMPLATES[r.tpl]!(i) + r.trail;
      if (r.kind === 'spaces') return indent || ' ';
      if (r.kind === 'brace') return `${indent}}`;
      return '';
    });
    const eols: string[] = rows.map((r) =>
      endings === 'lf' ? '\n' : endings === 'crlf' || r.crlf ? '\r\n' : '\n',
    );
    // An empty last line without a newline is no line at all: the file ends with the newline before it.
    if (!finalNewline && lines.at(-1) !== '') eols[eols.length - 1] = '';
    return { bom, lines, eols };
  });

/**
 * The one refusal a tier may give for a reason of its own (normalize.ts, spacesIntoTabs): new lines
 * indented with spaces for a file whose every indented line starts with a tab, when no line of the reply
 * shows how many spaces make a tab (the generator indents a new line two spaces deeper than its line).
 */
function refusedForTabs(doc: Doc, message: string): boolean {
  return (
    /indents its (new|added) lines with spaces, and .* indents every line with tabs/.test(message) &&
    doc.lines.some((l) => l.startsWith('\t')) &&
    !doc.lines.some((l) => l.trim() !== '' && l.startsWith('  '))
  );
}

function render(doc: Doc): string {
  return (doc.bom ? BOM : '') + doc.lines.map((l, i) => l + doc.eols[i]).join('');
}

/** Where line `i` starts in the rendered text. */
function offset(doc: Doc, i: number): number {
  let at = doc.bom ? 1 : 0;
  for (let j = 0; j < i; j++) at += doc.lines[j]!.length + doc.eols[j]!.length;
  return at;
}

/** The ending most lines have: CRLF only when strictly more lines end in it (text-model's rule). */
function dominant(doc: Doc): string {
  const crlf = doc.eols.filter((e) => e === '\r\n').length;
  const lf = doc.eols.filter((e) => e === '\n').length;
  return crlf > lf ? '\r\n' : '\n';
}

const finalNewline = (doc: Doc) => doc.eols.at(-1) !== '';
const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];

/** `lines` inserted before line `p`, every line keeping a newline but a last one without. */
function insertLines(doc: Doc, p: number, lines: readonly string[]): Doc {
  const eol = dominant(doc);
  const eols = doc.eols.map((e) => e || eol);
  const added = lines.map(() => eol);
  const out: Doc = {
    bom: doc.bom,
    lines: [...doc.lines.slice(0, p), ...lines, ...doc.lines.slice(p)],
    eols: [...eols.slice(0, p), ...added, ...eols.slice(p)],
  };
  if (!finalNewline(doc) && out.lines.at(-1) !== '') out.eols[out.eols.length - 1] = '';
  return out;
}

/** Choices drawn from a fixed array, so that fast-check can shrink them. */
class Dice {
  private at = 0;
  constructor(private readonly values: readonly number[]) {}
  roll(n: number): number {
    const v = this.values[this.at++ % this.values.length]!;
    return n <= 1 ? 0 : v % n;
  }
  chance(k: number): boolean {
    return this.roll(k) === 0;
  }
}
const diceArb = fc.array(fc.nat(1000), { minLength: 64, maxLength: 64 });

/** A window [s, e) around a code line (which makes it unique), or null when the file has none. */
function windowOf(doc: Doc, pick: number, before: number, after: number): { s: number; e: number } | null {
  const code = doc.lines.flatMap((l, i) => (/\d/.test(l) ? [i] : []));
  if (code.length === 0) return null;
  const c = code[pick % code.length]!;
  return { s: Math.max(0, c - before), e: Math.min(doc.lines.length, c + 1 + after) };
}

// ---------------------------------------------------------------------------------------------------
// Perturbations: what each tier forgives

type Tier =
  | 'exact'
  | 'trailing-whitespace'
  | 'indentation'
  | 'typography'
  | 'uneven-indentation'
  | 'backticks';

/** How the file's indentation differs from the reply's, as normalize.ts's IndentShift says it. */
interface Shift {
  sign: 1 | -1;
  prefix: string;
}
const NO_SHIFT: Shift = { sign: 1, prefix: '' };

const SWAPS: Record<string, string[]> = {
  "'": ['\u2018', '\u2019'],
  '"': ['\u201C', '\u201D'],
  '-': ['\u2013', '\u2014', '\u2212'],
  ' ': ['\u00A0', '\u2009'],
};
/** The typography tier's reading of the characters SWAPS writes (and of the file's own “’). */
const ASCII: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u00A0': ' ',
  '\u2009': ' ',
};
const ascii = (line: string) => [...line].map((ch) => ASCII[ch] ?? ch).join('');

function changeTrailing(line: string, dice: Dice): string {
  if (!isBlank(line) && /[ \t]$/.test(line)) return line.trimEnd();
  return line + [' ', '\t', '  '][dice.roll(3)];
}

function trailing(lines: string[], dice: Dice): string[] {
  const out = lines.map((l) => (dice.chance(2) ? changeTrailing(l, dice) : l));
  if (out.every((l, j) => l === lines[j])) {
    const j = dice.roll(lines.length);
    out[j] = changeTrailing(out[j]!, dice);
  }
  return out;
}

/** Every line with text re-indented by one delta. */
function indentation(lines: string[], dice: Dice): { lines: string[]; shift: Shift } {
  const texts = lines.filter((l) => !isBlank(l)).map(indentOf);
  let common = texts[0] ?? '';
  for (const t of texts) while (!t.startsWith(common)) common = common.slice(0, -1);
  if (common !== '' && dice.chance(2)) {
    // The reply lost indentation the file has.
    const q = common.slice(0, 1 + dice.roll(common.length));
    return { lines: lines.map((l) => (isBlank(l) ? l : l.slice(q.length))), shift: { sign: 1, prefix: q } };
  }
  const p = ['  ', ' ', '\t', '    '][dice.roll(4)]!;
  return { lines: lines.map((l) => (isBlank(l) ? l : p + l)), shift: { sign: -1, prefix: p } };
}

/** Some ASCII quotes, dashes and spaces of the lines' text (not their indentation) typeset. */
function typography(lines: string[], dice: Dice): string[] {
  const out = lines.map((l) => l);
  const spots: Array<[number, number]> = [];
  lines.forEach((l, j) => {
    const from = indentOf(l).length;
    const to = l.trimEnd().length;
    for (let x = from; x < to; x++) if (SWAPS[l[x]!] && (l[x] !== ' ' || x > from)) spots.push([j, x]);
  });
  if (spots.length === 0) return out;
  const chosen = spots.filter(() => dice.chance(3));
  if (chosen.length === 0) chosen.push(spots[dice.roll(spots.length)]!);
  for (const [j, x] of chosen) {
    const line = out[j]!;
    const options = SWAPS[line[x]!]!;
    out[j] = line.slice(0, x) + options[dice.roll(options.length)]! + line.slice(x + 1);
  }
  return out;
}

/** A backtick put into the text of some lines. */
function backticks(lines: string[], dice: Dice): string[] {
  const texts = lines.flatMap((l, j) => (isBlank(l) ? [] : [j]));
  const out = [...lines];
  const chosen = texts.filter(() => dice.chance(2));
  if (chosen.length === 0) chosen.push(texts[dice.roll(texts.length)]!);
  for (const j of chosen) {
    const l = out[j]!;
    const from = indentOf(l).length;
    const x = from + dice.roll(l.trimEnd().length - from + 1);
    out[j] = `${l.slice(0, x)}\`${l.slice(x)}`;
  }
  return out;
}

/**
 * The window as the reply writes it for `tier`, and the shift the match should report. `kept` marks
 * the lines a hunk keeps (uneven indentation is forgiven on those only), or is undefined for a SEARCH.
 * Null when this window cannot be perturbed that way.
 */
function perturb(
  window: string[],
  tier: Tier,
  dice: Dice,
  kept?: readonly boolean[],
): { lines: string[]; shift: Shift } | null {
  switch (tier) {
    case 'exact':
      return { lines: [...window], shift: NO_SHIFT };
    case 'trailing-whitespace':
      return { lines: trailing(window, dice), shift: NO_SHIFT };
    case 'indentation': {
      const r = indentation(window, dice);
      return dice.chance(3) ? { lines: trailing(r.lines, dice), shift: r.shift } : r;
    }
    case 'typography': {
      const r = dice.chance(2) ? indentation(window, dice) : { lines: [...window], shift: NO_SHIFT };
      const lines = typography(r.lines, dice);
      return lines.some((l, j) => l !== r.lines[j]) ? { lines, shift: r.shift } : null;
    }
    case 'uneven-indentation': {
      // One kept line re-indented, another line with text left as it is: no single shift.
      const texts = window.flatMap((l, j) => (isBlank(l) ? [] : [j]));
      const movable = texts.filter((j) => kept?.[j]);
      if (texts.length < 2 || movable.length === 0) return null;
      const j = movable[dice.roll(movable.length)]!;
      const lines = window.map((l, k) => (k === j ? [' ', '\t'][dice.roll(2)] + l : l));
      return { lines, shift: NO_SHIFT };
    }
    case 'backticks':
      return { lines: backticks(window, dice), shift: NO_SHIFT };
  }
}

/** A new line of the reply, at `indent`; on the typography tier it may be typeset too. */
function newLine(k: number, indent: string, tier: Tier, dice: Dice): string {
  const typeset = tier === 'typography' && dice.chance(2);
  return `${indent}added${k} = ${typeset ? `\u201Cq${k}\u201D \u2013 1` : `"q${k}" - 1`};`;
}

/** The REPLACE of a SEARCH: its lines kept, changed, left out, with new lines among them. */
function replacementOf(search: readonly string[], tier: Tier, dice: Dice): string[] {
  const out: string[] = [];
  let k = 0;
  for (const l of search) {
    const d = dice.roll(6);
    if (d === 1) out.push(`${l} // changed ${k++}`);
    else if (d !== 0) out.push(l);
    // New lines at the indentation of the reply's line, or deeper, or less indented than any.
    if (dice.chance(3)) {
      const indent = [indentOf(l), `${indentOf(l)}  `, ''][dice.roll(3)]!;
      out.push(newLine(k++, indent, tier, dice));
    }
  }
  return out;
}

function joinReply(lines: readonly string[], crlf: boolean, bom: boolean): string {
  if (lines.length === 0) return '';
  const eol = crlf ? '\r\n' : '\n';
  return (bom ? BOM : '') + lines.join(eol) + eol;
}

// ---------------------------------------------------------------------------------------------------
// What an applied edit may have changed

/** Leading U+FEFF characters of a text. */
function boms(text: string): number {
  let n = 0;
  while (text.charCodeAt(n) === 0xfeff) n++;
  return n;
}

/**
 * (a) and the BOM of (b): the result is the file's bytes before line `s`, a middle, and the file's bytes
 * from line `e` on; the middle read back as lines (`count` of them) with their endings.
 */
function region(
  doc: Doc,
  s: number,
  e: number,
  out: string,
  count: number,
  keepNewlineBefore = true,
): { lines: string[]; eols: string[] } {
  // Every line gone: the file is written empty, without a lone BOM (text-model's formatText; a reply's
  // own empty file is written so too).
  if (s === 0 && e === doc.lines.length && count === 0) {
    expect(out, 'a file with no line left is empty').toBe('');
    return { lines: [], eols: [] };
  }
  const text = render(doc);
  let pre = text.slice(0, offset(doc, s));
  // A patch that removes the last lines of a file without a final newline: the line before becomes the
  // last one, and gives up its newline (the file still ends without one).
  if (!keepNewlineBefore) pre = pre.replace(/\r?\n$/, '');
  const post = text.slice(offset(doc, e));
  expect(boms(out), 'the file keeps exactly its own BOM').toBe(doc.bom ? 1 : 0);
  expect(out.slice(0, pre.length), 'the bytes before the match').toBe(pre);
  expect(out.length).toBeGreaterThanOrEqual(pre.length + post.length);
  expect(out.slice(out.length - post.length), 'the bytes after the match').toBe(post);
  const mid = out.slice(pre.length, out.length - post.length);
  const lines: string[] = [];
  const eols: string[] = [];
  let at = 0;
  while (lines.length < count) {
    const nl = mid.indexOf('\n', at);
    if (nl === -1) {
      lines.push(mid.slice(at));
      eols.push('');
      at = mid.length;
      break;
    }
    const cr = nl > at && mid[nl - 1] === '\r';
    lines.push(mid.slice(at, cr ? nl - 1 : nl));
    eols.push(cr ? '\r\n' : '\n');
    at = nl + 1;
  }
  expect(at, 'the middle holds the new lines and nothing more').toBe(mid.length);
  expect(lines.length).toBe(count);
  return { lines, eols };
}

/**
 * (c): `out` is the reply's line `reply` with at most the indentation delta applied — the shift's
 * prefix put in front (the file is indented more), or taken off (less; a line indented less than the
 * prefix loses what indentation it has) — and, on the typography tier, typographic characters as ASCII.
 */
function expectReplyLine(out: string, reply: string, shift: Shift, tier: Tier | 'as-written'): void {
  const as = (l: string) => (tier === 'typography' ? ascii(l) : l);
  const why = `${JSON.stringify(out)} written for the reply's ${JSON.stringify(reply)} (shift ${JSON.stringify(shift)}, ${tier})`;
  if (isBlank(reply) || shift.prefix === '' || tier === 'as-written') {
    expect(out, why).toBe(as(reply));
    return;
  }
  if (shift.sign === 1) {
    expect(out, why).toBe(shift.prefix + as(reply));
    return;
  }
  const cut = reply.startsWith(shift.prefix)
    ? shift.prefix.length
    : Math.min(indentOf(reply).length, shift.prefix.length);
  expect(out, why).toBe(as(reply.slice(cut)));
}

/**
 * For each REPLACE line, the SEARCH line it repeats, or -1. Where the search fitted loosely, a line the
 * block keeps is written as the file has it, not as the reply copied it (apply-search-replace.ts's
 * keptAsInFile, which pairs the lines by jsdiff's alignment of the two texts, as here); a line of only
 * whitespace stays the reply's.
 */
function keptFrom(search: readonly string[], replace: readonly string[]): number[] {
  const out = replace.map(() => -1);
  let si = 0;
  let ri = 0;
  for (const part of diffArrays(search as string[], replace as string[])) {
    const n = part.count ?? part.value.length;
    if (part.added) ri += n;
    else if (part.removed) si += n;
    else {
      for (let k = 0; k < n; k++) out[ri + k] = si + k;
      si += n;
      ri += n;
    }
  }
  return out;
}

/** (c) for a SEARCH/REPLACE placed at line `s` with `searched` as its lines. */
function expectReplaced(
  out: readonly string[],
  c: SearchCase,
  s: number,
  searched: readonly string[],
  tier: Tier,
): void {
  const kept = keptFrom(searched, c.replace);
  out.forEach((line, j) => {
    if (kept[j]! >= 0 && !isBlank(c.replace[j]!))
      expect(line, 'a line the block keeps is the file’s').toBe(c.doc.lines[s + kept[j]!]);
    else expectReplyLine(line, c.replace[j]!, c.shift, tier);
  });
}

function rungNotes(notes: readonly EditNote[]): Rung[] {
  return notes.flatMap((n) => (n.rung ? [n.rung] : []));
}

/** (b), line endings: a line's ending where the edit put it. */
function expectEnding(
  got: string,
  doc: Doc,
  { last, own }: { last: boolean; own?: string | undefined },
  s: number,
): void {
  if (last && !finalNewline(doc)) expect(got, 'the file still ends without a newline').toBe('');
  else if (own !== undefined) expect(got, 'a kept line keeps its ending').toBe(own || dominant(doc));
  else expect(got, 'new lines take the ending of the lines they replace').toBe(doc.eols[s] || dominant(doc));
}

// ---------------------------------------------------------------------------------------------------
// SEARCH/REPLACE

const SEARCH_TIERS = ['exact', 'trailing-whitespace', 'indentation', 'typography'] as const;

interface SearchCase {
  doc: Doc;
  s: number;
  e: number;
  search: string[];
  replace: string[];
  shift: Shift;
  /** Blank lines the SEARCH has around the window, which the file may lack there. */
  edges: [number, number];
  op: Op;
}

function searchCase(
  tier: Tier,
  [doc, pick, before, after, values, crlf, echoBom, edges]: [
    Doc,
    number,
    number,
    number,
    number[],
    boolean,
    boolean,
    [number, number],
  ],
): SearchCase | null {
  const w = windowOf(doc, pick, before, after);
  if (!w) return null;
  const dice = new Dice(values);
  const p = perturb(doc.lines.slice(w.s, w.e), tier, dice);
  if (!p) return null;
  const blanks = (n: number) => Array.from({ length: n }, () => ['', '  '][dice.roll(2)]!);
  const search = [...blanks(edges[0]), ...p.lines, ...blanks(edges[1])];
  const replace = replacementOf(search, tier, dice);
  // A reply that echoes the file's BOM (see bom.test.ts): it belongs to the file.
  const bom = echoBom && doc.bom && w.s === 0 && edges[0] === 0;
  const op = srOp([{ search: joinReply(search, crlf, bom), replace: joinReply(replace, crlf, bom) }]);
  return { doc, ...w, search, replace, shift: p.shift, edges, op };
}

const searchArgs = fc.tuple(
  docArb,
  fc.nat(),
  fc.nat(3),
  fc.nat(3),
  diceArb,
  fc.boolean(),
  fc.boolean(),
  fc.constant<[number, number]>([0, 0]),
);

/** Whether lines [from, to) exist and are all blank. */
function blankRun(doc: Doc, from: number, to: number): boolean {
  return from >= 0 && to <= doc.lines.length && doc.lines.slice(from, to).every(isBlank);
}

describe('SEARCH/REPLACE: a tier changes the matched lines only, as it says', () => {
  it.each(SEARCH_TIERS)('%s', (tier) => {
    let applied = 0;
    fc.assert(
      fc.property(searchArgs, (args) => {
        const c = searchCase(tier, args);
        if (!c) return;
        const r = applyOpDetailed(render(c.doc), c.op);
        if (!r.ok && refusedForTabs(c.doc, r.message)) return;
        if (!r.ok) throw new Error(`${r.kind}: ${r.message}`);
        applied++;
        const out = r.text!;
        const { lines, eols } = region(c.doc, c.s, c.e, out, c.replace.length);
        expectReplaced(lines, c, c.s, c.search, tier);
        const n = c.doc.lines.length;
        eols.forEach((eol, j) => {
          expectEnding(eol, c.doc, { last: c.e === n && j === lines.length - 1 }, c.s);
        });
        expect(rungNotes(r.notes)).toEqual(tier === 'exact' ? [] : [tier]);
      }),
      { numRuns: 150 },
    );
    expect(applied).toBeGreaterThan(100);
  });

  it('blank lines at the edges of a SEARCH that the file lacks there are left out of it', () => {
    let trimmed = 0;
    const args = fc.tuple(
      docArb,
      fc.nat(),
      fc.nat(3),
      fc.nat(3),
      diceArb,
      fc.boolean(),
      fc.boolean(),
      fc.tuple(fc.nat(2), fc.nat(2)).filter(([a, b]) => a + b > 0),
    );
    fc.assert(
      fc.property(args, fc.constantFrom(...SEARCH_TIERS), (a, tier) => {
        const c = searchCase(tier, a);
        if (!c) return;
        const [lead, tail] = c.edges;
        // Where the file has blank lines around the window the SEARCH fits with them: not this tier
        // (and the blank lines may fit only ignoring trailing whitespace).
        const whole = blankRun(c.doc, c.s - lead, c.s) && blankRun(c.doc, c.e, c.e + tail);
        const r = applyOpDetailed(render(c.doc), c.op);
        if (!r.ok && refusedForTabs(c.doc, r.message)) return;
        if (!r.ok) throw new Error(`${r.kind}: ${r.message}`);
        // Left out are all the blank lines at the SEARCH's edges, the window's own among them: the
        // lines between say where (apply-search-replace.ts; aider's issue #25).
        const blankHead = c.search.findIndex((l) => !isBlank(l));
        const blankTail = [...c.search].reverse().findIndex((l) => !isBlank(l));
        const s = whole ? c.s - lead : c.s - lead + blankHead;
        const e = whole ? c.e + tail : c.e + tail - blankTail;
        const out = r.text!;
        const { lines } = region(c.doc, s, e, out, c.replace.length);
        const searched = c.search.slice(s - (c.s - lead), c.search.length - (c.e + tail - e));
        expectReplaced(lines, c, s, searched, tier);
        const said = r.notes.some((n) => /starts or ends with blank lines/.test(n.message));
        expect(said).toBe(!whole);
        if (!whole) trimmed++;
        // The lines searched (the blank edges left out) may be the file's exactly, or differ only in
        // the trailing whitespace of their blank lines.
        const rung = searched.every((l, j) => l === c.doc.lines[s + j])
          ? 'exact'
          : tier === 'exact'
            ? 'trailing-whitespace'
            : tier;
        expect(rungNotes(r.notes)).toEqual(rung === 'exact' ? [] : [rung]);
      }),
      { numRuns: 200 },
    );
    expect(trimmed).toBeGreaterThan(100);
  });

  it.each(SEARCH_TIERS)('%s: a SEARCH that fits two places is refused', (tier) => {
    const args = fc.tuple(searchArgs, fc.nat(), fc.tuple(fc.nat(1), fc.nat(1)));
    fc.assert(
      fc.property(args, ([a, where, edges]) => {
        const c = searchCase(tier, [...a.slice(0, 7), edges] as Parameters<typeof searchCase>[1]);
        if (!c) return;
        const n = c.doc.lines.length;
        const outside = [...Array(n + 1).keys()].filter((p) => p <= c.s || p >= c.e);
        const p = outside[where % outside.length]!;
        const doc = insertLines(c.doc, p, c.doc.lines.slice(c.s, c.e));
        const k = c.e - c.s;
        const [lead, tail] = c.edges;
        const s2 = p <= c.s ? c.s + k : c.s;
        // With its blank lines the SEARCH may still fit one of the two: then that one is right.
        if ([p, s2].some((at) => blankRun(doc, at - lead, at) && blankRun(doc, at + k, at + k + tail)))
          return;
        const r = applyOpDetailed(render(doc), c.op);
        expect(r).toMatchObject({ ok: false, kind: 'ambiguous' });
      }),
      { numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Patch hunks

const HUNK_TIERS = [...SEARCH_TIERS, 'uneven-indentation', 'backticks'] as const;

type LineOp = [' ' | '-' | '+', string];

interface HunkCase {
  doc: Doc;
  s: number;
  e: number;
  /** The hunk's lines, in order, each with the file line it keeps or removes (undefined for '+'). */
  ops: Array<{ kind: ' ' | '-' | '+'; body: string; file?: number }>;
  hunk: Hunk;
  shift: Shift;
}

function hunkCase(
  tier: Tier,
  numbered: boolean,
  [doc, pick, before, after, values, echoBom, delta]: [
    Doc,
    number,
    number,
    number,
    number[],
    boolean,
    number,
  ],
): HunkCase | null {
  const w = windowOf(doc, pick, before, after);
  if (!w) return null;
  const dice = new Dice(values);
  const window = doc.lines.slice(w.s, w.e);
  const kinds = window.map(() => (dice.chance(3) ? '-' : ' '));
  const p = perturb(
    window,
    tier,
    dice,
    kinds.map((k) => k === ' '),
  );
  if (!p) return null;
  const ops: HunkCase['ops'] = [];
  let added = 0;
  const addAt = (indent: string) => {
    const n = 1 + dice.roll(2);
    for (let x = 0; x < n; x++) {
      const at = [indent, `${indent}  `, ''][dice.roll(3)]!;
      ops.push({ kind: '+', body: newLine(added++, at, tier, dice) });
    }
  };
  p.lines.forEach((body, j) => {
    if (dice.chance(4)) addAt(indentOf(body));
    ops.push({ kind: kinds[j] as ' ' | '-', body, file: w.s + j });
  });
  if (dice.chance(3) || ops.every((o) => o.kind === ' ')) addAt(indentOf(p.lines.at(-1)!));
  const lines: LineOp[] = ops.map((o) => [o.kind, o.body]);
  // git writes a file's BOM into its first line, on both sides (see bom.test.ts): the first old line,
  // and the first new line where that is an added line or the same line.
  if (echoBom && doc.bom && w.s === 0) {
    const firstOld = lines.findIndex(([k]) => k !== '+');
    const firstNew = lines.findIndex(([k]) => k !== '-');
    for (const i of new Set([firstOld, firstNew]))
      if (i >= 0 && (i === firstOld || lines[i]![0] === '+')) lines[i]![1] = BOM + lines[i]![1];
  }
  const hunk: Hunk = { lines: lines.map(([k, b]) => k + b) };
  if (numbered) {
    const oldLines = ops.filter((o) => o.kind !== '+').length;
    const newLines = ops.filter((o) => o.kind !== '-').length;
    const start = Math.max(1, w.s + 1 + delta);
    Object.assign(hunk, { oldStart: start, oldLines, newStart: start, newLines });
  }
  return { doc, ...w, ops, hunk, shift: p.shift };
}

const hunkArgs = fc.tuple(
  docArb,
  fc.nat(),
  fc.nat(3),
  fc.nat(3),
  diceArb,
  fc.boolean(),
  fc.constantFrom(0, 0, 0, -2, -1, 1, 2),
);

/** What applying a hunk case must give, checked on the result text (see region and expectReplyLine). */
function expectHunkApplied(c: HunkCase, out: string, notes: readonly EditNote[], tier: Tier): void {
  const n = c.doc.lines.length;
  const kept = c.ops.filter((o) => o.kind !== '-');
  const endsFile = c.e === n && kept.length === 0 && !finalNewline(c.doc) && c.s > 0;
  const { lines, eols } = region(c.doc, c.s, c.e, out, kept.length, !endsFile);
  // The shift of one space on kept lines only: the model dropped their " " prefix (apply-patch.ts),
  // so the added lines are right as written — a deliberate reading, named in its own note.
  const lostSpace =
    tier === 'indentation' &&
    c.shift.sign === 1 &&
    c.shift.prefix === ' ' &&
    !c.ops.some((o) => o.kind === '-' && !isBlank(o.body));
  const asWritten = lostSpace || tier === 'uneven-indentation' || tier === 'backticks';
  kept.forEach((o, j) => {
    if (o.kind === ' ') expect(lines[j], 'a kept line is the file’s').toBe(c.doc.lines[o.file!]);
    else expectReplyLine(lines[j]!, o.body, c.shift, asWritten ? 'as-written' : tier);
    const own = o.kind === ' ' ? c.doc.eols[o.file!] : undefined;
    expectEnding(eols[j]!, c.doc, { last: c.e === n && j === kept.length - 1, own }, c.s);
  });
  if (lostSpace) {
    expect(rungNotes(notes)).toEqual([]);
    expect(notes.some((x) => /got back the space/.test(x.message))).toBe(true);
  } else expect(rungNotes(notes)).toEqual(tier === 'exact' ? [] : [tier]);
}

describe('patch hunks: a tier changes the matched lines only, as it says', () => {
  for (const numbered of [false, true]) {
    it.each(HUNK_TIERS)(`%s (${numbered ? 'numbered' : 'bare'} hunk)`, (tier) => {
      let applied = 0;
      fc.assert(
        fc.property(hunkArgs, (args) => {
          const c = hunkCase(tier, numbered, args);
          if (!c) return;
          const r = applyOpDetailed(render(c.doc), patchOp([c.hunk]));
          if (!r.ok && refusedForTabs(c.doc, r.message)) return;
          if (!r.ok) throw new Error(`${r.kind}: ${r.message}`);
          applied++;
          expectHunkApplied(c, r.text!, r.notes, tier);
        }),
        { numRuns: 100 },
      );
      // Uneven indentation needs two lines with text, one of them kept.
      expect(applied).toBeGreaterThan(tier === 'uneven-indentation' ? 20 : 40);
    });
  }

  it.each(HUNK_TIERS)('%s: a bare hunk that fits two places is refused', (tier) => {
    fc.assert(
      fc.property(hunkArgs, fc.nat(), (args, where) => {
        const c = hunkCase(tier, false, args);
        if (!c) return;
        const n = c.doc.lines.length;
        const outside = [...Array(n + 1).keys()].filter((p) => p <= c.s || p >= c.e);
        const doc = insertLines(c.doc, outside[where % outside.length]!, c.doc.lines.slice(c.s, c.e));
        const r = applyOpDetailed(render(doc), patchOp([c.hunk]));
        expect(r).toMatchObject({ ok: false, kind: 'ambiguous' });
      }),
      { numRuns: 80 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Repairs of broken hunks (hunk-repairs.ts)

/**
 * A hunk broken the way models break it, from one that applies exactly: `meant` is the hunk whose
 * reading the repair stands for (the unbroken one, or the one with a blank line added). Null when this
 * hunk cannot be broken that way.
 */
type Breaker = (
  c: HunkCase,
  doc: Doc,
  dice: Dice,
) => { broken: Hunk; meant: Hunk; must: boolean; blankish?: boolean } | null;

/** Each repair with the least number of runs (of 150) it must have mended, so that none is vacuous. */
const REPAIRS: Array<{ name: string; numbered: boolean; note: RegExp; min: number; breaker: Breaker }> = [
  {
    name: 'a junk line without a prefix is left out',
    numbered: false,
    note: /without a " ", "-" or "\+" in front .* left out/,
    min: 60,
    breaker: (c, _doc, dice) => {
      const q = dice.roll(c.hunk.lines.length + 1);
      const junk = [' </thinking>', ' Here is the change:', ' ```'][dice.roll(3)]!;
      const lines = [...c.hunk.lines.slice(0, q), junk, ...c.hunk.lines.slice(q)];
      return { broken: { ...c.hunk, lines, loose: [q] }, meant: c.hunk, must: true };
    },
  },
  {
    name: 'text glued to the @@ line is the first line',
    numbered: true,
    note: /glued to the @@ line/,
    min: 6,
    breaker: (c, _doc, dice) => {
      let hunk = c.hunk;
      // Mostly a hunk that only adds lines after its first: read without the glued line it would
      // insert them before it, so the glued reading must be taken.
      if (dice.chance(3)) {
        // A line of code (unique) that starts with text, as glued text does.
        const k = hunk.lines.findIndex(
          (l) => l[0] === ' ' && /^[^ \t\uFEFF]/.test(l.slice(1)) && /\d/.test(l),
        );
        if (k === -1) return null;
        const at = c.s + hunk.lines.slice(0, k).filter((l) => l[0] !== '+').length;
        // (A BOM git wrote on the first added line is no longer at the head of a side.)
        const added = hunk.lines
          .filter((l) => l[0] === '+')
          .map((l) => `+${l.slice(1).replace(/^\uFEFF/, '')}`);
        const lines = [hunk.lines[k]!, ...(added.length > 0 ? added : ['+added = 1;'])];
        hunk = { ...hunk, lines, oldStart: at + 1, oldLines: 1, newStart: at + 1, newLines: lines.length };
      }
      const [first, ...rest] = hunk.lines;
      // Glued: no space between `@@` and the text (unified-diff.ts), so the line starts with text.
      if (first?.[0] !== ' ' || /^[ \t]|^$/.test(first.slice(1)) || !rest.some((l) => l[0] !== ' '))
        return null;
      return {
        broken: { ...hunk, lines: rest, section: first.slice(1), glued: true },
        meant: hunk,
        must: !rest.some((l) => l[0] !== '+'),
      };
    },
  },
  {
    name: 'a line that runs two lines of the file together is split',
    numbered: false,
    note: /ran two lines of the file together split in two/,
    min: 15,
    breaker: (c, _doc, dice) => {
      const lines = c.hunk.lines;
      const pairs: Array<[number, number]> = [];
      for (let i = 0; i < lines.length; i++) {
        const k = lines[i]![0];
        if ((k !== ' ' && k !== '-') || isBlank(lines[i]!.slice(1))) continue;
        // The next line of the same kind, over up to two blank kept lines (kept lines only).
        let j = i + 1;
        while (k === ' ' && j < lines.length && j - i - 1 < 2 && lines[j] === ' ') j++;
        if (j < lines.length && lines[j]![0] === k && !isBlank(lines[j]!.slice(1))) pairs.push([i, j]);
      }
      if (pairs.length === 0) return null;
      const [i, j] = pairs[dice.roll(pairs.length)]!;
      const joined = `${lines[i]![0]}${lines[i]!.slice(1).trim()}${lines[j]!.slice(1).trim()}`;
      return {
        broken: { ...c.hunk, lines: [...lines.slice(0, i), joined, ...lines.slice(j + 1)] },
        meant: c.hunk,
        must: true,
      };
    },
  },
  {
    name: 'blank kept lines at the edges of a bare hunk are left out',
    numbered: false,
    note: /blank lines at the edges of the hunk left out/,
    min: 40,
    breaker: (c, _doc, dice) => {
      const lead = dice.roll(3);
      const tail = lead === 0 ? 1 + dice.roll(2) : dice.roll(3);
      const blanks = (n: number) => Array.from({ length: n }, () => ' ');
      const lines = [...blanks(lead), ...c.hunk.lines, ...blanks(tail)];
      return { broken: { ...c.hunk, lines }, meant: c.hunk, must: false };
    },
  },
  {
    name: 'blank lines of the file the hunk skips are put back',
    numbered: false,
    note: /blank lines? of the file that the hunk left out put back/,
    min: 2,
    breaker: (c, _doc, dice) => {
      const lines = c.hunk.lines;
      const old = lines.flatMap((l, i) => (l[0] !== '+' ? [i] : []));
      // Blank kept lines between two old lines of text (next to another blank line, which of the two
      // the hunk left out is not said, and the reading lines them up its own way).
      const text = (x: number) => x >= 0 && x < old.length && !isBlank(lines[old[x]!]!.slice(1));
      const inner = old.filter(
        (i, x) => lines[i]![0] === ' ' && isBlank(lines[i]!.slice(1)) && text(x - 1) && text(x + 1),
      );
      if (inner.length === 0) return null;
      const drop = new Set(inner.filter(() => dice.chance(2)));
      if (drop.size === 0) drop.add(inner[dice.roll(inner.length)]!);
      // Put back "right before the line that follows it" (udiffx's alignment, hunk-repairs.ts): among
      // added lines, where the blank line stood is not in the hunk any more, and that is the reading.
      const meant: string[] = [];
      let blanks = 0;
      lines.forEach((l, i) => {
        if (drop.has(i)) blanks++;
        else {
          if (l[0] !== '+') for (; blanks > 0; blanks--) meant.push(' ');
          meant.push(l);
        }
      });
      const broken = { ...c.hunk, lines: lines.filter((_, i) => !drop.has(i)) };
      // A hunk whose first old line is blank lines up at any blank line of the file: refused.
      return { broken, meant: { ...c.hunk, lines: meant }, must: !isBlank(lines[old[0]!]!.slice(1)) };
    },
  },
  {
    name: 'a blank kept line the file does not have is an added one',
    numbered: false,
    note: /blank lines? the file does not have added where the hunk has/,
    min: 20,
    breaker: (c, _doc, dice) => {
      const lines = c.hunk.lines;
      const old = lines.flatMap((l, i) => (l[0] !== '+' ? [i] : []));
      // After an old line with text and before another old line (not at the hunk's edge).
      // A bare hunk whose first or last old line is blank has other readings too: that line left out
      // as a blank edge, or (first) lined up at any blank line of the file. Not this repair.
      if (isBlank(lines[old[0]!]!.slice(1)) || isBlank(lines[old.at(-1)!]!.slice(1))) return null;
      const spots = old.flatMap((i, x) => (x + 1 < old.length && !isBlank(lines[i]!.slice(1)) ? [x] : []));
      if (spots.length === 0) return null;
      const x = spots[dice.roll(spots.length)]!;
      const at = old[x]! + 1;
      return {
        broken: { ...c.hunk, lines: [...lines.slice(0, at), ' ', ...lines.slice(at)] },
        meant: { ...c.hunk, lines: [...lines.slice(0, at), '+', ...lines.slice(at)] },
        // Next to a blank line of the file the blank kept line is read as that one (the first blank
        // that fits), and the hunk's own blank line then has no place: refused.
        must: !isBlank(lines[old[x + 1]!]!.slice(1)),
        blankish: isBlank(lines[old[x + 1]!]!.slice(1)),
      };
    },
  },
  {
    name: 'a kept line whose start was cut off is that line',
    numbered: false,
    note: /left out the start of a line of the file/,
    min: 30,
    breaker: (c, doc, dice) => {
      const lines = c.hunk.lines;
      const cuttable = lines.flatMap((l, i) => {
        if (l[0] !== ' ') return [];
        const rest = l.slice(1).trim().replace(/^\S+ /, '');
        return rest !== l.slice(1).trim() && rest.length >= 10 ? [i] : [];
      });
      if (cuttable.length === 0) return null;
      const i = cuttable[dice.roll(cuttable.length)]!;
      const rest = lines[i]!.slice(1).trim().replace(/^\S+ /, '');
      // Templates end alike (`"x-y") - w;`): a cut line that ends two lines of the file is either.
      const ends = new Set(doc.lines.filter((l) => l.trim().endsWith(rest) && l.trim() !== rest));
      const broken = { ...c.hunk, lines: lines.map((l, j) => (j === i ? ` ${rest}` : l)) };
      return { broken, meant: c.hunk, must: ends.size === 1 };
    },
  },
];

/**
 * Whether a bare hunk fits one place of the file as written (exactly, or else ignoring trailing
 * whitespace): then it is no broken hunk, and the tier properties above say how it applies.
 */
function fitsAsWritten(doc: Doc, hunk: Hunk): boolean {
  const old = hunk.lines.filter((l) => l[0] !== '+').map((l) => l.slice(1).replace(/^\uFEFF/, ''));
  const places = (same: (a: string, b: string) => boolean) =>
    doc.lines.filter((_, at) => old.every((l, j) => at + j < doc.lines.length && same(l, doc.lines[at + j]!)))
      .length;
  const exact = places((a, b) => a === b);
  return exact === 1 || (exact === 0 && places((a, b) => a.trimEnd() === b.trimEnd()) === 1);
}

describe('repaired hunks apply as the reading they repair to, or not at all', () => {
  it.each(REPAIRS)('$name', ({ numbered, note, breaker, min }) => {
    let repaired = 0;
    fc.assert(
      fc.property(hunkArgs, (args) => {
        const c = hunkCase('exact', numbered, args);
        if (!c) return;
        const text = render(c.doc);
        const b = breaker(c, c.doc, new Dice(args[4].slice().reverse()));
        if (!b) return;
        if (!numbered && fitsAsWritten(c.doc, b.broken)) return;
        const meant = applyOpDetailed(text, patchOp([b.meant]));
        if (!meant.ok && refusedForTabs(c.doc, meant.message)) return;
        if (!meant.ok) throw new Error(`the unbroken hunk: ${meant.kind}: ${meant.message}`);
        // In a file that mixes endings, new lines take the ending of the first line the hunk covers, and
        // a reading that keeps one more line there (a blank edge the file has) may start on another: two
        // readings that differ only so are two results, and the hunk is refused (safe, if needless).
        const mixed = new Set(c.doc.eols.filter((x) => x !== '')).size > 1;
        const r = applyOpDetailed(text, patchOp([b.broken]));
        if (!r.ok) {
          if (b.must && !mixed) throw new Error(`${r.kind}: ${r.message}`);
          return;
        }
        const plain = (t: string | null) => (mixed ? t?.replace(/\r\n/g, '\n') : t);
        // Two blank lines side by side in the hunk, one the file's: which is the added one is not said,
        // and the reading takes the first; the results differ only in what spaces a blank line holds.
        const blankish = b.blankish
          ? (t: string | null | undefined) => t?.replace(/^(\uFEFF?)[ \t]+$/gm, '$1')
          : (t: string | null | undefined) => t;
        expect(blankish(plain(r.text))).toBe(blankish(plain(meant.text)));
        const said = r.notes.find((x) => x.message.startsWith('Repaired'));
        if (b.must && !mixed) expect(said?.message).toMatch(note);
        if (said) {
          expect(said.message).toMatch(note);
          repaired++;
        }
        // The reading's own result holds the tier properties: check it is exact, and its middle.
        if (b.meant === c.hunk && !mixed) expectHunkApplied(c, r.text!, [], 'exact');
      }),
      { numRuns: 150 },
    );
    expect(repaired).toBeGreaterThanOrEqual(min);
  });

  it.each(REPAIRS.filter((x) => !x.numbered))('$name: not where the window is twice', ({ breaker }) => {
    fc.assert(
      fc.property(hunkArgs, fc.nat(), (args, where) => {
        const c = hunkCase('exact', false, args);
        if (!c) return;
        const b = breaker(c, c.doc, new Dice(args[4].slice().reverse()));
        if (!b) return;
        const n = c.doc.lines.length;
        const outside = [...Array(n + 1).keys()].filter((p) => p <= c.s || p >= c.e);
        const p = outside[where % outside.length]!;
        const doc = insertLines(c.doc, p, c.doc.lines.slice(c.s, c.e));
        // A broken hunk may still fit one place as written (its blank lines against the file's around
        // one copy): then it is no repair, and that place is right.
        if (fitsAsWritten(doc, b.broken)) return;
        const r = applyOpDetailed(render(doc), patchOp([b.broken]));
        expect(r.ok).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
