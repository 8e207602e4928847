/**
 * Definitions in a text (issue 26, 40): where a function, method or class starts and ends, with the
 * comments and decorators that belong to it. The same rules read the reply's snippet and the file; the
 * merge of a snippet of definitions into the file is merge-definitions.ts.
 *
 * A definition's extent, the same rule for the snippet and for the file:
 * - a signature that ends with `:` (Python `def`/`class`, its parentheses closed first, so a signature
 *   may run over several lines): it and the lines after it that are blank or indented more;
 * - else one that opens a `{` on its line or within the two lines after its parentheses close (C-like,
 *   Allman style too): up to the line where its braces close (braces in strings and comments on a line
 *   are not counted);
 * - else one that starts with `def`, `function`, `class` or `module` and opens no brace (Ruby, Lua,
 *   Elixir): up to the `end` line at its own indentation;
 * - else none: no rule applies.
 * A signature looks like a definition: not a statement (`if`, `for`, `return` …, or a line ending with
 * `;`: a call or a declaration); a Python one starts with `def`, `async def` or `class`; a brace one has
 * parentheses or a type keyword (`class`, `struct`, `interface`, `impl` …).
 *
 * What belongs to a definition above its signature, on both sides (issue 40: a replaced function whose
 * new text starts with its JSDoc kept the old JSDoc above it): line comments, decorators, annotations and
 * attributes at the signature's indentation, a block comment (`/** … *\/`, whose inner lines are indented
 * one more) whose first line is at it, and a decorator whose arguments run over several lines.
 */

const blank = (l: string) => l.trim() === '';
export const indentOf = (l: string) => l.length - l.trimStart().length;

/** A statement, not a definition, even with a block after it. */
const STATEMENT =
  /^(?:if|else|elif|for|foreach|while|switch|do|try|catch|except|finally|return|with|match|case|loop|unless|until|select|when|using|lock|unsafe|defer|go)\b/;
const PY_DEF = /^(?:async\s+)?def\s+\w|^class\s+\w/;
const TYPE_KEYWORD =
  /\b(?:class|struct|interface|enum|impl|trait|object|namespace|module|record|union|protocol|extension|type)\s+[A-Za-z_]/;
/** A signature whose body ends at an `end` line (Ruby, Lua, Elixir). */
const END_BLOCK = /^(?:def|defp|function|local\s+function|class|module)\s+[\w.:?!]+/;
/** A definition that holds other definitions: a class, a struct, an impl block … */
const CONTAINER =
  /^(?:(?:export|default|public|private|protected|internal|abstract|final|sealed|static|partial|data|open|pub(?:\([^)]*\))?|unsafe|declare)\s+)*(?:class|struct|interface|enum|impl|trait|object|namespace|module|record|protocol|extension)\b/;

