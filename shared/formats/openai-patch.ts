/**
 * OpenAI's apply_patch format ("V4A"), as written by codex and GPT models.
 *
 * Grammar (each item one line; markers may carry leading/trailing spaces):
 *   patch   := '*** Begin Patch' entry* '*** End Patch'
 *   entry   := add | delete | update
 *   add     := '*** Add File: ' path  ('+' text)*             → create (ifExists: overwrite, as codex)
 *   delete  := '*** Delete File: ' path                        → delete
 *   update  := '*** Update File: ' path ['*** Move to: ' path] chunk+   → patch (newPath on a move)
 *   chunk   := ('@@' | '@@ ' anchor)* line+ ['*** End of File']
 *   line    := ' ' text | '-' text | '+' text | ''              ('' is an empty context line)
 *
 * A chunk carries no line numbers: its `@@ anchor` lines (several stack, outermost first) narrow
 * the search and its context lines place it; `*** End of File` pins it to the end of the file.
 * The first chunk may omit `@@` (codex accepts that). Lines before `*** Begin Patch` are prose.
 *
 * Leniencies, each named and tested:
 * - a missing `*** End Patch` where the patch's code block closes (column 0 ```) ends the patch there,
 *   with a warning; missing at the end of the reply, it is an error: the reply may be cut off, and
 *   the last file with it (the ops are kept for the review to show; the CLI writes nothing);
 * - `cd DIR && apply_patch <<'EOF'` (or `cd DIR;`, DIR quoted or not) reads the patch's paths in DIR,
 *   as the shell would run it (codex); any other command before apply_patch that may change the
 *   folder (`cd a && cd b`, `pushd`, `cd a ||`) refuses the patch: where it lands is not known;
 * - blank lines between chunks, and blank lines at the end of a chunk, are separators, not
 *   context (models put a blank line before `*** End Patch` or the next `*** Update File`);
 * - a blank line inside an Add File followed by more `+` lines is an empty line of the file
 *   (the model dropped the `+` of an empty line);
 * - `@@ -12,3 +12,4 @@` unified-diff headers count as a bare `@@`: the numbers are not trusted;
 * - `apply_patch <<'EOF'` / `EOF` heredoc lines around the patch are prose.
 * Refused with an error (that entry only): an Update with no chunk, a line without a diff prefix
 * inside a chunk or an Add File, an unknown `***` header.
 */
