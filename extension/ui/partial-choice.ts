/**
 * The review's partial apply by choice (issue 29, part 4): a file refused because some of its edits do
 * not fit offers the ones that fit (shared/engine/partial.ts) as a choice of its own, unticked, with the
 * reason for each edit it skips. Ticking it (the file's path among the ticks, as for any file) writes the
 * partial text, checked against the hash it was planned on; the file's own tick stays off, so nothing of
 * it is written by default.
 */
import { editsThatFit, type PartialApply } from '../../shared/engine';
import type { FileChange } from '../../shared/protocol/protocol';
import type { ReviewFile } from './review';

/** The partial apply a refused file offers, if any (never for a file the host could not read). */
export function partialOf(file: ReviewFile): PartialApply | undefined {
  if (file.status !== 'error' || file.error?.kind === 'unreadable') return undefined;
  return file.partial;
}

/** "Apply the 3 edits that fit, skip 1". */
export function partialLabel(p: PartialApply): string {
  return `Apply the ${editsThatFit(p.applied)}, skip ${p.skipped.length}`;
}

/** The file as the choice writes it: for its diff, once ticked. */
export function asChosen(file: ReviewFile, p: PartialApply): ReviewFile {
  const { error: _error, partial: _partial, ...rest } = file;
  return { ...rest, status: 'ok', newText: p.newText, hunks: p.hunks, notes: p.notes };
}

/** What the host writes for the ticked choices, in the order of the files. */
export function partialChanges(files: readonly ReviewFile[], ticked: ReadonlySet<string>): FileChange[] {
  const out: FileChange[] = [];
  for (const f of files) {
    const p = partialOf(f);
    if (!p || !ticked.has(f.path)) continue;
    out.push({ action: 'modify', path: f.path, baseHash: f.baseHash, content: p.newText });
  }
  return out;
}
