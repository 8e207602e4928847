/**
 * The values the engine hands back. Expected failures are data, never exceptions: a reply that does
 * not fit the file is the normal case the user has to see, not a crash.
 */

/**
 * How loosely a piece of text had to be compared before it was found, loosest last. The order is
 * fixed and every rung compares whole lines: nothing here is a similarity score, so a line the reply
 * removes with a typo in it never matches. The indentation rung also reads a block indented with spaces
 * where the file has tabs, or the reverse, at the one tab width that fits (normalize.ts, restyleShift).
 */
export const RUNGS = [
  'exact',
  'trailing-whitespace',
  'indentation',
  'typography',
  'uneven-indentation',
  'backticks',
] as const;
export type Rung = (typeof RUNGS)[number];

/**
 * The rungs for text the model wrote to be found as is (SEARCH blocks, anchors). The two lowest rungs
 * are for diff hunks only, where the kept lines come from the file and the added lines are written as
 * the model wrote them: lines indented unevenly (udiffx trims them; corpus esrc replies), and Markdown
 * inline code marks that came or went (`Normal` for Normal; corpus llm-237).
 */
export const TEXT_RUNGS: readonly Rung[] = ['exact', 'trailing-whitespace', 'indentation', 'typography'];

export const FAILURE_KINDS = [
  'no-match',
  'ambiguous',
  'already-applied',
  'missing-file',
  'exists',
  'out-of-range',
  'overlap',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Something the preview should show beside a file: a loosened match, a taken-first, a placeholder. */
export interface EditNote {
  severity: 'info' | 'warning' | 'error';
  message: string;
  /** 1-based line of the reply the operation came from. */
  line: number;
  /** Set when a match needed a rung below `exact`. */
  rung?: Rung;
  /** 1-based line of the file (before the edit) where the edit landed, when known. */
  fileLine?: number;
  /** Marks the note the plan turns into a `placeholder` error. */
  placeholder?: boolean;
}

export interface ApplyFailure {
  ok: false;
  kind: FailureKind;
  message: string;
  /** The lines of the file most like the text that was not found, for the user to compare. */
  nearest?: string;
}

/** `text` is null when the operation deletes the file. */
export type ApplyResult = { ok: true; text: string | null; notes: EditNote[] } | ApplyFailure;

/** `s` with its first character upper-cased (a label that starts a sentence). */
export function cap(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}

export function fail(kind: FailureKind, message: string, nearest?: string): ApplyFailure {
  return nearest === undefined ? { ok: false, kind, message } : { ok: false, kind, message, nearest };
}
