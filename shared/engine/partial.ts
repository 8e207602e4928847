/**
 * Partial apply by choice (issue 29, part 4): a file whose edits partly fit, with only the edits that fit
 * applied. The plan stays all-or-nothing; this is an alternative it offers beside a file it refuses, and
 * only the user's explicit choice (the review's tick, the CLI's `--partial`) writes it.
 *
 * An edit is one SEARCH/REPLACE edit or one diff hunk (an OpenAI patch chunk is a hunk). The file's
 * operations run in reply order, and each operation runs with a subset of its edits: edit by edit, an
 * edit is kept when the operation still applies with it added to the ones kept before it, so the engine
 * places every kept edit exactly as it would in an operation that held only those (a hunk's line number
 * shifted by the kept hunks before it, a SEARCH looked for in the text the kept edits before it left).
 * A skipped edit keeps the engine's own reason, numbered as the reply numbers it.
 *
 * Offered only where skipping is well defined, else not at all (null):
 * - the file exists and stays where it is, and every operation on it is a SEARCH/REPLACE or a patch that
 *   only modifies (no create, delete, rename, copy), on a name the reply wrote or the plan resolved (no
 *   guess) and exact text (not read from the rendered page);
 * - at least one edit fits and at least one does not, and the edits that fit change the file;
 * - no edit kept after a skipped one may depend on it: it shares no line with the skipped edit (it might
 *   be looking for text the skipped one writes, or for a place the skipped one changes), a hunk of it
 *   fits exactly one place in the file on its own (a hunk is placed after the one before it: without
 *   the skipped one before it, a second place could be taken), and a SEARCH of it is whole lines (not a
 *   literal substring) found at one place (a SEARCH that may take the first of several places, as
 *   aider's do, or every place, must fit exactly one);
 * - every skipped edit's reason names that edit (a reason about the whole operation, or about another
 *   edit, means the engine could not tell which edit is at fault);
 * - no kept edit leaves a placeholder comment standing for code (`// ...`);
 * - at most MAX_EDITS edits (each try applies the operation again).
 */
import type { Hunk, Op, SearchReplaceEdit } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import { applyOpDetailed } from './apply-op';
import { changesSomething, hunkLabel, parseHunkLines } from './apply-patch';
import { editLabel } from './apply-search-replace';
import { type DisplayHunk, displayHunks } from './display-hunks';
import { Haystack, seek } from './seek';
import { textLines } from './text-model';
import { cap, type EditNote, type FailureKind, RUNGS } from './types';

/** An edit left out of a partial apply, with the engine's reason. */
export interface SkippedEdit {
  /** Reply line of the operation it belongs to. */
  line: number;
  /** 1-based: its place among the operation's edits (hunks that change something). */
  edit: number;
  kind: FailureKind;
  message: string;
  nearest?: string;
}

/** The file with only the edits that fit applied. */
export interface PartialApply {
  newText: string;
  /** The display diff of `newText` against the file. */
  hunks: DisplayHunk[];
  /** The notes of the kept edits (a loosened match, a hunk placed off its line number). */
  notes: EditNote[];
  /** How many edits are applied. */
  applied: number;
  /** The edits left out, in reply order. */
  skipped: SkippedEdit[];
}

/** "3 edits that fit" / "1 edit that fits": how the review and the CLI name the edits a partial apply keeps. */
export function editsThatFit(n: number): string {
  return `${n} edit${n === 1 ? ' that fits' : 's that fit'}`;
}

/** Above this many edits in one file no partial apply is offered: each try applies the operation again. */
export const MAX_EDITS = 100;

type Unit = SearchReplaceEdit | Hunk;

/** The edits of an operation that can be left out one by one, or null when it is not such an operation. */
function unitsOf(op: Op): Unit[] | null {
  // An alias the plan did not resolve: the operation never reached this file's text.
  if (op.guess || op.lossy || op.alias) return null;
  if (op.kind === 'search-replace') return op.path === '' ? null : op.edits;
  if (op.kind !== 'patch') return null;
  if (
    op.isNew ||
    op.isDelete ||
    op.newPath !== undefined ||
    op.copyFrom !== undefined ||
    op.fromEmpty ||
    op.moveOverwrites
  )
    return null;
  // A hunk that changes nothing is no edit (the engine leaves it out too).
  return op.hunks.filter(changesSomething);
}

