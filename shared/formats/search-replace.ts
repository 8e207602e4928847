/**
 * SEARCH/REPLACE blocks, as aider and Cline write them.
 *
 * Grammar (each item is one line; leading spaces before a marker are allowed):
 *   block   := [path] head search-line* divider replace-line* tail
 *   head    := '<'{5,9} ' '? 'SEARCH' any*            aider
 *            | '<'{5,9} ' '? 'ORIGINAL' any*          aider until mid-2023
 *            | '-'{3,9} ' '? 'SEARCH' any*            Cline
 *   divider := '='{5,9}
 *   tail    := '>'{5,9} ' '? 'REPLACE' any*           aider
 *            | '>'{5,9} ' '? 'UPDATED' any*           aider until mid-2023
 *            | '+'{3,9} ' '? 'REPLACE' any*           Cline
 *   path    := within the 3 lines above the head: a line holding only a path (`src/a.py`,
 *              `**src/a.py**`, `### src/a.py`, …) or a fence opener whose info names one
 *              (```` ```python src/a.py ````); blank lines and a bare fence opener are skipped; a
 *              line that only says the code follows (`**Updated code:**`) stands for the path line
 *              above it (path-hints.ts's `label`)
 *   cline   := '<replace_in_file>' '<path>' p '</path>' '<diff>' block+ '</diff>' '</replace_in_file>'
 *              (tags may share a line with their content)
 *
 * A block's file is, in order: the path above it, the `<path>` of the Cline tool call around it,
 * the file of the previous block (aider: "a block with no filename reuses the previous one"). A block
 * with no file name anywhere (the model assumed the one file in its context) becomes an op with path ''
 * and the alias `content`: the plan offers the one file of the folder that holds its search text, as a
 * guess (shared/engine/locate-by-content.ts); such blocks in a row are one op, like a named file's.
 * A bare word with no dot or slash (`file1`, `Makefile2`) directly above the head (or above the
 * fence around it) is taken too, because aider's own replies name extension-less files that way;
 * but prose can look the same ("Example"), so such an op is marked `guess` (applied only to a file
 * that exists, offered unticked) with an info diagnostic.
 * A block replaces the first place its SEARCH fits, as aider's and Cline's prompts define it ("will
 * only replace the first match occurrence"); the engine says so in a warning when there were several.
 * An empty SEARCH means "new file, or append": it becomes an edit with search '' and the engine
 * creates the file when missing. Consecutive blocks for one file become one op with several edits,
 * applied in reply order.
 *
 * Damage real models produce, each accepted and tested:
 * - 5 to 9 marker characters instead of 7 (the model miscounted);
 * - no space between aider's markers and the keyword (`<<<<<<<SEARCH`), any case of the keyword —
 *   Cline's `-------`/`+++++++` markers are read as strictly as Cline reads them (see markerOf);
 * - trailing text after the keyword (`>>>>>>> REPLACE```` when the fence was glued on);
 * - inside a Cline `<diff>…</diff>`, a missing final REPLACE marker when `</diff>` follows: the
 *   closed tool call proves the reply was not cut off (warning).
 * - aider's other fences (`<source>python` … `</source>`, `<code>`, `<pre>`, `<codeblock>`,
 *   `<sourcecode>`) around a block, skipped like ``` (see TAG_FENCE_OPEN);
 * - a second `=======` right before the REPLACE marker (nothing after it): left out, with a note.
 * Refused with an error diagnostic (no op): a block cut off before its REPLACE marker, a REPLACE
 * marker before any `=======`, a second `=======` with text after it (two versions of the replacement:
 * a divider is never written as code), a block with no file name anywhere and an empty SEARCH (a new
 * file or an append: nothing says which file), a block whose SEARCH marker is missing with its fence
 * standing in for it (headlessOpener: said as such; aider skips it silently, so what its author saw
 * applied never held it).
 *
 * Blank lines at the edges (aider's reading, which these blocks are written for: aider joins a half's
 * lines and ends it with one newline, so the one empty line right before `=======` and right before
 * the REPLACE marker is layout, not text). An aider block's edit is marked `aider`, and the engine
 * (apply-search-replace.ts) then: drops one trailing empty line of the REPLACE text; reads one trailing
 * empty line of the SEARCH text as layout — it may still say where the text is, but the file's blank
 * line stays; and, where the search does not fit, tries it without blank lines at its edges (aider drops
 * a spurious leading one). A file that did not end with a line break ends with one after an aider edit,
 * as aider writes every file it edits (every such case of the corpus's aider replies). Cline blocks
 * are read as Cline reads them: as written.
 */
