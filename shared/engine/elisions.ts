/**
 * Elided snippets filled from the file (issue 26). A whole new text where comments such as
 * `// ... existing code ...` or `# ... rest of the file unchanged` stand for lines the model left out
 * (placeholder.ts says which comments do): each is replaced by the file's own lines between the lines
 * that anchor it — the text right before it and right after it in the new text, each found exactly once
 * in the file, in order. Where exactly one reading fits, that reading is the new text; anything else is
 * refused with the reason, and the placeholder guard then keeps the comment from deleting code.
 *
 * - An anchor is the run of lines next to the elision: the last lines before it (or the first lines after
 *   it), as few as make the run unique in the whole file (one line, or more when the nearest one is a
 *   bare `}` or blank: a run of brackets alone never anchors), never past the previous elision, and below
 *   the previous elision's anchor. Lines compare without trailing white space, and, when that finds
 *   nothing, without indentation either (still exactly once).
 * - An elision with nothing before it stands for the file's start up to its after-anchor; one with
 *   nothing after it, for the rest of the file after its before-anchor; one whose anchors are next to
 *   each other in the file stands for no line, and is not written.
 * - The text covers the file from where its first lines are to where its last lines are (issue 40: a
 *   snippet that starts at `class Cell:`, below the file's imports, is not the file's start): the file's
 *   lines above and below it stay. Lines the file lacks at the text's top (or bottom) say where it starts
 *   (or ends) only when nothing but blank lines of the file is above (below) the first (last) line of it
 *   found — below it, also closing brackets the text ends with too: then they go at the file's start
 *   (end). Otherwise it is refused: whether those lines of the
 *   file stay is not shown. `pinned`: the caller knows the text starts and ends where the file does (a
 *   definition's body, its signature matched).
 * - Only a comment that says the file's lines stay (`keepsLines`: "existing", "rest of", "unchanged", a
 *   bare `...`) is filled; one that says something new goes there ("new structure", "your code here") is
 *   refused as it always was.
 * - Refused: an anchor not in the file, or in it more than once however long; anchors out of order (the
 *   after-anchor before the before-anchor, or before the previous elision's); two elisions with nothing
 *   but blank lines between them; a text that is nothing but elisions; an indented comment whose kept
 *   lines would leave its block (a line indented less than the comment, as the anchor is shifted in the
 *   file) — the after-anchor was found further down, in other code.
 * Ideas from Continue's lazy edits (continuedev/continue, core/edit/lazy/), not its code.
 */

import { pushAll } from '../text/push-all';
import { findPlaceholders } from './placeholder';

export interface FilledRange {
  /** The placeholder line as the reply wrote it, trimmed. */
  placeholder: string;
  /** 1-based, inclusive lines of the file kept in its place. */
  from: number;
  to: number;
}

export type Filled =
  | { ok: true; lines: string[]; filled: FilledRange[] }
  | { ok: false; placeholder: string; reason: string };

const blank = (l: string) => l.trim() === '';

