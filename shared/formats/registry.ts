/**
 * The one list of format parsers, and `detectAll`, which runs them over a reply.
 *
 * Order is priority: a format with unmistakable markers comes before the generic ones, and a block
 * whose reply lines overlap a block already claimed by an earlier format is dropped (a ```diff fence
 * inside a Markdown-actions answer belongs to that answer, not to the plain-diff reader).
 */
import type { ChangeSet, Diagnostic, FormatId, Op } from '../changeset/changeset';
import { readReplyPath } from '../engine/resolve-paths';
import { normalizePath } from '../paths/paths';
import { aptixParser } from './aptix';
import { artifactsParser } from './artifacts';
import { delimiterBlocksParser } from './delimiter-blocks';
import { findFences } from './fences';
import { fileChangesParser } from './file-changes';
import { markdownActions } from './markdown-actions';
import { openaiPatch } from './openai-patch';
import { refusedPathMessage } from './refused-paths';
import { searchReplace } from './search-replace';
import { structuredJson } from './structured-json';
import type { FormatParser, ParsedBlock } from './types';
import { forgetReply, replyFences, replyLines, unifiedDiffParser } from './unified-diff';
import { wholeFile } from './whole-file';
import { xmlEdits } from './xml-edits';

export const PARSERS: FormatParser[] = [
  // Parsers are registered here, most specific first (one line each).
  artifactsParser,
  structuredJson,
  fileChangesParser,
  delimiterBlocksParser,
  markdownActions,
  xmlEdits,
  aptixParser,
  openaiPatch,
  searchReplace,
  unifiedDiffParser,
  wholeFile,
];

export interface DetectOptions {
  site?: string;
  conversationId?: string;
  replyId?: string;
  textSource?: ChangeSet['source']['textSource'];
  /** Restrict to these formats (tests, and the CLI's --format). */
  only?: FormatId[];
}

export function detectAll(reply: string, options: DetectOptions = {}): ChangeSet[] {
  try {
    return detectIn(reply, options);
  } finally {
    forgetReply();
  }
}