import type { Diagnostic, Op, SearchReplaceEdit } from '../changeset/changeset';
import { linesToContent, openingFence, splitLines } from './fences';
import {
  bestHint,
  fileOfLanguage,
  GUESS_HINTS,
  isContentLabel,
  type PathHint,
  pathFromInfo,
  pathFromLine,
} from './path-hints';
import type { FormatParser, ParsedBlock } from './types';

type Marker = 'head' | 'divider' | 'tail' | 'malformed' | null;

/**
 * What a line is to a block. aider's markers (`<<<<<<<`/`>>>>>>>`) are read with the tolerances in the
 * header; Cline's (`-------`/`+++++++`) as Cline reads them — three or more marker characters, one
 * space, the keyword, an optional `>` — and a near miss (`-------SEARCH`) is `malformed`: Cline's own
 * tests demand an error there, not a guess.
 */
export function markerOf(line: string): Marker {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  const ch = line[i];
  if (ch !== '<' && ch !== '-' && ch !== '=' && ch !== '>' && ch !== '+') return null;
  let n = 0;
  while (line[i + n] === ch) n++;
  const rest = line.slice(i + n);
  if (ch === '=') return n >= 5 && n <= 9 && rest.trim() === '' ? 'divider' : null;
  if (ch === '-' || ch === '+') {
    if (n < 3) return null;
    const keyword = ch === '-' ? 'SEARCH' : 'REPLACE';
    if (new RegExp(`^ ${keyword}>?[ \\t]*$`).test(rest)) return ch === '-' ? 'head' : 'tail';
    return new RegExp(`^\\s*${keyword}\\b`, 'i').test(rest) ? 'malformed' : null;
  }
  if (n < 5 || n > 9) return null;
  const word = rest.replace(/^ ?/, '').slice(0, 8).toUpperCase();
  // ORIGINAL / UPDATED: aider's markers until mid-2023 (held-out gpt-4 replies of that time).
  if (ch === '<' && (word.startsWith('SEARCH') || word === 'ORIGINAL')) return 'head';
  if (ch === '>' && (word.startsWith('REPLACE') || word.startsWith('UPDATED'))) return 'tail';
  return null;
}

interface RawBlock {
  /** '' when no file is named anywhere (see the header). */
  path: string | null;
  /** The path was a bare word (see the header). */
  guess: boolean;
  /** 0-based line where the block starts (its path line, or its head). */
  start: number;
  end: number;
  edit: SearchReplaceEdit;
}

export interface ScanResult {
  blocks: RawBlock[];
  diagnostics: Diagnostic[];
}