/** The elisions of `after` filled from `before`; null when `after` has none that the file lacks. */
export function fillElisions(
  before: readonly string[],
  after: readonly string[],
  { pinned = false }: { pinned?: boolean } = {},
): Filled | null {
  const at = findPlaceholders(after, before);
  if (at.length === 0) return null;
  const out: string[] = [];
  const filled: FilledRange[] = [];
  // Where the text starts in the file: the file's lines above it stay, unless it provably starts where
  // the file does (spanStart). A text pinned to the file's ends (a definition's body, matched by its
  // signature) covers all of it.
  let lead = 0;
  const firstSeg = after.slice(0, at[0]!);
  if (!pinned && firstSeg.some((l) => !blank(l))) {
    const s = spanStart(before, firstSeg);
    if (typeof s === 'string') return { ok: false, placeholder: after[at[0]!]!.trim(), reason: s };
    lead = s;
    // Where the file has only blank lines above it and the text starts with some, they are the text's,
    // as the reply has them (issue 40, item 3).
    if (blank(firstSeg[0]!) && before.slice(0, lead).every(blank)) lead = 0;
  }
  if (lead > 0) pushAll(out, before.slice(0, lead));
  // Where the previous elision's fill ends: its after-anchor, which the next anchors follow.
  let prevEnd = lead;
  // How the text between two elisions is indented against the file, read off its anchors: a snippet
  // written without the class's indentation (anchors found only with indentation ignored) takes the
  // file's — in Python, written as it stands, it would change what the code means.
  let carried: Shift | null = null;
  for (let k = 0; k < at.length; k++) {
    const e = at[k]!;
    const placeholder = after[e]!.trim();
    const refuse = (reason: string): Filled => ({ ok: false, placeholder, reason });
    if (!keepsLines(placeholder))
      return refuse(
        "its words do not say the file's lines stay there (it may stand for code still to write)",
      );
    const segStart = k === 0 ? 0 : at[k - 1]! + 1;
    const segEnd = k + 1 < at.length ? at[k + 1]! : after.length;
    const beforeSeg = after.slice(segStart, e);
    const afterSeg = after.slice(e + 1, segEnd);
    const hasBefore = beforeSeg.some((l) => !blank(l));
    const hasAfter = afterSeg.some((l) => !blank(l));
    if (!hasBefore && !hasAfter) return refuse('nothing but other placeholders or blank lines around it');
    if (k > 0 && !hasBefore)
      return refuse('it follows another placeholder with only blank lines between them');

    let start: number;
    let blanksBefore = 0;
    let shiftBefore: Shift | null = null;
    if (!hasBefore) start = 0;
    else {
      const found = anchor(before, beforeSeg, 'end', prevEnd);
      if (typeof found === 'string') return refuse(found);
      start = found.end;
      blanksBefore = found.skipped;
      // The shift is read off the anchor's first line with something on it: a line of only whitespace
      // indents nothing, and the file's `"        "` against the reply's `""` would move every line
      // before the elision 8 columns right (issue 40).
      const from = beforeSeg.length - found.skipped - (found.end - found.start);
      let text = 0;
      while (text < found.end - found.start - 1 && blank(beforeSeg[from + text]!)) text++;
      shiftBefore = shiftOf(before[found.start + text]!, beforeSeg[from + text]!);
    }
    let end: number;
    let blanksAfter = 0;
    let shiftAfter: Shift | null = null;
    if (!hasAfter) end = before.length;
    else {
      const found = anchor(before, afterSeg, 'start', start);
      if (typeof found === 'string') return refuse(found);
      end = found.start;
      blanksAfter = found.skipped;
      shiftAfter = shiftOf(before[found.start]!, afterSeg[found.skipped]!);
    }
    if (end < start || start < prevEnd) return refuse('the lines around it are in the file in another order');
    // Blank lines the new text keeps between an anchor and the elision are the file's own blank lines
    // there: they are not kept from the file a second time.
    while (blanksBefore > 0 && start < end && blank(before[start]!)) {
      start++;
      blanksBefore--;
    }
    while (blanksAfter > 0 && end > start && blank(before[end - 1]!)) {
      end--;
      blanksAfter--;
    }
    // An indented comment stands for lines of the block it is in: the lines kept in its place may not
    // leave that block (a line indented less than the comment, shifted as its anchor is in the file).
    const ref = hasBefore ? lastNonBlank(beforeSeg) : firstNonBlank(afterSeg);
    const refFile = hasBefore ? lastNonBlank(before.slice(0, start)) : firstNonBlank(before.slice(end));
    const floorIndent =
      indent(after[e]!) + (refFile === null || ref === null ? 0 : indent(refFile) - indent(ref));
    if (indent(after[e]!) > 0) {
      for (let j = start; j < end; j++) {
        if (!blank(before[j]!) && indent(before[j]!) < floorIndent)
          return refuse(
            `the file's lines between its anchors leave the block it stands in (line ${j + 1}, "${before[j]!.trim().slice(0, 60)}", is indented less than the comment)`,
          );
      }
    }
    if (carried && shiftBefore && carried.by !== shiftBefore.by)
      return refuse('the lines before it are indented one way at one anchor and another way at the other');
    const seg = reindent(after.slice(segStart, e), carried ?? shiftBefore);
    if (!seg) return refuse("the lines before it cannot be indented as the file's lines around them are");
    // Below the file's own lines kept above the text, its blank lines at the top are the file's.
    if (k === 0 && lead > 0) while (seg.length > 0 && blank(seg[0]!)) seg.shift();
    pushAll(out, seg);
    carried = shiftAfter;
    if (end === start) {
      // Its anchors are next to each other in the file: the file's lines it says stay there are none.
    } else {
      pushAll(out, before.slice(start, end));
      filled.push({ placeholder, from: start + 1, to: end });
    }
    prevEnd = end;
  }
  const lastAt = at[at.length - 1]!;
  const lastSeg = after.slice(lastAt + 1);
  // Where the text ends in the file: the file's lines below it stay, unless it provably ends where the
  // file does (spanEnd).
  let tail = before.length;
  if (!pinned && lastSeg.some((l) => !blank(l))) {
    const t = spanEnd(before, lastSeg, prevEnd);
    if (typeof t === 'string') return { ok: false, placeholder: after[lastAt]!.trim(), reason: t };
    tail = t;
  }
  const last = reindent(lastSeg, carried);
  if (!last)
    return {
      ok: false,
      placeholder: after[lastAt]!.trim(),
      reason: "the lines after it cannot be indented as the file's lines around them are",
    };
  // Where the file goes on only with blank lines and the text ends with some, they are the text's, as
  // the reply has them (a line of only whitespace is written as it is: issue 40, item 3).
  if (tail < before.length && before.slice(tail).every(blank) && last.length > 0 && blank(last.at(-1)!))
    tail = before.length;
  if (tail < before.length) {
    // Above the file's own lines kept below the text, its blank lines at the end are the file's.
    while (last.length > 0 && blank(last[last.length - 1]!)) last.pop();
    pushAll(pushAll(out, last), before.slice(tail));
  } else pushAll(out, last);
  if (filled.length === 0 && lead === 0 && tail === before.length) return null;
  return { ok: true, lines: out, filled };
}

