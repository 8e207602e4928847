/**
 * Recognising a file path that a model wrote near a code block: on its own line before the fence,
 * in the fence's info string, or inside a sentence. Shared by the whole-file and SEARCH/REPLACE
 * readers, which both have to answer "which file does this block belong to?".
 *
 * A token counts as a path only when it has no spaces and either contains a `/` or ends in a dot
 * extension that starts with a letter (`a.py`, `src/x.d.ts`, `.env`), or is one of the usual
 * extension-less file names (`Makefile`, `Dockerfile`). That keeps words such as `Output`,
 * `Example`, version numbers (`v1.2`) and URLs from becoming file names.
 * These functions only recognise; `normalizePath` (run centrally by the registry) decides safety.
 */

/** Extension-less names that are clearly files (a bare word like `Output` is not). */
const KNOWN_NAMES = new Set([
  'makefile',
  'dockerfile',
  'containerfile',
  'procfile',
  'gemfile',
  'rakefile',
  'vagrantfile',
  'jenkinsfile',
  'brewfile',
  'justfile',
  'codeowners',
]);

/** Characters a path token may not contain (shell/markup punctuation, quotes, whitespace). */
const FORBIDDEN = /[\s<>|"'`*?,;{}=]/;

/** True when `token` looks like a file path (see the header for the rule). */
export function isPathToken(token: string): boolean {
  if (token.length === 0 || token.length > 300 || FORBIDDEN.test(token)) return false;
  if (token.includes('://')) return false;
  if (token.endsWith('/') || token.endsWith('.') || token.endsWith(':')) return false;
  const base = token.slice(token.lastIndexOf('/') + 1);
  if (KNOWN_NAMES.has(base.toLowerCase())) return true;
  const dot = base.lastIndexOf('.');
  if (dot >= 0 && /^[A-Za-z][A-Za-z0-9_+-]{0,15}$/.test(base.slice(dot + 1))) return true;
  // A slash alone is enough (`src/bin/tool`), but not a fraction or a bare `a/b` of digits.
  return token.includes('/') && /[A-Za-z]/.test(base);
}

/**
 * The path written alone on a line, in any of the dressings models use:
 * `src/a.ts`, `**src/a.ts**`, `` `src/a.ts` ``, `### src/a.ts`, `File: src/a.ts`,
 * `**File:** src/a.ts`, `#### File: \`src/a.ts\``, `src/a.ts:`, `- src/a.ts`, `2. src/a.ts`,
 * `**src/a.ts** (new file)`. Null when the line holds anything else (a sentence, two tokens).
 */
export function pathFromLine(line: string): string | null {
  let s = line.trim();
  if (s.length === 0 || s.length > 400) return null;
  s = s.replace(/^#{1,6}\s+/, '');
  s = s.replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, '');
  s = stripDressing(s);
  // `File: x`, `Filename: x`, `Path: x`, also written bold (`**File:** x`, `**File**: x`).
  const label = /^[*_]{0,2}(?:file ?name|file ?path|file|path)[*_]{0,2}\s*:\s*[*_]{0,2}\s*/i.exec(s);
  if (label) s = stripDressing(s.slice(label[0].length));
  if (s.endsWith(':')) s = stripDressing(s.slice(0, -1));
  // A short note after the path: `**src/a.ts** (new file)`, `src/a.ts (updated):`.
  const note = /\s+\([^()]{1,40}\)$/.exec(s);
  if (note) s = stripDressing(s.slice(0, note.index));
  return isPathToken(s) ? s : null;
}

/**
 * The path in a fence info string: `ts src/a.ts`, `src/a.ts`, `python:src/a.py`,
 * `tsx title="src/a.tsx"`, `js filename=src/a.js`, `path=src/a.js`, `file="a b/c.ts"` is refused
 * (spaces). Null when no token of the info string is a path.
 */
export function pathFromInfo(info: string): string | null {
  // Info strings are a few words; a huge one is not worth reading word by word.
  if (info.length > 1000) return null;
  const attr = /\b(?:title|filename|file|path)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/i.exec(info);
  if (attr) {
    const value = (attr[1] ?? attr[2] ?? attr[3] ?? '').trim();
    return isPathToken(value) ? value : null;
  }
  const words = info.split(/\s+/).filter((w) => w.length > 0);
  for (let i = 0; i < words.length; i++) {
    let w = stripDressing(words[i]!);
    // `python:src/main.py` (the language, a colon, then the path).
    if (i === 0 && /^[A-Za-z0-9_+#-]+:./.test(w) && !w.includes('://')) w = w.slice(w.indexOf(':') + 1);
    if (isPathToken(w)) return w;
  }
  return null;
}

/**
 * The one path named in backticks in a sentence that introduces a code block ("Here is the
 * updated `src/a.py`:"). Null when the sentence names none or several different ones.
 */
export function pathFromSentence(line: string): string | null {
  if (line.length > 1000) return null;
  const found = new Set<string>();
  const re = /`([^`\s]{1,300})`/g;
  for (let m = re.exec(line); m; m = re.exec(line)) if (isPathToken(m[1]!)) found.add(m[1]!);
  return found.size === 1 ? [...found][0]! : null;
}

/** Remove one layer of `**`, `__`, `*`, `_` and backticks around a token, repeatedly. */
function stripDressing(s: string): string {
  let prev = '';
  let t = s.trim();
  while (t !== prev) {
    prev = t;
    for (const d of ['**', '__', '`', '*', '_']) {
      if (t.length > 2 * d.length && t.startsWith(d) && t.endsWith(d))
        t = t.slice(d.length, -d.length).trim();
    }
  }
  return t;
}
