/**
 * Python's `re` as ChatGPT's canvas uses it: `canmore.update_textdoc` gives each update a `pattern`
 * (used with `re.finditer`) and a `replacement` (used with `re.Match.expand`), per the tool's own
 * description; code documents are rewritten with the pattern `.*`, which covers the whole text only
 * with DOTALL — so patterns are run with DOTALL.
 *
 * The pattern is parsed as Python 3.11's sre_parse reads it and written out as a JavaScript RegExp (`u`
 * flag, no other) that matches the same: `\w \d \s` are Python's Unicode classes (py-classes.ts, not the
 * engine's), `\b \B` are built from them, `^ $ \A \Z .` and case-insensitivity are spelled out per the
 * flags in force (JavaScript has no scoped flags, and its `$`, `m` and `i` differ from Python's), atomic
 * groups and possessive quantifiers are a lookahead and a back reference, groups are renumbered for
 * them, names are Python's. Matches follow re.finditer's rule for empty matches (one may follow a
 * non-empty match at the same place; after an empty one the next match must not be empty at that place).
 * The replacement is expanded as `Match.expand` does, when the first match is made.
 *
 * What Python refuses, and what the two engines would not do alike, is a PyRegexError — never a guess. The
 * second kind, each met by the differential (scripts/py-regex-differential.test.ts): a back reference to a
 * group that may not have matched (Python fails it, JavaScript matches the empty string), a group inside a
 * repeat that may skip it or match empty (JavaScript forgets it at each repetition, Python keeps it), a
 * back reference in a case-insensitive part, a cased non-ASCII letter (or a class reaching past ASCII) in a
 * case-insensitive part, a lookbehind holding a group and a repeat, `\N{name}`, a quantified lookaround,
 * a group name or `\g<…>` number outside ASCII.
 *
 * One rule of the canvas's own (PY_REWRITE): with `multiple`, a pattern that matched the whole document and
 * then the empty string at its end (`.*`) rewrites the document once; literal re.finditer would add the
 * replacement a second time there. Real exported chats hold `{"pattern": ".*", "multiple": true}` updates
 * followed by further updates of the same document, written once; the differential's fixture records both
 * texts for those cases.
 */

import { pushAll } from '../text/push-all';
import { PY_CASE, PY_DIGIT, PY_SPACE, PY_WORD } from './py-classes';

export class PyRegexError extends Error {}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  x: boolean;
  a: boolean;
}

/** A class: ranges of code points, `neg` the sets it holds negated (`\W` in `[\W\d]`). */
interface CharSet {
  ranges: [number, number][];
  neg: [number, number][][];
}

/** What a parsed piece is: its JavaScript, its width in code points, the groups in it and those sure to be set. */
interface Piece {
  js: string;
  min: number;
  max: number;
  caps: Set<number>;
  sure: Set<number>;
  /** Holds a quantifier (for lookbehinds, which JavaScript runs backwards). */
  repeats: boolean;
  /** Can take a quantifier (Python: not an anchor). */
  atom: boolean;
  /** Already quantified (a second quantifier is Python's "multiple repeat"). */
  quantified?: boolean;
  /** A lookaround (JavaScript's `u` mode refuses a quantifier after one). */
  look?: boolean;
}

const tables = new Map<string, [number, number][]>();
function table(src: string): [number, number][] {
  let t = tables.get(src);
  if (!t) {
    t = src.split(' ').map((r) => {
      const [a, b] = r.split('-');
      return [Number.parseInt(a!, 16), Number.parseInt(b ?? a!, 16)] as [number, number];
    });
    tables.set(src, t);
  }
  return t;
}

const ASCII_WORD: [number, number][] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const ASCII_DIGIT: [number, number][] = [[0x30, 0x39]];
const ASCII_SPACE: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
];

function classRanges(c: string, f: Flags): [number, number][] {
  const k = c.toLowerCase();
  if (k === 'w') return f.a ? ASCII_WORD : table(PY_WORD);
  if (k === 'd') return f.a ? ASCII_DIGIT : table(PY_DIGIT);
  return f.a ? ASCII_SPACE : table(PY_SPACE);
}

function cp(n: number): string {
  return `\\u{${n.toString(16)}}`;
}

function rangesJs(rs: [number, number][]): string {
  return rs.map(([a, b]) => (a === b ? cp(a) : `${cp(a)}-${cp(b)}`)).join('');
}

