/**
 * Aptix (spec 002): a JSON bundle in a ```json fence, a git patch in a ```patch fence, or both.
 *
 * Grammar:
 *   reply    := (prose | bundle | patch | refusal)*
 *   bundle   := "```json" NL object NL "```"   where object has a `files` or a `patches` array
 *   object   := { root?: string, files?: FileEntry[], patches?: PatchEntry[] }
 *   FileEntry  := { path, content?, operation?: "create" | "replace" | "delete" | "patch" | "gitPatch" }
 *   PatchEntry := { path, replacements: [{ find, replace, limit?: "once" | "all" }] }
 *   patch    := "```patch" (or ```diff) NL unified diff NL "```"          (see unified-diff.ts)
 *   refusal  := "A patch cannot be safely generated…" | "Unable to generate a safe Git patch…"
 *
 * Mapping:
 * - operation omitted → create, ifExists overwrite (the spec's "create or replace");
 * - "create" → create, ifExists fail. The spec lets a client fail when the file exists; we do,
 *   because a model that says "create" did not know about the existing file, and overwriting it
 *   silently could destroy the user's work. The preview shows the refusal and the user can still
 *   ask for a bundle without `operation`.
 * - "replace" → replace (the file must exist); "delete" → delete;
 * - "patch" with `replacements` → search-replace; "gitPatch" with the diff in `content` → patch ops;
 * - replacements: `limit` "once" (the default) → one edit with takeFirst (the spec's "first
 *   occurrence"; the engine warns when there are several), "all" → all occurrences;
 * - `root` other than "." is prefixed to every path.
 * - the two refusal sentences become warnings ("The assistant declined: …"), so the user sees why
 *   nothing, or less than asked, was proposed.
 *
 * A ```patch/```diff fence is claimed here only when the reply also has an Aptix marker (a bundle or
 * a refusal sentence); a reply with just a diff fence is left to the unified-diff reader, so the same
 * text never reads as two formats.
 *
 * Named tolerances: JSON that does not parse is repaired with jsonrepair (trailing commas, raw
 * newlines inside strings), with a warning — except in a fence that is never closed: a cut-off
 * bundle is refused, since repairing it would write truncated files. ```jsonc/```json5 and an
 * unlabelled fence holding a bundle are read too.
 */
import { jsonrepair } from 'jsonrepair';

/** The keys of a `files` entry; `patch` is accepted for a gitPatch's text, and `description` is prose. */
const FILE_ENTRY_KEYS = new Set(['path', 'content', 'operation', 'patch', 'replacements', 'description']);

import type { Diagnostic, Op, SearchReplaceEdit } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import type { Fence } from './fences';
import { pathFromInfo } from './path-hints';
import type { FormatParser, ParsedBlock } from './types';
import {
  diffFileToOps,
  isDiffFence,
  parseUnifiedDiff,
  rawFenceLines,
  replyFences,
  replyLines,
  unclosedFence,
} from './unified-diff';

const JSON_LANGS = new Set(['json', 'jsonc', 'json5', '']);
const REFUSALS = [/A patch cannot be safely generated/i, /Unable to generate a safe Git patch/i];
const REFUSAL = /A patch cannot be safely generated|Unable to generate a safe Git patch/gi;

