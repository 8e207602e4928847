/**
 * Markdown file actions (spec 004):
 *
 *   # Plan                     free text → the change set's summary
 *   ## Files
 *   ### File <path>            also `File <path>`, `File: <path>`, `**File:** <path>`; the path
 *                              may be in backticks
 *   ### Action <action>        create | rewrite | modify | delete, any case; the same forms
 *   #### Change                one or more per file (a new label pair also starts a new change)
 *   **Description**: text      ignored
 *   **Search**:                modify only: a fenced block with the exact text to find
 *   ```lang … ```
 *   **Content**:               the replacement (modify) or the whole file (create, rewrite)
 *   ```lang … ```
 *
 * Mapping: create → `create` (ifExists 'fail': the spec says "create a new file if it doesn't
 * exist"), rewrite → `replace`, modify → `search-replace` (one edit per change, `all: false`),
 * delete → `delete`. Each File section is its own block; its op carries the File line.
 *
 * The spec's own examples are messy, and so are real replies; named leniencies, each tested:
 * - labels as `**Search**:`, `**Search:**`, `*Search*:`, `_Search_:`, `**Search** (…):`, and
 *   `Replace` as another name for `Content`;
 * - fences of 3 or more backticks (or tildes); a fence closes at a line of the same character at
 *   least as long as its opener, so a ```` line closes a ``` block (spec examples 2–5);
 * - the whole answer inside `<pre>…</pre>`, the tags alone or glued to the first/last line;
 * - the answer inside an outer ```markdown fence whose inner ```swift fences break CommonMark
 *   nesting: stray fence lines between sections are ignored, and each Search/Content block is
 *   read from the fence right after its label, never by pairing the outer fences;
 * - a Search/Content fence left open before the answer's `</pre>` runs to it, with a warning; one that
 *   runs to the end of the reply is an error (the reply may be cut off, and the file with it).
 * Errors (that file's op is skipped): an unknown action on an `### Action` heading (without
 * heading marks, "Action: update the docs" is prose), no Action line after `### File`, a Search
 * without a Content, a modify without Search, a create/rewrite without Content.
 * Absolute paths (the spec's last example has one) are kept; the registry refuses them.
 */
import type { Diagnostic, Op, SearchReplaceEdit } from '../changeset/changeset';
import { dedent, isClosingFence, linesToContent, openingFence, splitLines } from './fences';
import type { FormatParser, ParsedBlock } from './types';

interface FenceText {
  text: string;
  open: number;
  close: number;
}

interface Change {
  line: number;
  search?: FenceText;
  content?: FenceText;
}

interface Section {
  path: string;
  line: number;
  heading: boolean;
  action?: string;
  actionLine?: number;
  changes: Change[];
  last: number;
  diagnostics: Diagnostic[];
}

type Label = 'search' | 'content' | 'description';

const ACTIONS = new Set(['create', 'rewrite', 'modify', 'delete']);

const LABEL =
  /^([*_]{0,2})(search|content|replace|description)([*_]{0,2})\s*(\([^)]{0,200}\))?\s*([*_]{0,2})\s*(:?)\s*([*_]{0,2})\s*(.*)$/i;

/** Strip a `<pre>` glued before, and a `</pre>` glued after, the structural text of a line. */
function unwrap(line: string): string {
  let t = line.trim();
  if (!t.includes('pre>')) return t;
  if (/^<pre(\s[^>]*)?>/i.test(t)) t = t.slice(t.indexOf('>') + 1).trim();
  if (/<\/pre>$/i.test(t)) t = t.slice(0, -6).trim();
  return t;
}

