/**
 * Repo Prompt's XML edit format ("XML diff protocol"), the XML twin of Markdown actions (spec 004).
 * Read by a line scanner, not an XML parser: bodies are raw code full of `<`, `>` and `&`, delimited
 * only by `===` lines, and never unescaped. Tags start a line (after optional indentation).
 *
 * Grammar, as Repo Prompt's published `<xml_formatting_instructions>` ("Format to Follow for Repo
 * Prompt's Diff Protocol") write it. A copy committed 2025-03-12 has four actions; a later copy adds
 * `rename` with `<new path="…"/>`:
 *   reply   := (prose | plan | file)*                      prose (```xml fences too) is ignored
 *   plan    := "<Plan>" text "</Plan>"                      → the change set's summary
 *   file    := "<file" attrs ">" (change | comment | new)* "</file>"
 *            | "<file" attrs "/>"                          (delete, rename)
 *   attrs   := path="…" action="create|rewrite|modify|delete|rename", any order, ' or " quotes
 *   change  := "<change>" ["<description>" text "</description>"] [search] content "</change>"
 *   search  := "<search>" NL body "</search>"
 *   content := "<content>" NL body "</content>"
 *   body    := "===" NL literal NL "==="                     the literal text is what lies between
 *                                                          the two lines; the line break right after
 *                                                          the opening and right before the closing
 *                                                          `===` are not part of it (so a body ends
 *                                                          without a newline unless it has a blank
 *                                                          last line)
 *   new     := "<new" path="…" "/>"                         rename only: the new name
 *   comment := "<!--" … "-->"                              (the template itself has one in <file>)
 *
 * Mapping (as markdown-actions): create → `create` (ifExists 'fail': "create a new file if it
 * doesn't exist"), rewrite → `replace`, modify → one `search-replace` with one edit per change
 * (`all: false`), delete → `delete`, rename → `rename`. Each op carries its `<file>` line. Paths are
 * kept exactly as written (absolute ones too; the registry and the plan deal with them).
 *
 * Named tolerances, each tested:
 * - attributes in any order, with either quote; tag names in any case (`<plan>`, `<FILE …>`);
 * - the whole answer inside a ```xml (or ```XML, as the instructions ask) fence, or not;
 * - indented tags and indented `===` lines; blank lines between a tag and its `===` line;
 * - several tags on one line (`<change><description>x</description>`, `</content></change>`),
 *   a description over several lines, comments in a `<file>`;
 * - delete as `<file … action="delete"/>`, with an empty body, or with the documented empty
 *   `<content>` (`===` right after `===`); `<content></content>` and `<content/>` as empty bodies;
 * - a `===` line inside a body (a Markdown heading underline) is body text unless the next non-blank
 *   line closes the body (`</content>`, `</search>`, `</change>`, `</file>`) or opens a `<change>`
 *   or `<file>`; a `===` right after a `<search>`/`<content>` line is never taken as a closing one, so a
 *   body missing its closing `===` cannot swallow the next body;
 * - a `<Plan>` on one line, or never closed before the first `<file>` (a warning);
 * - CRLF replies (bodies are read with `\n` line ends, as every format's text is);
 * - the description is free text (it may hold `<`, `>`), ignored like Markdown actions' Description.
 * Refused, as error diagnostics naming the reply line (that file's op is skipped, the others are
 * kept): an unknown or missing action, a missing path, an unknown tag or stray text inside `<file>`,
 * a `<change>` without `<content>` (create, rewrite, modify), a `<search>` in create or rewrite,
 * a modify change without `<search>` or with an empty one, create/rewrite with more than one
 * `<content>`, a body without its `===` lines, a `<search>`/`<content>` outside a `<change>`, an
 * element not closed before the next one, a `<file>` never closed (a cut-off reply), a rename without
 * `<new path>` or with a body, and `<change>`/`<search>`/`<content>` outside any `<file>`.
 * A delete that carries text in its body is read with a warning that the text was ignored. A body
 * that never finds its closing line says how much of the reply it took with it; other failures resume
 * reading at the next line that can be structure, so later files are read (or reported), never lost.
 */
import type { Diagnostic, Op, SearchReplaceEdit } from '../changeset/changeset';
import { splitLines } from './fences';
import { parseAttributes } from './file-changes';
import type { FormatParser, ParsedBlock } from './types';

const ACTIONS = ['create', 'rewrite', 'modify', 'delete', 'rename'];