function setJs(set: CharSet, negate: boolean): string {
  const pos = set.ranges.length ? `[${rangesJs(set.ranges)}]` : '';
  const alts = [pos, ...set.neg.map((n) => `[^${rangesJs(n)}]`)].filter((a) => a !== '');
  if (!negate) {
    if (alts.length === 0) return '[^\\s\\S]';
    return alts.length === 1 ? alts[0]! : `(?:${alts.join('|')})`;
  }
  if (set.neg.length === 0) return set.ranges.length ? `[^${rangesJs(set.ranges)}]` : '[\\s\\S]';
  return `(?!${alts.join('|')})[\\s\\S]`;
}

let caseClasses: number[][] | undefined;
/** Python's IGNORECASE classes (py-classes.ts); with the ASCII flag, only A–Z and a–z. */
function cases(ascii: boolean): number[][] {
  if (ascii) return ASCII_CASES;
  caseClasses ??= PY_CASE.split(' ').map((g) => g.split(',').map((h) => Number.parseInt(h, 16)));
  return caseClasses;
}
const ASCII_CASES = Array.from({ length: 26 }, (_, k) => [0x41 + k, 0x61 + k]);

/** A set closed under Python's IGNORECASE: a character matches it when one it matches is in it. */
function foldRanges(rs: [number, number][], ascii: boolean): [number, number][] {
  const out = [...rs];
  for (const g of cases(ascii))
    if (g.some((c) => rs.some(([a, b]) => a <= c && c <= b))) for (const c of g) out.push([c, c]);
  return out;
}

function literalJs(c: number, f: Flags): string {
  if (!f.i) return cp(c);
  const g = cases(f.a).find((k) => k.includes(c));
  return g ? `[${g.map(cp).join('')}]` : cp(c);
}

const ANY = '[\\s\\S]';
const HEX = /^[0-9a-fA-F]$/;
const OCT = /^[0-7]$/;
const DIG = /^[0-9]$/;
const WHITE = ' \t\n\r\v\f';
// str.isidentifier(), as Python 3.11 checks a group's name.
const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

interface Compiled {
  /** The JavaScript source: Python's group n is the named group `pn`. */
  source: string;
  groups: number;
  names: Map<string, number>;
}

