/**
 * A snippet that is one whole definition (issue 26): a reply that shows one function, method or class for
 * a file that holds more means that definition, not the whole file — written as the file, it would delete
 * every other line. When the snippet's first line (its signature) is in the file exactly once, the
 * definition that starts there is replaced by the snippet, and the rest of the file stays.
 *
 * A definition's extent, the same rule for the snippet and for the file:
 * - a signature that ends with `:` (Python): it and the lines after it that are blank or indented more;
 * - else one that opens a `{` on its line or within the next two (C-like, Allman style too): up to the
 *   line where its braces close (braces in strings and comments on a line are not counted);
 * - else none: no rule applies.
 * Applied only when all of it holds: the snippet is one definition and nothing after it; the signature
 * is in the file once; the file's definition there closes, and the file has other code outside it (else
 * the snippet simply is the file). The review says which lines were replaced.
 */

export interface DefinitionReplaced {
  lines: string[];
  /** 1-based, inclusive lines of the file the snippet replaced. */
  from: number;
  to: number;
}

const blank = (l: string) => l.trim() === '';
const indentOf = (l: string) => l.length - l.trimStart().length;

/** The snippet put in place of the definition its signature names in `file`, or null. */
export function replaceDefinition(
  file: readonly string[],
  snippet: readonly string[],
): DefinitionReplaced | null {
  let s0 = 0;
  while (s0 < snippet.length && blank(snippet[s0]!)) s0++;
  if (s0 >= snippet.length) return null;
  let sEnd = snippet.length;
  while (sEnd > s0 && blank(snippet[sEnd - 1]!)) sEnd--;
  const own = extent(snippet, s0);
  // The snippet is one definition and nothing more.
  if (own === null || own !== sEnd) return null;
  const signature = snippet[s0]!.trim();
  if (signature.length < 8) return null;
  const places: number[] = [];
  for (let i = 0; i < file.length; i++) if (file[i]!.trim() === signature) places.push(i);
  if (places.length !== 1) return null;
  const p = places[0]!;
  const end = extent(file, p);
  if (end === null) return null;
  // The file holds other code: otherwise the snippet is the whole file, written as it is.
  const outside = [...file.slice(0, p), ...file.slice(end)].some((l) => !blank(l));
  if (!outside) return null;
  // The line after the file's definition is not inside it (a sanity check of the extent).
  const next = file.slice(end).find((l) => !blank(l));
  if (next !== undefined && indentOf(next) > indentOf(file[p]!)) return null;
  // As the file indents the signature: the snippet's own indentation of it becomes the file's.
  const fileIndent = file[p]!.slice(0, indentOf(file[p]!));
  const snipIndent = snippet[s0]!.slice(0, indentOf(snippet[s0]!));
  const body: string[] = [];
  for (const l of snippet.slice(s0, sEnd)) {
    if (blank(l)) body.push(l);
    else if (l.startsWith(snipIndent)) body.push(fileIndent + l.slice(snipIndent.length));
    else return null;
  }
  return { lines: [...file.slice(0, p), ...body, ...file.slice(end)], from: p + 1, to: end };
}

/** The end (exclusive) of the definition whose signature is `lines[start]`, or null. */
function extent(lines: readonly string[], start: number): number | null {
  const sig = lines[start]!;
  const base = indentOf(sig);
  if (/:\s*(#.*)?$/.test(sig.trim()) && !sig.includes('{')) {
    let last = start;
    for (let i = start + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (blank(l)) continue;
      if (indentOf(l) <= base) break;
      last = i;
    }
    return last > start ? last + 1 : null;
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
    if (!opened && i - start >= 2) return null;
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