type Token =
  | { t: 'open'; name: string; attrs: string; selfClosing: boolean; line: number }
  | { t: 'close'; name: string; line: number }
  | { t: 'comment'; closed: boolean }
  | { t: 'description'; closed: boolean }
  | { t: 'text'; text: string; line: number };

interface Body {
  text: string;
  /** 0-based line of the `<search>`/`<content>` tag. */
  line: number;
}

interface Change {
  line: number;
  closed: boolean;
  search?: Body;
  content?: Body;
}

interface FileElement {
  line: number;
  end: number;
  attrs: Record<string, string>;
  changes: Change[];
  news: Array<{ path?: string; line: number }>;
  diagnostics: Diagnostic[];
  /** The first stray text line and unknown tag inside the element, and how many there were. */
  stray: { line: number; count: number } | null;
  unknown: { line: number; name: string; count: number } | null;
}

const TAG_NAME = /<(\/?)([A-Za-z][\w.:-]*)/y;

/** Index of the `>` that ends the tag whose attributes start at `from`, skipping quoted values; -1 if none. */
function tagEnd(line: string, from: number): number {
  let quote = '';
  for (let i = from; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/** The tags of a line that holds nothing else; text that is not a tag ends the line as a `text` token. */
function tokenize(text: string, line: number): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (i >= text.length) break;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      out.push({ t: 'comment', closed: end >= 0 });
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    TAG_NAME.lastIndex = i;
    const m = TAG_NAME.exec(text);
    const end = m ? tagEnd(text, i + m[0].length) : -1;
    // A closing tag has no attributes; anything else is text.
    if (!m || end < 0 || (m[1] && text.slice(i + m[0].length, end).trim() !== '')) {
      out.push({ t: 'text', text: text.slice(i), line });
      break;
    }
    // The whole name is read (`<file_contents>` is not `<file>`).
    const name = m[2]!.toLowerCase();
    let attrs = text.slice(i + m[0].length, end);
    i = end + 1;
    if (m[1]) {
      out.push({ t: 'close', name, line });
      continue;
    }
    const selfClosing = attrs.trimEnd().endsWith('/');
    if (selfClosing) attrs = attrs.trimEnd().slice(0, -1);
    if (name === 'description' && !selfClosing) {
      // A description is prose: anything up to its closing tag, on this line or a later one.
      const close = text.toLowerCase().indexOf('</description>', i);
      out.push({ t: 'description', closed: close >= 0 });
      if (close < 0) break;
      i = close + '</description>'.length;
      continue;
    }
    out.push({ t: 'open', name, attrs, selfClosing, line });
  }
  return out;
}

const isDelimiter = (line: string) => line.trim() === '===';
/** A line that can follow a body's closing `===`. */
const AFTER_BODY = /^\s*(?:<\/(?:search|content|change|file)\s*>|<(?:change|file)[\s/>])/i;
/** A line that a body's opening `===` follows. */
const BODY_OPENER = /^\s*<(?:search|content)\s*>\s*$/i;
/** The elements whose text sits between === lines. */
const BODIES = new Set(['search', 'content']);
/** A line that opens a `<file>` element (for detect, and to end an unclosed Plan). */
const FILE_LINE = /^[ \t]*<file[\s/>]/i;

function nextNonBlank(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  return i;
}

type BodyRead =
  | { ok: true; text: string; next: number }
  | { ok: false; message: string; line: number; next: number };

/**
 * The body after a `<search>`/`<content>` tag on line `at`: between a `===` line and the first later
 * `===` line that a closing tag follows. `next` is the line to go on from (the one after the body).
 */
