/**
 * The engine's public surface (DESIGN §3): pure functions from file texts and operations to plans.
 *
 *   applyOp(text | null, op) → { ok: true, text | null, notes } | { ok: false, kind, message, nearest? }
 *   independentParts(changeSet) → change sets that share no file, to plan one after another
 *   planNeeds(changeSet) → paths whose snapshots plan() needs
 *   plan(changeSet, snapshots) → { files: FilePlan[], scripts, diagnostics }
 *   partialApply(text, ops) → a refused file with only the edits that fit (FilePlan.partial), or null
 *   toFileChanges(plan, accepted, acceptPlaceholders?) → FileChange[] for the native host
 */
export { applyOp, applyOpDetailed, type OpApplied } from './apply-op';
export { type DisplayHunk, displayHunks, type LineEdits } from './display-hunks';
export type { EolEvidence } from './new-file-eol';
export { editsThatFit, MAX_EDITS, type PartialApply, partialApply, type SkippedEdit } from './partial';
export { independentParts } from './parts';
export { isPlaceholderLine, isPlaceholderPath } from './placeholder';
export {
  caseVariantsToRead,
  type FileAction,
  type FilePlan,
  type FileSnapshot,
  LOSSY_MESSAGE,
  OVERRIDABLE,
  type Plan,
  plan,
  planNeeds,
  planNeedsFirst,
  planNeedsMore,
  type Snapshots,
  toFileChanges,
} from './plan';
export { formatText, parseText, type TextDoc } from './text-model';
export {
  type ApplyFailure,
  type ApplyResult,
  type EditNote,
  FAILURE_KINDS,
  type FailureKind,
  RUNGS,
  type Rung,
} from './types';