/** Find every block in reply order, with the path each one resolves to (null when none). */
export function scanBlocks(text: string, lines = splitLines(text)): ScanResult {
  const blocks: RawBlock[] = [];
  const diagnostics: Diagnostic[] = [];
  let xmlPath: string | null = null;
  let inDiff = false;
  let previousPath: string | null = null;
  let previousGuess = false;
  // Lines at or before this index belong to an earlier block and are not searched for a path.
  let floor = 0;

  let state: 'out' | 'search' | 'replace' | 'broken' = 'out';
  /** The open block is Cline's (`------- SEARCH`): its markers are read strictly, its text as written. */
  let clineBlock = false;
  let head = 0;
  let blockStart = 0;
  let blockPath: string | null = null;
  let blockGuess = false;
  let blockWeak = false;
  let search: string[] = [];
  let replace: string[] = [];

  const fail = (line: number, message: string) => {
    diagnostics.push({ severity: 'error', line: line + 1, message });
    state = 'out';
  };
  const finish = (end: number) => {
    // A fence's language (```dockerfile) is the weakest hint: the Cline tool call's path and the
    // previous block's file come before it (aider reuses the previous file there too).
    if (blockWeak && ((inDiff && xmlPath !== null) || previousPath !== null)) blockPath = null;
    const path = blockPath ?? (inDiff ? xmlPath : null) ?? previousPath;
    const guess = blockPath !== null ? blockGuess : inDiff && xmlPath !== null ? false : previousGuess;
    if (path === null && search.every((l) => l.trim() === '')) {
      diagnostics.push({
        severity: 'error',
        line: head + 1,
        message: `The SEARCH/REPLACE block at reply line ${head + 1} names no file, and its SEARCH is empty (a new file, or text to append): nothing says which file. It was skipped.`,
      });
    } else {
      previousPath = path;
      previousGuess = guess;
      blocks.push({
        path: path ?? '',
        guess,
        start: blockStart,
        end,
        // Both aider's and Cline's prompts define a block as replacing the first match (corpus llm-003):
        // the engine takes the first of several places, and says so.
        edit: {
          search: linesToContent(search),
          replace: linesToContent(replace),
          all: false,
          takeFirst: true,
          // Cline writes its REPLACE text as is, even where the SEARCH matched only with indentation
          // ignored; aider re-indents it (corpus llm-001).
          ...(clineBlock ? { verbatim: true as const } : { aider: true as const }),
        },
      });
    }
    state = 'out';
    floor = end + 1;
  };

  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    let closesDiff = false;
    // Cline's tool-call tags, which models put on the same line as a marker or path.
    if (line.includes('<')) {
      const pathTag = line.includes('<path>') ? /<path>\s*([^<]*?)\s*<\/path>/.exec(line) : null;
      if (pathTag) {
        xmlPath = pathTag[1]!;
        floor = i + 1;
      }
      const t = line.trim();
      if (t.startsWith('<diff>')) {
        inDiff = true;
        line = t.slice('<diff>'.length);
        floor = i + 1;
      }
      if (line.trimEnd().endsWith('</diff>')) {
        closesDiff = true;
        line = line.trimEnd().slice(0, -'</diff>'.length);
      }
      if (t === '</replace_in_file>') xmlPath = null;
    }
    let marker = markerOf(line);
    if (marker === 'malformed') {
      diagnostics.push({
        severity: 'error',
        line: i + 1,
        message: `Reply line ${i + 1} ("${line.trim().slice(0, 40)}") is a damaged SEARCH/REPLACE marker (Cline writes "------- SEARCH" and "+++++++ REPLACE"); nothing is applied from its block.`,
      });
      if (state !== 'out')
        fail(
          head,
          `The SEARCH/REPLACE block at reply line ${head + 1} has a damaged marker; it was skipped.`,
        );
      state = 'broken';
      continue;
    }
    // Cline's divider is three or more `=` and nothing else (its diff_edge_cases tests): one with
    // trailing spaces inside a Cline block is damaged.
    if (state === 'search' && clineBlock && /^[ \t]*={3,}[ \t]*$/.test(line))
      marker = /\s$/.test(line) ? 'malformed' : 'divider';
    if (marker === 'malformed') {
      fail(
        head,
        `The divider of the SEARCH/REPLACE block at reply line ${head + 1} (line ${i + 1}) has trailing spaces, which Cline refuses; the block was skipped.`,
      );
      state = 'broken';
      continue;
    }
    if (state === 'broken') {
      // After a damaged marker, the rest of that block (up to its REPLACE marker) is not read.
      if (marker === 'tail' || marker === 'head') state = 'out';
      if (marker !== 'head') continue;
    }

    if (state === 'out') {
      const opener = marker === 'divider' && !inDiff ? headlessOpener(lines, i, floor) : null;
      if (opener !== null) {
        // The SEARCH marker left out, the fence standing in for it (gpt-4o, 2024; held-out AspireOne…-003,
        // FARI-brussels…-009). The text between the fence and the ======= line reads like the search
        // text, but the block is damaged, and aider, which these replies were written for, skips it
        // without a word (the commits after both replies lack it): refused with the exact reason rather
        // than applied as a guess or dropped.
        diagnostics.push({
          severity: 'error',
          line: opener + 1,
          message: `The SEARCH/REPLACE block at reply line ${opener + 1} has lost its SEARCH marker: "<<<<<<< SEARCH" should follow the fence, before the search text that ends at the ======= line (line ${i + 1}). Nothing was taken from it; ask for the block again (aider skips such a block without a word).`,
        });
        head = opener;
        state = 'broken';
        continue;
      }
      if (marker === 'tail' && !closesDiff) {
        // A damaged head (`-- SEARCH`) leaves its REPLACE marker stray: say so rather than skip silently.
        diagnostics.push({
          severity: 'error',
          line: i + 1,
          message: `The REPLACE marker at reply line ${i + 1} has no SEARCH marker before it (a damaged block?); nothing was taken from it.`,
        });
      }
      if (marker === 'head') {
        state = 'search';
        clineBlock = line.trimStart().startsWith('-');
        head = i;
        search = [];
        replace = [];
        const found = pathAbove(lines, i, floor);
        blockPath = found?.path ?? null;
        blockGuess = found?.guess ?? false;
        blockWeak = found?.weak ?? false;
        blockStart = found?.line ?? i;
      }
    } else if (state === 'search') {
      if (marker === 'divider') state = 'replace';
      else if (marker === 'tail')
        fail(
          head,
          `The SEARCH/REPLACE block at reply line ${head + 1} reaches its REPLACE marker (line ${i + 1}) without a ======= line; it was skipped.`,
        );
      else if (marker === 'head') {
        fail(head, `The SEARCH block at reply line ${head + 1} has no ======= line; it was skipped.`);
        i--;
        continue;
      } else search.push(line);
    } else {
      if (marker === 'tail') finish(i);
      else if (marker === 'divider') {
        // A second ======= (the model revised its replacement mid-block). Right before the REPLACE
        // marker it divides nothing from nothing and is left out; before more text it leaves two
        // versions of the new text, and which one is meant is not certain (aider takes the first, the
        // model's later blocks may build on the second): the block is refused, and the divider is
        // never written as code (corpus: aider 0anes0…-008, MakanFar…-015, brezzy1337…-015).
        let j = i + 1;
        while (j < lines.length && lines[j]!.trim() === '') j++;
        if (j < lines.length && markerOf(lines[j]!) === 'tail') {
          diagnostics.push({
            severity: 'info',
            line: i + 1,
            message: `The SEARCH/REPLACE block at reply line ${head + 1} has a second ======= line right before its REPLACE marker (line ${i + 1}); it was left out.`,
          });
          finish(j);
          i = j;
        } else {
          fail(
            head,
            `The SEARCH/REPLACE block at reply line ${head + 1} has a second ======= line (line ${i + 1}) in its replacement: it holds two versions of the new text, and which one is meant is not certain. Nothing was taken from it; ask for the block again with one replacement.`,
          );
          state = 'broken';
        }
      } else if (marker === 'head') {
        fail(
          head,
          `The SEARCH/REPLACE block at reply line ${head + 1} has no REPLACE marker before the next block; it was skipped.`,
        );
        i--;
        continue;
      } else if (closesDiff) {
        if (line.trim() !== '') replace.push(line);
        diagnostics.push({
          severity: 'warning',
          line: i + 1,
          message: `The SEARCH/REPLACE block at reply line ${head + 1} has no REPLACE marker; the end of the tool call (</diff>) closes it.`,
        });
        finish(i);
      } else replace.push(line);
    }
    if (closesDiff) {
      if (state === 'search')
        fail(
          head,
          `The SEARCH block at reply line ${head + 1} ends at </diff> without a ======= line; it was skipped.`,
        );
      inDiff = false;
    }
  }
  if (state !== 'out') {
    diagnostics.push({
      severity: 'error',
      line: head + 1,
      message: `The SEARCH/REPLACE block at reply line ${head + 1} is cut off: the reply ends before its REPLACE marker. It was skipped.`,
    });
  }
  return { blocks, diagnostics };
}