function detectIn(reply: string, options: DetectOptions): ChangeSet[] {
  const { text, regions } = maskReasoning(reply);
  const claimed: Array<[number, number, FormatId]> = [];
  const found: Array<{ parser: FormatParser; block: ParsedBlock }> = [];
  for (const parser of PARSERS) {
    if (options.only && !options.only.includes(parser.id)) continue;
    let blocks: ParsedBlock[];
    let failed = false;
    try {
      if (!parser.detect(text)) continue;
      blocks = parser.parse(text);
    } catch (err) {
      // A parser bug must not take the page down; it becomes a diagnostic instead.
      failed = true;
      blocks = [
        {
          start: 1,
          end: 1,
          ops: [],
          diagnostics: [
            { severity: 'error', line: 1, message: `The ${parser.id} reader failed: ${String(err)}` },
          ],
        },
      ];
    }
    for (const block of blocks) {
      const overlaps = (other: boolean) => claimedOverlap(claimed, block, other ? parser.id : null);
      if (block.ops.length > 0 && overlaps(false)) continue;
      // Complaints about text another format already read (an OpenAI patch in a ```diff fence is
      // no broken unified diff) are noise; a block of diagnostics elsewhere (a refusal) is kept.
      if (block.ops.length === 0 && !failed && overlaps(true)) continue;
      if (block.ops.length > 0) claimInterval(claimed, [block.start, block.end, parser.id]);
      found.push({ parser, block });
    }
  }

  // Text rebuilt from a rendered page is exact only inside code blocks (they come from <pre>): an op
  // read from anything else may differ from what the model wrote, and is marked so (plan.ts).
  if (options.textSource === 'dom') {
    const exact = fencedLines(text);
    for (const { block } of found) {
      if (!blockIsExact(block, text, exact)) for (const op of block.ops) op.lossy = true;
    }
  }

  const byFormat = new Map<FormatId, ParsedBlock[]>();
  for (const { parser, block } of found) {
    const blocks = byFormat.get(parser.id);
    if (blocks) blocks.push(block);
    else byFormat.set(parser.id, [block]);
  }

  const sets: ChangeSet[] = [];
  let textHash: number | undefined;
  // Where the model's reasoning was left unread, the first change set says so.
  const reasoningNotes: Diagnostic[] = regions.map(([from, to]) => ({
    severity: 'info',
    line: from,
    message: `Reply lines ${from}–${to} are the model's reasoning (a thinking block); code in them is a draft and is not applied.`,
  }));
  for (const [format, blocks] of byFormat) {
    blocks.sort((a, b) => a.start - b.start);
    const ops: Op[] = [];
    const diagnostics: Diagnostic[] = [];
    const summaries: string[] = [];
    for (const block of blocks) {
      // Where each of the block's ops lands in the set; undefined when its path was refused (a
      // diagnostic about a refused op then points at no op rather than at the wrong one).
      const landed: Array<number | undefined> = [];
      for (const op of block.ops) {
        const checked = checkOpPaths(op);
        if (typeof checked === 'string') {
          landed.push(undefined);
          diagnostics.push({ severity: 'error', line: op.line, message: checked });
        } else landed.push(ops.push(checked) - 1);
      }
      // A diagnostic with no op has no `op` key (the schema's optional): built so, not deleted after, as
      // `delete` on tens of thousands of objects (a reply of headers without hunks) was most of the time.
      for (const d of block.diagnostics) {
        const { op, ...rest } = d;
        const at = op === undefined ? undefined : landed[op];
        diagnostics.push(at === undefined ? rest : { ...rest, op: at });
      }
      if (block.summary) summaries.push(block.summary);
    }
    // A block that only produced diagnostics (a refusal sentence) still yields a change set, so the
    // user sees why nothing was proposed; a format that found nothing at all yields none.
    if (ops.length === 0 && diagnostics.length === 0) continue;
    // Appended one by one: a spread of a long list into push() overflows the stack.
    for (const d of duplicateWarnings(ops)) diagnostics.push(d);
    if (sets.length === 0) for (const d of reasoningNotes) diagnostics.push(d);
    // The reply is hashed once however many formats it holds (16 MiB replies spent a quarter of their time here).
    textHash ??= fnv(FNV_SEED, reply);
    const set: ChangeSet = {
      id: `${format}-${hex(fnv(textHash, `\n${format}`))}`,
      source: { format },
      ops,
      diagnostics: diagnostics.sort((a, b) => a.line - b.line),
    };
    if (summaries.length) set.summary = summaries.join('\n\n');
    if (options.site) set.source.site = options.site;
    if (options.conversationId) set.source.conversationId = options.conversationId;
    if (options.replyId) set.source.replyId = options.replyId;
    if (options.textSource) set.source.textSource = options.textSource;
    sets.push(set);
  }
  return sets.sort((a, b) => firstLine(a) - firstLine(b));
}

/** 1-based lines of the text that belong to a code fence, its fence lines included. */
function fencedLines(text: string): Set<number> {
  const lines = new Set<number>();
  for (const f of replyFences(text)) for (let i = f.open; i <= f.close; i++) lines.add(i + 1);
  return lines;
}

/**
 * A block read from a page rebuild is exact when every line of it lies in a code fence — except a first
 * line that Markdown rendering cannot have changed (a path above a fence: no emphasis, code, escape or
 * list characters, no indentation).
 */
function blockIsExact(block: ParsedBlock, text: string, exact: ReadonlySet<number>): boolean {
  const lines = replyLines(text).clean;
  for (let n = block.start; n <= block.end; n++) {
    const line = lines[n - 1] ?? '';
    if (exact.has(n) || line.trim() === '') continue;
    if (n === block.start && /^[^\s*_`~\\[\]<>#|-][^*_`~\\[\]<>|]*$/.test(line) && !/ {2}/.test(line))
      continue;
    return false;
  }
  return true;
}

/** A line that opens the model's reasoning: `<think>`, `<thinking>`, aider's `<thinking-content-…>`. */
const REASONING_OPEN = /^[ \t]*<(think|thinking|reasoning|thinking-content-[0-9a-f]+)>[ \t]*$/;
/** A line that closes it. Any of the tags closes any of them: aider logs `<thinking-content-…>` for a model
 * whose own `</think>` then ends it (held-out aider replies). */
const REASONING_CLOSE = /^[ \t]*<\/(think|thinking|reasoning|thinking-content-[0-9a-f]+)>[ \t]*$/;

