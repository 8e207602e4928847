/**
 * One JSON object as the whole reply (spec 003):
 *   { message, replace_files?: [{path, content}], delete_files?: [{path}],
 *     edit_files?: [{path, content, insert_at}], edit_ranges?: [{path, edits: [{start, end, content}]}],
 *     shell_scripts?: [string] }
 *
 * Grammar:
 *   reply  := ws object ws                      the whole reply (the spec's rule)
 *           | … fence('json' | 'jsonc' | '') object fence …   (models wrap it anyway)
 * An object is taken only when it holds one of the spec's operation keys (replace_files,
 * delete_files, edit_files, edit_ranges, shell_scripts, remove) — or, as the whole reply,
 * `message` — so an Aptix bundle `{root, files}` or an example payload in a fence is not claimed.
 *
 * Mapping (every op carries the reply line where its array entry starts):
 * - message       → the change set's summary
 * - replace_files → `create` with ifExists 'overwrite', not `replace`: the spec says "replaced
 *                   completely with new content" and models use it for new files too; `replace`
 *                   would refuse a file that does not exist yet.
 * - delete_files  → `delete` (an entry may also be a bare path string)
 * - remove        → `delete`, with an info note: the spec's own requirements say "specify only
 *                   the path in the `remove` array", so models emit that key as well.
 * - edit_files    → `insert` before the 1-based `insert_at` (lines + 1 appends)
 * - edit_ranges   → `edit-ranges`: 1-based, start and end inclusive, all against the original
 *                   file; `end = start - 1` inserts before `start`
 * - shell_scripts → `shell`, one per string, in order
 * Ops come in reply order (the order the entries are written), whatever the order of the keys.
 * Paths keep their `./`; the registry normalizes every path.
 *
 * Leniencies: invalid JSON (trailing commas, a cut-off reply, unescaped newlines) is repaired with
 * jsonrepair, with a warning; text after the closing brace is ignored with an info note.
 * An entry with a wrong type (insert_at not a number, content missing) is an error diagnostic and
 * only that entry is skipped. Unknown top-level keys are reported (warning) and ignored.
 */
import { jsonrepair } from 'jsonrepair';
import type { Diagnostic, EditRange, Op } from '../changeset/changeset';
import { findFences, splitLines } from './fences';
import type { FormatParser, ParsedBlock } from './types';

const OP_KEYS = ['replace_files', 'delete_files', 'edit_files', 'edit_ranges', 'shell_scripts', 'remove'];
const KNOWN_KEYS = new Set(['message', ...OP_KEYS]);
/**
 * Any known key, quoted, in one pass: seven `includes` over a reply that holds none of them read it seven
 * times (16 MiB: 57 ms, against 8 ms for this).
 */
const ANY_KEY = new RegExp(`"(?:${[...KNOWN_KEYS].join('|')})"`);
const JSON_LANGS = new Set(['json', 'jsonc', 'json5', '']);

interface Candidate {
  /** Offset of the first `{` in the reply text. */
  from: number;
  /** Offset just past the candidate's text (end of reply, or of the fence content). */
  to: number;
  /** 1-based reply lines of the block (fence lines included). */
  startLine: number;
  endLine: number;
  whole: boolean;
}

function parse(text: string): ParsedBlock[] {
  const lineStarts = lineOffsets(text);
  const lineOf = (offset: number) => lineAt(lineStarts, offset);
  const out: ParsedBlock[] = [];
  for (const c of candidates(text, lineStarts)) {
    const block = readObject(text, c, lineOf);
    if (block) out.push(block);
  }
  return out;
}

/** The whole reply when it is an object; otherwise every JSON-looking fence. */
function candidates(text: string, lineStarts: number[]): Candidate[] {
  const first = firstNonSpace(text);
  if (text[first] === '{') {
    return [
      {
        from: first,
        to: text.length,
        startLine: lineAt(lineStarts, first),
        endLine: lineStarts.length,
        whole: true,
      },
    ];
  }
  const lines = splitLines(text);
  const out: Candidate[] = [];
  for (const f of findFences(lines)) {
    // More than the language (`json a.json`, `json:a.json`) names the file the fence holds.
    if (!JSON_LANGS.has(f.lang) || f.info.toLowerCase() !== f.lang) continue;
    const bodyStart = lineStarts[f.open + 1];
    if (bodyStart === undefined) continue;
    const bodyEnd = f.closed ? lineStarts[f.close]! : text.length;
    const open = firstNonSpace(text, bodyStart);
    if (open >= bodyEnd || text[open] !== '{') continue;
    out.push({
      from: open,
      to: bodyEnd,
      startLine: f.open + 1,
      endLine: Math.min(f.close, lines.length - 1) + 1,
      whole: false,
    });
  }
  return out;
}

