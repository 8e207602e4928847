/**
 * Snippets that are whole definitions (issue 26): a reply that shows one or more functions, methods or
 * classes for a file that holds more means those definitions, not the whole file — written as the file,
 * it would delete every other line. Each definition of the snippet whose signature (its first line) is
 * in the file exactly once replaces the file's definition that starts there; the rest of the file stays.
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
 * A signature looks like a definition: not a statement (`if`, `for`, `return` …); a Python one starts
 * with `def`, `async def` or `class`; a brace one has parentheses or a type keyword (`class`, `struct`,
 * `interface`, `impl` …). Comment, decorator and attribute lines right above a signature belong to it.
 *
 * How the file's definition is found, for each of the snippet's: its signature line, trimmed, once in the
 * file; when it is nowhere, its head up to the first `(` (`def load(`, `public int Get(`: the signature
 * changed, its name did not), once in the file as a signature's head. Twice: no rule. Not at all: a new
 * definition, placed right after the snippet's definition before it (or right before the one after it),
 * which the file must have. At least one must be found.
 *
 * Applied only when all of it holds: the snippet is definitions and nothing else; every one found is
 * found once and closes in the file; no two overlap; the file has other code outside them (else the
 * snippet simply is the file). The review says which lines were replaced.
 */

import { keepsLines } from './elisions';
import { isPlaceholderLine } from './placeholder';

export interface DefinitionReplaced {
  lines: string[];
  /** 1-based, inclusive lines of the file the snippet's first found definition replaced. */
  from: number;
  to: number;
  /** Every definition of the file replaced (1-based, inclusive lines), in the snippet's order. */
  replaced: { from: number; to: number; signature: string }[];
  /** Definitions the file did not have, with the 1-based file line they were put after (0: the start). */
  added: { signature: string; after: number }[];
}

/** One definition of a text: lines [head, end), its signature at `sig` (comments and decorators before). */
export interface Span {
  head: number;
  sig: number;
  end: number;
}

const blank = (l: string) => l.trim() === '';
const indentOf = (l: string) => l.length - l.trimStart().length;

/** A statement, not a definition, even with a block after it. */
const STATEMENT =
  /^(?:if|else|elif|for|foreach|while|switch|do|try|catch|except|finally|return|with|match|case|loop|unless|until|select|when|using|lock|unsafe|defer|go)\b/;
const PY_DEF = /^(?:async\s+)?def\s+\w|^class\s+\w/;
const TYPE_KEYWORD =
  /\b(?:class|struct|interface|enum|impl|trait|object|namespace|module|record|union|protocol|extension|type)\s+[A-Za-z_]/;
/** A signature whose body ends at an `end` line (Ruby, Lua, Elixir). */
const END_BLOCK = /^(?:def|defp|function|local\s+function|class|module)\s+[\w.:?!]+/;