/**
 * The reply with the model's reasoning blocks blanked (same lines, so every line number holds), and the
 * 1-based line spans blanked. Reasoning holds drafts — listings the model rewrites below — and an
 * applier that read them would apply a draft (corpus: aider's `<thinking-content-…>` with draft
 * listings before the real one). A block opens at a tag that stands alone on a line and ends at the next
 * closing tag alone on a line; an unclosed one is left as it is. A closing tag with no opening one
 * before it ends reasoning that started with the reply (a model that does not write its `<think>`;
 * aider reads it so: everything before the closing tag is removed) — but not a closing tag inside a code
 * block: that is code.
 */
function maskReasoning(text: string): { text: string; regions: Array<[number, number]> } {
  if (!/<\/?(?:think|thinking|reasoning|thinking-content-[0-9a-f]+)>/.test(text))
    return { text, regions: [] };
  const lines = text.split('\n');
  const clean = lines.map((l) => l.replace(/\r$/, ''));
  const code = new Set<number>();
  for (const f of findFences(clean)) for (let k = f.open + 1; k < f.close; k++) code.add(k);
  // Inside a block the next closing tag ends it, fences or not (a draft's fence may be left open).
  const closesAt = (from: number, outsideCode: boolean) => {
    let j = from;
    while (j < clean.length && ((outsideCode && code.has(j)) || !REASONING_CLOSE.test(clean[j]!))) j++;
    return j;
  };
  const regions: Array<[number, number]> = [];
  const blank = (i: number, j: number) => {
    for (let k = i; k <= j; k++) lines[k] = '';
    regions.push([i + 1, j + 1]);
  };
  let firstOpen = 0;
  while (firstOpen < clean.length && !REASONING_OPEN.test(clean[firstOpen]!)) firstOpen++;
  const firstClose = closesAt(0, true);
  let i = 0;
  if (firstClose < firstOpen) {
    blank(0, firstClose);
    i = firstClose + 1;
  }
  for (; i < clean.length; i++) {
    if (!REASONING_OPEN.test(clean[i]!)) continue;
    const j = closesAt(i + 1, false);
    if (j >= clean.length) break;
    blank(i, j);
    i = j;
  }
  return regions.length > 0 ? { text: lines.join('\n'), regions } : { text, regions };
}

/**
 * Claimed line spans are disjoint (a block is claimed only when it overlaps none) and kept sorted
 * by start, so an overlap test is a binary search, not a scan: detectAll stays linear in the
 * number of blocks of a long reply.
 */
function claimedOverlap(
  claimed: ReadonlyArray<readonly [number, number, FormatId]>,
  block: ParsedBlock,
  otherThan: FormatId | null,
): boolean {
  // The last span that starts at or before the block's end; spans before it end earlier still.
  let lo = 0;
  let hi = claimed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (claimed[mid]![0] <= block.end) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0 && claimed[i]![1] >= block.start; i--) {
    if (otherThan === null || claimed[i]![2] !== otherThan) return true;
  }
  return false;
}

function claimInterval(claimed: Array<[number, number, FormatId]>, span: [number, number, FormatId]): void {
  let lo = 0;
  let hi = claimed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (claimed[mid]![0] <= span[0]) lo = mid + 1;
    else hi = mid;
  }
  claimed.splice(lo, 0, span);
}

function firstLine(set: ChangeSet): number {
  return Math.min(...set.ops.map((o) => o.line), ...set.diagnostics.map((d) => d.line));
}

/**
 * Normalize every path of an op; the reason as a message when one is unsafe. The op's own path (a
 * rename's `from`) may be absolute, or carry a made-up or doubled folder: it then gets the other names
 * it may have (resolve-paths.ts), which the plan resolves against the project.
 */