function readBody(lines: readonly string[], at: number, name: string, path: string): BodyRead {
  const open = nextNonBlank(lines, at + 1);
  const where = `The <${name}> at reply line ${at + 1} (${path})`;
  if (open >= lines.length)
    return {
      ok: false,
      line: at + 1,
      message: `${where} has no body; the reply was probably cut off.`,
      next: lines.length,
    };
  const closing = `</${name}>`;
  if (!isDelimiter(lines[open]!)) {
    // Not read (a CDATA section, code without `===`): its end is the first line that ends in its closing tag.
    let k = open;
    while (k < lines.length && !lines[k]!.trimEnd().toLowerCase().endsWith(closing)) k++;
    return {
      ok: false,
      line: open + 1,
      message:
        k < lines.length
          ? `${where} does not start with a line that is exactly ===, which must enclose its text; ${path} was skipped.`
          : `${where} does not start with a line that is exactly ===, and no ${closing} follows; nothing from reply line ${open + 1} to the end was applied.`,
      next: k < lines.length ? k + 1 : lines.length,
    };
  }
  for (let c = open + 1; c < lines.length; c++) {
    if (!isDelimiter(lines[c]!)) continue;
    // The opening `===` of another body: this one lost its closing line. What follows its opening
    // `===` is read as structure again, so the elements after it are not lost with it.
    if (c - 1 > open && BODY_OPENER.test(lines[c - 1]!))
      return {
        ok: false,
        line: open + 1,
        message: `${where} opens a body at reply line ${open + 1} that has no closing === line before the next body at reply line ${c + 1}.`,
        next: open + 1,
      };
    const after = nextNonBlank(lines, c + 1);
    if (
      after < lines.length &&
      (AFTER_BODY.test(lines[after]!) || lines[after]!.trim().toLowerCase() === closing)
    )
      return { ok: true, text: lines.slice(open + 1, c).join('\n'), next: c + 1 };
  }
  return {
    ok: false,
    line: open + 1,
    message: `${where} opens a body at reply line ${open + 1} that has no closing === line followed by ${closing}; nothing from there to the end was applied (the reply may have been cut off).`,
    next: lines.length,
  };
}

function parse(text: string): ParsedBlock[] {
  const lines = splitLines(text);
  const blocks: ParsedBlock[] = [];
  const plan: string[] = [];
  let orphanReported = false;

  let i = 0;
  while (i < lines.length) {
    const l = lines[i]!;
    if (l.indexOf('<') < 0) {
      i++;
      continue;
    }
    const t = l.trimStart();
    const lower = t.slice(0, 12).toLowerCase();
    if (lower.startsWith('<plan>')) {
      i = readPlan(lines, i, plan, blocks);
      continue;
    }
    if (FILE_LINE.test(l)) {
      orphanReported = false;
      const r = readFile(lines, i);
      blocks.push(r.block);
      i = r.next;
      continue;
    }
    const orphan = /^<(change|search|content)\s*>/i.exec(t);
    if (orphan) {
      const name = orphan[1]!.toLowerCase();
      if (!orphanReported)
        blocks.push({
          start: i + 1,
          end: i + 1,
          ops: [],
          diagnostics: [
            {
              severity: 'error',
              line: i + 1,
              message: `The <${name}> at reply line ${i + 1} is outside any <file path="…" action="…"> element; it was not applied.`,
            },
          ],
        });
      orphanReported = true;
      // Its body is not read as structure either.
      if (name === 'change') i++;
      else {
        const r = readBody(lines, i, name, 'no file');
        i = r.ok ? r.next : i + 1;
      }
      continue;
    }
    if (/^<\/file\s*>/i.test(t)) orphanReported = false;
    i++;
  }

  const summary = plan.join('\n\n').trim();
  const first = blocks.find((b) => b.ops.length > 0) ?? blocks[0];
  if (summary && first) first.summary = summary;
  return blocks;
}

/** Plan text up to `</Plan>` (or, with a warning, up to the first `<file>`); returns the next line. */
function readPlan(lines: readonly string[], at: number, plan: string[], blocks: ParsedBlock[]): number {
  const first = lines[at]!.trimStart().slice('<plan>'.length);
  const text: string[] = [];
  const endOn = (s: string) => s.toLowerCase().indexOf('</plan>');
  let close = endOn(first);
  if (close >= 0) {
    plan.push(first.slice(0, close).trim());
    return at + 1;
  }
  if (first.trim() !== '') text.push(first);
  let i = at + 1;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (FILE_LINE.test(l)) break;
    close = endOn(l);
    if (close >= 0) {
      text.push(l.slice(0, close));
      plan.push(text.join('\n').trim());
      return i + 1;
    }
    text.push(l);
  }
  plan.push(text.join('\n').trim());
  blocks.push({
    start: at + 1,
    end: at + 1,
    ops: [],
    diagnostics: [
      {
        severity: 'warning',
        line: at + 1,
        message: `The <Plan> at reply line ${at + 1} is never closed; it was read up to ${i < lines.length ? `the <file> at reply line ${i + 1}` : 'the end of the reply'}.`,
      },
    ],
  });
  return i;
}

