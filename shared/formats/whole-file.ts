/**
 * Whole files in fenced code blocks: the generic answer "here is the new src/a.ts".
 *
 * Grammar:
 *   whole-file := [path-line [blank]] fence | path-line [blank] content-label fence | path-line tag-fence
 *   fence      := opening fence, content lines, closing fence (CommonMark, see fences.ts)
 *   tag-fence  := `<source>lang` … `</source>` (or code, pre, codeblock, sourcecode: aider's fences for
 *                 files that hold ``` lines; see fences.ts), named only by the path line right above it
 *   path-line  := a line holding only a path, dressed or not: `src/a.ts`, `**src/a.ts**`,
 *                 `` `src/a.ts` ``, `File: src/a.ts`, `**File to edit:** a.xml`, `### src/a.ts`,
 *                 `- src/a.ts`, `src/a.ts:`, a link to it (`### [a.vue](file:///Users/me/p/a.vue)`)
 *   content-label := a line that only says the code follows (`**Correct Content:**`, `Updated code:`)
 * The path is taken from, in order (path-hints.ts's `HINT_ORDER`, the one place the precedence is
 * written, with the reasons):
 *   1. the info string: ```` ```ts src/a.ts ````, ```` ```src/a.ts ````, ```` ```python:src/a.py ````,
 *      `title="src/a.ts"`, `filename=…`, `path=…`, `file=…`;
 *   2. a path-line right before the fence (one blank line between is allowed);
 *   3. a path-line above a content-label (`label`);
 *   4. a sentence right before the fence that says the file is new ("Create a new file `src/a.ts`:"):
 *      `create` with ifExists 'fail', so a file that exists is never written over by it;
 *   5. a word alone right above the fence that looks like an extension-less file name (`file1`,
 *      `Makefile`): a guess;
 *   6. a comment that is the first content line and holds only a path (`// src/a.ts`,
 *      `# app.py`, `<!-- index.html -->`, Copilot's `// filepath: src/a.ts`) — a guess: many
 *      snippets carry such a comment without being the whole file (Copilot's come with
 *      `...existing code...` elisions), so the op is marked `guess` (offered unticked, applied
 *      only to an existing file) with an info diagnostic. Copilot's `filepath:` marker is no line of
 *      the file: it is left out of the content (`withoutMarker`), as VS Code leaves it out;
 *   7. the sentence before the fence naming exactly one path in backticks ("Here is the updated
 *      `a.py`:") — also a guess, for the same reason;
 *   8. a heading naming a file a few lines of prose above, this being its first fence (Copilot's
 *      `### [a.vue](file:///…)`, a summary, then the block) — a guess;
 *   9. a fence language that is also a file's name (```` ```dockerfile ```` → `Dockerfile`) — a guess.
 * A path from a `file://` link is absolute, and planned as every absolute path is (resolve-paths.ts).
 * Each becomes `create` with ifExists 'overwrite' (the file may or may not exist yet), but for 4.
 * Cursor's code references (```` ```12:15:src/a.ts ````) quote a file's lines: never a file.
 *
 * A fence with no path that is plainly a part of a file (whole definitions, or a snippet whose comments
 * stand for the file's lines: engine/part.ts) becomes a `replace` op with `part` and no path: the plan
 * looks for its file in the folder (locate-by-content.ts).
 * A fence with no path that is a whole program by its shape (its imports first, or its entry point; a
 * component, a schema, a Dockerfile: part.ts's `wholeProgram`) is a whole file whose path the review asks
 * for (alias `ask`); so is a shell fence that starts with a `#!` line (a script, not commands).
 * Never a whole file: any other fence with no path; a diff/patch fence; shell, console, text and output
 * fences unless the info string itself names the file (```` ```bash scripts/setup.sh ````) or the line
 * right above states a file of the fence's kind (`setup.sh` over ```` ```bash ````: statedScript);
 * a fence whose content is another format (SEARCH/REPLACE markers, `*** Begin Patch`, a unified
 * diff) — those readers own it.
 * An unclosed last fence still yields the op, with an error: the reply may be cut off, and a file
 * cut off with it is worse than none (the CLI writes nothing; the side panel shows the diff and the
 * error, and the user decides).
 */
