/**
 * The common case of a unified-diff patch, applied without splitting the file into lines: every hunk is
 * numbered, changes something and fits exactly where it says, in order, in a file with Unix line endings
 * throughout, no byte-order mark and a final newline. Such a patch needs none of applyHunks' search,
 * repairs, notes or line-ending rules: its result is the file's text with each hunk's lines swapped in.
 *
 * applyPatchOp stays the definition. This is only a shortcut to its answer (the same text, no notes, the
 * same edits for the preview), held to it by a property test (exact-patch.test.ts); every patch it is
 * not sure of is declined (null) and goes the general way. On the 10,000-file bench it is what keeps
 * two million file lines, their endings and their arrays from being made at all (issue 16).
 */
import type { Op } from '../changeset/changeset';
import { readLines } from '../changeset/lazy-hunk';
import { parseHunkLines } from './apply-patch';
import type { LineEdits } from './display-hunks';
import { isPlaceholderLine } from './placeholder';
import type { Replacement } from './splice';

type PatchOp = Extract<Op, { kind: 'patch' }>;

export interface ExactPatched {
  text: string;
  /** The lines the patch adds (for the placeholder guard, which declines them here). */
  added: string[];
  edits: LineEdits;
}

export function exactPatch(text: string, op: PatchOp): ExactPatched | null {
  if (op.isNew || op.isDelete || op.fromEmpty || op.finalNewline || op.hunks.length === 0) return null;
  // Unix endings, no BOM, a final newline: the file is its lines joined by "\n", and so is the result.
  if (text === '' || text.charCodeAt(0) === 0xfeff || text.charCodeAt(text.length - 1) !== 10) return null;
  if (text.includes('\r')) return null;
  const starts = lineStarts(text);
  const n = starts.length - 1;

  const out: string[] = [];
  const added: string[] = [];
  const replacements: Replacement[] = [];
  let copied = 0; // offset in `text` up to which `out` holds it
  let prevEnd = 0;
  for (const hunk of op.hunks) {
    if (hunk.oldStart === undefined || hunk.oldStart < 1 || hunk.anchors?.length || hunk.atEof) return null;
    // Read once, not kept on the hunk: a large reply's hunks are read here once each (lazy-hunk.ts).
    const lines = readLines(hunk);
    for (const l of lines) {
      // "\ No newline" markers, CRs, udiffx's `~` ranges: the general way knows what they mean.
      if (l === '~' || l.charCodeAt(0) === 92 || l.charCodeAt(l.length - 1) === 13) return null;
    }
    const p = parseHunkLines(hunk, lines);
    const m = p.old.length;
    const start = hunk.oldStart - 1;
    // Insertions are placed by other rules, and a hunk that keeps everything is left out with a note.
    if (m === 0 || start < prevEnd || start + m > n) return null;
    let removes = false;
    let changes = false;
    for (const [k] of p.ops) {
      if (k === '-') removes = true;
      if (k !== ' ') changes = true;
    }
    if (!changes) return null;
    // A hunk that only adds lines at one of its ends may be applied already (appliedAround).
    if (!removes && (p.ops[0]![0] === '+' || p.ops[p.ops.length - 1]![0] === '+')) return null;
    for (let j = 0; j < m; j++) {
      const line = p.old[j]!;
      const at = starts[start + j]!;
      // A slice compared, not `startsWith(line, at)`: V8's startsWith walks a long line ten times slower.
      if (starts[start + j + 1]! - 1 - at !== line.length || text.slice(at, at + line.length) !== line)
        return null;
    }
    out.push(text.slice(copied, starts[start]!));
    for (const [k, body] of p.ops) {
      if (k === '-') continue;
      out.push(body, '\n');
      if (k === '+') added.push(body);
    }
    copied = starts[start + m]!;
    replacements.push({ start, end: start + m, lines: p.new, eols: [], old: p.old });
    prevEnd = start + m;
  }
  // A placeholder comment is judged against the file's lines: the general way does that.
  if (added.some(isPlaceholderLine)) return null;
  out.push(text.slice(copied));
  const result = out.join('');
  // Everything removed: the general way's empty result has no edits to show.
  if (result === '') return null;
  return {
    text: result,
    added,
    edits: {
      oldCount: n,
      oldLine: (i) => text.slice(starts[i]!, starts[i + 1]! - 1),
      replacements,
    },
  };
}

/** Where each line of a text that ends with "\n" starts, and one more entry: the text's length. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}