/** Python 3.11's reading of `pattern` (with DOTALL), written as JavaScript; a PyRegexError if it cannot be. */
export function compilePy(pattern: string): Compiled {
  const src = Array.from(pattern);
  let i = 0;
  let pyGroups = 0;
  let atomics = 0;
  const names = new Map<string, number>();
  const open = new Set<number>();
  const fail = (what: string): never => {
    throw new PyRegexError(what);
  };
  const err = (what: string): never => fail(`Python refuses the pattern: ${what}`);
  const global: Flags = { i: false, m: false, s: true, x: false, a: false };

  const skipVerbose = (f: Flags) => {
    if (!f.x) return;
    for (;;) {
      const c = src[i];
      if (c !== undefined && WHITE.includes(c)) i++;
      else if (c === '#') {
        while (i < src.length && src[i] !== '\n') i++;
      } else return;
    }
  };

  const readFlags = (): { on: string; off: string; end: string } => {
    let on = '';
    let off = '';
    while (i < src.length && 'aiLmsux'.includes(src[i]!)) on += src[i++];
    if (src[i] === '-') {
      i++;
      while (i < src.length && 'imsx'.includes(src[i]!)) off += src[i++];
      if (!off) err('missing flag');
    }
    const end = src[i++];
    if (end !== ')' && end !== ':') err('bad inline flags');
    if (end === ')' && off) err('bad inline flags');
    if (on.includes('L')) err("cannot use 'L' flag with a str pattern");
    if (on.includes('a') && on.includes('u')) err('ASCII and UNICODE flags are incompatible');
    for (const c of off) if (on.includes(c)) err('bad inline flags: flag turned on and off');
    return { on, off, end: end! };
  };

  const withFlags = (f: Flags, on: string, off: string): Flags => {
    const g = { ...f };
    for (const c of on) if (c in g) g[c as keyof Flags] = true;
    if (on.includes('u')) g.a = false;
    for (const c of off) g[c as keyof Flags] = false;
    return g;
  };

  // Leading global flags: `(?m)(?i)…`, with comments between them.
  for (;;) {
    skipVerbose(global);
    if (src[i] === '(' && src[i + 1] === '?' && src[i + 2] === '#') {
      i += 3;
      comment();
      continue;
    }
    if (src[i] === '(' && src[i + 1] === '?' && /^[aiLmsux]$/.test(src[i + 2] ?? '')) {
      const at = i;
      i += 2;
      const { on, end } = readFlags();
      if (end !== ')') {
        i = at;
        break;
      }
      Object.assign(global, withFlags(global, on, ''));
      continue;
    }
    break;
  }

  function comment() {
    for (;;) {
      const c = src[i++];
      if (c === undefined) err('missing ), unterminated comment');
      if (c === '\\') i++;
      else if (c === ')') return;
    }
  }

  const piece = (js: string, min: number, max: number, atom = true): Piece => ({
    js,
    min,
    max,
    caps: new Set(),
    sure: new Set(),
    repeats: false,
    atom,
  });

  /** An escape outside a class: a piece. */
  function escapeAt(f: Flags, sure: Set<number>, poss: Set<number>): Piece {
    const c = src[i++];
    if (c === undefined) err('bad escape (end of pattern)');
    const ch = c!;
    if ('dDsSwW'.includes(ch)) {
      const rs = classRanges(ch, f);
      return piece(ch === ch.toLowerCase() ? `[${rangesJs(rs)}]` : `[^${rangesJs(rs)}]`, 1, 1);
    }
    if (ch === 'b' || ch === 'B') {
      const w = `[${rangesJs(classRanges('w', f))}]`;
      return piece(
        ch === 'b'
          ? `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`
          : // Python 3.11's \B never matches in an empty text.
            `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w})(?:(?<=${ANY})|(?=${ANY})))`,
        0,
        0,
        false,
      );
    }
    if (ch === 'A') return piece(`(?<!${ANY})`, 0, 0, false);
    if (ch === 'Z') return piece(`(?!${ANY})`, 0, 0, false);
    if (DIG.test(ch)) {
      if (ch === '0') return piece(literalJs(octal(ch, 2), f), 1, 1);
      if (DIG.test(src[i] ?? '')) {
        if (OCT.test(ch) && OCT.test(src[i]!) && OCT.test(src[i + 1] ?? '')) {
          const v = octal(ch, 2);
          return piece(literalJs(v, f), 1, 1);
        }
      }
      let num = ch;
      if (DIG.test(src[i] ?? '')) num += src[i++];
      return backref(Number(num), f, sure, poss);
    }
    const lit = charEscape(ch, false);
    return piece(literalJs(lit, f), 1, 1);
  }

  function octal(first: string, more: number): number {
    let s = first;
    while (more-- > 0 && OCT.test(src[i] ?? '')) s += src[i++];
    const v = Number.parseInt(s, 8);
    if (v > 0o377) err(`octal escape value \\${s} outside of range 0-0o377`);
    return v;
  }

  /** `\a \f \n \r \t \v \x \u \U`, and escaped punctuation: the code point. */
  function charEscape(c: string, inClass: boolean): number {
    const simple: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
    if (inClass) simple.b = 8;
    if (c in simple) return simple[c]!;
    if (c === 'x' || c === 'u' || c === 'U') {
      const n = c === 'x' ? 2 : c === 'u' ? 4 : 8;
      const hex = src.slice(i, i + n).join('');
      if (hex.length !== n || ![...hex].every((h) => HEX.test(h))) err(`incomplete escape \\${c}${hex}`);
      i += n;
      const v = Number.parseInt(hex, 16);
      if (v > 0x10ffff) err(`bad escape \\${c}${hex}`);
      return v;
    }
    if (c === 'N') fail('\\N{name} in the pattern');
    if (/^[A-Za-z0-9]$/.test(c)) err(`bad escape \\${c}`);
    return c.codePointAt(0)!;
  }

  function backref(g: number, f: Flags, sure: Set<number>, poss: Set<number>): Piece {
    if (g > pyGroups || g === 0) err(`invalid group reference ${g}`);
    if (open.has(g)) err('cannot refer to an open group');
    // A group of another branch of an alternation is never set here: Python fails the reference.
    if (!poss.has(g)) return piece('[^\\s\\S]', 0, 0);
    if (!sure.has(g))
      fail('a back reference to a group that may not have matched (Python fails it, JavaScript does not)');
    if (f.i) fail('a back reference in a case-insensitive part');
    return piece(`\\k<p${g}>`, 0, Number.POSITIVE_INFINITY);
  }

  function charClass(f: Flags): Piece {
    const negate = src[i] === '^';
    if (negate) i++;
    const set: CharSet = { ranges: [], neg: [] };
    const start = i;
    // An item: a code point, or a class escape's ranges (positive or negated).
    type Item = { cp: number } | { rs: [number, number][]; neg: boolean };
    const item = (): Item => {
      const c = src[i++]!;
      if (c !== '\\') return { cp: c.codePointAt(0)! };
      const e = src[i++];
      if (e === undefined) err('unterminated character set');
      if ('dDsSwW'.includes(e!)) return { rs: classRanges(e!, f), neg: e !== e!.toLowerCase() };
      if (OCT.test(e!)) return { cp: octal(e!, 2) };
      if (DIG.test(e!)) err(`bad escape \\${e}`);
      if (e === 'A' || e === 'Z' || e === 'B') err(`bad escape \\${e}`);
      return { cp: charEscape(e!, true) };
    };
    const add = (it: Item) => {
      if ('cp' in it) set.ranges.push([it.cp, it.cp]);
      else if (it.neg) set.neg.push(it.rs);
      else pushAll(set.ranges, it.rs);
    };
    for (;;) {
      if (i >= src.length) err('unterminated character set');
      if (src[i] === ']' && i !== start) {
        i++;
        break;
      }
      const a = item();
      if (src[i] === '-') {
        i++;
        if (i >= src.length) err('unterminated character set');
        if (src[i] === ']') {
          add(a);
          add({ cp: 0x2d });
          i++;
          break;
        }
        const b = item();
        if (!('cp' in a) || !('cp' in b) || b.cp < a.cp) err('bad character range');
        set.ranges.push([(a as { cp: number }).cp, (b as { cp: number }).cp]);
      } else add(a);
    }
    if (f.i) {
      set.ranges = foldRanges(set.ranges, f.a);
      if (set.neg.length) {
        // \W, \D, \S are not case-dependent; their complement is.
      }
    }
    return piece(setJs(set, negate), 1, 1);
  }

  function group(f: Flags, sure: Set<number>, poss: Set<number>): Piece {
    // After `(`.
    // A capturing group, numbered as Python numbers it.
    const capture = (): Piece => {
      const g = ++pyGroups;
      open.add(g);
      const body = alternation(f, sure, poss);
      open.delete(g);
      const p = { ...body, js: `(?<p${g}>${body.js})`, atom: true };
      p.caps = new Set([...body.caps, g]);
      p.sure = new Set([...body.sure, g]);
      return p;
    };
    if (src[i] !== '?') return capture();
    i++;
    const c = src[i];
    if (c === 'P') {
      i++;
      if (src[i] === '<') {
        i++;
        let name = '';
        while (i < src.length && src[i] !== '>') name += src[i++];
        if (src[i] !== '>') err('missing >, unterminated name');
        i++;
        if (!name) err('missing group name');
        if (!IDENTIFIER.test(name)) err(`bad character in group name ${name}`);
        if (names.has(name)) err(`redefinition of group name ${name}`);
        names.set(name, pyGroups + 1);
        return capture();
      }
      if (src[i] === '=') {
        i++;
        let name = '';
        while (i < src.length && src[i] !== ')') name += src[i++];
        if (src[i] !== ')') err('missing ), unterminated name');
        const g = names.get(name);
        if (g === undefined) err(`unknown group name ${name}`);
        return backref(g!, f, sure, poss);
      }
      err('unknown extension ?P');
    }
    if (c === ':' || c === '>') {
      i++;
      const body = alternation(f, sure, poss);
      if (c === ':') return { ...body, js: `(?:${body.js})`, atom: true };
      const a = ++atomics;
      return { ...body, js: `(?=(?<a${a}>${body.js}))\\k<a${a}>`, atom: true };
    }
    if (c === '=' || c === '!' || (c === '<' && (src[i + 1] === '=' || src[i + 1] === '!'))) {
      const behind = c === '<';
      const kind = behind ? src[i + 1]! : c;
      i += behind ? 2 : 1;
      const body = alternation(f, sure, poss);
      if (behind) {
        if (body.min !== body.max) err('look-behind requires fixed-width pattern');
        if (/\\k<p/.test(body.js)) fail('a back reference in a lookbehind');
        if (body.caps.size && body.repeats)
          fail('a group and a repeat in a lookbehind (JavaScript runs it backwards)');
      }
      const p = piece(`(?${behind ? '<' : ''}${kind}${body.js})`, 0, 0, true);
      p.caps = body.caps;
      if (kind === '=') p.sure = body.sure;
      p.repeats = body.repeats;
      p.look = true;
      return p;
    }
    if (c !== undefined && /^[aiLmsux-]$/.test(c)) {
      const { on, off, end } = readFlags();
      if (end === ')') err('global flags not at the start of the expression');
      const body = alternation(withFlags(f, on, off), sure, poss);
      return { ...body, js: `(?:${body.js})`, atom: true };
    }
    if (c === '(') fail('a conditional group (?(…)…|…)');
    return err(`unknown extension ?${c ?? ''}`);
  }

  function quantifier(): { min: number; max: number; text: string } | null {
    const c = src[i];
    if (c === '*' || c === '+' || c === '?') {
      i++;
      return { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Number.POSITIVE_INFINITY, text: c };
    }
    if (c !== '{') return null;
    if (src[i + 1] === '}') return null;
    let j = i + 1;
    let lo = '';
    let hi = '';
    while (DIG.test(src[j] ?? '')) lo += src[j++];
    let comma = false;
    if (src[j] === ',') {
      comma = true;
      j++;
      while (DIG.test(src[j] ?? '')) hi += src[j++];
    } else hi = lo;
    if (src[j] !== '}') return null;
    i = j + 1;
    const min = lo ? Number(lo) : 0;
    const max = hi ? Number(hi) : Number.POSITIVE_INFINITY;
    if (min > 65535 || (Number.isFinite(max) && max > 65535)) fail('a repeat count above 65535');
    if (max < min) err('min repeat greater than max repeat');
    return { min, max, text: `{${min}${comma ? `,${Number.isFinite(max) ? max : ''}` : ''}}` };
  }

  function sequence(f: Flags, ctx: Set<number>, ctxPoss: Set<number>): Piece {
    const items: Piece[] = [];
    const sure = new Set(ctx);
    const poss = new Set(ctxPoss);
    let last: Piece | null = null;
    for (;;) {
      skipVerbose(f);
      const c = src[i];
      if (c === undefined || c === '|' || c === ')') break;
      const at = i;
      const q = quantifier();
      if (q) {
        if (!last?.atom) return err('nothing to repeat');
        if (last.quantified) err('multiple repeat');
        const body = last;
        if (body.look) fail('a repeated lookaround');
        let lazy = false;
        let possessive = false;
        if (src[i] === '?') {
          lazy = true;
          i++;
        } else if (src[i] === '+') {
          possessive = true;
          i++;
        }
        if (body.caps.size && q.max > 1 && [...body.caps].some((g) => !body.sure.has(g)))
          fail(
            'a group inside a repeat that may skip it (Python keeps its earlier value, JavaScript forgets it)',
          );
        if (body.caps.size && body.min === 0)
          fail(
            'a group that can match the empty string, repeated (Python and JavaScript end such repeats differently)',
          );
        let js = `(?:${body.js})${q.text}${lazy ? '?' : ''}`;
        if (possessive) {
          const a = ++atomics;
          js = `(?=(?<a${a}>${js}))\\k<a${a}>`;
        }
        const p: Piece = {
          js,
          min: body.min * q.min,
          max: q.max === 0 || body.max === 0 ? 0 : body.max * q.max,
          caps: body.caps,
          sure: q.min >= 1 ? body.sure : new Set(),
          repeats: true,
          atom: true,
          quantified: true,
        };
        items[items.length - 1] = p;
        last = p;
        for (const g of body.sure) if (q.min === 0) sure.delete(g);
        continue;
      }
      i = at;
      let p: Piece;
      i++;
      if (c === '\\') p = escapeAt(f, sure, poss);
      else if (c === '[') p = charClass(f);
      else if (c === '(') {
        if (src[i] === '?' && src[i + 1] === '#') {
          // A comment: a quantifier after it applies to the atom before, as in Python.
          i += 2;
          comment();
          continue;
        }
        p = group(f, sure, poss);
        if (src[i] !== ')') err('missing ), unterminated subpattern');
        i++;
      } else if (c === '.') p = piece(f.s ? ANY : '[^\\n]', 1, 1);
      else if (c === '^') p = piece(f.m ? `(?:(?<!${ANY})|(?<=\\n))` : `(?<!${ANY})`, 0, 0, false);
      else if (c === '$') p = piece(f.m ? `(?=\\n|(?!${ANY}))` : `(?=\\n?(?!${ANY}))`, 0, 0, false);
      else p = piece(literalJs(c.codePointAt(0)!, f), 1, 1);
      items.push(p);
      last = p;
      for (const g of p.sure) sure.add(g);
      for (const g of p.caps) poss.add(g);
    }
    const out = piece(items.map((p) => p.js).join(''), 0, 0);
    for (const p of items) {
      out.min += p.min;
      out.max += p.max;
      for (const g of p.caps) out.caps.add(g);
      out.repeats ||= p.repeats;
    }
    for (const g of sure) if (!ctx.has(g)) out.sure.add(g);
    return out;
  }

  function alternation(f: Flags, ctx: Set<number>, poss: Set<number>): Piece {
    const branches = [sequence(f, ctx, poss)];
    while (src[i] === '|') {
      i++;
      branches.push(sequence(f, ctx, poss));
    }
    if (branches.length === 1) return branches[0]!;
    const out = piece(
      branches.map((b) => b.js).join('|'),
      Math.min(...branches.map((b) => b.min)),
      Math.max(...branches.map((b) => b.max)),
    );
    for (const b of branches) for (const g of b.caps) out.caps.add(g);
    out.sure = new Set([...branches[0]!.sure].filter((g) => branches.every((b) => b.sure.has(g))));
    out.repeats = branches.some((b) => b.repeats);
    out.js = `(?:${out.js})`;
    return out;
  }

  const top = alternation(global, new Set(), new Set());
  if (i < src.length) err('unbalanced parenthesis');
  return { source: top.js, groups: pyGroups, names };
}