function readObject(text: string, c: Candidate, lineOf: (o: number) => number): ParsedBlock | null {
  const scan = scanObject(text, c.from, c.to);
  const slice = text.slice(c.from, scan.end ?? c.to);
  const mentionsOps = OP_KEYS.some((k) => slice.includes(`"${k}"`));
  if (!mentionsOps && !(c.whole && slice.includes('"message"'))) return null;

  const diagnostics: Diagnostic[] = [];
  const block: ParsedBlock = { start: c.startLine, end: c.endLine, ops: [], diagnostics };
  let value: unknown;
  try {
    value = JSON.parse(slice);
  } catch {
    try {
      if (scan.depth > MAX_DEPTH) throw new Error(`nested more than ${MAX_DEPTH} levels deep`);
      value = JSON.parse(jsonrepair(slice));
      diagnostics.push({
        severity: 'warning',
        line: c.startLine,
        message:
          scan.end === undefined
            ? 'The JSON object never closes (the reply was probably cut off); it was repaired, so the last entry may be incomplete. Check every file before applying.'
            : "The reply's JSON was not valid (a trailing comma, a missing quote or the like) and was repaired automatically; check every file before applying.",
      });
    } catch (repairErr) {
      diagnostics.push({
        severity: 'error',
        line: lineOf(c.from + errorOffset(repairErr)),
        message: `The reply's JSON could not be read or repaired (${firstLine(repairErr).replace(/ at position \d+/, '')}). Nothing from it can be applied.`,
      });
      return block;
    }
  }
  if (!isRecord(value)) {
    diagnostics.push({
      severity: 'error',
      line: c.startLine,
      message: 'The reply is JSON but not an object.',
    });
    return block;
  }
  if (!OP_KEYS.some((k) => k in value) && !(c.whole && 'message' in value)) return null;
  if (scan.end !== undefined && text.slice(scan.end, c.to).trim() !== '') {
    diagnostics.push({
      severity: 'info',
      line: lineOf(scan.end),
      message: 'Text after the closing brace of the JSON object was ignored.',
    });
  }

  const positioned: Array<{ offset: number; op: Op }> = [];
  const at = (key: string, i: number) => c.from + (scan.elements.get(key)?.[i] ?? 0);
  const error = (key: string, i: number, what: string) =>
    diagnostics.push({
      severity: 'error',
      line: lineOf(at(key, i)),
      message: `${key}[${i}] ${what}; that entry was skipped.`,
    });

  for (const key of Object.keys(value)) {
    const entries = value[key];
    if (!KNOWN_KEYS.has(key)) {
      // A list or an object under a key the format does not define is operations this reader does not
      // know (`rename_files`): an error, so the reply is never applied without them. A stray string or
      // number is commentary.
      const operations = typeof entries === 'object' && entries !== null;
      diagnostics.push({
        severity: operations ? 'error' : 'warning',
        line: c.startLine,
        message: operations
          ? `The JSON key "${key}" is not part of the format (message, replace_files, delete_files, edit_files, edit_ranges, shell_scripts); what it holds was not applied, so nothing is.`
          : `The JSON key "${key}" is not part of the format and was ignored.`,
      });
      continue;
    }
    if (key === 'message') {
      if (typeof entries === 'string') {
        if (entries.trim()) block.summary = entries.trim();
      } else if (entries !== undefined && entries !== null)
        diagnostics.push({
          severity: 'warning',
          line: c.startLine,
          message: '"message" is not a string; it was ignored.',
        });
      continue;
    }
    if (entries === null || entries === undefined) continue;
    if (!Array.isArray(entries)) {
      diagnostics.push({
        severity: 'error',
        line: c.startLine,
        message: `"${key}" must be an array; it was skipped.`,
      });
      continue;
    }
    if (key === 'remove' && entries.length) {
      diagnostics.push({
        severity: 'info',
        line: lineOf(at(key, 0)),
        message: '"remove" is read as delete_files (the spec mentions it once under that name).',
      });
    }
    entries.forEach((entry: unknown, i: number) => {
      const line = lineOf(at(key, i));
      const offset = at(key, i);
      const op = toOp(key, entry, line, (what) => error(key, i, what));
      if (op) positioned.push({ offset, op });
    });
  }
  // Reply order: an entry written earlier applies earlier, whatever the key order of the object.
  positioned.sort((a, b) => a.offset - b.offset);
  block.ops = positioned.map((p) => p.op);
  return block;
}