function withUnits(op: Op, units: Unit[]): Op {
  if (op.kind === 'search-replace') return { ...op, edits: units as SearchReplaceEdit[] };
  return { ...op, hunks: units as Hunk[] } as Op;
}

/** The engine's name for the unit at `index` of `op`, as a message would start or hold it. */
function labelOf(op: Op, unit: Unit, index: number): string {
  return op.kind === 'search-replace'
    ? editLabel(index, { opLine: op.line, path: op.path })
    : hunkLabel(unit as Hunk, index);
}

/** The lines that have a letter or digit, trimmed: what two edits can meaningfully share. */
function worded(lines: readonly string[]): string[] {
  return lines.map((l) => l.trim()).filter((l) => /[\p{L}\p{N}]/u.test(l));
}

/** Every line an edit reads or writes. */
function linesOf(unit: Unit): string[] {
  if ('lines' in unit) {
    const p = parseHunkLines(unit);
    return worded([...p.old, ...p.new, ...(unit.anchors ?? [])]);
  }
  return worded([...textLines(unit.search), ...textLines(unit.replace)]);
}

interface Tried {
  unit: Unit;
  kept: boolean;
  /** The text of the file before its operation ran. */
  before: string;
}

/**
 * The file `baseText` with only the edits of `ops` that fit (see the header), or null when no partial
 * apply is offered.
 */
export function partialApply(baseText: string, ops: readonly Op[]): PartialApply | null {
  let text = baseText;
  const notes: EditNote[] = [];
  const skipped: SkippedEdit[] = [];
  const tried: Tried[] = [];
  for (const op of ops) {
    const units = unitsOf(op);
    if (!units) return null;
    if (tried.length + units.length > MAX_EDITS) return null;
    const kept: Unit[] = [];
    let result: string | null = null;
    let keptNotes: EditNote[] = [];
    for (const [j, unit] of units.entries()) {
      const r = applyOpDetailed(text, withUnits(op, [...kept, unit]));
      if (r.ok) {
        if (r.text === null) return null;
        kept.push(unit);
        result = r.text;
        keptNotes = r.notes;
        tried.push({ unit, kept: true, before: text });
        continue;
      }
      // The engine numbered it among the edits tried; the reply numbers it among all of the op's.
      const said = labelOf(op, unit, kept.length);
      const meant = labelOf(op, unit, j);
      if (!r.message.includes(said) && !r.message.includes(cap(said))) return null;
      const message = r.message.split(said).join(meant).split(cap(said)).join(cap(meant));
      const s: SkippedEdit = { line: op.line, edit: j + 1, kind: r.kind, message };
      if (r.nearest !== undefined) s.nearest = r.nearest;
      skipped.push(s);
      tried.push({ unit, kept: false, before: text });
    }
    if (result !== null) {
      text = result;
      pushAll(notes, keptNotes);
    }
  }
  const applied = tried.filter((t) => t.kept).length;
  if (applied === 0 || skipped.length === 0 || text === baseText) return null;
  if (notes.some((n) => n.placeholder)) return null;
  if (dependsOnSkipped(tried)) return null;
  return { newText: text, hunks: displayHunks(baseText, text), notes, applied, skipped };
}

/** Some edit kept after a skipped one may owe where it went to the skipped one (see the header). */
function dependsOnSkipped(tried: readonly Tried[]): boolean {
  const skippedLines = new Set<string>();
  for (const t of tried) {
    if (!t.kept) {
      for (const l of linesOf(t.unit)) skippedLines.add(l);
      continue;
    }
    if (skippedLines.size === 0) continue;
    if (linesOf(t.unit).some((l) => skippedLines.has(l))) return true;
    if ('lines' in t.unit) {
      const old = parseHunkLines(t.unit).old;
      if (old.length === 0) return true;
      if (seek(new Haystack(textLines(t.before)), old, { rungs: RUNGS }).kind !== 'found') return true;
    } else if (t.unit.literal) return true;
    else if (t.unit.takeFirst || t.unit.all) {
      // "The first of several" (aider's reading) or "every place": the skipped edit may have changed how
      // many places there are, unless there is exactly one.
      const search = textLines(t.unit.search);
      if (search.length > 0 && seek(new Haystack(textLines(t.before)), search).kind !== 'found') return true;
    }
  }
  return false;
}