import type { Diagnostic, Op } from '../changeset/changeset';
import { partOf, wholeProgram } from '../engine/part';
import { type Fence, findFences, linesToContent, splitLines } from './fences';
import {
  bestHint,
  fileOfLanguage,
  GUESS_HINTS,
  type HintKind,
  hintsAbove,
  isCodeReference,
  isPathToken,
  type PathHint,
  pathFromInfo,
  pathFromLine,
} from './path-hints';
import { markerOf } from './search-replace';
import type { FormatParser, ParsedBlock } from './types';

/** Fences that hold diffs, never a file's content. */
const DIFF_LANGS = new Set(['diff', 'patch', 'udiff', 'git-diff']);
/** Fences that hold commands or program output, unless the info string names a file. */
const NOT_FILE_LANGS = new Set([
  'sh',
  'bash',
  'zsh',
  'fish',
  'shell',
  'console',
  'terminal',
  'shellsession',
  'shell-session',
  'text',
  'txt',
  'plaintext',
  'output',
  'log',
]);

/** Shell fences: commands, or a script file when they start with its `#!` line. */
const SHELL_LANGS = new Set(['sh', 'bash', 'zsh', 'fish', 'shell']);
const isScript = (lines: readonly string[]) => /^#!\//.test(lines.find((l) => l.trim() !== '') ?? '');

/** Fences of data, markup or prose: never a part of a code file found by its definitions. */
const NOT_CODE_LANGS = new Set([
  'json',
  'jsonc',
  'yaml',
  'yml',
  'toml',
  'ini',
  'csv',
  'markdown',
  'md',
  'mdx',
  'mdc',
  'env',
  'dotenv',
  'mermaid',
  'latex',
  'tex',
]);

/**
 * A word alone on the line right above a fence, which aider's whole-file replies use for a file without
 * an extension (`file1`; corpus llm-029). Prose puts words there too ("Example", "Output"), so only one
 * that looks like a file name is taken — with a digit or an underscore, or a name such files have — and
 * only as a guess.
 */
const FILE_WORD = /^[A-Za-z0-9_][\w.-]{0,99}$/;
const EXTENSIONLESS = new Set([
  'Makefile',
  'makefile',
  'GNUmakefile',
  'Dockerfile',
  'Containerfile',
  'Gemfile',
  'Rakefile',
  'Procfile',
  'Brewfile',
  'Jenkinsfile',
  'Vagrantfile',
  'Justfile',
  'justfile',
  'Caddyfile',
  'Pipfile',
  'LICENSE',
  'README',
  'CHANGELOG',
  'AUTHORS',
  'CODEOWNERS',
  'NOTICE',
]);

/**
 * Copilot's marker, `// filepath: src/a.ts` (`# filepath: …`, `<!-- filepath: … -->`): its prompt puts
 * the block's path on its first line, and VS Code drops that line when it applies the block. Kept, it
 * would be a first line in the file that nobody meant there. Only the marker naming the op's own file
 * is dropped (the same path, or one ending the other: a heading's link and the marker may differ in
 * how much of the folder they write).
 */
