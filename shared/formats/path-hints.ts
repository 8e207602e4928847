/**
 * Recognising a file path that a model wrote near a code block: on its own line before the fence,
 * in the fence's info string, or inside a sentence. Shared by the whole-file, SEARCH/REPLACE and diff
 * readers, which all have to answer "which file does this block belong to?".
 *
 * A token counts as a path only when it has no spaces and either contains a `/` or ends in a dot
 * extension that starts with a letter (`a.py`, `src/x.d.ts`, `.env`), or is one of the usual
 * extension-less file names (`Makefile`, `Dockerfile`). That keeps words such as `Output`,
 * `Example`, version numbers (`v1.2`) and URLs from becoming file names.
 * These functions only recognise; `normalizePath` (run centrally by the registry) decides safety.
 *
 * Precedence of the hints, the one place it is written (`HINT_ORDER`; `bestHint` picks): when a block
 * has several hints, the first kind in this list wins.
 *   1. `info`     — the info string names a path: `ts src/a.ts`, `src/a.ts`, `title="a.ts"`. Stated.
 *   2. `line`     — a line holding only a path right above the fence (`src/a.ts`, `**File:** a.ts`). Stated.
 *   3. `word`     — a bare word alone right above (`file1`, aider's extension-less names). A guess.
 *   4. `comment`  — the block's first line is a comment holding only a path (`// src/a.ts`). A guess.
 *   5. `sentence` — the sentence before the fence names exactly one path in backticks. A guess.
 *   6. `language` — the info string's first word is a language that is also a file's name
 *                   (```` ```dockerfile ````, ```` ```makefile ````): CommonMark makes the first word the
 *                   language, so it names a file only when nothing else does, as a guess, spelled as such
 *                   files are (`Dockerfile`). A real reply had `.devcontainer/Dockerfile` above a
 *                   ```` ```dockerfile ```` fence: the path line is the file, not `dockerfile` at the root.
 * Each reader collects the hints it reads (SEARCH/REPLACE reads no comment or sentence: aider's blocks
 * name their file on a line) and takes `bestHint`; a guess is offered unticked and never creates a file.
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
    // The first word is the language (```dockerfile): see `language` in the header.
    if (i === 0 && KNOWN_NAMES.has(w.toLowerCase())) continue;
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
  // `@scope/name` in prose is an npm package (`@tauri-apps/plugin-fs`, corpus unprompted/049), and
  // `@/components/x.vue` an import alias: neither is a file of the project as written.
  for (let m = re.exec(line); m; m = re.exec(line))
    if (isPathToken(m[1]!) && !m[1]!.startsWith('@')) found.add(m[1]!);
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

/** How each known extension-less name is spelled as a file, for `fileOfLanguage`. */
const USUAL_SPELLING: Record<string, string> = {
  makefile: 'Makefile',
  dockerfile: 'Dockerfile',
  containerfile: 'Containerfile',
  procfile: 'Procfile',
  gemfile: 'Gemfile',
  rakefile: 'Rakefile',
  vagrantfile: 'Vagrantfile',
  jenkinsfile: 'Jenkinsfile',
  brewfile: 'Brewfile',
  justfile: 'justfile',
  codeowners: 'CODEOWNERS',
};

/** The file a fence's language names (```` ```dockerfile ```` → `Dockerfile`); null for other languages. */
export function fileOfLanguage(info: string): string | null {
  const first = stripDressing(info.trim().split(/\s+/, 1)[0] ?? '');
  return USUAL_SPELLING[first.toLowerCase()] ?? null;
}

export type HintKind = 'info' | 'line' | 'word' | 'comment' | 'sentence' | 'language';

/** The precedence of the header, strongest first. */
export const HINT_ORDER: readonly HintKind[] = ['info', 'line', 'word', 'comment', 'sentence', 'language'];

/** Hints that only guess: the op is offered unticked and applies only to a file that exists. */
export const GUESS_HINTS: ReadonlySet<HintKind> = new Set(['word', 'comment', 'sentence', 'language']);

export interface PathHint {
  kind: HintKind;
  path: string;
  /** 0-based reply line it was read from. */
  line: number;
}

/** The hint that names the block's file, by `HINT_ORDER`; null when there is none. */
export function bestHint(hints: ReadonlyArray<PathHint | null>): PathHint | null {
  let best: PathHint | null = null;
  for (const h of hints) {
    if (h && (best === null || HINT_ORDER.indexOf(h.kind) < HINT_ORDER.indexOf(best.kind))) best = h;
  }
  return best;
}
