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
import { pushAll } from '../text/push-all';
import { repairHunk } from './hunk-repairs';
import { adapt, opRestyle, restyleConflict, restyledNote, spacesIntoTabs, uniformShift } from './normalize';
import { expandRanges, hasRanges } from './range-removal';
import { firstDifference, Haystack, type Match, nearestWindow, seek } from './seek';
import { eolAt, findOverlap, type Replacement, splice } from './splice';
import { formatText, hasFinalNewline, parseText, type TextDoc, withoutBom } from './text-model';
import {
  type ApplyFailure,
  cap,
  type EditNote,
  type FailureKind,
  fail as failure,
  RUNGS,
  type Rung,
} from './types';

type LineOp = [' ' | '-' | '+', string];

export interface ParsedHunk {
  ops: LineOp[];
  old: string[];
  new: string[];
  oldNoEol: boolean;
  newNoEol: boolean;
}

export function parseHunkLines(hunk: Hunk): ParsedHunk {
  const lines = hunk.lines;
  const ops: LineOp[] = [];
  const parsed: ParsedHunk = { ops, old: [], new: [], oldNoEol: false, newNoEol: false };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const prefix = raw[0];
    if (prefix === '\\') {
      const prev = ops[ops.length - 1];
      if (prev?.[0] !== '+') parsed.oldNoEol = true;
      if (prev?.[0] !== '-') parsed.newNoEol = true;
      continue;
    }
    // A patch pasted with CRLF endings: the CR belongs to the line ending, not to the line — unless
    // "\ No newline at end of file" follows: a line with no newline has no line ending for the CR to
    // be part of (jsdiff PR #701).
    const from = prefix === ' ' || prefix === '-' || prefix === '+' ? 1 : 0;
    const lastLine = lines[i + 1]?.[0] === '\\';
    const to = raw.charCodeAt(raw.length - 1) === 13 && !lastLine ? raw.length - 1 : raw.length;
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

/** Where the head of each side of a hunk is: a line's index, when it begins a side, with its body's offset. */
function sideHeads(hunk: Hunk): Array<{ i: number; from: number; side: 'old' | 'new' | 'both' }> {
  const heads: Array<{ i: number; from: number; side: 'old' | 'new' | 'both' }> = [];
  let oldSeen = false;
  let newSeen = false;
  for (let i = 0; i < hunk.lines.length && !(oldSeen && newSeen); i++) {
    const raw = hunk.lines[i]!;
    const prefix = raw[0];
    if (prefix === '\\') continue;
    const from = prefix === ' ' || prefix === '-' || prefix === '+' ? 1 : 0;
    const old = prefix !== '+' && !oldSeen;
    const fresh = prefix !== '-' && !newSeen;
    if (old || fresh) heads.push({ i, from, side: old && fresh ? 'both' : old ? 'old' : 'new' });
    if (prefix !== '+') oldSeen = true;
    if (prefix !== '-') newSeen = true;
  }
  return heads;
}

/**
 * The hunk without a BOM at the head of either side: git diffs a file's BOM as text of its first line,
 * and models copy it, but it is the file's (text-model's withoutBom), which the file keeps or lacks as
 * it is. Taken off once, before the hunk is placed or repaired.
 */
export function withoutEchoedBom(hunk: Hunk): Hunk {
  let lines: string[] | null = null;
  for (const { i, from } of sideHeads(hunk)) {
    const raw = hunk.lines[i]!;
    if (raw.charCodeAt(from) !== 0xfeff) continue;
    lines ??= [...hunk.lines];
    lines[i] = raw.slice(0, from) + raw.slice(from + 1);
  }
  const section = hunk.glued && hunk.section !== undefined ? withoutBom(hunk.section) : hunk.section;
  if (!lines && section === hunk.section) return hunk;
  return { ...hunk, lines: lines ?? hunk.lines, ...(section === undefined ? {} : { section }) };
}

/** Whether the hunk's new side begins with a BOM: a file the hunk creates then has one. */
export function writesBom(hunk: Hunk): boolean {
  return sideHeads(hunk).some(
    ({ i, from, side }) => side !== 'old' && hunk.lines[i]!.charCodeAt(from) === 0xfeff,
  );
}

/** Whether the hunk has a `+` or `-` line: `parseHunkLines(h).ops.some(([k]) => k !== ' ')` without parsing it. */
export function changesSomething(hunk: Hunk): boolean {
  for (const l of hunk.lines) if (l[0] === '+' || l[0] === '-') return true;
  return false;
}

/** How messages name a hunk: `hunk 2 (@@ -10,3 +10,4 @@)`, by its 0-based index among the op's hunks. */
export function hunkLabel(hunk: Hunk, index: number): string {
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
  'uneven-indentation':
    'when ignoring the indentation of each line (it differs unevenly; the new lines are as the reply wrote them)',
  backticks: 'when ignoring Markdown `code` marks (the new lines are as the reply wrote them)',
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

/** A failure of one hunk of the patch: which one, so that a repair can be tried on it. */
type HunkFailure = ApplyFailure & {
  hunk?: number;
  /** The hunk fits as written, and what it makes is already there: no reading of it is to be tried. */
  stands?: true;
};

interface Attempt {
  /** Hunks whose kept and removed lines differ from the file may be placed by fuzzyPlace. */
  fuzz?: boolean;
}

/**
 * Apply `hunks` to `doc`. Tolerance: models sometimes repeat a hunk word for word. When the patch
 * does not apply as written and leaving out the repeats makes it apply, the copies were the same
 * change: it is applied once, with a warning. (Identical hunks that fit at different places, such as
 * zero-context insertions, apply as written and never reach this.)
 */
export function applyHunks(
  doc: TextDoc,
  hunksAsWritten: readonly Hunk[],
  ctx: { opLine: number; path: string },
): PatchApplied | ApplyFailure {
  const where = `the patch for ${ctx.path} (reply line ${ctx.opLine})`;
  let written = hunksAsWritten.map(withoutEchoedBom);
  const notes: EditNote[] = [];
  const note = (message: string, severity: EditNote['severity'] = 'warning') =>
    notes.push({ severity, line: ctx.opLine, message });

  // udiffx's `~` range removal: spelled out against the file first (range-removal.ts).
  if (written.some(hasRanges)) {
    const spelled: Hunk[] = [];
    for (const [i, h] of written.entries()) {
      if (!hasRanges(h)) {
        spelled.push(h);
        continue;
      }
      const r = expandRanges(doc, h);
      if (!r.ok) return failure('no-match', `${cap(hunkLabel(h, i))} of ${where}: ${r.why}.`);
      spelled.push(r.hunk);
      const between = r.hunk.lines.length - h.lines.length + 1;
      note(
        `${cap(hunkLabel(h, i))} of ${where} removes a range ("~"): the ${between} line(s) between its anchors.`,
        'info',
      );
    }
    written = spelled;
  }
  const done = (r: PatchApplied): PatchApplied => {
    r.notes.unshift(...notes);
    return r;
  };

  // A hunk without a `+` or `-` line changes nothing (udiffx skips them too): it is left out, so that a
  // stray context-only hunk cannot make the patch fail or overlap another.
  let hunks = written.filter(changesSomething);
  if (hunks.length < written.length) {
    note(
      `${written.length - hunks.length} hunk(s) of ${where} change nothing (no "+" or "-" line); left out.`,
      'info',
    );
  }
  if (hunks.length === 0) {
    return done({
      ok: true,
      doc,
      finalNewline: hasFinalNewline(doc),
      notes: [],
      added: [],
      replacements: [],
    });
  }
  // An empty file "patched" by hunks whose kept and removed lines are all blank: the model saw it as
  // holding blank lines. Every line becomes an added one (udiffx's reading; corpus esrc replies).
  if (doc.lines.length === 0 && hunks.every((h) => parseHunkLines(h).old.every((l) => l.trim() === ''))) {
    if (hunks.some((h) => parseHunkLines(h).old.length > 0)) {
      note(
        `${ctx.path} is empty; the blank lines ${where} keeps or removes were read as added lines.`,
        'info',
      );
      hunks = hunks.map((h) => ({
        lines: parseHunkLines(h).ops.map(([, body]) => `+${body}`),
      }));
    }
  }

  const asWritten = applyHunksOnce(doc, hunks, ctx);
  if (asWritten.ok) return done(asWritten);

  // Models sometimes repeat a hunk word for word: when leaving the repeats out makes the patch apply,
  // the copies were the same change. (Identical hunks that fit different places never reach this.)
  const unique = hunks.filter((h, i) => !hunks.some((g, j) => j < i && sameHunk(g, h)));
  if (unique.length < hunks.length) {
    const once = applyHunksOnce(doc, unique, ctx);
    if (once.ok) {
      note(
        `${cap(where)} repeats ${hunks.length - unique.length} hunk(s) word for word; each was applied once.`,
      );
      return done(once);
    }
  }

  // Repairs of what models break (hunk-repairs.ts), one failing hunk at a time, each only when exactly
  // one repaired reading fits the file.
  const fixed = [...hunks];
  const repaired: string[] = [];
  let last: HunkFailure = asWritten;
  for (let round = 0; round < fixed.length * 2; round++) {
    if (last.ok || last.hunk === undefined) break;
    const i = last.hunk;
    // "Already applied" too: a hunk that only removes lines, one of them two lines of the file run
    // together, has its new side (its kept lines) in the file and its old side not, as written.
    const repairable = last.kind === 'no-match' || (last.kind === 'already-applied' && !last.stands);
    const r = repairable ? repairHunk(doc, fixed[i]!, (h) => placesAlone(doc, h, ctx)) : null;
    if (!r) break;
    fixed[i] = r.hunk;
    repaired.push(`hunk ${i + 1}: ${r.what}`);
    const next = applyHunksOnce(doc, fixed, ctx);
    if (next.ok) {
      note(`Repaired ${where} before applying it — ${repaired.join('; ')}.`);
      return done(next);
    }
    last = next;
  }

  // Hunks written one after the other, each against the file as the previous one left it (they repeat
  // each other's context, so they overlap in the original).
  if (!last.ok && last.kind === 'overlap') {
    const seq = applySequentially(doc, fixed, ctx);
    if (seq) {
      if (repaired.length > 0) note(`Repaired ${where} before applying it — ${repaired.join('; ')}.`);
      note(`The hunks of ${where} overlap: each was applied to the file as the hunks before it left it.`);
      return done(seq);
    }
  }

  // Last: hunks whose kept lines differ a little from the file (fuzzyPlace says how little).
  const fuzzed = applyHunksOnce(doc, fixed, ctx, { fuzz: true });
  if (fuzzed.ok) {
    if (repaired.length > 0) note(`Repaired ${where} before applying it — ${repaired.join('; ')}.`);
    return done(fuzzed);
  }
  return asWritten;
}

/** Whether one hunk alone fits the file, and where: for telling repaired readings apart. */
function placesAlone(doc: TextDoc, hunk: Hunk, ctx: { opLine: number; path: string }): string | null {
  const r = applyHunksOnce(doc, [hunk], ctx);
  return r.ok ? formatText(r.doc, r.finalNewline) : null;
}

/**
 * The hunks applied one by one, each to the result of the ones before it, each placed as a hunk alone
 * (a numbered hunk near its line moved by what the earlier hunks added). Null when any does not fit.
 */
function applySequentially(
  doc: TextDoc,
  hunks: readonly Hunk[],
  ctx: { opLine: number; path: string },
): PatchApplied | null {
  let current = doc;
  let finalNewline = hasFinalNewline(doc);
  const notes: EditNote[] = [];
  const added: string[] = [];
  let delta = 0;
  for (const h of hunks) {
    const moved = h.oldStart === undefined ? h : { ...h, oldStart: Math.max(1, h.oldStart + delta) };
    const r = applyHunksOnce(current, [moved], ctx);
    if (!r.ok) return null;
    pushAll(notes, r.notes);
    pushAll(added, r.added);
    const p = parseHunkLines(h);
    delta += p.new.length - p.old.length;
    current = { ...r.doc };
    finalNewline = r.finalNewline;
    current = parseText(formatText(r.doc, finalNewline));
  }
  // The replacements are of the last step only: not line edits of the original, so none are given.
  return { ok: true, doc: current, finalNewline, notes, added, replacements: [] };
}

function applyHunksOnce(
  doc: TextDoc,
  hunks: readonly Hunk[],
  ctx: { opLine: number; path: string },
  attempt: Attempt = {},
): PatchApplied | HunkFailure {
  const hay = new Haystack(doc.lines);
  const n = doc.lines.length;
  const notes: EditNote[] = [];
  const added: string[] = [];
  const located: Located[] = [];
  let finalNewline = hasFinalNewline(doc);
  let prevEnd = 0;
  let offset = 0;
  const where = `of the patch for ${ctx.path} (reply line ${ctx.opLine})`;
  // The reply indents with spaces and the file with tabs (or the other way round), as the file's lines it
  // repeats show: added lines of a hunk placed without an indented line to go by are converted the same way.
  const replyLines = hunks.flatMap((h) => parseHunkLines(h).ops.map(([, body]) => body));
  const restyle = opRestyle(doc.lines, replyLines);
  let restyledAlone = false;

  for (let i = 0; i < hunks.length; i++) {
    // Again: a repair may have left out what stood before the line that carries it (a junk line).
    const hunk = withoutEchoedBom(hunks[i]!);
    const p = parseHunkLines(hunk);
    // Named only in a message: most hunks apply without one.
    const label = () => hunkLabel(hunk, i);
    const numbered = hunk.oldStart !== undefined;
    const m = p.old.length;
    const fail = (kind: FailureKind, message: string, nearest?: string): HunkFailure => ({
      ...failure(kind, message, nearest),
      hunk: i,
    });
    if (p.ops.length === 0) return fail('no-match', `${label()} ${where} has no lines.`);
    // Text glued to the `@@` that the header counts as a line on both sides is the hunk's first line
    // (hunk-repairs.ts reads it so once this refusal sends the hunk there). Read without it, the hunk
    // loses the line that placed it: one that only adds lines would put them before the line they
    // follow, one that removes a blank line would remove the first blank line near its number.
    if (
      hunk.glued &&
      hunk.section &&
      numbered &&
      hunk.oldLines === m + 1 &&
      hunk.newLines === p.new.length + 1
    ) {
      return fail(
        'no-match',
        `${cap(label())} ${where} counts one line more on each side than it has: the text glued to its @@ line.`,
      );
    }

    // Anchors: each must be found in turn after the previous hunk (codex's `@@ class Foo`).
    let cursor = prevEnd;
    for (const anchor of hunk.anchors ?? []) {
      const found = seek(hay, [withoutBom(anchor)], { lo: cursor, expected: cursor });
      if (found.kind !== 'found') {
        return fail(
          'no-match',
          `${label()} ${where}: the line "${anchor.trim()}" it starts from was not found.`,
        );
      }
      noteRung(notes, found.match, () => `the line "${anchor.trim()}" of ${label()}`, ctx.opLine);
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
            `${label()} ${where} inserts after line ${start} but the file has ${n} lines${start < prevEnd ? ' (or that is before the previous hunk)' : ''}.`,
          );
        }
      } else start = n;
    } else {
      // "\ No newline at end of file" is checked when the patch has one: the file must end as the old
      // side says (git, GNU patch and jsdiff's default all refuse otherwise; corpus udiff-053/059). A hunk
      // without markers (what models write) may end at a last line that lacks its newline.
      if ((p.oldNoEol || p.newNoEol) && n > 0 && p.oldNoEol === hasFinalNewline(doc)) {
        const state = hasFinalNewline(doc) ? 'ends with a newline' : 'does not end with a newline';
        return fail(
          'no-match',
          `${label()} ${where} disagrees with the file about its last newline: ${ctx.path} ${state}.`,
        );
      }
      const options = pinnedToEnd
        ? { lo: Math.max(cursor, n - m), hi: n - m }
        : numbered
          ? { lo: prevEnd, expected: Math.max(0, hunk.oldStart! - 1 + offset) }
          : hunk.anchors?.length
            ? { lo: cursor, expected: cursor }
            : {};
      let found = seek(hay, p.old, { ...options, rungs: RUNGS });
      if (found.kind === 'none' && pinnedToEnd && hunk.atEof !== true) {
        // "\ No newline" pins a hunk to the end of the file, but a file that has grown lines after it
        // still has the hunk's place (jsdiff applies it, even with fuzz 0); the marker then says nothing
        // about this file's ending, and the lines after the hunk keep theirs.
        found = seek(
          hay,
          p.old,
          numbered
            ? { lo: prevEnd, expected: Math.max(0, hunk.oldStart! - 1 + offset), rungs: RUNGS }
            : { lo: cursor, rungs: RUNGS },
        );
      }
      // Uneven indentation is forgiven on the lines a hunk keeps, not on those it removes: they must
      // share one shift (a removed line is never loosened more than the indentation rung allows).
      if (found.kind === 'found' && found.match.rung === 'uneven-indentation') {
        const removed = p.ops.filter(([k]) => k !== '+');
        const rows = removed.flatMap(([k], j) => (k === '-' ? [j] : []));
        if (
          !uniformShift(
            rows.map((j) => doc.lines[found.kind === 'found' ? found.match.start + j : 0]!),
            0,
            rows.map((j) => p.old[j]!),
          )
        )
          found = { kind: 'none' };
      }
      if (found.kind === 'ambiguous') {
        const lines = found.matches.map((x) => x.start + 1).join(', ');
        return fail(
          'ambiguous',
          `${label()} ${where} fits ${found.matches.length} places equally well (lines ${lines}); it needs more context lines to say which.`,
        );
      }
      if (found.kind === 'none') {
        const fuzzy = attempt.fuzz
          ? fuzzyPlace(hay, p, options.lo ?? 0, options.hi ?? n - m, looseOld(hunk))
          : null;
        if (!fuzzy) {
          const r = notFound(hay, p, label(), where, numbered ? hunk.oldStart : undefined, options.lo ?? 0);
          return { ...r, hunk: i };
        }
        match = { start: fuzzy.start, rung: 'exact', shift: null };
        notes.push({
          severity: 'warning',
          line: ctx.opLine,
          fileLine: fuzzy.start + 1,
          message: `${cap(label())} applied at line ${fuzzy.start + 1} although ${fuzzy.differing.length} of its ${fuzzy.context} unchanged lines differ from the file there (${fuzzy.differing.map((j) => `line ${fuzzy.start + j + 1}`).join(', ')}); every line it removes matches, and no other place fits.`,
        });
      } else {
        match = found.match;
        // A shift of one space on unchanged lines only is not a re-indentation: the model dropped their
        // " " prefix (it wrote the file's line as is). The added lines are then right as written.
        if (
          match.rung === 'indentation' &&
          match.shift?.sign === 1 &&
          match.shift.prefix === ' ' &&
          !match.shift.restyle &&
          !p.ops.some(([k, body]) => k === '-' && body.trim() !== '')
        ) {
          match = { ...match, shift: null };
          notes.push({
            severity: 'warning',
            line: ctx.opLine,
            fileLine: match.start + 1,
            message: `${cap(label())} matched line ${match.start + 1} once its unchanged lines got back the space in front of them that the reply lost; the added lines are as written.`,
          });
        } else noteRung(notes, match, label, ctx.opLine);
      }
      start = match.start;
      if (numbered) {
        const stated = hunk.oldStart! - 1;
        if (start !== stated + offset && start !== stated) {
          notes.push({
            severity: 'info',
            line: ctx.opLine,
            fileLine: start + 1,
            message: `${label()} applied at line ${start + 1}, ${Math.abs(start - stated)} lines ${start > stated ? 'below' : 'above'} where it says.`,
          });
        }
        offset = start - stated;
      }
    }

    const end = start + m;
    if (m > 0 && !endingsAgree(doc, hunk, start) && mixedEndings(doc)) {
      // A patch with CRLF lines against a file that mixes CRLF and LF: which of its CRs are line endings
      // is not clear, so they must match the file's own (jsdiff leaves them alone there too).
      return fail(
        'no-match',
        `${label()} ${where} has Windows (CR LF) line endings, and ${ctx.path} mixes Windows and Unix ones: at line ${start + 1} they differ, so it is not applied.`,
      );
    }
    const again = m > 0 ? appliedAround(hay, p, start, end) : null;
    if (again !== null) {
      // The hunk's result already stands where it goes: applying it would add its lines a second time
      // (git refuses these through its anchoring rules; corpus udiff-081, git t4113's "at the beginning").
      return {
        ...fail(
          'already-applied',
          `${label()} ${where} fits at line ${start + 1}, but what it makes of those lines is already in the file at line ${again + 1}; it seems to be applied already.`,
        ),
        stands: true,
      };
    }
    const conflict = match
      ? restyleConflict(
          p.ops.flatMap(([k, body]) => (k === '+' ? [body] : [])),
          match.shift,
          replyLines,
        )
      : null;
    if (conflict)
      return fail(
        'ambiguous',
        `${cap(label())} ${where} matched line ${start + 1} only when ignoring indentation, but ${conflict}.`,
      );
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
        const alone = restyle && !match?.shift?.restyle ? restyle : null;
        const [line] = adapt([body], match, alone);
        if (alone && line !== adapt([body], match)[0]) restyledAlone = true;
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
    return {
      ...failure(
        'overlap',
        `${hunkLabel(hunks[b!.index]!, b!.index)} ${where} changes the same lines as ${hunkLabel(hunks[a!.index]!, a!.index)}.`,
      ),
      hunk: b!.index,
    };
  }
  const replacements = located
    .sort((a, b) => a.rep.start - b.rep.start || a.index - b.index)
    .map((l) => l.rep);
  if (!restyle && spacesIntoTabs(doc.lines, added)) {
    // Written as they are, they would mix spaces into a file indented with tabs only (Python refuses to
    // run that); converted, they would be indented by a guess.
    return failure(
      'no-match',
      `The patch for ${ctx.path} (reply line ${ctx.opLine}) indents its added lines with spaces, and ${ctx.path} indents every line with tabs; no line of the patch shows how many spaces make a tab, so they are not written. Ask for the patch with tabs, or with the indented lines around it.`,
    );
  }
  if (restyledAlone) {
    notes.push({
      severity: 'warning',
      line: ctx.opLine,
      message: restyledNote(`The patch for ${ctx.path}`, 'the file', 'its added lines get', restyle!),
    });
  }
  return { ok: true, doc: splice(doc, replacements), finalNewline, notes, added, replacements };
}