const FILEPATH_MARKER = /^\s*(?:\/\/|#|--|;|\/\*|<!--)\s*filepath\s*:\s*(\S+?)\s*(?:\*\/|-->)?\s*$/i;

function withoutMarker(lines: string[], path: string): string[] {
  const m = lines.length > 0 ? FILEPATH_MARKER.exec(lines[0]!) : null;
  if (!m) return lines;
  const norm = (p: string) => p.replace(/\\/g, '/').replace(/^\.\//, '').toLowerCase();
  const [a, b] = [norm(m[1]!), norm(path)];
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`) ? lines.slice(1) : lines;
}

const COMMENT_PATH =
  /^\s*(?:\/\/|#|--|;|\/\*|<!--)\s*(?:(?:file ?(?:name|path)?|path)\s*:\s*)?([^\s]+?)\s*(?:\*\/|-->)?\s*$/i;

function parse(text: string): ParsedBlock[] {
  const lines = splitLines(text);
  const out: ParsedBlock[] = [];
  for (const fence of findFences(lines, 0, lines.length, true)) {
    // A Cursor code reference quotes lines of a file as they stand: nothing to write.
    if (DIFF_LANGS.has(fence.lang) || isCodeReference(fence.info) || ownedByAnotherFormat(fence.lines))
      continue;
    const found = fence.marker.startsWith('<') ? pathRightAbove(lines, fence) : findPath(lines, fence);
    // No name, or only a guess at one from the prose for a block that is plainly a part of a file (a
    // sentence's `Store.load` is no file): its file is looked for by its text; the guessed name picks
    // among several. (A `// filepath:` comment in the block itself names its file, as a guess.)
    const mayBeUnnamed = !found || (found.guess !== undefined && found.guess !== GUESSED_FROM.comment);
    const unnamed =
      mayBeUnnamed && fence.closed && !fence.marker.startsWith('<')
        ? unnamedBlock(fence, found?.path ?? '')
        : null;
    if (!found || unnamed?.part) {
      if (unnamed) out.push(unnamed.block);
      continue;
    }
    if (hasMarkerBlock(fence.lines)) {
      // `<<<<<<<` … `=======` … `>>>>>>>` lines of some kind this reader does not know (a merge conflict,
      // an edit format's markers): never a file's content. Written as the file, the markers would be in it.
      out.push({
        start: fence.open + 1,
        end: Math.min(fence.close, lines.length - 1) + 1,
        ops: [],
        diagnostics: [
          {
            severity: 'warning',
            line: fence.open + 1,
            message: `The code block at reply line ${fence.open + 1} holds <<<<<<< / ======= / >>>>>>> marker lines of no edit format ReplyApply reads; it is not written to ${found.path}.`,
          },
        ],
      });
      continue;
    }
    const diagnostics: Diagnostic[] = [];
    const op: Op = {
      kind: 'create',
      path: found.path,
      // An unclosed fence runs to the end of the reply; the reply's final newline is not a line.
      content: linesToContent(
        withoutMarker(
          !fence.closed && fence.lines[fence.lines.length - 1] === ''
            ? fence.lines.slice(0, -1)
            : fence.lines,
          found.path,
        ),
      ),
      ifExists: found.isNew ? 'fail' : 'overwrite',
      line: found.line + 1,
    };
    if (found.guess) {
      op.guess = true;
      diagnostics.push({
        severity: 'info',
        line: found.line + 1,
        op: 0,
        message: `The code block at reply line ${fence.open + 1} names no file; "${found.path}" was guessed from ${found.guess}. It is offered unticked and only replaces a file that exists.`,
      });
    }
    if (!fence.closed) {
      // An error, not a warning: a reply cut off mid-file would write a file cut off there (the CLI
      // refuses the reply; the side panel shows the diff and the error before anything is written).
      diagnostics.push({
        severity: 'error',
        line: fence.open + 1,
        op: 0,
        message: `The code block for ${found.path} at reply line ${fence.open + 1} is never closed: the reply may be cut off, and the file with it.`,
      });
    }
    out.push({
      start: Math.min(found.line, fence.open) + 1,
      end: Math.min(fence.close, lines.length - 1) + 1,
      ops: [op],
      diagnostics,
    });
  }
  return out;
}

/**
 * A block that names no file but is plainly a part of one (part.ts): whole definitions, or a snippet
 * whose comments stand for the file's lines — its file is looked for in the folder by what it must hold
 * (`part`); or a whole program, whose path the review asks for (alias `ask`). Null for anything else.
 */
function unnamedBlock(fence: Fence, guessed: string): { block: ParsedBlock; part: boolean } | null {
  if (NOT_CODE_LANGS.has(fence.lang)) return null;
  // A shell fence holds commands to run, unless it starts as a script file does (`#!/bin/bash`).
  if (NOT_FILE_LANGS.has(fence.lang) && !(SHELL_LANGS.has(fence.lang) && isScript(fence.lines))) return null;
  const kind = partOf(fence.lines);
  const line = fence.open + 1;
  const content = linesToContent(fence.lines);
  const block = (op: Op, message: string): ParsedBlock => ({
    start: line,
    end: fence.close + 1,
    ops: [op],
    diagnostics: [{ severity: 'info', line, op: 0, message }],
  });
  if (!kind) {
    if (!wholeProgram(fence.lines, fence.lang)) return null;
    const op: Op = { kind: 'create', path: '', content, ifExists: 'overwrite', line };
    op.alias = { how: 'ask', written: '', paths: [] };
    return {
      part: false,
      block: block(
        op,
        `The code block at reply line ${line} is a whole file and names none; the review asks for its path, and nothing is written until it is given.`,
      ),
    };
  }
  const what =
    kind === 'definitions'
      ? `whole definitions (the first: "${cut(fence.lines.find((l) => l.trim() !== '')!.trim())}")`
      : 'a snippet whose comments stand for lines of the file';
  const op: Op = { kind: 'replace', path: '', content, part: true, line };
  op.alias = { how: 'content', written: guessed, paths: [] };
  return {
    part: true,
    block: block(
      op,
      `The code block at reply line ${line} names no file${guessed ? ` (the text before it mentions ${guessed})` : ''}; it is ${what}, so the one file of the project folder it fits will be offered, unticked.`,
    ),
  };
}

const cut = (s: string) => (s.length > 80 ? `${s.slice(0, 79)}…` : s);

interface FoundPath {
  path: string;
  /** 0-based reply line the path was read from (the fence line when from the info string). */
  line: number;
  /** What the path was guessed from; absent when the reply stated it. */
  guess?: string;
  /** The reply says the file is new (`new-file`): it is created, never written over. */
  isNew?: true;
}

/** What each guessing hint says in the diagnostic ("guessed from …"). */
const GUESSED_FROM: Partial<Record<HintKind, string>> = {
  word: 'the word on the line before it',
  comment: 'the comment on its first line',
  sentence: 'the sentence before it',
  heading: 'the heading above it',
  language: "the fence's language",
};

/** The block's file by the precedence of path-hints.ts (`bestHint`). */
function findPath(lines: readonly string[], fence: Fence): FoundPath | null {
  const fromInfo = fence.info ? pathFromInfo(fence.info) : null;
  if (fromInfo) return { path: fromInfo, line: fence.open };
  if (NOT_FILE_LANGS.has(fence.lang)) return statedScript(lines, fence);

  const hints: PathHint[] = hintsAbove(lines, fence.open, fence.lang);
  const word = fence.open > 0 ? lines[fence.open - 1]!.trim() : '';
  if (FILE_WORD.test(word) && (/[\d_]/.test(word) || EXTENSIONLESS.has(word)))
    hints.push({ kind: 'word', path: word, line: fence.open - 1 });

  const first = fence.lines[0];
  const comment = first !== undefined ? COMMENT_PATH.exec(first) : null;
  if (comment && isPathToken(comment[1]!))
    hints.push({ kind: 'comment', path: comment[1]!, line: fence.open });

  const fromLanguage = fileOfLanguage(fence.info);
  if (fromLanguage) hints.push({ kind: 'language', path: fromLanguage, line: fence.open });

  const best = bestHint(hints);
  if (!best) return null;
  if (GUESS_HINTS.has(best.kind))
    return { path: best.path, line: best.line, guess: GUESSED_FROM[best.kind]! };
  return best.kind === 'new-file'
    ? { path: best.path, line: best.line, isNew: true }
    : { path: best.path, line: best.line };
}

/**
 * A shell or plain-text fence is commands or output — unless the line right above it states a file of
 * its kind: `deploy.sh` over ```` ```bash ````, `File: notes.txt` over ```` ```text ```` (the bundle of
 * the project writes every shell script so, issue 41; models echo it). A sentence, a heading or a guess
 * is not enough: a command block is never written as a file on a hint.
 */
function statedScript(lines: readonly string[], fence: Fence): FoundPath | null {
  const kinds = SHELL_LANGS.has(fence.lang) ? SCRIPT_FILE : TEXT_LANGS.has(fence.lang) ? TEXT_FILE : null;
  if (!kinds) return null;
  const stated = hintsAbove(lines, fence.open, fence.lang).find(
    (h) => h.kind === 'line' || h.kind === 'label',
  );
  if (!stated || !kinds.test(stated.path.slice(stated.path.lastIndexOf('/') + 1))) return null;
  return { path: stated.path, line: stated.line };
}

const TEXT_LANGS = new Set(['text', 'txt', 'plaintext']);
/** The names of shell scripts, and of plain-text files. */
const SCRIPT_FILE = /\.(?:sh|bash|zsh|fish|ksh)$/i;
const TEXT_FILE = /\.(?:txt|text)$|^(?:LICENSE|LICENCE|README|NOTICE|AUTHORS|COPYING)$/;

/**
 * A tag fence (`<source>`, aider's whole files when the file holds ``` lines; fences.ts) names its file
 * only on the line right above it, as aider writes it: HTML tags in prose are no files.
 */
function pathRightAbove(lines: readonly string[], fence: Fence): FoundPath | null {
  const prev = fence.open > 0 ? lines[fence.open - 1]! : '';
  const path = prev.trim() ? pathFromLine(prev) : null;
  return path ? { path, line: fence.open - 1 } : null;
}

/** Marker lines in order: `<<<<<<<…`, then `=======`, then `>>>>>>>…` (any keywords, or none). */
function hasMarkerBlock(content: readonly string[]): boolean {
  let stage = 0;
  for (const l of content) {
    const c = l.charCodeAt(0);
    if (c !== 60 && c !== 61 && c !== 62 && c !== 32) continue;
    if (stage === 0 && /^\s*<{5,9}(?:\s|$)/.test(l)) stage = 1;
    else if (stage === 1 && /^\s*={5,9}\s*$/.test(l)) stage = 2;
    else if (stage === 2 && /^\s*>{5,9}(?:\s|$)/.test(l)) return true;
  }
  return false;
}

/** Content that another reader owns: SEARCH/REPLACE blocks, an OpenAI patch, a unified diff. */
function ownedByAnotherFormat(content: readonly string[]): boolean {
  let firstReal = -1;
  for (let i = 0; i < content.length; i++) {
    const l = content[i]!;
    if (firstReal < 0 && l.trim() !== '') firstReal = i;
    // Look closer only at lines that can start a marker (`<`, `-`, `*`, or indentation).
    const c = l.charCodeAt(0);
    if ((c === 60 || c === 45 || c === 32 || c === 9) && markerOf(l) === 'head') return true;
    if ((c === 42 || c === 32) && l.trim() === '*** Begin Patch') return true;
  }
  if (firstReal < 0) return false;
  const head = content[firstReal]!;
  if (head.startsWith('diff --git ')) return true;
  if (head.startsWith('--- ') && (content[firstReal + 1] ?? '').startsWith('+++ ')) return true;
  return /^@@ .*@@/.test(head);
}

export const wholeFile: FormatParser = {
  id: 'whole-file',
  detect: (text) =>
    text.includes('```') ||
    text.includes('~~~') ||
    /^<(?:source|code|pre|codeblock|sourcecode)>/im.test(text),
  parse,
};