import type { Diagnostic, Hunk, Op } from '../changeset/changeset';
import { linesToContent, openingFence, splitLines } from './fences';
import type { FormatParser, ParsedBlock } from './types';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File:';
const DELETE = '*** Delete File:';
const UPDATE = '*** Update File:';
const MOVE = '*** Move to:';
const EOF_MARK = '*** End of File';
const UNIFIED_HEADER = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
/** The closing line of the code block the patch sits in (column 0: ` ``` ` in a chunk is a kept line). */
const FENCE_CLOSE = /^(?:`{3,}|~{3,})\s*$/;
/** `cd DIR && apply_patch <<…` or `cd DIR; apply_patch <<…` (a shell prompt's `$ ` allowed). */
const CD_HEREDOC = /^\s*(?:\$\s*)?cd\s+('[^']*'|"[^"]*"|[^\s'";&|]+)\s*(?:&&|;)\s*apply_patch\b.*<</;
/** `cd DIR` as a command of its own. */
const CD_ALONE = /^\s*(?:\$\s*)?cd\s+('[^']*'|"[^"]*"|[^\s'";&|]+)\s*;?\s*$/;
/** A command line that starts with, or chains, a command that moves the shell (prose saying "cd" does not). */
const MOVES = /^\s*(?:\$\s*)?(?:.*(?:&&|\|\||;)\s*)?(?:cd|pushd|popd)(?:\s|$)/;
/** How many command lines above `apply_patch <<…` are read for a `cd`. */
const COMMANDS_ABOVE = 5;
/** A command line that runs apply_patch after something that may move it (cd, pushd, …). */
const MOVED_HEREDOC = /\b(?:cd|pushd|popd)\b.*\bapply_patch\b.*<</;

function parse(text: string): ParsedBlock[] {
  const lines = splitLines(text);
  const out: ParsedBlock[] = [];
  // Whether another patch follows one that was never ended, from one index: asking the rest of the reply
  // from each patch made `*** Begin Patch` lines without `*** End Patch` quadratic (issue 44).
  let lastBegin = -1;
  for (let k = lines.length - 1; k >= 0; k--) {
    if (lines[k]!.trim() === BEGIN) {
      lastBegin = k;
      break;
    }
  }
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.trim() === BEGIN) {
      const block = parsePatch(lines, i, lastBegin);
      out.push(block);
      i = block.end; // block.end is 1-based, so this is the line after it
    } else i++;
  }
  return out;
}

/**
 * The folder the shell commands before the patch run it in: '' (none, or the project folder), the
 * folder of one `cd DIR` (on the apply_patch line, `cd DIR && apply_patch <<…`, or a line of its own
 * above it in the same block of commands), or null when they may move it in a way not read (two cds,
 * pushd, `cd a ||`).
 */
function heredocFolder(lines: readonly string[], begin: number): string | null {
  const command = lines[begin - 1] ?? '';
  if (!/\bapply_patch\b.*<</.test(command)) return '';
  const dirs: string[] = [];
  const cd = CD_HEREDOC.exec(command);
  if (cd) dirs.push(cd[1]!);
  else if (MOVED_HEREDOC.test(command)) return null;
  // The commands above it, up to a blank line or the fence that opens the block.
  for (let k = begin - 2; k >= 0 && k >= begin - 1 - COMMANDS_ABOVE; k--) {
    const l = lines[k]!;
    if (l.trim() === '' || openingFence(l)) break;
    const alone = CD_ALONE.exec(l);
    if (alone) dirs.push(alone[1]!);
    else if (MOVES.test(l)) return null;
  }
  if (dirs.length > 1) return null;
  if (dirs.length === 0) return '';
  const dir = dirs[0]!.replace(/^(['"])(.*)\1$/, '$2').replace(/\/+$/, '');
  return dir === '.' ? '' : dir;
}

function parsePatch(lines: readonly string[], begin: number, lastBegin: number): ParsedBlock {
  const ops: Op[] = [];
  const diagnostics: Diagnostic[] = [];
  const folder = heredocFolder(lines, begin);
  if (folder === null) {
    const end = lines.findIndex((l, k) => k > begin && l.trim() === END);
    return {
      start: begin,
      end: end < 0 ? lines.length : end + 1,
      ops: [],
      diagnostics: [
        {
          severity: 'error',
          line: begin,
          message: `The command at reply line ${begin} runs the patch below it after something that changes the folder ("${lines[begin - 1]!.trim().slice(0, 80)}"); where its files are is not known, so it was not applied.`,
        },
      ],
    };
  }
  /** A path of the patch, in the folder its command runs it in; an absolute one stays where it says. */
  const inFolder = (path: string) =>
    folder === '' || /^(?:[/\\~]|[A-Za-z]:)/.test(path) ? path : `${folder}/${path}`;
  // At most 50 problems are listed per patch (a patch of pasted garbage would list thousands).
  let unlisted = 0;
  const error = (i: number, message: string) => {
    if (diagnostics.length < 50) diagnostics.push({ severity: 'error', line: i + 1, message });
    else unlisted++;
  };
  // A ``` line ends the patch only when the patch has no *** End Patch (before the next patch): with
  // one, the ``` line is inside it, and read as the broken line it is.
  let hasEnd = false;
  for (let k = begin + 1; k < lines.length; k++) {
    const t = lines[k]!.trim();
    if (t === BEGIN) break;
    if (t === END) {
      hasEnd = true;
      break;
    }
  }
  const closesPatch = (line: string) => !hasEnd && FENCE_CLOSE.test(line);
  let i = begin + 1;
  let ended = false;
  let fenced = false;
  while (i < lines.length) {
    const raw = lines[i]!;
    const t = raw.trim();
    if (t === END) {
      ended = true;
      break;
    }
    if (closesPatch(raw)) {
      fenced = true;
      break;
    }
    if (t === BEGIN) break; // a second patch starts: this one was never ended
    if (t === '') {
      i++;
      continue;
    }
    if (t.startsWith(ADD)) {
      const path = t.slice(ADD.length).trim();
      const start = i;
      const content: string[] = [];
      i++;
      while (i < lines.length) {
        const l = lines[i]!;
        if (l.startsWith('+')) content.push(l.slice(1));
        else if (l.trim() === '' && lines[i + 1]?.startsWith('+')) content.push('');
        else break;
        i++;
      }
      // A line without its `+` (and not the next header): the model wrote the file bare. Creating
      // the file from the `+` lines alone would drop that text, so the whole entry is refused.
      const stray = lines[i];
      if (
        stray !== undefined &&
        stray.trim() !== '' &&
        !stray.trim().startsWith('***') &&
        !closesPatch(stray)
      ) {
        error(i, `Reply line ${i + 1} in the new file ${path} does not start with "+"; ${path} was skipped.`);
        i = skipSection(lines, i);
        continue;
      }
      ops.push({
        kind: 'create',
        path: inFolder(path),
        content: linesToContent(content),
        // codex writes an Add File over a file that exists (its scenario 011); the review shows the diff.
        ifExists: 'overwrite',
        line: start + 1,
      });
      continue;
    }
    if (t.startsWith(DELETE)) {
      ops.push({ kind: 'delete', path: inFolder(t.slice(DELETE.length).trim()), line: i + 1 });
      i++;
      continue;
    }
    if (t.startsWith(UPDATE)) {
      const start = i;
      const path = t.slice(UPDATE.length).trim();
      i++;
      let newPath: string | undefined;
      if (lines[i]?.trim().startsWith(MOVE)) {
        newPath = lines[i]!.trim().slice(MOVE.length).trim();
        i++;
      }
      const read = readChunks(lines, i, closesPatch);
      i = read.next;
      if (read.error) {
        error(read.error.line, read.error.message.split('%PATH%').join(path));
        continue;
      }
      if (read.hunks.length === 0) {
        error(start, `"*** Update File: ${path}" at reply line ${start + 1} has no changes; it was skipped.`);
        continue;
      }
      // codex writes every updated file with a final newline (its scenario 014): so do we, for this format.
      const op: Op = {
        kind: 'patch',
        path: inFolder(path),
        hunks: read.hunks,
        line: start + 1,
        finalNewline: true,
      };
      if (newPath !== undefined) {
        op.newPath = inFolder(newPath);
        // codex moves onto an existing file by replacing it (its scenario 010; corpus llm-067).
        op.moveOverwrites = true;
      }
      ops.push(op);
      continue;
    }
    if (/^(?:apply_patch\b.*<<|EOF$|'EOF'$|"EOF"$)/.test(t)) {
      i++;
      continue;
    }
    error(
      i,
      t.startsWith('***')
        ? `"${t.slice(0, 80)}" at reply line ${i + 1} is not a patch header (expected *** Add File:, *** Delete File: or *** Update File:).`
        : `Reply line ${i + 1} ("${t.slice(0, 80)}") is outside any file section of the patch; it was ignored.`,
    );
    i++;
  }
  if (unlisted > 0) {
    diagnostics.push({
      severity: 'error',
      line: diagnostics[diagnostics.length - 1]!.line,
      message: `${unlisted} more problems in the patch starting at reply line ${begin + 1} are not listed.`,
    });
  }
  if (!ended && fenced) {
    diagnostics.push({
      severity: 'warning',
      line: begin + 1,
      message: `The patch starting at reply line ${begin + 1} has no "*** End Patch"; it ends where its code block closes, at reply line ${i + 1}.`,
    });
  } else if (!ended && lastBegin < i) {
    // An error: cut off, the last file would be written cut off (codex applies nothing without it).
    diagnostics.push({
      severity: 'error',
      line: begin + 1,
      // Its last file is the one cut: the review leaves it unticked.
      ...(ops.length === 0 ? {} : { op: ops.length - 1 }),
      message: `The patch starting at reply line ${begin + 1} has no "*** End Patch": the reply may be cut off, and its last file with it.`,
    });
  } else if (!ended) {
    diagnostics.push({
      severity: 'warning',
      line: begin + 1,
      message: `The patch starting at reply line ${begin + 1} has no "*** End Patch"; it ends where the next patch begins.`,
    });
  }
  const end = ended ? i + 1 : i;
  return { start: begin + 1, end: Math.max(end, begin + 1), ops, diagnostics };
}