/** The first line of the quote in a reason. */
const quote = (line: string) => `"${line.trim().length > 60 ? `${line.trim().slice(0, 59)}…` : line.trim()}"`;

/**
 * Where the text before the first elision starts in the file (issue 40): the file's lines above it are
 * not in the reply, and a reply that does not show a line does not remove it. Its first lines, found once
 * (the same anchor rule), say where; lines the file lacks at its top are new lines only when nothing of
 * the file but blank lines comes before the first line found (they go at the file's start). Otherwise
 * whether the file's lines above stay or are replaced is not shown: the reason.
 */
function spanStart(file: readonly string[], seg: readonly string[]): number | string {
  const direct = anchor(file, seg, 'start', 0);
  if (typeof direct !== 'string') return direct.start;
  for (let j = 1; j < seg.length; j++) {
    if (blank(seg[j]!) || !worded(seg[j]!)) continue;
    const r = anchor(file, seg.slice(j), 'start', 0);
    if (typeof r === 'string') continue;
    if (file.slice(0, r.start).every(blank)) return 0;
    const first = seg.find((l) => !blank(l))!;
    return `the text starts with lines the file does not have (${quote(first)}), and the file has ${r.start} line${r.start === 1 ? '' : 's'} above line ${r.start + 1}, the first of the text found there: whether they stay or are replaced is not shown`;
  }
  const first = seg.find((l) => !blank(l))!;
  return `the text's first line ${quote(first)} is not found once in the file, nor any line after it that would say where the text starts (${direct})`;
}

/**
 * Where the text after the last elision ends in the file, the other way round: the file's lines below its
 * last lines found once stay; lines the file lacks at its end are new lines only when nothing but blank
 * lines of the file comes after the last line found.
 */
function spanEnd(file: readonly string[], seg: readonly string[], floor: number): number | string {
  const direct = anchor(file, seg, 'end', floor);
  if (typeof direct !== 'string') return direct.end;
  for (let j = seg.length - 1; j > 0; j--) {
    if (blank(seg[j - 1]!) || !worded(seg[j - 1]!)) continue;
    const r = anchor(file, seg.slice(0, j), 'end', floor);
    if (typeof r === 'string') continue;
    if (file.slice(r.end).every(blank)) return file.length;
    // The file goes on only with closing brackets, and the text ends with those same lines: its new
    // lines go before the file's last closing lines (a function's last lines, then its `}`).
    const rest = file.slice(r.end).filter((l) => !blank(l));
    const mine = seg.slice(j).filter((l) => !blank(l));
    if (
      !rest.some(worded) &&
      rest.length <= mine.length &&
      rest.every((l, i) => l.trim() === mine[mine.length - rest.length + i]!.trim())
    )
      return file.length;
    const lastLine = [...seg].reverse().find((l) => !blank(l))!;
    const n = file.length - r.end;
    return `the text ends with lines the file does not have (${quote(lastLine)}), and the file goes on for ${n} line${n === 1 ? '' : 's'} after line ${r.end}, the last of the text found there: whether they stay or are replaced is not shown`;
  }
  const lastLine = [...seg].reverse().find((l) => !blank(l))!;
  return `the text's last line ${quote(lastLine)} is not found once in the file, nor any line before it that would say where the text ends (${direct})`;
}

/** How far the file indents an anchor line more than the new text does (negative: less). */
interface Shift {
  by: number;
  /** The file's indentation of the anchor line, whose characters a deeper indentation takes. */
  unit: string;
}

function shiftOf(fileLine: string, newLine: string): Shift {
  const f = fileLine.slice(0, indent(fileLine));
  return { by: f.length - indent(newLine), unit: f };
}