/** A pattern as the canvas runs it: the RegExp and what the replacement needs. */
export function pyPatternToJs(pattern: string): RegExp {
  return new RegExp(compilePy(pattern).source, 'gu');
}

type Template = (string | number)[];

const TEMPLATE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

/** `Match.expand`'s reading of a replacement: text and group numbers. */
function parseTemplate(template: string, c: Compiled): Template {
  const t = Array.from(template);
  const out: Template = [];
  let lit = '';
  const err = (what: string): never => {
    throw new PyRegexError(`Python refuses the replacement: ${what}`);
  };
  const addGroup = (g: number) => {
    if (g > c.groups) err(`invalid group reference ${g}`);
    out.push(lit, g);
    lit = '';
  };
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    if (ch !== '\\') {
      lit += ch;
      continue;
    }
    const n = t[++i];
    if (n === undefined) err('bad escape (end of pattern)');
    if (n === 'g') {
      if (t[i + 1] !== '<') err('missing <');
      let name = '';
      let j = i + 2;
      while (j < t.length && t[j] !== '>') name += t[j++];
      if (j >= t.length) err('missing >, unterminated name');
      if (!name) err('missing group name');
      i = j;
      if (IDENTIFIER.test(name)) {
        const g = c.names.get(name);
        if (g === undefined) err(`unknown group name ${name}`);
        addGroup(g!);
      } else if (/^[0-9]+$/.test(name)) addGroup(Number(name));
      // int() reads more (`+1`, ` 1`, `1_0`, other scripts' digits); Python versions differ there.
      else throw new PyRegexError(`the replacement's \\g<${name}> (only names and plain numbers are run)`);
      continue;
    }
    if (n === '0') {
      let s = '';
      while (s.length < 2 && /^[0-7]$/.test(t[i + 1] ?? '')) s += t[++i];
      lit += String.fromCharCode(Number.parseInt(s || '0', 8));
      continue;
    }
    if (/^[1-9]$/.test(n!)) {
      let s = n!;
      if (/^[0-9]$/.test(t[i + 1] ?? '')) {
        s += t[++i];
        if (/^[0-7]$/.test(n!) && /^[0-7]$/.test(s[1]!) && /^[0-7]$/.test(t[i + 1] ?? '')) {
          s += t[++i];
          const v = Number.parseInt(s, 8);
          if (v > 0o377) err(`octal escape value \\${s} outside of range 0-0o377`);
          lit += String.fromCharCode(v);
          continue;
        }
      }
      addGroup(Number(s));
      continue;
    }
    if (n! in TEMPLATE_ESCAPES) lit += TEMPLATE_ESCAPES[n!];
    else if (/^[A-Za-z]$/.test(n!)) err(`bad escape \\${n}`);
    else lit += `\\${n}`;
  }
  out.push(lit);
  return out;
}