export function noteRung(notes: EditNote[], match: Match, what: string | (() => string), line: number): void {
  if (match.rung === 'exact') return;
  const named = typeof what === 'string' ? what : what();
  notes.push({
    severity: match.rung === 'trailing-whitespace' ? 'info' : 'warning',
    line,
    rung: match.rung,
    fileLine: match.start + 1,
    message: `${cap(named)} matched line ${match.start + 1} only ${RUNG_WORDS[match.rung]}${restyled(match)}.`,
  });
}

/** What a match that converted the block's indentation (normalize.ts, restyleShift) says about it. */
function restyled(match: Match): string {
  const r = match.shift?.restyle;
  if (!r) return '';
  return r.to === 'tabs'
    ? `; the reply indents with spaces and the file with tabs, so its new lines get tabs, ${r.width} spaces to a tab`
    : `; the reply indents with tabs and the file with spaces, so its new lines get ${r.width} spaces for a tab`;
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
    return failure(
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
  return failure(
    taken ? 'overlap' : 'no-match',
    `${label} ${where} does not match the file${at}.${hint}`,
    near?.text,
  );
}

function mixedEndings(doc: TextDoc): boolean {
  let crlf = false;
  let lf = false;
  for (const e of doc.eols) {
    if (e === '\r\n') crlf = true;
    else if (e === '\n') lf = true;
    if (crlf && lf) return true;
  }
  return false;
}

/** A hunk whose kept and removed lines carry CRs: each matched file line must end the same way. */
function endingsAgree(doc: TextDoc, hunk: Hunk, start: number): boolean {
  // The hunk's old lines (neither `+` nor `\`), walked twice rather than copied: most hunks have no CR.
  const old = (l: string) => l[0] !== '+' && l[0] !== '\\';
  if (!hunk.lines.some((l) => old(l) && l.endsWith('\r'))) return true;
  let j = 0;
  for (const l of hunk.lines) {
    if (!old(l)) continue;
    if ((doc.eols[start + j] === '\r\n') !== l.endsWith('\r')) return false;
    j++;
  }
  return true;
}

/**
 * Where the hunk's new side already stands over the place its old side fits (overlapping it); null
 * otherwise. Asked only of a hunk that removes nothing and adds a line that says something at one of its
 * ends, with no unchanged line beyond it: nothing holds those lines in place, so the hunk fits the file
 * before it and the file after it alike (git anchors such hunks to the start or end of the file).
 */
function appliedAround(hay: Haystack, p: ParsedHunk, start: number, end: number): number | null {
  const kinds = p.ops.map(([k]) => k);
  if (kinds.includes('-') || !p.ops.some(([k, body]) => k === '+' && body.trim() !== '')) return null;
  if (kinds[0] !== '+' && kinds.at(-1) !== '+') return null;
  const size = p.new.length;
  // Applied already, the hunk's result stands with its unchanged lines on the very lines they match now:
  // the result then starts at one of these places. Elsewhere it is only text that happens to repeat
  // (a file of "", "x y", "" that gets "x y", "" once more after its last line).
  const aligned = new Set<number>();
  let oldAt = 0;
  let newAt = 0;
  for (const [k] of p.ops) {
    if (k === ' ') aligned.add(start + oldAt++ - newAt++);
    else newAt++;
  }
  for (const m of hay.findAll(p.new, 'trailing-whitespace', Math.max(0, start - size), end)) {
    if (m.start < end && m.start + size > start && aligned.has(m.start)) return m.start;
  }
  return null;
}

/**
 * Where a hunk goes when its unchanged lines differ a little from the file (a typo in a comment, a line
 * the model misremembered): the one place in [lo, hi] where
 * - every removed line matches (ignoring trailing whitespace) — a removed line is never guessed;
 * - the unchanged lines right next to each added or removed run match, so the change sits where the
 *   reply put it (jsdiff's rule);
 * - fewer than a third of the unchanged lines differ, with at least three of them in the hunk;
 * - a differing line is nowhere in the file: one that is elsewhere means lines were skipped or moved,
 *   not mistyped (corpus llm-241);
 * - a differing line is no line the reply wrote without a prefix (`firm`): that may be junk as well as a
 *   mistyped line, and where the hunk fits without it is then a guess;
 * - a line that matches says something (not only blank lines and braces): a hunk whose one line of text
 *   differs would fit wherever its blank lines do.
 * Lines are compared one to one: a line missing from the file, or an extra one, is no fit. Two places
 * that fit are no fit at all (corpus udiff-107/109; refusals: udiff-023/027/033/115, llm-241). A place
 * where a differing line is blank against a line of text (or the reverse), or lies past the start or end
 * of the file, is a line missing or extra there, not a typo: it is never taken, and it still counts as a
 * place that fits, since a file's blank lines, start and end say nothing of where the hunk goes (a leaked
 * `</thinking>` before a hunk whose lines the file has twice, one copy at its start, must pick neither).
 */
export function fuzzyPlace(
  hay: Haystack,
  p: ParsedHunk,
  lo: number,
  hi: number,
  firm: ReadonlySet<number> = new Set(),
): { start: number; differing: number[]; context: number } | null {
  const kinds = p.ops.filter(([k]) => k !== '+').map(([k]) => k);
  const context = kinds.filter((k) => k === ' ').length;
  if (context < 3) return null;
  // Unchanged lines that touch a change: the line before and after each run of + and - lines.
  const pinned = new Set<number>();
  let oldAt = 0;
  let prevKind: string | null = null;
  for (const [k] of p.ops) {
    if (k === ' ') {
      if (prevKind !== null && prevKind !== ' ') pinned.add(oldAt);
      oldAt++;
    } else {
      if (prevKind === ' ' && oldAt > 0) pinned.add(oldAt - 1);
      if (k === '-') oldAt++;
    }
    prevKind = k;
  }
  const keys = hay.keysFor('trailing-whitespace');
  const index = hay.indexFor('trailing-whitespace');
  const want = p.old.map((l) => l.trimEnd());
  const budget = Math.ceil(context / 3) - 1;
  const n = keys.length;
  // Places where the hunk's first or last lines would lie outside the file are looked at too.
  const first = lo <= 0 ? 1 - want.length : lo;
  const last = hi >= n - want.length ? n - 1 : Math.min(hi, n - want.length);
  let found: { start: number; differing: number[] } | null = null;
  let weak = false;
  for (let start = first; start <= last; start++) {
    const differing: number[] = [];
    let fits = true;
    let shaky = false;
    for (let j = 0; j < want.length && fits; j++) {
      const at = start + j;
      const key = at >= 0 && at < n ? keys[at] : undefined;
      if (key === want[j]) continue;
      if (
        kinds[j] === '-' ||
        pinned.has(j) ||
        firm.has(j) ||
        differing.length >= budget ||
        index.has(want[j]!)
      )
        fits = false;
      else {
        differing.push(j);
        // Not a typo but a line missing or extra: a blank line against a line of text (or the reverse),
        // or a line past the start or end of the file.
        if (key === undefined || (want[j]!.trim() === '') !== (key.trim() === '')) shaky = true;
      }
    }
    // The lines that match must say something: blank lines and braces fit anywhere.
    if (!fits || !want.some((l, j) => /[\p{L}\p{N}]/u.test(l) && !differing.includes(j))) continue;
    if (found || weak) return null;
    if (shaky) weak = true;
    else found = { start, differing };
  }
  return found && found.differing.length > 0 ? { ...found, context } : null;
}

/** The old-side indexes of the hunk's lines written without a prefix (Hunk.loose). */
function looseOld(hunk: Hunk): Set<number> {
  const out = new Set<number>();
  if (!hunk.loose?.length) return out;
  const loose = new Set(hunk.loose);
  let old = 0;
  hunk.lines.forEach((line, i) => {
    if (line[0] === '+' || line[0] === '\\') return;
    if (loose.has(i)) out.add(old);
    old++;
  });
  return out;
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