function checkOpPaths(op: Op): Op | string {
  const refuse = (raw: string, reason: string) => new UnsafePath(refusedPathMessage(raw, reason));
  const fix = (raw: string): string => {
    const r = normalizePath(raw);
    if (!r.ok) throw refuse(raw, r.reason);
    return r.path;
  };
  const main = (raw: string): { path: string; alias?: Op['alias'] } => {
    // A block that names no file: no path to check; the plan finds it by its content, or the review asks.
    if (raw === '' && (op.alias?.how === 'content' || op.alias?.how === 'ask'))
      return { path: '', alias: op.alias };
    const r = readReplyPath(raw);
    if (!r.ok) throw refuse(raw, r.reason);
    if (op.alias) {
      // A parser's own alias (a diff's two names): every name must be as safe as the path.
      const written = op.alias.paths;
      const paths = written.map(fix).filter((p) => p !== r.path);
      // Names already as they should be: the parser's alias itself (see below).
      const same = paths.length === written.length && paths.every((p, i) => p === written[i]);
      return { path: r.path, alias: same ? op.alias : { ...op.alias, paths } };
    }
    return r.alias ? { path: r.path, alias: r.alias } : { path: r.path };
  };
  const aliased = <T extends Op>(out: T, alias: Op['alias'] | undefined): T => {
    if (alias) out.alias = alias;
    else delete out.alias;
    return out;
  };
  // An op whose names all stand as they should is the op itself: the parser's op is the registry's
  // alone, and a 10,000-file diff's ops and aliases were copied for nothing (issue 28).
  const unchanged = (m: { path: string; alias?: Op['alias'] }, path: string) =>
    m.path === path && m.alias === op.alias && (op.alias !== undefined || !('alias' in op));
  try {
    switch (op.kind) {
      case 'shell':
        return op;
      case 'rename': {
        const m = main(op.from);
        const to = fix(op.to);
        if (unchanged(m, op.from) && to === op.to) return op;
        return aliased({ ...op, from: m.path, to }, m.alias);
      }
      case 'patch': {
        const m = main(op.path);
        const newPath = op.newPath === undefined ? undefined : fix(op.newPath);
        const copyFrom = op.copyFrom === undefined ? undefined : fix(op.copyFrom);
        if (unchanged(m, op.path) && newPath === op.newPath && copyFrom === op.copyFrom) return op;
        const out = aliased({ ...op, path: m.path }, m.alias);
        if (newPath !== undefined) out.newPath = newPath;
        if (copyFrom !== undefined) out.copyFrom = copyFrom;
        return out;
      }
      default: {
        const m = main(op.path);
        if (unchanged(m, op.path)) return op;
        return aliased({ ...op, path: m.path }, m.alias);
      }
    }
  } catch (err) {
    if (err instanceof UnsafePath) return err.message;
    throw err;
  }
}

class UnsafePath extends Error {}

function duplicateWarnings(ops: Op[]): Diagnostic[] {
  const whole = new Map<string, number>();
  const out: Diagnostic[] = [];
  ops.forEach((op, i) => {
    if (op.kind !== 'create' && op.kind !== 'replace' && op.kind !== 'delete') return;
    // Blocks that name no file are each a file of their own, found or named later.
    if (op.path === '') return;
    const prev = whole.get(op.path);
    if (prev !== undefined) {
      out.push({
        severity: 'warning',
        line: op.line,
        op: i,
        message: `${op.path} is written again (first at reply line ${ops[prev]!.line}); the later operation wins.`,
      });
    }
    whole.set(op.path, i);
  });
  return out;
}

/** FNV-1a, 32 bits, as 8 hex digits: a stable id without Node or WebCrypto. */
export function hash(text: string): string {
  return hex(fnv(FNV_SEED, text));
}

const FNV_SEED = 0x811c9dc5;
const hex = (h: number) => (h >>> 0).toString(16).padStart(8, '0');

/**
 * FNV-1a over the text's UTF-16 code units. An ASCII stretch (most of a reply) is hashed from its bytes:
 * `charCodeAt` on a reply built by concatenation (a cons string) cost twice as much as the loop over an
 * encoded chunk, and hashing whole replies was a sixth of detecting a 1 MiB one (issue 28). Bytes and code
 * units agree exactly when every character is below 0x80, which `encodeInto` tells by writing one byte per
 * character; any other chunk is hashed unit by unit.
 */
export function fnv(seed: number, text: string): number {
  let h = seed;
  fnvBytes ??= new Uint8Array(FNV_CHUNK * 3);
  const bytes = fnvBytes;
  for (let at = 0; at < text.length; at += FNV_CHUNK) {
    const part = text.length <= FNV_CHUNK ? text : text.substring(at, at + FNV_CHUNK);
    const { read, written } = ENCODER.encodeInto(part, bytes);
    if (read === part.length && written === part.length) {
      for (let i = 0; i < written; i++) {
        h ^= bytes[i]!;
        h = Math.imul(h, 0x01000193);
      }
    } else {
      for (let i = 0; i < part.length; i++) {
        h ^= part.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
      }
    }
  }
  return h;
}

const FNV_CHUNK = 1 << 14;
const ENCODER = new TextEncoder();
/** Room for any chunk's UTF-8 (three bytes a code unit at most), made on first use. */
let fnvBytes: Uint8Array | undefined;