/**
 * One canvas update: the first match of `pattern` (or every one, `multiple`) replaced by the expanded
 * `replacement`. Null when the pattern does not match (the canvas then reports a failure too); a
 * PyRegexError when Python refuses the update or the two engines would not run it alike.
 */
export function pySub(text: string, pattern: string, replacement: string, multiple: boolean): string | null {
  const c = compilePy(pattern);
  const re = new RegExp(c.source, 'gu');
  // After an empty match, re.finditer looks at the same place for a non-empty one: the rest of the text
  // taken at the start must not still be all that is left at the end.
  let advance: RegExp | undefined;
  let template: Template | undefined;
  let out = '';
  let last = 0;
  let pos = 0;
  let mustAdvance = false;
  let first: [number, number] | undefined;
  let found = false;
  for (;;) {
    let m: RegExpExecArray | null = null;
    if (mustAdvance) {
      advance ??= new RegExp(`(?=(?<rest>[\\s\\S]*))(?:${c.source})(?!\\k<rest>(?![\\s\\S]))`, 'uy');
      advance.lastIndex = pos;
      m = advance.exec(text);
      if (!m) {
        if (pos >= text.length) break;
        pos += text.codePointAt(pos)! > 0xffff ? 2 : 1;
      }
    }
    if (!m) {
      re.lastIndex = pos;
      m = re.exec(text);
      if (!m) break;
    }
    const start = m.index;
    const end = start + m[0].length;
    // PY_REWRITE: `.*` with `multiple` is one rewrite of the whole document, not two.
    if (
      first &&
      first[0] === 0 &&
      first[1] === text.length &&
      text.length > 0 &&
      start === end &&
      start === text.length
    )
      break;
    first ??= [start, end];
    found = true;
    template ??= parseTemplate(replacement, c);
    out += text.slice(last, start);
    for (const part of template) {
      if (typeof part === 'string') out += part;
      else out += part === 0 ? m[0] : (m.groups?.[`p${part}`] ?? '');
    }
    last = end;
    pos = end;
    mustAdvance = start === end;
    if (!multiple) break;
  }
  return found ? out + text.slice(last) : null;
}