function toOp(key: string, entry: unknown, line: number, error: (what: string) => void): Op | null {
  if (key === 'shell_scripts') {
    if (typeof entry === 'string' && entry.trim()) return { kind: 'shell', command: entry, line };
    error('is not a command string');
    return null;
  }
  // Models write delete entries as bare path strings as often as `{ "path": … }`.
  if ((key === 'delete_files' || key === 'remove') && typeof entry === 'string')
    return { kind: 'delete', path: entry, line };
  if (!isRecord(entry)) {
    error('is not an object');
    return null;
  }
  const path = entry.path;
  if (typeof path !== 'string' || path.trim() === '') {
    error('has no "path" string');
    return null;
  }
  switch (key) {
    case 'delete_files':
    case 'remove':
      return { kind: 'delete', path, line };
    case 'replace_files':
      if (typeof entry.content !== 'string') {
        error(`(${path}) has no "content" string`);
        return null;
      }
      return { kind: 'create', path, content: entry.content, ifExists: 'overwrite', line };
    case 'edit_files': {
      const at = entry.insert_at;
      if (typeof at !== 'number' || !Number.isInteger(at) || at < 1) {
        error(`(${path}) has an "insert_at" that is not a line number (1 or more): ${JSON.stringify(at)}`);
        return null;
      }
      if (typeof entry.content !== 'string') {
        error(`(${path}) has no "content" string`);
        return null;
      }
      return { kind: 'insert', path, beforeLine: at, content: entry.content, line };
    }
    case 'edit_ranges': {
      if (!Array.isArray(entry.edits) || entry.edits.length === 0) {
        error(`(${path}) has no "edits" array`);
        return null;
      }
      const edits: EditRange[] = [];
      for (const [j, e] of (entry.edits as unknown[]).entries()) {
        const bad = checkRange(e);
        if (bad) {
          error(`(${path}) edit ${j}: ${bad}`);
          return null;
        }
        const r = e as EditRange;
        edits.push({ start: r.start, end: r.end, content: r.content });
      }
      return { kind: 'edit-ranges', path, edits, line };
    }
  }
  return null;
}

function checkRange(e: unknown): string | null {
  if (!isRecord(e)) return 'is not an object';
  const { start, end, content } = e;
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 1)
    return `"start" is not a line number (1 or more): ${JSON.stringify(start)}`;
  if (typeof end !== 'number' || !Number.isInteger(end))
    return `"end" is not a line number: ${JSON.stringify(end)}`;
  if (end < start - 1) return `"end" (${end}) is before "start" (${start})`;
  if (typeof content !== 'string') return 'has no "content" string';
  return null;
}

/** Deeper nesting than any reply of this format has: not worth repairing (jsonrepair recurses). */
const MAX_DEPTH = 256;

interface ObjectScan {
  /** Offset just past the closing brace, relative to the text; undefined when it never closes. */
  end?: number;
  /** Deepest nesting seen. */
  depth: number;
  /** For each top-level key holding an array: offsets (relative to `from`) where its elements start. */
  elements: Map<string, number[]>;
}

/**
 * One linear pass over the object's text that tracks strings and nesting, to know where each
 * element of each top-level array starts (for reply line numbers) and where the object ends.
 * Tolerant: it never fails, it only stops at the end of the range.
 */
function scanObject(text: string, from: number, to: number): ObjectScan {
  const elements = new Map<string, number[]>();
  type Frame = { kind: '{' | '['; key?: string; expect: boolean };
  const stack: Frame[] = [];
  let depth = 0;
  let lastKey = '';
  let i = from;
  while (i < to) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
      i++;
      continue;
    }
    const top = stack[stack.length - 1];
    if (top && stack.length === 2 && top.kind === '[' && top.expect && ch !== ']' && ch !== ',') {
      top.expect = false;
      const list = elements.get(top.key ?? '') ?? [];
      list.push(i - from);
      elements.set(top.key ?? '', list);
    }
    if (ch === '"') {
      let j = i + 1;
      while (j < to && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (top && stack.length === 1 && top.expect) {
        lastKey = text.slice(i + 1, Math.min(j, to));
        top.expect = false;
      }
      i = j + 1;
      continue;
    }
    if (ch === '{') stack.push({ kind: '{', expect: true });
    else if (ch === '[') stack.push({ kind: '[', key: stack.length === 1 ? lastKey : '', expect: true });
    else if (ch === '}' || ch === ']') {
      stack.pop();
      if (stack.length === 0) return { end: i + 1, elements, depth };
    } else if (ch === ',' && top) top.expect = true;
    if (stack.length > depth) depth = stack.length;
    i++;
  }
  return { elements, depth };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function firstNonSpace(text: string, from = 0): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function lineOffsets(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** 1-based line holding `offset`. */
function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function firstLine(err: unknown): string {
  return String(err instanceof Error ? err.message : err).split('\n')[0]!;
}

/** jsonrepair's errors carry the offset where reading failed. */
function errorOffset(err: unknown): number {
  const pos = (err as { position?: unknown } | null)?.position;
  return typeof pos === 'number' && pos >= 0 ? pos : 0;
}

export const structuredJson: FormatParser = {
  id: 'structured-json',
  detect: (text) => text.includes('{') && ANY_KEY.test(text),
  parse,
};