/** Lines that belong to the definition under them: comments, decorators, annotations, attributes. */
export const LEAD =
  /^(?:\/\/|\/\*|\*|#(?!include\b|define\b|import\b|if|endif|pragma)|@\w|--\s|\[\s*[A-Za-z_][^\]]*\]\s*$)/;

/** The line could start a definition (see the header). */
export function looksLikeDefinition(line: string): boolean {
  const t = line.trim();
  if (STATEMENT.test(t) || t.startsWith('}') || LEAD.test(t)) return false;
  // A short line is too little to tell, but for a method's `name(args) {` (a JavaScript class's `ptz() {`).
  if (t.length < 8 && !/^[A-Za-z_$][\w$]*\s*\([^()]*\)\s*\{$/.test(t)) return false;
  if (t.endsWith(';')) return false;
  if (/:\s*(?:#.*)?$/.test(t) && !t.includes('{')) return PY_DEF.test(t);
  if (/^(?:async\s+)?def\s/.test(t)) return true;
  return t.includes('(') || TYPE_KEYWORD.test(t);
}

/** A signature of a definition that holds definitions (a class, not a function). */
export function isContainer(signature: string): boolean {
  const t = signature.trim();
  return /^class\s+\w/.test(t) || CONTAINER.test(t);
}

/** The depth of parentheses and brackets a line opens (negative: closes), strings left out. */
function parenDelta(line: string): number {
  let d = 0;
  for (const c of withoutStrings(line)) {
    if (c === '(' || c === '[') d++;
    else if (c === ')' || c === ']') d--;
  }
  return d;
}

/**
 * The first line at or after `i` that is not a lead line (see the header): the signature's line when
 * lead lines come before one. A block comment and a decorator over several lines count whole.
 */
export function leadEnd(lines: readonly string[], i: number, limit = lines.length): number {
  while (i < limit) {
    const t = lines[i]!.trim();
    if (!LEAD.test(t)) return i;
    if (t.startsWith('/*') && !t.includes('*/')) {
      let j = i + 1;
      while (j < limit && !lines[j]!.includes('*/')) j++;
      if (j >= limit) return i;
      i = j + 1;
      continue;
    }
    if (t.startsWith('@') && parenDelta(t) > 0) {
      let depth = parenDelta(t);
      let j = i + 1;
      while (j < limit && depth > 0) depth += parenDelta(lines[j++]!);
      if (depth > 0) return i;
      i = j;
      continue;
    }
    i++;
  }
  return i;
}

/** The first of the lead lines right above the signature at `sig` (see the header); `sig` when none. */
export function leadStart(file: readonly string[], sig: number, floor = 0): number {
  let h = sig;
  const ind = indentOf(file[sig]!);
  while (h > floor) {
    const l = file[h - 1]!;
    const t = l.trim();
    if (t === '') break;
    if (t.endsWith('*/')) {
      // A block comment: its first line, at the signature's indentation.
      let s = h - 1;
      while (s >= floor && !file[s]!.trim().startsWith('/*')) s--;
      if (s < floor || indentOf(file[s]!) !== ind) break;
      h = s;
      continue;
    }
    if (parenDelta(t) < 0) {
      // The end of a decorator whose arguments run over several lines: the `@` line that opens it.
      let depth = parenDelta(t);
      let s = h - 2;
      while (s >= floor && depth < 0) depth += parenDelta(file[s--]!);
      const at = s + 1;
      if (depth !== 0 || at < floor || !file[at]!.trim().startsWith('@') || indentOf(file[at]!) !== ind)
        break;
      h = at;
      continue;
    }
    if (LEAD.test(t) && indentOf(l) === ind) {
      h--;
      continue;
    }
    break;
  }
  return h;
}

/** One definition of a text: lines [head, end), its signature at `sig` (comments and decorators before). */
export interface Span {
  head: number;
  sig: number;
  end: number;
}

/**
 * The snippet as definitions and nothing else (blank lines between them), or null. Each definition's
 * signature looks like one, and its extent closes inside the snippet.
 */
export function definitionsOf(lines: readonly string[]): Span[] | null {
  const out: Span[] = [];
  let i = 0;
  while (i < lines.length) {
    if (blank(lines[i]!)) {
      i++;
      continue;
    }
    const head = i;
    i = leadEnd(lines, i);
    if (i >= lines.length || !looksLikeDefinition(lines[i]!)) return null;
    const end = extent(lines, i);
    if (end === null) return null;
    out.push({ head, sig: i, end });
    i = end;
  }
  return out.length > 0 ? out : null;
}

/** The head of a signature up to its first `(`, when that is long enough to name it. */
function headOf(signature: string): string | null {
  const t = signature.trim();
  const p = t.indexOf('(');
  if (p < 0) return null;
  const head = t.slice(0, p + 1);
  return /\w\s*\($/.test(head) && head.length >= 8 ? head : null;
}

/**
 * Where the file's definition of `signature` starts, between lines `lo` and `hi`: its line, 'none', or
 * 'several'. Its signature line, trimmed, once; when it is nowhere, its head up to the first `(`
 * (`def load(`, `public int Get(`: the signature changed, its name did not), once as a signature's head;
 * else its name, once among the definitions at the range's own level.
 */
export function findSignature(
  file: readonly string[],
  signature: string,
  lo = 0,
  hi = file.length,
): number | 'none' | 'several' {
  const t = signature.trim();
  const exact: number[] = [];
  for (let i = lo; i < hi; i++) if (file[i]!.trim() === t) exact.push(i);
  if (exact.length === 1) return exact[0]!;
  if (exact.length > 1) return 'several';
  const head = headOf(t);
  if (!head) return 'none';
  const byHead: number[] = [];
  for (let i = lo; i < hi; i++) {
    const l = file[i]!.trim();
    if (l.startsWith(head) && looksLikeDefinition(l)) byHead.push(i);
  }
  if (byHead.length === 1) return byHead[0]!;
  if (byHead.length > 1) return 'several';
  // Its name, once among the range's own definitions (at its least indentation): the words before it
  // changed (`add(number) {` made `static add(a, b) {`, Continue's calculator-stateless).
  const name = nameOf(t);
  if (!name || !looksLikeDefinition(t)) return 'none';
  let level = Number.POSITIVE_INFINITY;
  for (let i = lo; i < hi; i++) if (!blank(file[i]!)) level = Math.min(level, indentOf(file[i]!));
  const byName: number[] = [];
  for (let i = lo; i < hi; i++) {
    const l = file[i]!;
    if (indentOf(l) === level && looksLikeDefinition(l) && nameOf(l) === name) byName.push(i);
  }
  if (byName.length === 1) return byName[0]!;
  return byName.length > 1 ? 'several' : 'none';
}

/**
 * The name a signature defines: the word after `def`, `class`, `function` … or before its first `(`
 * (`async load(`, `public int Get(`), the variable an arrow function is given to; null when none.
 */
export function nameOf(signature: string): string | null {
  const t = signature.trim();
  const go = /^func\s+\([^)]*\)\s*([A-Za-z_]\w*)/.exec(t);
  if (go) return go[1]!;
  const kw =
    /\b(?:class|struct|interface|enum|impl|trait|object|namespace|module|record|union|protocol|extension|type|def|defp|defmodule|fn|func|function|sub|proc)\s*\*?\s+(?:<[^>]*>\s*)?([A-Za-z_$][\w$]*)/.exec(
      t,
    );
  if (kw) return kw[1]!;
  const bound = /^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/.exec(t);
  if (bound) return bound[1]!;
  const call = /([A-Za-z_$][\w$]*)\s*(?:<[^>(]*>)?\s*\(/.exec(t);
  return call ? call[1]! : null;
}

/**
 * The end (exclusive) of the definition whose signature is `lines[start]`, or null. Trailing blank lines
 * of a Python definition are not in it. Nothing at or after `limit` is looked at.
 */
export function extent(lines: readonly string[], start: number, limit = lines.length): number | null {
  const sig = lines[start]!;
  const base = indentOf(sig);
  const headEnd = signatureEnd(lines, start, limit);
  if (headEnd === null) return null;
  const last = lines[headEnd]!.trim();
  if (/:\s*(#.*)?$/.test(last) && !lines.slice(start, headEnd + 1).some((l) => l.includes('{'))) {
    let end = headEnd;
    for (let i = headEnd + 1; i < limit; i++) {
      const l = lines[i]!;
      if (blank(l)) continue;
      if (indentOf(l) <= base) break;
      end = i;
    }
    return end > headEnd ? end + 1 : null;
  }
  // Ruby, Lua, Elixir: `def name` / `function name()` … `end` at the signature's indentation.
  // (A brace on the signature, or alone on the line after it, is a C-like body: Allman style.)
  const allman = (lines[headEnd + 1] ?? '').trim().startsWith('{');
  if (
    END_BLOCK.test(sig.trim()) &&
    !allman &&
    !lines.slice(start, headEnd + 1).some((l) => l.includes('{'))
  ) {
    for (let i = headEnd + 1; i < limit; i++) {
      const l = lines[i]!;
      if (blank(l)) continue;
      if (indentOf(l) < base) return null;
      if (indentOf(l) === base) return /^end\b/.test(l.trim()) ? i + 1 : null;
    }
    return null;
  }
  let depth = 0;
  let opened = false;
  for (let i = start; i < limit; i++) {
    const code = withoutStrings(lines[i]!);
    for (const c of code) {
      if (c === '{') {
        depth++;
        opened = true;
      } else if (c === '}') {
        depth--;
        if (depth < 0) return null;
      }
    }
    if (opened && depth === 0) return i + 1;
    if (!opened && i - headEnd >= 2) return null;
  }
  return null;
}

/** The line where a signature's parentheses close (a signature over several lines), or null. */
function signatureEnd(lines: readonly string[], start: number, limit: number): number | null {
  let parens = 0;
  for (let i = start; i < limit && i - start < 40; i++) {
    parens += parenDelta(lines[i]!);
    if (parens <= 0) return i;
  }
  return null;
}

/**
 * A definition's lines in three: its header (the signature up to the line that opens its body), its
 * body, and the line that closes it (`}`, `end`; none in Python), as indexes [head, bodyFrom, bodyTo,
 * end); null when the body does not start on a line of its own (`class A { x = 1;`) or the closing line
 * holds more than the close.
 */
export interface Parts {
  bodyFrom: number;
  bodyTo: number;
  /** The closing line, or null (Python). */
  closer: number | null;
}

export function blockParts(lines: readonly string[], sig: number, end: number): Parts | null {
  const headEnd = signatureEnd(lines, sig, end);
  if (headEnd === null) return null;
  const last = lines[headEnd]!.trim();
  const braced = lines.slice(sig, end).some((l) => withoutStrings(l).includes('{'));
  if (/:\s*(#.*)?$/.test(last) && !lines.slice(sig, headEnd + 1).some((l) => l.includes('{')))
    return { bodyFrom: headEnd + 1, bodyTo: end, closer: null };
  const closeLine = lines[end - 1]!.trim();
  if (!braced || END_BLOCK.test(lines[sig]!.trim())) {
    if (/^end\b/.test(closeLine) && end - 1 > headEnd)
      return { bodyFrom: headEnd + 1, bodyTo: end - 1, closer: end - 1 };
    if (!braced) return null;
  }
  // The line that opens the body: the first `{`, which must end its line.
  let open = -1;
  for (let i = sig; i < end; i++) {
    const code = withoutStrings(lines[i]!);
    const at = code.indexOf('{');
    if (at < 0) continue;
    if (code.slice(at + 1).trim() !== '') return null;
    open = i;
    break;
  }
  if (open < 0 || open >= end - 1) return null;
  if (!/^\}[\s;,)\]]*(?:\/\/.*)?$/.test(withoutStrings(closeLine).trim())) return null;
  return { bodyFrom: open + 1, bodyTo: end - 1, closer: end - 1 };
}

/**
 * The definitions directly inside a definition's body (a class's methods): at the indentation of the
 * body's least indented line, each with its extent. Lines between them are not looked into.
 */
export function membersOf(lines: readonly string[], from: number, to: number): Span[] {
  const out: Span[] = [];
  // The body's own level: its least indented line.
  let level = Number.POSITIVE_INFINITY;
  for (let i = from; i < to; i++) if (!blank(lines[i]!)) level = Math.min(level, indentOf(lines[i]!));
  let i = from;
  while (i < to) {
    const l = lines[i]!;
    if (blank(l)) {
      i++;
      continue;
    }
    if (indentOf(l) !== level) {
      i++;
      continue;
    }
    const sig = leadEnd(lines, i, to);
    if (sig < to && looksLikeDefinition(lines[sig]!)) {
      const end = extent(lines, sig, to);
      if (end !== null) {
        out.push({ head: i, sig, end });
        i = end;
        continue;
      }
    }
    i = Math.max(sig, i + 1);
  }
  return out;
}

/** A line without its string literals and comments, for counting braces. */
export function withoutStrings(line: string): string {
  return line
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""')
    .replace(/\/\/.*$/, '')
    .replace(/\/\*.*?\*\//g, '');
}
