/**
 * Unified-diff hunks (numbered or bare `@@`) and OpenAI-patch chunks against one file.
 *
 * Every hunk is located in the text the patch was given, in order, and all are spliced in at once:
 * - a numbered hunk is searched outward from its stated line (shifted by the offset the previous hunk
 *   turned out to have), never before the end of the previous hunk, so two identical hunks cannot
 *   land on the same place;
 * - a bare hunk must fit exactly one place in the whole file;
 * - a chunk with anchors (`@@ class Foo`) first finds each anchor in turn after the previous chunk,
 *   then takes the first place after the last anchor;
 * - `*** End of File` and "\ No newline at end of file" pin a hunk to the end of the file;
 * - a hunk with no old lines and no numbers appends at the end (aider's and codex's reading);
 * - the final newline changes only when a hunk at the end of the file has "\ No newline at end of
 *   file" on one side and not the other; every other edit keeps the file's own.
 * A hunk that matches nowhere but whose new side is already in the file is `already-applied`.
 */
import type { Hunk } from '../changeset/changeset';
import { adapt } from './normalize';
import { firstDifference, Haystack, type Match, nearestWindow, seek } from './seek';
import { eolAt, findOverlap, type Replacement, splice } from './splice';
import { hasFinalNewline, type TextDoc } from './text-model';
import { type ApplyFailure, cap, type EditNote, fail, type Rung } from './types';

type LineOp = [' ' | '-' | '+', string];

interface ParsedHunk {
  ops: LineOp[];
  old: string[];
  new: string[];
  oldNoEol: boolean;
  newNoEol: boolean;
}

export function parseHunkLines(hunk: Hunk): ParsedHunk {
  const ops: LineOp[] = [];
  const parsed: ParsedHunk = { ops, old: [], new: [], oldNoEol: false, newNoEol: false };
  for (const raw of hunk.lines) {
    const prefix = raw[0];
    if (prefix === '\\') {
      const prev = ops[ops.length - 1];
      if (prev?.[0] !== '+') parsed.oldNoEol = true;
      if (prev?.[0] !== '-') parsed.newNoEol = true;
      continue;
    }
    // A patch pasted with CRLF endings: the CR belongs to the line ending, not to the line.
    const from = prefix === ' ' || prefix === '-' || prefix === '+' ? 1 : 0;
    const to = raw.charCodeAt(raw.length - 1) === 13 ? raw.length - 1 : raw.length;
    const body = from === 0 && to === raw.length ? raw : raw.slice(from, Math.max(from, to));
    // An empty line inside a hunk is a context line whose leading space was lost (editors and chat
    // pages strip trailing whitespace); any other unprefixed line is read as context the same way.
    const kind = prefix === '-' || prefix === '+' ? prefix : ' ';
    ops.push([kind, body]);
    if (kind !== '+') parsed.old.push(body);
    if (kind !== '-') parsed.new.push(body);
  }
  return parsed;
}

function hunkLabel(hunk: Hunk, index: number): string {
  const n = index + 1;
  if (hunk.oldStart !== undefined) {
    const oldLines = hunk.oldLines ?? 1;
    const newLines = hunk.newLines ?? 1;
    return `hunk ${n} (@@ -${hunk.oldStart},${oldLines} +${hunk.newStart ?? hunk.oldStart},${newLines} @@)`;
  }
  if (hunk.anchors?.length) return `hunk ${n} (@@ ${hunk.anchors.join(' / ')})`;
  return `hunk ${n}`;
}

const RUNG_WORDS: Record<Rung, string> = {
  exact: 'exactly',
  'trailing-whitespace': 'when ignoring trailing whitespace',
  indentation: 'when ignoring indentation (the new lines were re-indented to match)',
  typography:
    'when reading typographic quotes, dashes and spaces as plain ASCII (the new lines were converted the same way)',
};

export interface PatchApplied {
  ok: true;
  doc: TextDoc;
  finalNewline: boolean;
  notes: EditNote[];
  /** Lines the patch adds, for the placeholder guard. */
  added: string[];
  replacements: Replacement[];
}

interface Located {
  index: number;
  rep: Replacement;
}

/**
 * Apply `hunks` to `doc`. Tolerance: models sometimes repeat a hunk word for word. When the patch
 * does not apply as written and leaving out the repeats makes it apply, the copies were the same
 * change: it is applied once, with a warning. (Identical hunks that fit at different places, such as
 * zero-context insertions, apply as written and never reach this.)
 */