/** One `<file>` element from its opening line; `next` is the line after it. */
function readFile(lines: readonly string[], at: number): { block: ParsedBlock; next: number } {
  const f: FileElement = {
    line: at,
    end: at,
    attrs: {},
    changes: [],
    news: [],
    diagnostics: [],
    stray: null,
    unknown: null,
  };
  const error = (line: number, message: string) => f.diagnostics.push({ severity: 'error', line, message });
  const opening = tokenize(lines[at]!, at);
  const tag = opening[0];
  if (tag?.t !== 'open' || tag.name !== 'file') {
    error(at + 1, `The <file> tag at reply line ${at + 1} could not be read (it must end on its own line).`);
    return { block: { start: at + 1, end: at + 1, ops: [], diagnostics: f.diagnostics }, next: at + 1 };
  }
  f.attrs = parseAttributes(tag.attrs);
  const label = f.attrs.path ?? `the <file> at reply line ${at + 1}`;

  let change: Change | null = null;
  /** A body just read waits for its closing tag, which must be the next token. */
  let awaiting: { name: string; line: number } | null = null;
  let pending: 'comment' | 'description' | null = null;
  let pendingLine = 0;
  let closed = tag.selfClosing;
  let tokens = opening.slice(1);
  let i = at;

  const onToken = (tok: Token): 'next-line' | 'continue' | 'end' | 'refile' => {
    if (awaiting) {
      const want = awaiting;
      awaiting = null;
      if (tok.t === 'close' && tok.name !== want.name && BODIES.has(tok.name) && BODIES.has(want.name)) {
        // `<search> === … === </content>`: the === lines already ended the text; only the tag is wrong.
        f.diagnostics.push({
          severity: 'warning',
          line: tok.line + 1,
          message: `The <${want.name}> at reply line ${want.line + 1} (${label}) is closed by </${tok.name}> at reply line ${tok.line + 1}; its text ends at its closing ===, so it was read as </${want.name}>.`,
        });
        return 'continue';
      }
      if (!(tok.t === 'close' && tok.name === want.name)) {
        error(
          want.line + 1,
          `The <${want.name}> at reply line ${want.line + 1} (${label}) is not closed by </${want.name}> after its closing ===.`,
        );
      } else return 'continue';
    }
    switch (tok.t) {
      case 'comment':
        if (!tok.closed) {
          pending = 'comment';
          pendingLine = i;
        }
        return 'continue';
      case 'description':
        if (!tok.closed) {
          pending = 'description';
          pendingLine = i;
        }
        return 'continue';
      case 'text':
        if (f.stray) f.stray.count++;
        else f.stray = { line: tok.line, count: 1 };
        return 'next-line';
      case 'close':
        if (tok.name === 'file') {
          if (change && !change.closed)
            error(
              change.line + 1,
              `The <change> at reply line ${change.line + 1} (${label}) is never closed.`,
            );
          closed = true;
          return 'end';
        }
        if (tok.name === 'change' && change && !change.closed) {
          change.closed = true;
          return 'continue';
        }
        if (tok.name === 'new') return 'continue';
        error(
          tok.line + 1,
          `Unexpected </${tok.name}> at reply line ${tok.line + 1} inside the <file> for ${label}.`,
        );
        return 'continue';
      case 'open':
        break;
    }
    switch (tok.name) {
      case 'file':
        if (FILE_LINE.test(lines[tok.line]!)) return 'refile';
        error(
          tok.line + 1,
          `A <file> tag at reply line ${tok.line + 1} is inside the <file> for ${label}; each <file> starts its own line.`,
        );
        return 'continue';
      case 'description':
        return 'continue';
      case 'change':
        if (change && !change.closed)
          error(
            change.line + 1,
            `The <change> at reply line ${change.line + 1} (${label}) is not closed before the next <change> at reply line ${tok.line + 1}.`,
          );
        change = { line: tok.line, closed: tok.selfClosing };
        f.changes.push(change);
        return 'continue';
      case 'new':
        f.news.push({ path: parseAttributes(tok.attrs).path, line: tok.line });
        return 'continue';
      case 'search':
      case 'content': {
        const name = tok.name;
        const host = change && !change.closed ? change : null;
        if (!host)
          error(
            tok.line + 1,
            `The <${name}> at reply line ${tok.line + 1} (${label}) is outside a <change>; it was not applied.`,
          );
        else if (host[name])
          error(
            tok.line + 1,
            `The <change> at reply line ${host.line + 1} (${label}) has a second <${name}> at reply line ${tok.line + 1}.`,
          );
        // Cases: `<content/>` and `<content></content>`, an empty body.
        if (tok.selfClosing) {
          if (host && !host[name]) host[name] = { text: '', line: tok.line };
          return 'continue';
        }
        const rest = tokens;
        if (rest[0]?.t === 'close' && rest[0].name === name) {
          tokens = rest.slice(1);
          if (host && !host[name]) host[name] = { text: '', line: tok.line };
          return 'continue';
        }
        if (rest.length > 0) {
          error(
            tok.line + 1,
            `The <${name}> at reply line ${tok.line + 1} (${label}) has more on its line; its text must start on the next line with ===.`,
          );
        }
        const r = readBody(lines, tok.line, name, label);
        if (!r.ok) error(r.line, r.message);
        else {
          if (host && !host[name]) host[name] = { text: r.text, line: tok.line };
          awaiting = { name, line: tok.line };
        }
        i = r.next - 1;
        return 'next-line';
      }
      default:
        if (f.unknown) f.unknown.count++;
        else f.unknown = { line: tok.line, name: tok.name, count: 1 };
        // An unknown element with a === body (`<replace>`, `<old>`): its body is skipped as one, not
        // reported line by line as stray text.
        if (!tok.selfClosing && tokens.length === 0) {
          const open = nextNonBlank(lines, tok.line + 1);
          if (open < lines.length && isDelimiter(lines[open]!)) {
            const r = readBody(lines, tok.line, tok.name, label);
            if (r.ok) {
              awaiting = { name: tok.name, line: tok.line };
              i = r.next - 1;
              return 'next-line';
            }
          }
        }
        return 'continue';
    }
  };

  while (!closed) {
    let refile = false;
    let ended = false;
    while (tokens.length > 0) {
      const tok = tokens.shift()!;
      const r = onToken(tok);
      if (r === 'end') {
        ended = true;
        if (tokens.some((x) => x.t !== 'comment')) f.stray ??= { line: i, count: 1 };
        break;
      }
      if (r === 'refile') {
        refile = true;
        break;
      }
      if (r === 'next-line') break;
    }
    if (ended) break;
    if (refile) {
      error(
        at + 1,
        `The <file> for ${label} at reply line ${at + 1} is not closed before the next <file> at reply line ${i + 1}.`,
      );
      f.end = i - 1;
      return { block: toBlock(f, lines.length), next: i };
    }
    i++;
    if (i >= lines.length) {
      if (awaiting) {
        const want = awaiting as { name: string; line: number };
        error(want.line + 1, `The <${want.name}> at reply line ${want.line + 1} (${label}) is never closed.`);
      }
      error(
        at + 1,
        `The <file> for ${label} at reply line ${at + 1} is never closed (the reply was probably cut off); it was not applied.`,
      );
      f.end = lines.length - 1;
      return { block: toBlock(f, lines.length), next: lines.length };
    }
    const l = lines[i]!;
    tokens = [];
    if (pending) {
      const endMark = pending === 'comment' ? '-->' : '</description>';
      const k = l.toLowerCase().indexOf(endMark);
      if (k >= 0) {
        pending = null;
        tokens = tokenize(l.slice(k + endMark.length), i);
        continue;
      }
      // A description runs into structure: its closing tag is missing.
      if (pending === 'description' && /^\s*<\/?(?:search|content|change|file)[\s/>]/i.test(l)) {
        error(
          pendingLine + 1,
          `The <description> at reply line ${pendingLine + 1} (${label}) is never closed.`,
        );
        pending = null;
      } else continue;
    }
    if (l.trim() !== '') tokens = tokenize(l, i);
  }
  f.end = i;
  return { block: toBlock(f, lines.length), next: i + 1 };
}