const BARE_WORD = /^[A-Za-z0-9_][\w.-]{0,99}$/;

/**
 * For a ======= line outside any block: the line of the fence opener that stands in for a missing SEARCH
 * marker, or null. All of it must hold: aider's divider (=======, nothing else on the line); above it, after
 * `floor`, a fence opener (``` or aider's `<source>`…) with a file name on the lines above it or in its
 * info, and between the two at least one line that is not blank, none a marker, a fence, or a damaged
 * head (`<<<< SEARCH`); below it, a REPLACE marker before any fence, marker or head. A Markdown heading
 * underlined with ======= in a file the reply writes whole has no REPLACE marker after it.
 */
function headlessOpener(lines: readonly string[], divider: number, floor: number): number | null {
  if (!/^={7}$/.test(lines[divider]!.trim())) return null;
  let opener = -1;
  for (let j = divider - 1; j >= floor; j--) {
    const line = lines[j]!;
    const t = line.trim();
    if (openingFence(line) || TAG_FENCE_OPEN.test(t) || TAG_FENCE_CLOSE.test(t)) {
      opener = j;
      break;
    }
    if (markerOf(line) !== null || DAMAGED_HEAD.test(t)) return null;
  }
  if (opener < 0 || !lines.slice(opener + 1, divider).some((l) => l.trim() !== '')) return null;
  const open = openingFence(lines[opener]!);
  if (!open && !TAG_FENCE_OPEN.test(lines[opener]!.trim())) return null;
  // A bare ``` closes a fence as well as it opens one: only a fence with a file name above it (or a path in
  // its info) opens this block.
  const named = pathAbove(lines, opener + 1, floor);
  if (!named || named.weak || named.guess) return null;
  for (let j = divider + 1; j < lines.length; j++) {
    const m = markerOf(lines[j]!);
    if (m === 'tail') return /^>{7} ?REPLACE\b/i.test(lines[j]!.trim()) ? opener : null;
    if (m !== null || openingFence(lines[j]!) || TAG_FENCE_CLOSE.test(lines[j]!.trim())) return null;
  }
  return null;
}