export const aptixParser: FormatParser = {
  id: 'aptix',
  detect(text) {
    return (
      ((text.includes('"files"') || text.includes('"patches"')) && text.includes('```')) ||
      // Both refusal sentences contain "safe"; a plain search first spares a case-blind scan.
      (text.includes('safe') && REFUSALS.some((r) => r.test(text)))
    );
  },
  parse(text) {
    const { raw, clean } = replyLines(text);
    const fences = replyFences(text);
    const blocks: ParsedBlock[] = [];
    const inJson = new Set<Fence>();
    for (const fence of fences) {
      // A fence whose info string names a file (`json package.json`, Cursor's `json:package.json`) holds
      // that file: a package.json has "files" too.
      if (!JSON_LANGS.has(fence.lang) || pathFromInfo(fence.info) !== null) continue;
      const block = readBundle(fence, clean.length);
      if (block) {
        blocks.push(block);
        inJson.add(fence);
      }
    }
    // One scan of the whole text for the refusal sentences, then their lines (both contain "safe").
    REFUSAL.lastIndex = text.includes('safe') ? 0 : text.length;
    let line = 0;
    let lineStart = 0;
    for (let m = REFUSAL.exec(text); m; m = REFUSAL.exec(text)) {
      for (
        let nl = text.indexOf('\n', lineStart);
        nl >= 0 && nl < m.index;
        nl = text.indexOf('\n', lineStart)
      ) {
        line++;
        lineStart = nl + 1;
      }
      const l = clean[line]!;
      const at = m.index - lineStart;
      let sentence = l.slice(at >= 0 && at < l.length ? at : 0).trim();
      // Markdown and quotes around the sentence (`> \`A patch …\``) are not part of it.
      let z = sentence.length;
      while (z > 0 && '`*_>"”'.includes(sentence[z - 1]!)) z--;
      sentence = sentence.slice(0, z).trim();
      blocks.push({
        start: line + 1,
        end: line + 1,
        ops: [],
        diagnostics: [
          { severity: 'warning', line: line + 1, message: `The assistant declined: ${sentence}` },
        ],
      });
    }
    if (blocks.length === 0) return [];
    for (const fence of fences) {
      if (inJson.has(fence) || !isDiffFence(fence)) continue;
      const lines = rawFenceLines(raw, fence);
      const { files, diagnostics } = parseUnifiedDiff(lines.join('\n'), fence.open + 2);
      const ops = files.flatMap(diffFileToOps);
      if (ops.length === 0 && diagnostics.length === 0) continue;
      const start = fence.open + 1;
      if (!fence.closed) diagnostics.push(unclosedFence('patch', start, lines, ops.length));
      blocks.push({ start, end: fence.closed ? fence.close + 1 : clean.length, ops, diagnostics });
    }
    return blocks.sort((a, b) => a.start - b.start);
  },
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A bundle in this fence, or null when the fence holds some other JSON. */
function readBundle(fence: Fence, lineCount: number): ParsedBlock | null {
  const text = fence.lines.join('\n');
  if (!text.includes('"files"') && !text.includes('"patches"')) return null;
  // A bundle is an object. A ```json fence that starts otherwise holds something else that mentions
  // "files" — a package.json SEARCH/REPLACE block under its path (held-out aider reply), a snippet.
  const head = text.trimStart();
  if (!head.startsWith('{') && !head.startsWith('//') && !head.startsWith('/*')) return null;
  const start = fence.open + 1;
  const end = fence.closed ? fence.close + 1 : lineCount;
  const diagnostics: Diagnostic[] = [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (!fence.closed) {
      return {
        start,
        end,
        ops: [],
        diagnostics: [
          {
            severity: 'error',
            line: start,
            message: `The Aptix JSON block at reply line ${start} is cut off (its fence is never closed); nothing from it was applied.`,
          },
        ],
      };
    }
    try {
      value = JSON.parse(jsonrepair(text));
      diagnostics.push({
        severity: 'warning',
        line: start,
        message: `The Aptix JSON block at reply line ${start} was not valid JSON (a trailing comma, a raw line break in a string, …); it was repaired. Check the preview closely.`,
      });
    } catch {
      return {
        start,
        end,
        ops: [],
        diagnostics: [
          {
            severity: 'error',
            line: start,
            message: `The Aptix JSON block at reply line ${start} is not valid JSON and could not be repaired; nothing from it was applied.`,
          },
        ],
      };
    }
  }
  if (!isObject(value) || !(Array.isArray(value.files) || Array.isArray(value.patches))) return null;

  const locate = pathLocator(fence);
  const root =
    typeof value.root === 'string'
      ? value.root
          .trim()
          .replace(/^\.\/?$/, '')
          .replace(/\/+$/, '')
      : '';
  const full = (p: string) => (root ? `${root}/${p}` : p);
  const ops: Op[] = [];
  const error = (line: number, message: string) => diagnostics.push({ severity: 'error', line, message });

  for (const [n, entry] of (Array.isArray(value.files) ? value.files : []).entries()) {
    const what = `files[${n}]`;
    if (!isObject(entry) || typeof entry.path !== 'string' || entry.path.trim() === '') {
      error(start, `${what} in the Aptix bundle at reply line ${start} has no path; it was skipped.`);
      continue;
    }
    const line = locate(entry.path);
    const path = full(entry.path);
    // A key the format does not define may change what the entry means (`"action": "delete"` for
    // `"operation"`): the entry is not read as if it were not there.
    const unknown = Object.keys(entry).filter((k) => !FILE_ENTRY_KEYS.has(k));
    if (unknown.length > 0) {
      error(
        line,
        `${what} (${entry.path}) has ${unknown.map((k) => `"${k}"`).join(', ')}, which this format does not define (a file entry has path, content and operation); it was skipped.`,
      );
      continue;
    }
    const operation = entry.operation ?? null;
    const content = entry.content;
    if (operation === null || operation === 'create' || operation === 'replace') {
      if (typeof content !== 'string') {
        error(line, `${what} (${entry.path}) has no content to write; it was skipped.`);
        continue;
      }
      if (operation === 'replace') ops.push({ kind: 'replace', path, content, line });
      else
        ops.push({
          kind: 'create',
          path,
          content,
          ifExists: operation === 'create' ? 'fail' : 'overwrite',
          line,
        });
    } else if (operation === 'delete') {
      ops.push({ kind: 'delete', path, line });
    } else if (operation === 'patch') {
      const edits = readReplacements(entry.replacements, what, entry.path, line, diagnostics);
      if (edits) ops.push({ kind: 'search-replace', path, edits, line });
    } else if (operation === 'gitPatch') {
      const diff =
        typeof content === 'string' ? content : typeof entry.patch === 'string' ? entry.patch : null;
      if (diff === null) {
        error(line, `${what} (${entry.path}) is a gitPatch without the patch text; it was skipped.`);
        continue;
      }
      // The diff's own lines are not reply lines: every op points at the entry.
      const parsed = parseUnifiedDiff(diff);
      const fileOps = parsed.files.flatMap(diffFileToOps).map((op) => ({ ...op, line }));
      if (fileOps.length === 0)
        error(line, `${what} (${entry.path}) holds no readable git patch; it was skipped.`);
      for (const d of parsed.diagnostics) diagnostics.push({ ...d, line });
      pushAll(ops, fileOps);
    } else {
      error(
        line,
        `${what} (${entry.path}) has the unknown operation ${JSON.stringify(operation)}; it was skipped.`,
      );
    }
  }

  for (const [n, entry] of (Array.isArray(value.patches) ? value.patches : []).entries()) {
    const what = `patches[${n}]`;
    if (!isObject(entry) || typeof entry.path !== 'string' || entry.path.trim() === '') {
      error(start, `${what} in the Aptix patch bundle at reply line ${start} has no path; it was skipped.`);
      continue;
    }
    const line = locate(entry.path);
    const edits = readReplacements(entry.replacements, what, entry.path, line, diagnostics);
    if (edits) ops.push({ kind: 'search-replace', path: full(entry.path), edits, line });
  }
  if (ops.length === 0 && diagnostics.length === 0)
    diagnostics.push({
      severity: 'warning',
      line: start,
      message: `The Aptix block at reply line ${start} lists no files.`,
    });
  return { start, end, ops, diagnostics };
}

function readReplacements(
  list: Json | undefined,
  what: string,
  path: string,
  line: number,
  diagnostics: Diagnostic[],
): SearchReplaceEdit[] | null {
  if (!Array.isArray(list) || list.length === 0) {
    diagnostics.push({
      severity: 'error',
      line,
      message: `${what} (${path}) has no replacements; it was skipped.`,
    });
    return null;
  }
  const edits: SearchReplaceEdit[] = [];
  for (const [k, r] of list.entries()) {
    if (!isObject(r) || typeof r.find !== 'string' || typeof r.replace !== 'string' || r.find === '') {
      diagnostics.push({
        severity: 'error',
        line,
        message: `${what}.replacements[${k}] (${path}) needs a non-empty "find" and a "replace" string; the whole patch for this file was skipped.`,
      });
      return null;
    }
    const limit = r.limit ?? 'once';
    if (limit !== 'once' && limit !== 'all')
      diagnostics.push({
        severity: 'warning',
        line,
        message: `${what}.replacements[${k}] (${path}) has the unknown limit ${JSON.stringify(limit)}; "once" is used.`,
      });
    edits.push(
      limit === 'all'
        ? { search: r.find, replace: r.replace, all: true, literal: true }
        : { search: r.find, replace: r.replace, all: false, takeFirst: true, literal: true },
    );
  }
  return edits;
}

/**
 * The reply line of the entry for a path: the next not yet used `"path": "<that path>"` in the fence
 * (a JSON value carries no position, so it is found again in the text), else the fence line.
 */
function pathLocator(fence: Fence): (path: string) => number {
  const found = new Map<string, number[]>();
  const key = /"path"\s*:\s*"((?:[^"\\\n]|\\.)*)"/g;
  fence.lines.forEach((l, k) => {
    if (!l.includes('"path"')) return;
    for (const m of l.matchAll(key)) {
      let value: string;
      try {
        value = JSON.parse(`"${m[1]!}"`) as string;
      } catch {
        value = m[1]!;
      }
      const lines = found.get(value);
      if (lines) lines.push(fence.open + 2 + k);
      else found.set(value, [fence.open + 2 + k]);
    }
  });
  return (path) => found.get(path)?.shift() ?? fence.open + 1;
}