function toBlock(f: FileElement, lineCount: number): ParsedBlock {
  const line = f.line + 1;
  const block: ParsedBlock = {
    start: line,
    end: Math.min(Math.max(f.end, f.line), lineCount - 1) + 1,
    ops: [],
    diagnostics: f.diagnostics,
  };
  const path = f.attrs.path;
  const label = path ?? `the <file> at reply line ${line}`;
  if (f.unknown)
    f.diagnostics.push({
      severity: 'error',
      line: f.unknown.line + 1,
      message: `Unknown tag <${f.unknown.name}> at reply line ${f.unknown.line + 1} inside the <file> for ${label}${f.unknown.count > 1 ? ` (and ${f.unknown.count - 1} more unknown tags)` : ''}; it was not applied.`,
    });
  if (f.stray)
    f.diagnostics.push({
      severity: 'error',
      line: f.stray.line + 1,
      message: `Unexpected text at reply line ${f.stray.line + 1} inside the <file> for ${label}${f.stray.count > 1 ? ` (and ${f.stray.count - 1} more such lines)` : ''}; only tags and === bodies belong there.`,
    });
  const error = (message: string, at = line) => {
    f.diagnostics.push({ severity: 'error', line: at, message });
  };
  if (!path) error(`The <file> at reply line ${line} has no path attribute; it was not applied.`);
  const rawAction = f.attrs.action;
  const action = rawAction?.trim().toLowerCase();
  if (rawAction === undefined)
    error(`The <file> for ${label} at reply line ${line} has no action attribute.`);
  else if (!ACTIONS.includes(action!))
    error(
      `Unknown action "${rawAction}" for ${label} at reply line ${line}; expected create, rewrite, modify, delete or rename.`,
    );
  if (action !== 'rename' && f.news.length > 0)
    error(
      `<new path> at reply line ${f.news[0]!.line + 1} belongs to a rename, not to ${action ?? 'this file'}.`,
    );
  if (f.diagnostics.some((d) => d.severity === 'error') || !path || !action) {
    block.diagnostics.sort((a, b) => a.line - b.line);
    return block;
  }
  const op = toOp(f, path, action, error);
  if (op) block.ops.push(op);
  block.diagnostics.sort((a, b) => a.line - b.line);
  return block;
}

