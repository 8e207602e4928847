/**
 * Replacing line ranges of a document. Every edit kind ends here: it says which lines of the text it
 * was given are replaced by which new lines, all against that same text, and `splice` builds the
 * result in one pass.
 */
import type { TextDoc } from './text-model';

export interface Replacement {
  /** 0-based, half-open range of the lines replaced: [start, end). start === end inserts. */
  start: number;
  end: number;
  lines: string[];
  /** One line ending per new line; context lines carried over keep their own. */
  eols: string[];
  /** The old lines [start, end), when the editor has them at hand (the preview reads them). */
  old?: readonly string[];
}

/**
 * The line ending for new lines placed at [start, end): the ending of the lines they replace or
 * follow, so a file with mixed endings keeps the style of each region; else the dominant ending.
 */
export function eolAt(doc: TextDoc, start: number, end: number): string {
  const near = start < end ? doc.eols[start] : doc.eols[start - 1];
  return near || doc.eol;
}

/**
 * New lines for a replacement at [start, end), all with the local line ending. A missing final
 * newline belongs to the file's last line: new lines that replace it or follow it inherit it, and
 * deleting the last line leaves the line before it, newline and all, as a character edit would
 * (Cline's corpus case 045).
 */
export function freshLines(doc: TextDoc, start: number, end: number, lines: readonly string[]): Replacement {
  const eol = eolAt(doc, start, end);
  const eols = lines.map(() => eol);
  const n = doc.lines.length;
  if (end === n && n > 0 && doc.eols[n - 1] === '' && eols.length > 0) eols[eols.length - 1] = '';
  return { start, end, lines: [...lines], eols };
}

/** Apply replacements (sorted by start, not overlapping; insertions at one point keep their order). */
export function splice(doc: TextDoc, reps: readonly Replacement[]): TextDoc {
  // The runs between replacements copied as slices and joined by one concat: a 100-hunk patch on a
  // 50,000-line file was pushing a hundred thousand elements one at a time.
  const lineRuns: string[][] = [];
  const eolRuns: string[][] = [];
  let at = 0;
  for (const r of reps) {
    if (r.start > at) {
      lineRuns.push(doc.lines.slice(at, r.start));
      eolRuns.push(doc.eols.slice(at, r.start));
    }
    if (r.eols.length !== r.lines.length || r.start > doc.lines.length) return spliceOneByOne(doc, reps);
    lineRuns.push(r.lines);
    eolRuns.push(r.eols);
    at = Math.max(at, r.end);
  }
  if (at < doc.lines.length) {
    lineRuns.push(doc.lines.slice(at));
    eolRuns.push(doc.eols.slice(at));
  }
  // Spread only as many runs as a call takes arguments safely.
  if (lineRuns.length > 10_000) return spliceOneByOne(doc, reps);
  const none: string[] = [];
  return { bom: doc.bom, eol: doc.eol, lines: none.concat(...lineRuns), eols: none.concat(...eolRuns) };
}

/** `splice` an element at a time: for replacements whose line ends do not pair with their lines, or very many. */
function spliceOneByOne(doc: TextDoc, reps: readonly Replacement[]): TextDoc {
  const lines: string[] = [];
  const eols: string[] = [];
  let at = 0;
  for (const r of reps) {
    for (let i = at; i < r.start; i++) {
      lines.push(doc.lines[i]!);
      eols.push(doc.eols[i]!);
    }
    for (let i = 0; i < r.lines.length; i++) {
      lines.push(r.lines[i]!);
      eols.push(r.eols[i]!);
    }
    at = Math.max(at, r.end);
  }
  for (let i = at; i < doc.lines.length; i++) {
    lines.push(doc.lines[i]!);
    eols.push(doc.eols[i]!);
  }
  return { bom: doc.bom, eol: doc.eol, lines, eols };
}

/** The first two replacements (in the order given) whose ranges share a line, or null. */
export function findOverlap<T extends { start: number; end: number }>(reps: readonly T[]): [T, T] | null {
  const sorted = [...reps].sort((a, b) => a.start - b.start || a.end - b.end);
  let a = sorted[0];
  for (let i = 1; i < sorted.length; i++) {
    const b = sorted[i]!;
    // Two ranges overlap when they share a line, or an insertion falls strictly inside a range.
    if (b.start < a!.end && (b.start > a!.start || b.end > b.start)) return [a!, b];
    if (b.end >= a!.end) a = b;
  }
  return null;
}
