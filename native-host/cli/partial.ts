/**
 * `replyapply apply --partial` (issue 29, part 4): a file refused because some of its edits do not fit is
 * written with the edits that fit (shared/engine/partial.ts), and every edit left out is printed with the
 * engine's reason. Without --partial nothing changes but a hint under such a file's error.
 */
import { editsThatFit, type FilePlan, type PartialApply, type SkippedEdit } from '../../shared/engine';
import type { FileChange } from '../../shared/protocol/protocol';
import type { Style } from './render';

/** A refused file that --partial writes in part. */
export type PartialFile = FilePlan & { partial: PartialApply };

export function hasPartial(f: FilePlan): f is PartialFile {
  return f.status === 'error' && f.partial !== undefined;
}

/** What the `--json` answer says of a file written in part: how many edits were applied, and the rest. */
export interface PartialReport {
  applied: number;
  skipped: SkippedEdit[];
}

export function partialReport(p: PartialApply): PartialReport {
  return { applied: p.applied, skipped: p.skipped };
}

/** The file as --partial writes it: the partial text, its diff and notes, no error. */
export function asWrittenInPart(f: PartialFile): FilePlan {
  const { error: _error, partial, ...rest } = f;
  return { ...rest, status: 'ok', newText: partial.newText, hunks: partial.hunks, notes: partial.notes };
}

/** The change the host writes for it: exactly the partial text, checked against the hash it was planned on. */
export function partialChange(f: PartialFile): FileChange {
  return { action: 'modify', path: f.path, baseHash: f.baseHash, content: f.partial.newText };
}

/** The line under the file: "written in part: the 3 edits that fit; 1 skipped". */
export function partialSummary(p: PartialApply): string {
  const n = p.skipped.length;
  return `written in part (--partial): the ${editsThatFit(p.applied)}; ${n} edit${n === 1 ? '' : 's'} skipped`;
}

/** Each skipped edit with its reason (and the closest lines of the file, when the engine found some). */
export function renderSkipped(p: PartialApply, style: Style): string[] {
  const out: string[] = [];
  for (const s of p.skipped) {
    // The engine's reason names the edit and its reply line.
    out.push(`        ${style.yellow('skipped:')} ${s.message}`);
    if (s.nearest !== undefined) {
      out.push(style.dim('          The closest lines in the file:'));
      for (const l of s.nearest.split('\n')) out.push(style.dim(`          | ${l}`));
    }
  }
  return out;
}

/** Under a refused file, without --partial: what --partial would write. */
export function partialHint(p: PartialApply, style: Style): string {
  const n = p.skipped.length;
  return `        ${style.dim(`--partial would write the ${editsThatFit(p.applied)} and skip ${n} (each said with its reason).`)}`;
}