export function applyHunks(
  doc: TextDoc,
  hunks: readonly Hunk[],
  ctx: { opLine: number; path: string },
): PatchApplied | ApplyFailure {
  const asWritten = applyHunksOnce(doc, hunks, ctx);
  if (asWritten.ok) return asWritten;
  const unique = hunks.filter((h, i) => !hunks.some((g, j) => j < i && sameHunk(g, h)));
  if (unique.length === hunks.length) return asWritten;
  const once = applyHunksOnce(doc, unique, ctx);
  if (!once.ok) return asWritten;
  once.notes.push({
    severity: 'warning',
    line: ctx.opLine,
    message: `The patch for ${ctx.path} (reply line ${ctx.opLine}) repeats ${hunks.length - unique.length} hunk(s) word for word; each was applied once.`,
  });
  return once;
}

function applyHunksOnce(
  doc: TextDoc,
  hunks: readonly Hunk[],
  ctx: { opLine: number; path: string },
): PatchApplied | ApplyFailure {
  const hay = new Haystack(doc.lines);
  const n = doc.lines.length;
  const notes: EditNote[] = [];
  const added: string[] = [];
  const located: Located[] = [];
  let finalNewline = hasFinalNewline(doc);
  let prevEnd = 0;
  let offset = 0;
  const where = `of the patch for ${ctx.path} (reply line ${ctx.opLine})`;

  for (let i = 0; i < hunks.length; i++) {
    const hunk = hunks[i]!;
    const p = parseHunkLines(hunk);
    const label = hunkLabel(hunk, i);
    const numbered = hunk.oldStart !== undefined;
    const m = p.old.length;
    if (p.ops.length === 0) return fail('no-match', `${label} ${where} has no lines.`);

    // Anchors: each must be found in turn after the previous hunk (codex's `@@ class Foo`).
    let cursor = prevEnd;
    for (const anchor of hunk.anchors ?? []) {
      const found = seek(hay, [anchor], { lo: cursor, expected: cursor });
      if (found.kind !== 'found') {
        return fail(
          'no-match',
          `${label} ${where}: the line "${anchor.trim()}" it starts from was not found.`,
        );
      }
      noteRung(notes, found.match, `the line "${anchor.trim()}" of ${label}`, ctx.opLine);
      cursor = found.match.start + 1;
    }

    const pinnedToEnd = hunk.atEof === true || p.oldNoEol || p.newNoEol;
    let start: number;
    let match: Match | null = null;
    if (m === 0) {
      if (numbered) {
        // `@@ -L,0 …` inserts after line L.
        start = (hunk.oldLines === 0 ? hunk.oldStart! : hunk.oldStart! - 1) + offset;
        if (start < prevEnd || start > n) {
          return fail(
            'out-of-range',
            `${label} ${where} inserts after line ${start} but the file has ${n} lines${start < prevEnd ? ' (or that is before the previous hunk)' : ''}.`,
          );
        }
      } else start = n;
    } else {
      // "\ No newline at end of file" is checked when the patch changes the final newline (its two
      // sides disagree): the file must then end as the old side says. A hunk without markers (what
      // models write), or with the same marker on both sides, leaves the file's own ending alone.
      if (p.oldNoEol !== p.newNoEol && n > 0 && p.oldNoEol === hasFinalNewline(doc)) {
        const state = hasFinalNewline(doc) ? 'ends with a newline' : 'does not end with a newline';
        return fail(
          'no-match',
          `${label} ${where} disagrees with the file about its last newline: ${ctx.path} ${state}.`,
        );
      }
      const options = pinnedToEnd
        ? { lo: Math.max(cursor, n - m), hi: n - m }
        : numbered
          ? { lo: prevEnd, expected: Math.max(0, hunk.oldStart! - 1 + offset) }
          : hunk.anchors?.length
            ? { lo: cursor, expected: cursor }
            : {};
      const found = seek(hay, p.old, options);
      if (found.kind === 'ambiguous') {
        const lines = found.matches.map((x) => x.start + 1).join(', ');
        return fail(
          'ambiguous',
          `${label} ${where} fits ${found.matches.length} places equally well (lines ${lines}); it needs more context lines to say which.`,
        );
      }
      if (found.kind === 'none') {
        return notFound(hay, p, label, where, numbered ? hunk.oldStart : undefined, options.lo ?? 0);
      }
      match = found.match;
      start = match.start;
      noteRung(notes, match, label, ctx.opLine);
      if (numbered) {
        const stated = hunk.oldStart! - 1;
        if (start !== stated + offset && start !== stated) {
          notes.push({
            severity: 'info',
            line: ctx.opLine,
            fileLine: start + 1,
            message: `${label} applied at line ${start + 1}, ${Math.abs(start - stated)} lines ${start > stated ? 'below' : 'above'} where it says.`,
          });
        }
        offset = start - stated;
      }
    }

    const end = start + m;
    const eol = eolAt(doc, start, end);
    const rep: Replacement = { start, end, lines: [], eols: [] };
    let at = start;
    for (const [kind, body] of p.ops) {
      if (kind === ' ') {
        rep.lines.push(doc.lines[at]!);
        rep.eols.push(doc.eols[at]!);
        at++;
      } else if (kind === '-') at++;
      else {
        const [line] = adapt([body], match);
        rep.lines.push(line!);
        rep.eols.push(eol);
        added.push(line!);
      }
    }
    // The final newline changes only where the patch says so: a hunk at the end of the file whose
    // sides disagree about "\ No newline at end of file". Otherwise the file keeps its own ending
    // (a bare `@@` hunk that reaches the last line of a file without one must not add one; corpus
    // llm-243), and a file the patch fills from empty ends with one unless the new side is marked.
    if (end === n && p.oldNoEol !== p.newNoEol) finalNewline = !p.newNoEol;
    else if (n === 0 && p.new.length > 0) finalNewline = !p.newNoEol;
    located.push({ index: i, rep });
    prevEnd = end;
  }

  const overlap = findOverlap(located.map((l) => ({ start: l.rep.start, end: l.rep.end, l })));
  if (overlap) {
    const [a, b] = overlap.map((o) => o.l).sort((x, y) => x.index - y.index);
    return fail(
      'overlap',
      `${hunkLabel(hunks[b!.index]!, b!.index)} ${where} changes the same lines as ${hunkLabel(hunks[a!.index]!, a!.index)}.`,
    );
  }
  const replacements = located
    .sort((a, b) => a.rep.start - b.rep.start || a.index - b.index)
    .map((l) => l.rep);
  return { ok: true, doc: splice(doc, replacements), finalNewline, notes, added, replacements };
}

