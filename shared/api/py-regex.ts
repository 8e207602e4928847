/**
 * Python's `re` as ChatGPT's canvas uses it: `canmore.update_textdoc` gives each update a `pattern`
 * (used with `re.finditer`) and a `replacement` (used with `re.Match.expand`), per the tool's own
 * description; code documents are rewritten with the pattern `.*`, which covers the whole text only
 * with DOTALL — so patterns are run with `s` (and without `m`).
 *
 * The pattern is translated to JavaScript where the two differ: `(?P<n>…)` → `(?<n>…)`, `(?P=n)` →
 * `\k<n>`, `\A` → `^`, `\Z` → `$(?![\s\S])`; a construct JavaScript reads otherwise (inline flags other
 * than a leading `(?i)`/`(?s)`, possessive or atomic groups, `\G`) is an error, never a guess. The
 * replacement is expanded as Python does: `\1`…`\99`, `\g<n>`, `\g<name>`, the escapes `\n \t \r \f \v
 * \a \b \\` and `\0`/octal; any other backslash and a letter is an error (Python's "bad escape"), any
 * other backslash stays as written.
 */

export class PyRegexError extends Error {}

export function pyPatternToJs(pattern: string): RegExp {
  let flags = 'su';
  let src = pattern;
  const lead = /^\(\?([aiLmsux]+)\)/.exec(src);
  if (lead) {
    for (const f of lead[1]!) {
      if (f === 'i') flags += 'i';
      else if (f === 'm') flags += 'm';
      else if (f !== 's' && f !== 'u')
        throw new PyRegexError(`the inline flag (?${f}) has no JavaScript equivalent`);
    }
    src = src.slice(lead[0].length);
  }
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) throw new PyRegexError('the pattern ends with a backslash');
      if (!inClass && n === 'A') out += '^';
      else if (!inClass && n === 'Z') out += '$(?![\\s\\S])';
      else if (n === 'G') throw new PyRegexError('\\G has no JavaScript equivalent');
      // Python lets any punctuation be escaped (`\"`, `\'`, `\:`); JavaScript's unicode mode only its own
      // syntax characters: the others are written as the code point they stand for.
      else if (!/[A-Za-z0-9]/.test(n) && !'^$\\.*+?()[]{}|/'.includes(n) && !(n === '-' && inClass))
        out += `\\u{${n.codePointAt(0)!.toString(16)}}`;
      else out += c + n;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A `]` right after `[` or `[^` is a literal in both.
      if (src[i + 1] === '^') out += src[++i];
      if (src[i + 1] === ']') out += `\\${src[++i]}`;
      continue;
    }
    if (c === '(' && src[i + 1] === '?') {
      const rest = src.slice(i + 2);
      const named = /^P<([A-Za-z_]\w*)>/.exec(rest);
      if (named) {
        out += `(?<${named[1]}>`;
        i += 1 + named[0].length;
        continue;
      }
      const back = /^P=([A-Za-z_]\w*)\)/.exec(rest);
      if (back) {
        out += `\\k<${back[1]}>`;
        i += 1 + back[0].length;
        continue;
      }
      if (/^[:=!]|^<[=!]/.test(rest)) {
        out += c;
        continue;
      }
      throw new PyRegexError(`the group "(?${rest.slice(0, 2)}" has no JavaScript equivalent`);
    }
    if ((c === '+' || c === '*' || c === '?' || c === '}') && src[i + 1] === '+')
      throw new PyRegexError('possessive quantifiers have no JavaScript equivalent');
    out += c;
  }
  try {
    return new RegExp(out, `${flags}g`);
  } catch (err) {
    throw new PyRegexError(`not a pattern JavaScript can run (${(err as Error).message})`);
  }
}

const SIMPLE: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  f: '\f',
  v: '\v',
  a: '\x07',
  b: '\b',
  '\\': '\\',
};

/** `Match.expand(template)`, for a match made by `pyPatternToJs`'s RegExp. */
export function expandPyTemplate(template: string, m: RegExpExecArray): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = template[i + 1];
    if (n === undefined) throw new PyRegexError('the replacement ends with a backslash');
    if (n === 'g') {
      const ref = /^g<([^>]*)>/.exec(template.slice(i + 1));
      if (!ref) throw new PyRegexError('\\g without <group> in the replacement');
      const name = ref[1]!;
      const value = /^\d+$/.test(name) ? group(m, Number(name)) : m.groups?.[name];
      if (value === undefined && !(m.groups && name in m.groups) && !/^\d+$/.test(name))
        throw new PyRegexError(`the replacement names the group "${name}", which the pattern does not have`);
      out += value ?? '';
      i += ref[0].length;
      continue;
    }
    if (n >= '1' && n <= '9') {
      const two = template[i + 2];
      const num = two !== undefined && two >= '0' && two <= '9' ? Number(n + two) : Number(n);
      out += group(m, num);
      i += String(num).length;
      continue;
    }
    if (n === '0') {
      const oct = /^0[0-7]{0,2}/.exec(template.slice(i + 1))![0];
      out += String.fromCharCode(Number.parseInt(oct, 8));
      i += oct.length;
      continue;
    }
    if (n in SIMPLE) {
      out += SIMPLE[n];
      i++;
      continue;
    }
    if (/[A-Za-z]/.test(n)) throw new PyRegexError(`bad escape \\${n} in the replacement`);
    out += c + n;
    i++;
  }
  return out;
}

function group(m: RegExpExecArray, n: number): string {
  if (n >= m.length)
    throw new PyRegexError(`the replacement refers to group ${n}, which the pattern does not have`);
  return m[n] ?? '';
}

/**
 * One canvas update: the first match of `pattern` (or every one, `multiple`) replaced by the expanded
 * `replacement`. Null when the pattern does not match (the canvas then reports a failure too).
 */
export function pySub(text: string, pattern: string, replacement: string, multiple: boolean): string | null {
  const re = pyPatternToJs(pattern);
  let out = '';
  let last = 0;
  let found = false;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    found = true;
    out += text.slice(last, m.index) + expandPyTemplate(replacement, m);
    last = m.index + m[0].length;
    if (m[0].length === 0) re.lastIndex++;
    if (!multiple) break;
    // An empty match at the very end, after a match that reached it (`.*` with `multiple`): Python 3.7+
    // would add the replacement a second time there; the document meant is the one rewrite.
    if (m[0].length > 0 && re.lastIndex >= text.length) break;
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