/**
 * The runs of plain text a match of `pattern` must contain (its literal characters, escapes read as
 * the characters they stand for), longest first: what a file must hold for the pattern to match in it
 * (locate-by-content.ts). A run ends at anything that is not one literal character — a class, `.`, a
 * group, an anchor, `\n`, `\s`; a character a quantifier follows is not in it. A pattern with an
 * alternation (`|`) outside a class has none: no one run must be there.
 */
export function literalRuns(pattern: string): string[] {
  const runs: string[] = [];
  let run = '';
  const end = () => {
    if (run !== '') runs.push(run);
    run = '';
  };
  const quantified = (j: number) => /^[*?+{]/.test(pattern.slice(j));
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const n = pattern[i + 1];
      i++;
      if (n === undefined) break;
      // `\.`, `\(`, `\"`: that character; `\n`, `\s`, `\d`, `\b`, a back reference: no literal.
      if (/[A-Za-z0-9]/.test(n)) end();
      else if (quantified(i + 1)) end();
      else run += n;
      continue;
    }
    if (c === '|') return [];
    if (c === '[') {
      end();
      // Skip the class (a `]` right after `[` or `[^` is a literal).
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      i = j;
      continue;
    }
    if ('.()^$*+?{}'.includes(c)) {
      end();
      // A quantifier's braces: skip to their end.
      if (c === '{') while (i < pattern.length && pattern[i] !== '}') i++;
      continue;
    }
    if (c === '\n') {
      end();
      continue;
    }
    if (quantified(i + 1)) {
      end();
      continue;
    }
    run += c;
  }
  end();
  return runs.sort((a, b) => b.length - a.length);
}