/** Lines that belong to the definition under them: comments, decorators, annotations, attributes. */
const LEAD =
  /^(?:\/\/|\/\*|\*|#(?!include\b|define\b|import\b|if|endif|pragma)|@\w|--\s|\[\s*[A-Za-z_][^\]]*\]\s*$)/;

/** The line could start a definition (see the header). */
export function looksLikeDefinition(line: string): boolean {
  const t = line.trim();
  if (t.length < 8 || STATEMENT.test(t) || t.startsWith('}') || LEAD.test(t)) return false;
  if (/:\s*(?:#.*)?$/.test(t) && !t.includes('{')) return PY_DEF.test(t);
  if (/^(?:async\s+)?def\s/.test(t)) return true;
  return t.includes('(') || TYPE_KEYWORD.test(t);
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
    while (i < lines.length && LEAD.test(lines[i]!.trim())) i++;
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

/** Where the file's definition of `signature` starts: its line, 'none', or 'several'. */
function findSignature(file: readonly string[], signature: string): number | 'none' | 'several' {
  const t = signature.trim();
  const exact: number[] = [];
  for (let i = 0; i < file.length; i++) if (file[i]!.trim() === t) exact.push(i);
  if (exact.length === 1) return exact[0]!;
  if (exact.length > 1) return 'several';
  const head = headOf(t);
  if (!head) return 'none';
  const byHead: number[] = [];
  for (let i = 0; i < file.length; i++) {
    const l = file[i]!.trim();
    if (l.startsWith(head) && looksLikeDefinition(l)) byHead.push(i);
  }
  if (byHead.length === 1) return byHead[0]!;
  return byHead.length > 1 ? 'several' : 'none';
}

/** The comment and decorator lines right above the file's signature at `sig`, at its indentation. */
function leadStart(file: readonly string[], sig: number): number {
  let h = sig;
  const ind = indentOf(file[sig]!);
  while (h > 0 && LEAD.test(file[h - 1]!.trim()) && indentOf(file[h - 1]!) === ind) h--;
  return h;
}

/** The snippet put in place of the definitions its signatures name in `file`, or null. */
export function replaceDefinition(
  file: readonly string[],
  snippet: readonly string[],
  { whole = false }: { whole?: boolean } = {},
): DefinitionReplaced | null {
  const defs = definitionsOf(snippet);
  if (!defs) return null;
  interface Placed {
    def: Span;
    at: number | null;
    fileHead: number;
    fileEnd: number;
    fileIndent: string;
  }
  const placed: Placed[] = [];
  for (const def of defs) {
    const at = findSignature(file, snippet[def.sig]!);
    if (at === 'several') return null;
    if (at === 'none') {
      placed.push({ def, at: null, fileHead: -1, fileEnd: -1, fileIndent: '' });
      continue;
    }
    const end = extent(file, at);
    if (end === null) return null;
    // The line after the file's definition is not inside it (a sanity check of the extent).
    const next = file.slice(end).find((l) => !blank(l));
    if (next !== undefined && indentOf(next) > indentOf(file[at]!)) return null;
    // The snippet's own comments and decorators replace the file's; without any, the file keeps its own.
    const fileHead = def.head < def.sig ? leadStart(file, at) : at;
    placed.push({ def, at, fileHead, fileEnd: end, fileIndent: file[at]!.slice(0, indentOf(file[at]!)) });
  }
  const found = placed.filter((p) => p.at !== null);
  if (found.length === 0) return null;
  // No two of the file's definitions overlap.
  const byLine = [...found].sort((a, b) => a.fileHead - b.fileHead);
  for (let k = 1; k < byLine.length; k++) if (byLine[k]!.fileHead < byLine[k - 1]!.fileEnd) return null;
  // The file holds other code: otherwise the snippet is the whole file, written as it is.
  const covered = new Set<number>();
  for (const p of found) for (let i = p.fileHead; i < p.fileEnd; i++) covered.add(i);
  // (`whole`: the caller knows the snippet is a part, so a file that is only these definitions is too.)
  if (!whole && !file.some((l, i) => !covered.has(i) && !blank(l))) return null;

  /** The snippet's lines of a definition, indented as the file indents `indent`'s definition. */
  const reindent = (def: Span, indent: string): string[] | null => {
    const snipIndent = snippet[def.sig]!.slice(0, indentOf(snippet[def.sig]!));
    const out: string[] = [];
    for (const l of snippet.slice(def.head, def.end)) {
      if (blank(l)) out.push(l);
      else if (l.startsWith(snipIndent)) out.push(indent + l.slice(snipIndent.length));
      else return null;
    }
    while (out.length > 0 && blank(out[out.length - 1]!)) out.pop();
    return out;
  };

  // New definitions go after the found one before them in the snippet, or before the first found one.
  const inserts = new Map<number, string[][]>();
  const added: DefinitionReplaced['added'] = [];
  const replacement = new Map<number, { end: number; lines: string[] }>();
  let anchor: Placed | undefined;
  const pending: Placed[] = [];
  const put = (where: number, indent: string, news: Placed[], before: boolean): boolean => {
    for (const n of news) {
      const body = reindent(n.def, indent);
      if (!body) return false;
      const list = inserts.get(where) ?? [];
      if (before) list.push([...body, '']);
      else list.push(['', ...body]);
      inserts.set(where, list);
      added.push({ signature: snippet[n.def.sig]!.trim(), after: where });
    }
    return true;
  };
  for (const p of placed) {
    if (p.at === null) {
      if (anchor) {
        if (!put(anchor.fileEnd, anchor.fileIndent, [p], false)) return null;
      } else pending.push(p);
      continue;
    }
    const body = reindent(p.def, p.fileIndent);
    if (!body) return null;
    replacement.set(p.fileHead, { end: p.fileEnd, lines: body });
    if (!anchor && pending.length > 0 && !put(p.fileHead, p.fileIndent, pending, true)) return null;
    anchor = p;
  }

  const lines: string[] = [];
  for (let i = 0; i <= file.length; i++) {
    const ins = inserts.get(i);
    // Inserted before `i`: after the definition ending there, or before the one starting there.
    if (ins) for (const block of ins) lines.push(...block);
    if (i === file.length) break;
    const r = replacement.get(i);
    if (r) {
      lines.push(...r.lines);
      // The file's blank lines at the end of its definition stay as they were.
      let j = r.end;
      while (j > i && blank(file[j - 1]!)) j--;
      for (let b = j; b < r.end; b++) lines.push(file[b]!);
      i = r.end - 1;
      continue;
    }
    lines.push(file[i]!);
  }
  const replaced = found.map((p) => ({
    from: p.fileHead + 1,
    to: lastNonBlank(file, p.fileHead, p.fileEnd) + 1,
    signature: snippet[p.def.sig]!.trim(),
  }));
  return { lines, from: replaced[0]!.from, to: replaced[0]!.to, replaced, added };
}

function lastNonBlank(lines: readonly string[], from: number, end: number): number {
  let j = end - 1;
  while (j > from && blank(lines[j]!)) j--;
  return j;
}

/**
 * The end (exclusive) of the definition whose signature is `lines[start]`, or null. Trailing blank lines
 * of a Python definition are not in it.
 */
function extent(lines: readonly string[], start: number): number | null {
  const sig = lines[start]!;
  const base = indentOf(sig);
  // The signature's parentheses close first (a signature over several lines).
  let headEnd = start;
  let parens = 0;
  for (let i = start; i < lines.length && i - start < 40; i++) {
    for (const c of withoutStrings(lines[i]!)) {
      if (c === '(' || c === '[') parens++;
      else if (c === ')' || c === ']') parens--;
    }
    headEnd = i;
    if (parens <= 0) break;
  }
  if (parens > 0) return null;
  const last = lines[headEnd]!.trim();
  if (/:\s*(#.*)?$/.test(last) && !lines.slice(start, headEnd + 1).some((l) => l.includes('{'))) {
    let end = headEnd;
    for (let i = headEnd + 1; i < lines.length; i++) {
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
    for (let i = headEnd + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (blank(l)) continue;
      if (indentOf(l) < base) return null;
      if (indentOf(l) === base) return /^end\b/.test(l.trim()) ? i + 1 : null;
    }
    return null;
  }
  let depth = 0;
  let opened = false;
  for (let i = start; i < lines.length; i++) {
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

/** A line without its string literals and comments, for counting braces. */
function withoutStrings(line: string): string {
  return line
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""')
    .replace(/\/\/.*$/, '')
    .replace(/\/\*.*?\*\//g, '');
}

/** What the review and the CLI say about a replacement (`path`: the file, as the reply names it). */
export function definitionNote(def: DefinitionReplaced, path: string): string {
  const cut = (s: string) => `"${s.length > 80 ? `${s.slice(0, 79)}…` : s}"`;
  const n = def.replaced.length + def.added.length;
  if (n === 1) {
    const r = def.replaced[0]!;
    return `The reply's text for ${path} is one definition (${cut(r.signature)}): it replaces that definition (lines ${r.from}–${r.to}), and the rest of the file stays.`;
  }
  const parts = def.replaced.map((r) => `${cut(r.signature)} (lines ${r.from}–${r.to})`);
  const adds = def.added.map(
    (a) => `${cut(a.signature)} ${a.after === 0 ? 'at the start' : `after line ${a.after}`}`,
  );
  const list = (xs: string[]) =>
    xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
  return `The reply's text for ${path} is ${n} definitions: it replaces ${list(parts)}${adds.length > 0 ? `, and adds ${list(adds)}, which the file does not have` : ''}; the rest of the file stays.`;
}

/**
 * The lines between a text's leading and trailing elision comments (each saying the file's lines stay,
 * blank lines around them aside), when it has at least one of them and nothing else is elided; else null.
 */
export function betweenElisions(lines: readonly string[]): string[] | null {
  let lo = 0;
  let hi = lines.length;
  const skipBlank = () => {
    while (lo < hi && lines[lo]!.trim() === '') lo++;
    while (hi > lo && lines[hi - 1]!.trim() === '') hi--;
  };
  skipBlank();
  let cut = 0;
  while (lo < hi && isPlaceholderLine(lines[lo]!) && keepsLines(lines[lo]!.trim())) {
    lo++;
    cut++;
    skipBlank();
  }
  while (hi > lo && isPlaceholderLine(lines[hi - 1]!) && keepsLines(lines[hi - 1]!.trim())) {
    hi--;
    cut++;
    skipBlank();
  }
  const inner = lines.slice(lo, hi);
  if (cut === 0 || inner.length === 0 || inner.some(isPlaceholderLine)) return null;
  return inner;
}

/** Definitions between elision comments (`betweenElisions`) put in place of their namesakes, or null. */
export function replaceElidedDefinitions(
  file: readonly string[],
  lines: readonly string[],
): DefinitionReplaced | null {
  const inner = betweenElisions(lines);
  return inner ? replaceDefinition(file, inner, { whole: true }) : null;
}