export function noteRung(notes: EditNote[], match: Match, what: string, line: number): void {
  if (match.rung === 'exact') return;
  notes.push({
    severity: match.rung === 'trailing-whitespace' ? 'info' : 'warning',
    line,
    rung: match.rung,
    fileLine: match.start + 1,
    message: `${cap(what)} matched line ${match.start + 1} only ${RUNG_WORDS[match.rung]}.`,
  });
}

function notFound(
  hay: Haystack,
  p: ParsedHunk,
  label: string,
  where: string,
  stated: number | undefined,
  lo: number,
): ApplyFailure {
  const changes = p.ops.some(([k]) => k !== ' ');
  if (changes && p.new.length > 0 && seek(hay, p.new).kind !== 'none') {
    return fail(
      'already-applied',
      `${label} ${where} seems to be applied already: its new lines are in the file and its old lines are not.`,
    );
  }
  const near = nearestWindow(hay, p.old);
  const at = stated !== undefined ? ` near line ${stated}` : '';
  const taken = near && near.start < lo && hay.matchAt(p.old, near.start, 'exact');
  const hint = taken
    ? ` Its lines are at line ${near.start + 1}, which an earlier hunk of this patch already covers (hunks apply in order and must not overlap).`
    : near
      ? firstDifference(hay, p.old, near.start, 'the hunk')
      : ' None of the lines it keeps or removes are in the file.';
  return fail('no-match', `${label} ${where} does not match the file${at}.${hint}`, near?.text);
}

function sameHunk(a: Hunk, b: Hunk): boolean {
  // Same header too: numbered hunks at different lines are two changes, even with the same text.
  return (
    a.oldStart === b.oldStart &&
    a.newStart === b.newStart &&
    a.lines.length === b.lines.length &&
    a.lines.every((l, k) => l === b.lines[k]) &&
    (a.anchors ?? []).join('\n') === (b.anchors ?? []).join('\n')
  );
}