/** `### File x`, `File: x`, `**File** x` → { word, rest, heading }. */
function structural(t: string): { word: string; rest: string; heading: boolean } | null {
  // Most lines are code or prose: rule them out before running any expression.
  if (!/^[#*_fFaAcCpP]/.test(t)) return null;
  const heading = /^#{1,6}\s*/.exec(t);
  let s = heading ? t.slice(heading[0].length) : t;
  s = s.replace(/^([*_]{1,2})(file|action|change)(:?)\1/i, '$2$3');
  const m = /^(file|action|change|plan|files)\b\s*:?\s*(.*)$/i.exec(s);
  if (!m) return null;
  return { word: m[1]!.toLowerCase(), rest: m[2]!.trim(), heading: heading !== null };
}

function labelOf(t: string): { label: Label; rest: string } | null {
  if (t.length > 400 || !/^[*_sScCdDrR]/.test(t)) return null;
  const m = LABEL.exec(t);
  if (!m) return null;
  const emphasized = m[1] !== '' || m[3] !== '' || m[5] !== '' || m[7] !== '';
  const colon = m[6] === ':';
  const word = m[2]!.toLowerCase();
  const label: Label = word === 'replace' ? 'content' : (word as Label);
  const rest = m[8]!.trim();
  if (!emphasized && !colon) return null;
  if (label !== 'description' && rest !== '') return null;
  return { label, rest };
}

function stripDressing(s: string): string {
  return s.replace(/^([*_`'"]{1,2})(.*)\1$/, '$2').trim();
}

/** Read the fenced block that follows a label; null when something else comes first. */
function readFence(
  lines: readonly string[],
  from: number,
): { fence: FenceText; closed: boolean; atPre?: boolean } | { missing: number } {
  let i = from;
  while (i < lines.length && unwrap(lines[i]!) === '') i++;
  const opener = i < lines.length ? openingFence(unwrap(lines[i]!)) : null;
  if (!opener) return { missing: i };
  const indent = /^\s*/.exec(lines[i]!)![0].length;
  const body: string[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const l = lines[j]!;
    const t = l.trim();
    if (isClosingFence(l, opener.marker)) break;
    // `</pre>` glued to the closing fence, as models write the last line of a wrapped answer.
    if (/<\/pre>$/i.test(t) && isClosingFence(t.slice(0, -6), opener.marker)) break;
    if (/^<\/pre>$/i.test(t)) {
      return { fence: { text: linesToContent(body), open: i, close: j - 1 }, closed: false, atPre: true };
    }
    body.push(dedent(l, indent));
  }
  const closed = j < lines.length;
  // The reply's final newline is not a line of the cut-off block.
  if (!closed && body[body.length - 1] === '') body.pop();
  return { fence: { text: linesToContent(body), open: i, close: closed ? j : lines.length - 1 }, closed };
}

function parse(text: string): ParsedBlock[] {
  const lines = splitLines(text);
  const sections: Section[] = [];
  const plan: string[] = [];
  let inPlan = false;
  let current: Section | null = null;
  let change: Change | null = null;

  for (let i = 0; i < lines.length; i++) {
    const t = unwrap(lines[i]!);
    const s = t ? structural(t) : null;
    // Plan text runs to the next heading or File line ("Change the version…" is plan prose).
    if (inPlan && !t.startsWith('#') && s?.word !== 'file') {
      plan.push(t);
      continue;
    }
    if (s) {
      inPlan = false;
      if (s.word === 'plan' && s.heading && s.rest === '') {
        inPlan = true;
        continue;
      }
      if (s.word === 'file' && s.rest !== '') {
        // A short note after the path is not part of it: `### File src/a.ts (new)`.
        const path = stripDressing(stripDressing(s.rest).replace(/\s+\([^()]{1,40}\)$/, ''));
        // Without heading marks, `File x` is a section only when x is one token (not prose).
        if (s.heading || !/\s/.test(path)) {
          current = { path, line: i, heading: s.heading, changes: [], last: i, diagnostics: [] };
          sections.push(current);
          change = null;
        }
        continue;
      }
      if (s.word === 'action' && current && current.action === undefined && s.rest !== '') {
        const action = stripDressing(s.rest.split(/\s+/)[0]!)
          .replace(/[.:,;]+$/, '')
          .toLowerCase();
        // Without heading marks an unknown word is prose ("Action: update the docs"), not an error.
        if (!s.heading && !ACTIONS.has(action)) continue;
        current.action = action;
        current.actionLine = i;
        current.last = i;
        continue;
      }
      if (s.word === 'change' && current && (s.heading || /^\d*:?$/.test(s.rest))) {
        change = { line: i };
        current.changes.push(change);
        current.last = i;
        continue;
      }
      if (s.word === 'files') continue;
    }
    if (t.startsWith('#')) inPlan = false;
    const label = t ? labelOf(t) : null;
    if (!label || !current || label.label === 'description') continue;
    const read = readFence(lines, i + 1);
    if ('missing' in read) {
      current.diagnostics.push({
        severity: 'error',
        line: i + 1,
        message: `The ${label.label === 'search' ? 'Search' : 'Content'} label at reply line ${i + 1} (${current.path}) is not followed by a code block.`,
      });
      continue;
    }
    if (read.atPre) {
      current.diagnostics.push({
        severity: 'warning',
        line: read.fence.open + 1,
        message: `The code block at reply line ${read.fence.open + 1} (${current.path}) is not closed before the </pre> that ends the answer; it was read up to there.`,
      });
    } else if (!read.closed) {
      // Run to the end of the reply: cut off, it may be, and a file cut off with it is worse than none.
      current.diagnostics.push({
        severity: 'error',
        line: read.fence.open + 1,
        // The section's one op: the review leaves its file unticked.
        op: 0,
        message: `The code block at reply line ${read.fence.open + 1} (${current.path}) is never closed: the reply may be cut off, and the file with it.`,
      });
    }
    if (!change || change[label.label]) {
      change = { line: i };
      current.changes.push(change);
    }
    change[label.label] = read.fence;
    current.last = read.fence.close;
    i = read.fence.close;
  }

  // `### File: src/a.ts` above a plain code block is the whole-file format, not this one: only a
  // reply with at least one Action line is read as Markdown actions.
  if (!sections.some((sec) => sec.action !== undefined)) return [];
  const out: ParsedBlock[] = [];
  for (const sec of sections) {
    if (sec.action === undefined && !sec.heading && sec.changes.length === 0) continue;
    const block: ParsedBlock = {
      start: sec.line + 1,
      end: sec.last + 1,
      ops: [],
      diagnostics: sec.diagnostics,
    };
    const op = toOp(sec, block.diagnostics);
    if (op) block.ops.push(op);
    out.push(block);
  }
  const summary = plan.join('\n').trim();
  if (summary && out[0]) out[0].summary = summary;
  return out;
}

function toOp(sec: Section, diagnostics: Diagnostic[]): Op | null {
  const line = sec.line + 1;
  const error = (message: string) => {
    diagnostics.push({ severity: 'error', line, message });
    return null;
  };
  if (sec.action === undefined) return error(`"File ${sec.path}" at reply line ${line} has no Action line.`);
  const contents = sec.changes.filter((c) => c.content);
  switch (sec.action) {
    case 'create':
    case 'rewrite': {
      if (contents.length === 0)
        return error(`${sec.action} ${sec.path} (reply line ${line}) has no Content block.`);
      if (contents.length > 1 || sec.changes.some((c) => c.search))
        diagnostics.push({
          severity: 'warning',
          line,
          message: `${sec.action} ${sec.path} has ${contents.length} Content blocks${sec.changes.some((c) => c.search) ? ' and a Search block' : ''}; the first Content block is the file.`,
        });
      const content = contents[0]!.content!.text;
      return sec.action === 'create'
        ? { kind: 'create', path: sec.path, content, ifExists: 'fail', line }
        : { kind: 'replace', path: sec.path, content, line };
    }
    case 'modify': {
      const edits: SearchReplaceEdit[] = [];
      for (const c of sec.changes) {
        if (!c.search && !c.content) continue;
        if (!c.content)
          return error(
            `The change at reply line ${c.line + 1} (${sec.path}) has a Search block but no Content block; ${sec.path} was skipped.`,
          );
        if (!c.search)
          return error(
            `The change at reply line ${c.line + 1} (${sec.path}) has no Search block, which modify needs; ${sec.path} was skipped.`,
          );
        if (c.search.text.trim() === '')
          return error(
            `The Search block at reply line ${c.search.open + 1} (${sec.path}) is empty; ${sec.path} was skipped.`,
          );
        edits.push({ search: c.search.text, replace: c.content.text, all: false });
      }
      if (edits.length === 0)
        return error(`modify ${sec.path} (reply line ${line}) has no Search/Content change.`);
      return { kind: 'search-replace', path: sec.path, edits, line };
    }
    case 'delete':
      if (contents.length)
        diagnostics.push({
          severity: 'info',
          line,
          message: `delete ${sec.path}: the Content block given with it was ignored.`,
        });
      return { kind: 'delete', path: sec.path, line };
    default:
      diagnostics.push({
        severity: 'error',
        line: (sec.actionLine ?? sec.line) + 1,
        message: `Unknown action "${sec.action}" for ${sec.path} at reply line ${(sec.actionLine ?? sec.line) + 1}; expected create, rewrite, modify or delete.`,
      });
      return null;
  }
}

export const markdownActions: FormatParser = {
  id: 'markdown-actions',
  detect: (text) => /\baction\b/i.test(text) && /\bfile\b/i.test(text),
  parse,
};