function toOp(
  f: FileElement,
  path: string,
  action: string,
  error: (m: string, at?: number) => void,
): Op | null {
  const line = f.line + 1;
  const at = (n: number) => `reply line ${n + 1}`;
  switch (action) {
    case 'create':
    case 'rewrite': {
      for (const c of f.changes) {
        if (c.search) {
          error(
            `${action} ${path}: the <search> at ${at(c.search.line)} belongs to modify only.`,
            c.search.line + 1,
          );
          return null;
        }
        if (!c.content) {
          error(`${action} ${path}: the <change> at ${at(c.line)} has no <content>.`, c.line + 1);
          return null;
        }
      }
      if (f.changes.length !== 1) {
        error(
          f.changes.length === 0
            ? `${action} ${path} (reply line ${line}) has no <change> with the file's <content>.`
            : `${action} ${path} (reply line ${line}) has ${f.changes.length} <content> bodies; a whole file takes exactly one.`,
        );
        return null;
      }
      const content = f.changes[0]!.content!.text;
      return action === 'create'
        ? { kind: 'create', path, content, ifExists: 'fail', line }
        : { kind: 'replace', path, content, line };
    }
    case 'modify': {
      const edits: SearchReplaceEdit[] = [];
      for (const c of f.changes) {
        if (!c.content) {
          error(`modify ${path}: the <change> at ${at(c.line)} has no <content>.`, c.line + 1);
          return null;
        }
        if (!c.search) {
          error(
            `modify ${path}: the <change> at ${at(c.line)} has no <search>, which modify needs.`,
            c.line + 1,
          );
          return null;
        }
        if (c.search.text.trim() === '') {
          error(`modify ${path}: the <search> at ${at(c.search.line)} is empty.`, c.search.line + 1);
          return null;
        }
        edits.push({ search: c.search.text, replace: c.content.text, all: false });
      }
      if (edits.length === 0) {
        error(`modify ${path} (reply line ${line}) has no <change>.`);
        return null;
      }
      return { kind: 'search-replace', path, edits, line };
    }
    case 'delete': {
      const carried = f.changes.find((c) => c.search?.text.trim() || c.content?.text.trim());
      if (carried)
        f.diagnostics.push({
          severity: 'warning',
          line: carried.line + 1,
          message: `delete ${path}: the text in the <change> at ${at(carried.line)} was ignored; the file is deleted.`,
        });
      return { kind: 'delete', path, line };
    }
    default: {
      // rename
      const target = f.news[0];
      if (!target?.path || f.news.length > 1) {
        error(
          f.news.length > 1
            ? `rename ${path} (reply line ${line}) has ${f.news.length} <new path> tags; it takes one.`
            : `rename ${path} (reply line ${line}) has no <new path="…"/> naming the new file.`,
        );
        return null;
      }
      if (f.changes.some((c) => c.search?.text.trim() || c.content?.text.trim())) {
        error(
          `rename ${path} (reply line ${line}) also carries a <change> body; a rename moves the file as it is, so nothing was applied.`,
        );
        return null;
      }
      return { kind: 'rename', from: path, to: target.path, line };
    }
  }
}

export const xmlEdits: FormatParser = {
  id: 'xml-edits',
  detect: (text) => /^[ \t]*<file\s[^>\n]*\baction\s*=/im.test(text),
  parse,
};
