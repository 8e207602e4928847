/**
 * What changed inside a changed line: a removed line and the added line it became (changePairs,
 * diff-rows.ts) cut into pieces, unchanged or changed, by jsdiff's word diff. Runs of spaces are tokens
 * of their own (diffWordsWithSpace), so a change of indentation or a trailing space is marked too.
 */
import { diffWordsWithSpace } from 'diff';

export type Span = { text: string; changed: boolean };
export interface WordSpans {
  old: Span[];
  new: Span[];
}

/**
 * Lines longer than this are not diffed by word: a minified or data line of thousands of characters costs
 * milliseconds where a line of code costs microseconds, and a mark somewhere in it helps nobody.
 */
export const WORD_DIFF_MAX_CHARS = 500;
/**
 * The word diff gives up after this many words added or removed (jsdiff's maxEditLength): two lines that
 * far apart were rewritten, and the cut-off keeps the worst pair (two unlike 500-character lines) at a
 * quarter of a millisecond instead of three.
 */
export const WORD_DIFF_MAX_EDITS = 40;
/**
 * Below this share of unchanged characters (spaces not counted) the line was rewritten: marking nearly
 * all of it says nothing the red and green do not.
 */
export const MIN_UNCHANGED = 0.4;

/** The pieces of both lines, or null when there is nothing worth marking (see the limits above). */
export function wordSpans(before: string, after: string): WordSpans | null {
  if (before === after || before.length > WORD_DIFF_MAX_CHARS || after.length > WORD_DIFF_MAX_CHARS)
    return null;
  const changes = diffWordsWithSpace(before, after, { maxEditLength: WORD_DIFF_MAX_EDITS });
  if (!changes) return null;
  const spans: WordSpans = { old: [], new: [] };
  let unchanged = 0;
  for (const c of changes) {
    if (c.added) push(spans.new, c.value, true);
    else if (c.removed) push(spans.old, c.value, true);
    else {
      push(spans.old, c.value, false);
      push(spans.new, c.value, false);
      unchanged += visible(c.value);
    }
  }
  const longest = Math.max(visible(before), visible(after));
  if (longest > 0 && unchanged / longest < MIN_UNCHANGED) return null;
  return spans;
}

const visible = (s: string) => s.replace(/\s+/g, '').length;

/** Adds a piece, joined to the last one when both are changed or both are not. */
function push(spans: Span[], text: string, changed: boolean): void {
  const last = spans[spans.length - 1];
  if (last && last.changed === changed) last.text += text;
  else spans.push({ text, changed });
}