/** `lines` indented by the shift (null: a line has less indentation than it removes). */
function reindent(lines: readonly string[], shift: Shift | null): string[] | null {
  if (!shift || shift.by === 0) return [...lines];
  const out: string[] = [];
  for (const l of lines) {
    if (blank(l)) out.push(l);
    else if (shift.by > 0) out.push((shift.unit[0] ?? ' ').repeat(shift.by) + l);
    else if (indent(l) >= -shift.by) out.push(l.slice(-shift.by));
    else return null;
  }
  return out;
}

/**
 * Where the run of `seg`'s lines next to an elision stands in the file, at or after `floor`: its last
 * lines (`side` 'end', the anchor before the elision) or its first lines ('start'), as few as are found
 * exactly once. A reason when none is.
 */
function anchor(
  file: readonly string[],
  seg: readonly string[],
  side: 'start' | 'end',
  floor: number,
): { start: number; end: number; skipped: number } | string {
  // Blank lines at the elision's side are not an anchor: they are skipped, and kept in the new text.
  let lo = 0;
  let hi = seg.length;
  if (side === 'end') while (hi > 0 && blank(seg[hi - 1]!)) hi--;
  else while (lo < seg.length && blank(seg[lo]!)) lo++;
  const first = side === 'end' ? seg[hi - 1]! : seg[lo]!;
  if (!seg.slice(lo, hi).some(worded))
    return `the lines next to it ("${first.trim()}") are only brackets and punctuation, which say nothing of where it is`;
  for (const loose of [false, true]) {
    const same = loose
      ? (a: string, b: string) => a.trim() === b.trim()
      : (a: string, b: string) => a.trimEnd() === b.trimEnd();
    let found = 0;
    for (let n = 1; n <= hi - lo; n++) {
      const run = side === 'end' ? seg.slice(hi - n, hi) : seg.slice(lo, lo + n);
      // A run of nothing but brackets and punctuation (`}`, `});`) says nothing of where it is, even
      // when it is found once (a class's last `}` is the one at column 0): it grows until it holds a word.
      if (!run.some(worded)) continue;
      // Found once in the whole file (a run found once only below the previous anchor may be the same
      // generic lines as above it — `return this;` and `}` — and says nothing of which place it is).
      const places: number[] = [];
      for (let p = 0; p + n <= file.length; p++) {
        let ok = true;
        for (let j = 0; j < n && ok; j++) ok = same(file[p + j]!, run[j]!);
        if (ok) places.push(p);
      }
      found = places.length;
      if (places.length === 0) break;
      if (places.length === 1) {
        const p = places[0]!;
        if (p < floor)
          return `the line "${first.trim()}" next to it is in the file only above the lines before it: the lines around it are in another order`;
        return { start: p, end: p + n, skipped: side === 'end' ? seg.length - hi : lo };
      }
    }
    if (found > 1 && !loose)
      return `the line "${first.trim()}" next to it is in the file more than once, with the lines beside it too`;
  }
  if (floor > 0 && file.slice(0, floor).some((l) => l.trim() === first.trim()))
    return `the line "${first.trim()}" next to it is in the file only above the lines before it: the lines around it are in another order`;
  return `the line "${first.trim()}" next to it is not in the file`;
}

/** A line with a letter or a digit in it: one that can say where it is. */
function worded(line: string): boolean {
  return /[\p{L}\p{N}]/u.test(line);
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}
function lastNonBlank(lines: readonly string[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) if (!blank(lines[i]!)) return lines[i]!;
  return null;
}
function firstNonBlank(lines: readonly string[]): string | null {
  for (const l of lines) if (!blank(l)) return l;
  return null;
}

/**
 * Whether a placeholder comment says the file's own lines stay where it is: a bare ellipsis, or words
 * such as "existing", "rest of", "unchanged", "same", "remaining", "previous", "other", "omitted",
 * "keep" — not one that says something new goes there ("new structure", "your code here", "TODO",
 * "implement …"), which is no elision of the file.
 */
export function keepsLines(comment: string): boolean {
  const words = comment
    .replace(/^(?:\{?\s*)?(?:\/\/+|#+|--|;+|\/\*+|<!--|\*)\s*/, '')
    .replace(/\s*(?:\*+\/|-->)\s*\}?$/, '')
    .replace(/\.{3,}|…/g, ' ')
    .replace(/[()[\]]/g, ' ')
    .trim()
    .toLowerCase();
  if (words === '') return true;
  if (/\b(?:new|your|todo|fixme|implement\w*|add|insert|write|here goes|goes here)\b/.test(words))
    return false;
  return /\b(?:existing|rest|unchanged|same|remain\w*|previous|other|omitted|keep|kept|original|as before|more|etc|everything|all|imports?|methods?|functions?|code|no changes?)\b/.test(
    words,
  );
}
