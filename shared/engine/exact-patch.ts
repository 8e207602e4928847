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
import type { Hunk, Op } from '../changeset/changeset';
import { unreadSpan } from '../changeset/lazy-hunk';
import type { LineEdits } from './display-hunks';
import { isPlaceholderLine } from './placeholder';
import type { Replacement } from './splice';

type PatchOp = Extract<Op, { kind: 'patch' }>;

export interface ExactPatched {
  text: string;
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
    // Text glued to its `@@` may be its first line (applyHunks decides).
    if (hunk.oldStart === undefined || hunk.oldStart < 1 || hunk.anchors?.length || hunk.atEof || hunk.glued)
      return null;
    const p = readHunk(hunk, added);
    if (!p) return null;
    const m = p.old.length;
    const start = hunk.oldStart - 1;
    // Insertions are placed by other rules, and a hunk that keeps everything is left out with a note.
    if (m === 0 || start < prevEnd || start + m > n || !p.changes) return null;
    // A hunk that only adds lines at one of its ends may be applied already (appliedAround).
    if (!p.removes && (p.first === 43 || p.last === 43)) return null;
    for (let j = 0; j < m; j++) {
      const line = p.old[j]!;
      const at = starts[start + j]!;
      // A slice compared, not `startsWith(line, at)`: V8's startsWith walks a long line ten times slower.
      if (starts[start + j + 1]! - 1 - at !== line.length || text.slice(at, at + line.length) !== line)
        return null;
    }
    out.push(text.slice(copied, starts[start]!));
    for (const line of p.new) out.push(line, '\n');
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
    edits: {
      oldCount: n,
      oldLine: (i) => text.slice(starts[i]!, starts[i + 1]! - 1),
      replacements,
    },
  };
}

/** A hunk's two sides, as parseHunkLines reads them, and what its kinds of line say. */
interface ExactHunk {
  old: string[];
  new: string[];
  changes: boolean;
  removes: boolean;
  /** Char codes of the first and last line's kind (32 " ", 45 "-", 43 "+"). */
  first: number;
  last: number;
}

/**
 * The hunk's lines read as parseHunkLines reads them (an unprefixed line is unchanged, as written), its
 * added lines appended to `added`; null for a line the general way gives a meaning of its own: "\ No
 * newline", a CR, udiffx's `~`, a BOM in front. A lazy hunk's lines are read on offsets into the reply
 * (lazy-hunk.ts).
 */
function readHunk(hunk: Hunk, added: string[]): ExactHunk | null {
  const h: ExactHunk = { old: [], new: [], changes: false, removes: false, first: 0, last: 0 };
  const line = (src: string, a: number, b: number): boolean => {
    const c = a < b ? src.charCodeAt(a) : -1;
    if (c === 92 || (b > a && src.charCodeAt(b - 1) === 13) || (b - a === 1 && c === 126)) return false;
    const kind = c === 45 || c === 43 ? c : 32;
    const from = c === 32 || c === 45 || c === 43 ? a + 1 : a;
    // A BOM in front of a line is the file's, echoed: parseHunkLines takes it off (and a file without
    // one must not get it).
    if (src.charCodeAt(from) === 0xfeff) return false;
    const body = src.slice(from, b);
    if (kind !== 43) h.old.push(body);
    if (kind !== 45) h.new.push(body);
    if (kind === 43) added.push(body);
    if (kind !== 32) h.changes = true;
    if (kind === 45) h.removes = true;
    if (h.first === 0) h.first = kind;
    h.last = kind;
    return true;
  };
  const span = unreadSpan(hunk);
  if (span) {
    const { text, to } = span;
    for (let a = span.from; ; ) {
      const nl = text.indexOf('\n', a);
      const b = nl === -1 || nl > to ? to : nl;
      if (!line(text, a, b)) return null;
      if (b === to) break;
      a = b + 1;
    }
  } else {
    for (const l of hunk.lines) if (!line(l, 0, l.length)) return null;
  }
  return h;
}

let scratch = new Int32Array(4096);

/** Where each line of a text that ends with "\n" starts, and one more entry: the text's length. */
function lineStarts(text: string): number[] {
  // Counted into a reused buffer, then copied once at the right size (a growing array was most of the
  // memory this file allocated).
  let n = 0;
  scratch[n++] = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (n === scratch.length) {
      const bigger = new Int32Array(scratch.length * 2);
      bigger.set(scratch);
      scratch = bigger;
    }
    scratch[n++] = at + 1;
  }
  const starts = new Array<number>(n);
  for (let i = 0; i < n; i++) starts[i] = scratch[i]!;
  return starts;
}