interface ChunkRead {
  hunks: Hunk[];
  next: number;
  error?: { line: number; message: string };
}

function readChunks(
  lines: readonly string[],
  from: number,
  closesPatch: (line: string) => boolean,
): ChunkRead {
  const hunks: Hunk[] = [];
  let i = from;
  let anchors: string[] = [];
  let current: Hunk | null = null;
  const close = () => {
    if (current) {
      // Trailing blank lines are separators before the next header, not empty context lines.
      while (current.lines.length && current.lines[current.lines.length - 1] === ' ') current.lines.pop();
      if (current.lines.length) hunks.push(current);
    }
    current = null;
  };
  while (i < lines.length) {
    const l = lines[i]!;
    const t = l.trim();
    if (closesPatch(l)) break;
    if (t.startsWith('***')) {
      if (t === EOF_MARK) {
        if (current) current.atEof = true;
        else if (hunks.length) hunks[hunks.length - 1]!.atEof = true;
        i++;
        close();
        continue;
      }
      break;
    }
    if (l.startsWith('@@')) {
      close();
      // The anchor keeps its indentation (`@@     def area(self):`), as codex reads it.
      const anchor = UNIFIED_HEADER.test(l) ? '' : (l.startsWith('@@ ') ? l.slice(3) : l.slice(2)).trimEnd();
      if (anchor) anchors.push(anchor);
      i++;
      continue;
    }
    if (l.trim() === '' && (l === '' || !current)) {
      // Blank lines before any chunk line are separators; inside a chunk an empty line is an
      // empty context line whose space the model (or the chat UI) dropped.
      if (current) current.lines.push(' ');
      i++;
      continue;
    }
    const c = l[0];
    if (c === ' ' || c === '-' || c === '+') {
      if (!current) {
        current = { lines: [] };
        if (anchors.length) current.anchors = anchors;
        anchors = [];
      }
      current.lines.push(l);
      i++;
      continue;
    }
    close();
    return {
      hunks,
      next: skipSection(lines, i),
      error: {
        line: i,
        message: `Reply line ${i + 1} ("${l.slice(0, 80)}") in the changes to %PATH% starts with none of " ", "-", "+"; the changes to %PATH% were skipped.`,
      },
    };
  }
  close();
  return { hunks, next: i };
}

/** After a broken chunk, resume at the next `***` header so the other files are still read. */
function skipSection(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && !lines[i]!.trim().startsWith('***')) i++;
  return i;
}

export const openaiPatch: FormatParser = {
  id: 'openai-patch',
  detect: (text) => text.includes(BEGIN),
  parse,
};
