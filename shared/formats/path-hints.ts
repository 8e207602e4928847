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
 * has several hints, the first kind in this list wins. Stated kinds come before guesses; among each, the
 * hint nearer to the code wins, since text further up may be about something else.
 *   1. `info`     — the info string names a path: `ts src/a.ts`, `src/a.ts`, `title="a.ts"`. Stated.
 *   2. `line`     — a line holding only a path right above the fence (`src/a.ts`, `**File:** a.ts`, a link
 *                   `### [a.vue](file:///Users/me/p/a.vue)`). Stated.
 *   3. `label`    — such a line two lines above, when the line between only says the code follows
 *                   (``**File to edit:** `a.xml` ``, then `**Correct Content:**`). Stated: that line says
 *                   "this is its content". It reaches across one such line and nothing else: prose between
 *                   may introduce an example, and a name two paragraphs up is no name of this block.
 *                   Never beside `line` (the line above is a label, not a path).
 *   4. `new-file` — the sentence right above says the block is a new file and names it ("Create a new
 *                   file `src/a.ts`:", "Here's the new component, `Foo.vue`:"; see `newFileOfSentence`).
 *                   Stated, as a new file only (`ifExists: 'fail'`): the reply says it does not exist yet.
 *                   Read from the line a `sentence` is, in its place.
 *   5. `editor-link` — a heading that is an editor's link to the file (`### [a.vue](file:///…/a.vue)`,
 *                   `vscode://file/…`, `vscode-remote://…`), a few lines of prose above the block and the
 *                   first fence under it, in the file's language: VS Code Copilot's edits, which write a
 *                   file's heading, a line of summary, then its code. Stated: the editor made that link
 *                   to the file the block is for; a heading a model types (`### src/a.ts`) is `heading`.
 *   6. `word`     — a bare word alone right above (`file1`, aider's extension-less names). A guess.
 *   7. `comment`  — the block's first line is a comment holding only a path (`// src/a.ts`). A guess.
 *   8. `sentence` — the sentence before the fence names exactly one path in backticks. A guess.
 *   9. `heading`  — a heading naming a file (`### [a.vue](file:///…)`, `### src/a.ts`), with a few lines
 *                   of prose between it and this, the first fence under it: Copilot's edits put a file's
 *                   summary between its heading and its block. A guess: the prose may show an example.
 *   9. `language` — the info string's first word is a language that is also a file's name
 *                   (```` ```dockerfile ````, ```` ```makefile ````): CommonMark makes the first word the
 *                   language, so it names a file only when nothing else does, as a guess, spelled as such
 *                   files are (`Dockerfile`). A real reply had `.devcontainer/Dockerfile` above a
 *                   ```` ```dockerfile ```` fence: the path line is the file, not `dockerfile` at the root.
 * Each reader collects the hints it reads (SEARCH/REPLACE reads no comment, sentence or heading: aider's
 * blocks name their file on a line) and takes `bestHint`; a guess is offered unticked and never creates a
 * file.
 *
 * A `file://` URL (`file:///Users/me/p/a.ts`, `file:///c%3A/p/a.ts`, `vscode://file/…`) or a link's
 * relative target names the path it encodes (`pathOfUrl`): an absolute one is then what an absolute path
 * written out is (resolve-paths.ts maps it into the chosen folder). Cursor's code references
 * (```` ```12:15:src/a.ts ````, lines 12–15 of a file quoted) name no file to write (`isCodeReference`).
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

/**
 * Extension-less names of a project's text files, in the capitals they are written in (`LICENSE`, never
 * the word "license"): a repository's top-level documents, which a bundle of the project names and a
 * reply then edits (issue 41).
 */
const DOCUMENT_NAMES = new Set([
  'LICENSE',
  'LICENCE',
  'README',
  'NOTICE',
  'AUTHORS',
  'CHANGELOG',
  'COPYING',
  'CONTRIBUTING',
  'CONTRIBUTORS',
]);

/** Characters a path token may not contain (shell/markup punctuation, quotes, whitespace). */
const FORBIDDEN = /[\s<>|"'`*?,;{}=]/;

/** True when `token` looks like a file path (see the header for the rule). */
export function isPathToken(token: string): boolean {
  if (token.length === 0 || token.length > 300 || FORBIDDEN.test(token)) return false;
  if (token.includes('://')) return false;
  if (token.endsWith('/') || token.endsWith('.') || token.endsWith(':')) return false;
  const base = token.slice(token.lastIndexOf('/') + 1);
  if (KNOWN_NAMES.has(base.toLowerCase()) || DOCUMENT_NAMES.has(base)) return true;
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
  // `File: x`, `Filename: x`, `Path: x`, `File to edit: x`, `New file: x`, also written bold (`**File:** x`).
  const label = FILE_LABEL.exec(s);
  if (label) s = stripDressing(s.slice(label[0].length));
  if (s.endsWith(':')) s = stripDressing(s.slice(0, -1));
  // A short note after the path: `**src/a.ts** (new file)`, `src/a.ts (updated):`.
  const note = /\s+\([^()]{1,40}\)$/.exec(s);
  if (note) s = stripDressing(s.slice(0, note.index));
  // A link to the file, as Copilot's chat heads each file's section: `[a.vue](file:///Users/me/p/a.vue)`.
  const link = LINK.exec(s);
  if (link) return linkedPath(link);
  return isPathToken(s) ? s : null;
}

/**
 * The label before a path on its line: `File:`, `Filename:`, `File path:`, `Path:`, and the longer ones
 * real replies write (``**File to edit:** `Defs/ThingDef/Buildings_Power.xml` ``, `New file:`), bold or not.
 */
const FILE_LABEL =
  /^[*_]{0,2}(?:file ?name|file ?path|(?:(?:new|target|modified|updated|changed|edited)\s+)?file(?:\s+to\s+(?:edit|create|change|modify|update|add|replace))?|path)[*_]{0,2}\s*:\s*[*_]{0,2}\s*/i;

/** A Markdown link, whole: `[text](target)`, `[text](<target with spaces>)`, with an optional title. */
const LINK =
  /^\[([^[\]]{0,300})\]\(\s*(?:<([^<>\n]{1,2000})>|([^\s()<>]{1,2000}))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)$/;
const LINKS = new RegExp(LINK.source.slice(1, -1), 'g');

/**
 * The file a link names: its target's path (`pathOfUrl`), when its text is empty (Copilot's `[](file:///…)`)
 * or names that file (`a.vue`, `` `src/a.vue` ``: the end of the target's path). A link whose text is
 * prose ("[the guide](docs/guide.md)") points at a file; it does not say the code is that file.
 */
function linkedPath(m: RegExpExecArray): string | null {
  const path = pathOfUrl(m[2] ?? m[3] ?? '');
  if (path === null) return null;
  const text = stripDressing(m[1]!);
  if (text === '') return path;
  const tail = text.replace(/\\/g, '/').replace(/^\.\//, '');
  return path === tail || path.endsWith(`/${tail}`) ? path : null;
}

/**
 * The path a link target or a `file://` URL names, as a reply would write it out: `file:///Users/me/p/a.ts`
 * → `/Users/me/p/a.ts`; `file:///c%3A/p/a.ts` (VS Code encodes the drive's colon) and `file:///C:/p/a.ts`
 * → `C:/p/a.ts`-like; `vscode://file/Users/me/p/a.ts:12:3` → `/Users/me/p/a.ts` (the line and column VS
 * Code's links carry), and a remote window's `vscode-remote://ssh-remote+host/srv/p/a.ts` → `/srv/p/a.ts`;
 * a relative target `src/a.ts` → itself. Percent-encoding is decoded (`%20` is a
 * space); a fragment (`#L10`, Copilot's `#1-1`) or a query is no part of the name. An absolute result is
 * checked and mapped into the project as every absolute path is (resolve-paths.ts).
 * Null for a web address, a file on another machine (`file://server/share/…`), a broken encoding, one that
 * hides a separator (`%2F`, `%5C`: one name or two?), or a target that names no file.
 */
export function pathOfUrl(target: string): string | null {
  const t = target.trim();
  if (t.length === 0 || t.length > 2000) return null;
  let p: string;
  const file = /^file:(.*)$/is.exec(t);
  // VS Code's own links, and a remote window's (`vscode-remote://ssh-remote+host/…`, `wsl+Ubuntu`,
  // `dev-container+…`: the authority names the machine, the path is the file's there).
  const vscode =
    /^vscode(?:-insiders)?:\/\/file(\/.*)$/is.exec(t) ??
    /^vscode(?:-insiders)?-remote:\/\/[^/]+(\/.*)$/is.exec(t);
  if (file) {
    const rest = file[1]!;
    if (rest.startsWith('///')) p = rest.slice(2);
    else if (/^\/\/localhost\//i.test(rest)) p = rest.slice('//localhost'.length);
    else if (rest.startsWith('/') && !rest.startsWith('//')) p = rest;
    else return null;
  } else if (vscode) p = vscode[1]!.replace(/:\d+(?::\d+)?$/, '');
  // A web address, `mailto:`, … (a drive `c:/` has one letter: no scheme).
  else if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(t)) return null;
  else p = t;
  // `file://server/…`, `file:////server/…`: a file on another machine, no file of the project.
  if (p.startsWith('//')) return null;
  p = p.replace(/[?#].*$/s, '');
  const names: string[] = [];
  for (const name of p.split('/')) {
    let d: string;
    try {
      d = decodeURIComponent(name);
    } catch {
      return null;
    }
    if (/[\\/]/.test(d)) return null;
    names.push(d);
  }
  p = names.join('/');
  // `/c:/Users/…`: a Windows drive after the URL's own slash.
  if (/^\/[A-Za-z]:\//.test(p)) p = p.slice(1);
  // A decoded name may hold spaces (`My%20Project`); the rest of the token rule still applies.
  return isPathToken(p.replace(/ /g, '_')) ? p : null;
}

/**
 * The path in a fence info string: `ts src/a.ts`, `src/a.ts`, `python:src/a.py`,
 * `tsx title="src/a.tsx"`, `js filename=src/a.js`, `path=src/a.js`, `file="a b/c.ts"` is refused
 * (spaces). Null when no token of the info string is a path.
 */
export function pathFromInfo(info: string): string | null {
  // Info strings are a few words; a huge one is not worth reading word by word.
  if (info.length > 1000 || isCodeReference(info)) return null;
  const attr = /\b(?:title|filename|file|path)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/i.exec(info);
  if (attr) {
    const value = (attr[1] ?? attr[2] ?? attr[3] ?? '').trim();
    if (isPathToken(value)) return value;
    // Quoted, a name may hold spaces (`title="My Docs/notes.md"`): a path still by every other rule — an
    // extension or a folder — so a title of prose (`title="Example usage"`) names no file.
    const quoted = attr[1] ?? attr[2];
    return quoted !== undefined && value === quoted && isQuotedPath(value) ? value : null;
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

/** A name with single spaces between its words that is a path token but for them (`My Docs/a b.ts`). */
function isQuotedPath(value: string): boolean {
  if (!/^(?:[^\s/]+(?: [^\s/]+)*)(?:\/[^\s/]+(?: [^\s/]+)*)*$/.test(value)) return false;
  return isPathToken(value.replace(/ /g, '_'));
}

/**
 * Cursor's code reference, ```` ```12:15:src/a.ts ````: lines 12 to 15 of a file, quoted as they stand.
 * It shows code; it is no file to write (read as `python:src/a.py`, it would be a file `15:src/a.ts`).
 */
export function isCodeReference(info: string): boolean {
  return /^\d+:\d+:\S/.test(info.trim());
}

/**
 * The one path named in backticks in a sentence that introduces a code block ("Here is the
 * updated `src/a.py`:"). Null when the sentence names none or several different ones.
 */
export function pathFromSentence(line: string): string | null {
  if (line.length > 1000) return null;
  const found = new Set<string>();
  // A link to a file names it (`Update [](file:///…/a.ts) so that…`, Copilot's inline links); its text
  // is no second name (`` [`a.ts`](file:///…/a.ts) ``), and a link of prose names none.
  const rest = line.includes('](')
    ? line.replace(LINKS, (...m) => {
        const path = linkedPath(m as unknown as RegExpExecArray);
        if (path !== null) found.add(path);
        return ' ';
      })
    : line;
  const re = /`([^`\s]{1,300})`/g;
  // `@scope/name` in prose is an npm package (`@tauri-apps/plugin-fs`, corpus unprompted/049), and
  // `@/components/x.vue` an import alias: neither is a file of the project as written.
  for (let m = re.exec(rest); m; m = re.exec(rest))
    if (isPathToken(m[1]!) && !m[1]!.startsWith('@')) found.add(m[1]!);
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * A line that only says the code follows, naming nothing: `**Correct Content:**`, `Updated code:`,
 * `### New version`, `Here is the corrected content:`, `Replace it with:`. Only such words: "Example:",
 * "Usage:", "Output:", "Before:", "Current code:" introduce something that is not the file's new text.
 */
export function isContentLabel(line: string): boolean {
  let s = line.trim();
  if (s.length === 0 || s.length > 80) return false;
  s = s.replace(/^#{1,6}\s+/, '');
  for (let i = 0; i < 2; i++) s = stripDressing(s.replace(/\s*:$/, ''));
  return CONTENT_LABEL.test(s);
}

const CONTENT_LABEL =
  /^(?:(?:here(?:'s|\s+is)|this\s+is)\s+)?(?:(?:the|its|correct(?:ed)?|updated?|new|full|complete|final|fixed|modified|revised|entire|whole|changed|resulting)\s+)*(?:file\s+)?(?:contents?|code|version|source|text|implementation|file)$|^(?:replace|change)(?:\s+(?:it|this|that))?\s+(?:with|to)$/i;

/** Stands for each name in the sentences `newFileOfSentence` reads (no sentence holds it). */
const P = '\u0001';
/** What is made in a new file, in those sentences. */
const MADE =
  '(?:file|component|module|script|class|page|test|hook|service|helper|util|utility|store|view|layout|route|controller|model|schema|migration|config|configuration|stylesheet|template|rule|workflow)';
/**
 * "Create `x`", "Create a new file called `x`", "Let's create the component `x`", "Now create a file
 * at `x`": the sentence's first verb is create, and its object is the file.
 */
const CREATE_FIRST = new RegExp(
  `^(?:(?:now|next|first|then|finally|also|and|so)[,:]?\\s+)*(?:(?:let's|let us|we'll|we will|i'll|i will|you'll need to|you need to|please)\\s+)?create\\s+(?:(?:a|an|the|this)\\s+)?(?:new\\s+)?(?:${MADE}\\s+)?(?:file\\s+)?(?:(?:called|named|at)\\s+)?${P}(?:\\s|:|$)`,
  'i',
);
/** "Here's the new component, `x`:", "Add a new file `x`:", "And the new file called `x`:", "`x` (new file):". */
const NEW_ONE = new RegExp(
  `\\bnew\\s+${MADE}(?:\\s+file)?\\s*,?\\s+(?:(?:called|named|at)\\s+)?${P}(?:\\s|:|$)|${P}\\s*\\(new(?:\\s+${MADE})?\\)`,
  'i',
);
/** Words that make the sentence about something other than making that file now. */
const NOT_NOW =
  /\b(?:not|no|never|instead|rather|without|if|unless|existing|already|could|might|may|would|should)\b|n't\b/i;

/**
 * The one file a sentence right above a code block says the block creates (`new-file` in the header):
 * "Create a new file `src/utils/format.ts`:", "Here's the new component, `Foo.vue`:". The sentence ends
 * with a colon (it introduces the block) and names one path; its shape says the file is new (CREATE_FIRST,
 * NEW_ONE) and nothing in it says otherwise (NOT_NOW: "If you don't have `a.ts` yet, create it:",
 * "Instead of a new file `a.ts`, add this:"). Null for any other sentence, which stays a `sentence` guess.
 */
export function newFileOfSentence(line: string): string | null {
  const t = stripDressing(line.trim().replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, ''));
  if (!/:\**$/.test(t) || NOT_NOW.test(t.replace(/`[^`]*`/g, ' '))) return null;
  const path = pathFromSentence(t);
  if (path === null) return null;
  // Each name in backticks or link becomes P, so the shapes read the sentence's words alone.
  const words = t
    .replace(LINKS, ` ${P} `)
    .replace(/`[^`]*`/g, ` ${P} `)
    .replace(/\s+/g, ' ')
    .trim();
  return CREATE_FIRST.test(words) || NEW_ONE.test(words) ? path : null;
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

export type HintKind =
  | 'info'
  | 'line'
  | 'label'
  | 'new-file'
  | 'editor-link'
  | 'word'
  | 'comment'
  | 'sentence'
  | 'heading'
  | 'language';

/** The precedence of the header, strongest first. */
export const HINT_ORDER: readonly HintKind[] = [
  'info',
  'line',
  'label',
  'new-file',
  'editor-link',
  'word',
  'comment',
  'sentence',
  'heading',
  'language',
];

/** Hints that only guess: the op is offered unticked and applies only to a file that exists. */
export const GUESS_HINTS: ReadonlySet<HintKind> = new Set([
  'word',
  'comment',
  'sentence',
  'heading',
  'language',
]);

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

/**
 * The hints the lines above a fence give (`open`: the fence's 0-based line; `lang`: its language), by the
 * header's rules: `line` (one blank line, or a setext underline, between), `label`, `new-file` or
 * `sentence` (the same line read two ways), `heading`. The fence's own hints (`info`, `comment`,
 * `language`) and aider's `word` are the reader's. `line` is the hint's line for the first two; the
 * fence's for the others (prose is not the block's).
 */
export function hintsAbove(lines: readonly string[], open: number, lang: string): PathHint[] {
  const hints: PathHint[] = [];
  let before = open - 1;
  if (before >= 0 && lines[before]!.trim() === '') before--;
  // A setext heading (`tables.py` over a line of `---`, as exporters write headings): its text.
  if (before > 0 && /^\s*(?:-{3,}|={3,})\s*$/.test(lines[before]!) && lines[before - 1]!.trim() !== '')
    before--;
  const prev = before >= 0 ? lines[before]! : '';
  const fromLine = prev.trim() === '' ? null : pathFromLine(prev);
  if (prev.trim() === '') {
    // Nothing right above (two blank lines): no line, label or sentence.
  } else if (fromLine) hints.push({ kind: 'line', path: fromLine, line: before });
  else if (isContentLabel(prev)) {
    let above = before - 1;
    if (above >= 0 && lines[above]!.trim() === '') above--;
    const labelled = above >= 0 ? pathFromLine(lines[above]!) : null;
    if (labelled) hints.push({ kind: 'label', path: labelled, line: above });
  } else {
    const created = newFileOfSentence(prev);
    const named = created ?? pathFromSentence(prev);
    if (named) hints.push({ kind: created ? 'new-file' : 'sentence', path: named, line: open });
  }
  const heading = headingAbove(lines, open);
  if (heading && (lang === 'diff' || langFitsFile(lang, heading.path)))
    hints.push({ kind: heading.link ? 'editor-link' : 'heading', path: heading.path, line: open });
  return hints;
}

/** A heading whose text is a Markdown link to a file by an editor's URL (`editor-link`). */
const EDITOR_LINK = /^#{1,6}\s+\[[^\]]+\]\((?:file|vscode(?:-insiders)?(?:-remote)?):/i;

/** How many lines of prose may stand between a file's heading and its block (`heading`). */
const HEADING_REACH = 6;

/**
 * The file a heading names when this fence is the first under it (`heading`): walking up at most
 * HEADING_REACH non-blank lines, the first heading (`### [a.vue](file:///…)`, `### src/a.ts`) or line
 * that is wholly bold (`**src/a.ts**`). Another fence, a rule, a line naming a file some other way (a
 * list of files), or a heading naming none ends the walk with nothing; so does prose that names another
 * file (the block may be about that one). The caller also asks the fence's language to be the file's
 * (`langFitsFile`): a traceback in a bare fence under a file's summary is no version of that file (an
 * exported Copilot chat: the user's next message quoted one).
 */
function headingAbove(lines: readonly string[], open: number): { path: string; link: boolean } | null {
  const mentioned = new Set<string>();
  let seen = 0;
  for (let k = open - 1; k >= 0 && seen <= HEADING_REACH; k--) {
    const t = lines[k]!.trim();
    if (t === '') continue;
    seen++;
    const c = t.charCodeAt(0);
    if ((c === 96 || c === 126) && /^(?:`{3,}|~{3,})/.test(t)) return null;
    if (/^(?:-{3,}|\*{3,}|_{3,}|={3,})$/.test(t)) return null;
    const heading = /^#{1,6}\s/.test(t) || /^(?:\*\*|__)\S.*(?:\*\*|__)$/.test(t);
    const path = pathFromLine(t);
    if (heading) {
      if (path === null || [...mentioned].some((m) => m !== path)) return null;
      return { path, link: EDITOR_LINK.test(t) };
    }
    if (path !== null) return null;
    const named = pathFromSentence(t);
    if (named !== null) mentioned.add(named);
  }
  return null;
}

/**
 * The languages a fence of a file's type is written in, beside the extension itself (```` ```py ````):
 * the usual names, and VS Code's language ids, which Copilot's chat writes (`typescriptreact`).
 */
const LANGS_OF_EXTENSION: Record<string, readonly string[]> = {
  py: ['python', 'python3'],
  pyi: ['python'],
  ts: ['typescript'],
  mts: ['typescript', 'ts'],
  cts: ['typescript', 'ts'],
  tsx: ['typescriptreact', 'typescript', 'ts'],
  js: ['javascript', 'node'],
  mjs: ['javascript', 'js'],
  cjs: ['javascript', 'js'],
  jsx: ['javascriptreact', 'javascript', 'js'],
  vue: ['html'],
  htm: ['html'],
  md: ['markdown'],
  mdc: ['markdown', 'md'],
  mdx: ['markdown', 'md'],
  yml: ['yaml'],
  yaml: ['yml'],
  jsonc: ['json'],
  json: ['jsonc', 'json5'],
  rs: ['rust'],
  rb: ['ruby'],
  kt: ['kotlin'],
  kts: ['kotlin'],
  cs: ['csharp', 'c#'],
  cpp: ['c++', 'cxx'],
  cc: ['cpp', 'c++'],
  cxx: ['cpp', 'c++'],
  hpp: ['cpp', 'c++'],
  h: ['c', 'cpp', 'c++', 'objective-c'],
  m: ['objective-c', 'objc', 'matlab'],
  sh: ['bash', 'shell', 'shellscript', 'zsh'],
  bash: ['sh', 'shell', 'shellscript'],
  zsh: ['sh', 'shell', 'shellscript'],
  ps1: ['powershell', 'pwsh'],
  ex: ['elixir'],
  exs: ['elixir'],
  erl: ['erlang'],
  hs: ['haskell'],
  ml: ['ocaml'],
  fs: ['fsharp', 'f#'],
  pl: ['perl'],
  tf: ['terraform', 'hcl'],
  scss: ['sass', 'css'],
  xaml: ['xml'],
  csproj: ['xml'],
  svg: ['xml'],
  plist: ['xml'],
  gradle: ['groovy', 'kotlin'],
};

/** The fence's language is one a file of that path is written in (`python` for `a.py`, `vue` for `a.vue`). */
export function langFitsFile(lang: string, path: string): boolean {
  if (lang === '') return false;
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase();
  const language = fileOfLanguage(lang);
  if (language !== null) return language.toLowerCase() === base;
  const dot = base.lastIndexOf('.');
  if (dot < 0) return false;
  const ext = base.slice(dot + 1);
  return ext === lang || (LANGS_OF_EXTENSION[ext]?.includes(lang) ?? false);
}