/** A SEARCH marker with too few or too many `<`, or its keyword apart: not a head, and no search text. */
const DAMAGED_HEAD = /^[<-]{2,}\s*(SEARCH|ORIGINAL)\b/i;

/**
 * aider's other fences: when a file it shows holds ``` lines, aider fences with `<source>`, `<code>`,
 * `<pre>`, `<codeblock>` or `<sourcecode>` (its `all_fences`), and models write the language after the
 * tag (`<source>python`). Such a line above a head is skipped like a bare ``` opener; its closing tag
 * after the REPLACE marker belongs to the block (corpus: aider guidov__whisper-simple-dictation-004…006).
 */
const TAG_FENCE_OPEN = /^<(source|code|pre|codeblock|sourcecode)>[\w+#.-]*$/i;
const TAG_FENCE_CLOSE = /^<\/(source|code|pre|codeblock|sourcecode)>$/i;

/**
 * The path named in the (up to) three lines above a head, skipping blanks and bare fence openers, by
 * the precedence of path-hints.ts: a path in a fence's info string or on a line of its own, else a bare
 * word right above the head or its fence (a guess), else the file a fence's language names
 * (```` ```dockerfile ````, a guess) — the caller puts the previous block's file before that last one.
 */
function pathAbove(
  lines: readonly string[],
  head: number,
  floor: number,
): { path: string; line: number; guess: boolean; weak?: true } | null {
  // The line a bare word may stand on: right above the head, or right above its fence opener.
  let adjacent = head - 1;
  let language: PathHint | null = null;
  let found: PathHint | null = null;
  for (let i = head - 1; i >= Math.max(floor, head - 3) && !found; i--) {
    const t = lines[i]!.trim();
    if (t === '') continue;
    const fence = openingFence(lines[i]!);
    if (fence || TAG_FENCE_OPEN.test(t)) {
      const p = fence?.info ? pathFromInfo(fence.info) : null;
      if (p) found = { kind: 'info', path: p, line: i };
      else {
        const l = fence ? fileOfLanguage(fence.info) : null;
        if (l && !language) language = { kind: 'language', path: l, line: i };
        if (i === adjacent) adjacent = i - 1;
      }
      continue;
    }
    const p = pathFromLine(t);
    if (p) found = { kind: 'line', path: p, line: i };
    else if (isContentLabel(t)) {
      // ``**File to edit:** `a.py` ``, then `**Updated code:**`: the label's file (`label`).
      let j = i - 1;
      if (j >= floor && lines[j]!.trim() === '') j--;
      const q = j >= floor ? pathFromLine(lines[j]!) : null;
      if (q) found = { kind: 'label', path: q, line: j };
    } else if (i === adjacent && BARE_WORD.test(t)) found = { kind: 'word', path: t, line: i };
    break;
  }
  const best = bestHint([found, language]);
  if (!best) return null;
  return {
    path: best.path,
    line: best.line,
    guess: GUESS_HINTS.has(best.kind),
    ...(best.kind === 'language' ? { weak: true as const } : {}),
  };
}

function parse(text: string): ParsedBlock[] {
  const lines = splitLines(text);
  const { blocks, diagnostics } = scanBlocks(text, lines);
  const out: ParsedBlock[] = [];
  for (const b of blocks) {
    const last = out[out.length - 1];
    const lastOp = last?.ops[0];
    if (last && lastOp?.kind === 'search-replace' && lastOp.path === b.path && !!lastOp.guess === b.guess) {
      lastOp.edits.push(b.edit);
      last.end = endWithFence(lines, b.end) + 1;
      continue;
    }
    const op: Op = { kind: 'search-replace', path: b.path!, edits: [b.edit], line: b.start + 1 };
    const block: ParsedBlock = {
      start: b.start + 1,
      end: endWithFence(lines, b.end) + 1,
      ops: [op],
      diagnostics: [],
    };
    if (b.path === '') {
      op.alias = { how: 'content', written: '', paths: [] };
      block.diagnostics.push({
        severity: 'info',
        line: b.start + 1,
        op: 0,
        message: `The SEARCH/REPLACE block at reply line ${b.start + 1} names no file; the one file of the project folder that holds its search text will be offered, unticked.`,
      });
    }
    if (b.guess) {
      op.guess = true;
      block.diagnostics.push({
        severity: 'info',
        line: b.start + 1,
        op: 0,
        message: `"${b.path}" above the SEARCH/REPLACE block at reply line ${b.start + 1} has no extension or folder, so it may be a word rather than a file name; the edit is offered unticked and only applies to a file that exists.`,
      });
    }
    out.push(block);
  }
  for (const d of capped(diagnostics)) out.push({ start: d.line, end: d.line, ops: [], diagnostics: [d] });
  return out.sort((a, b) => a.start - b.start);
}

/** At most 50 problems are listed (a reply of nothing but markers would list thousands). */
function capped(diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length <= 50) return diagnostics;
  const rest = diagnostics.length - 50;
  const last = diagnostics[50]!;
  return [
    ...diagnostics.slice(0, 50),
    {
      severity: 'error',
      line: last.line,
      message: `${rest} more SEARCH/REPLACE problems from reply line ${last.line} on are not listed.`,
    },
  ];
}

/** A closing fence right after the REPLACE marker belongs to the block (so no other reader takes it). */
function endWithFence(lines: readonly string[], end: number): number {
  const next = lines[end + 1]?.trim() ?? '';
  return /^(`{3,}|~{3,})$/.test(next) || TAG_FENCE_CLOSE.test(next) ? end + 1 : end;
}

export const searchReplace: FormatParser = {
  id: 'search-replace',
  detect: (text) => /[<-]{3,9} ?search|<{5,9} ?original/i.test(text),
  parse,
};
