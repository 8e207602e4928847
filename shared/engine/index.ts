/** The engine's public surface (DESIGN §3): pure functions from file texts and operations to plans. */
export { applyOp, applyOpDetailed, type OpApplied } from './apply-op';
export { type DisplayHunk, displayHunks } from './display-hunks';
export { isPlaceholderLine } from './placeholder';
export {
  type FileAction,
  type FilePlan,
  type FileSnapshot,
  type Plan,
  plan,
  planNeeds,
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
