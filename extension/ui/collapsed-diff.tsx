import type { DisplayHunk } from '../../shared/engine';
import { diffSize } from './diff-rows';

/**
 * A diff with more changed lines than this starts folded to its size: a generated file or a rewrite of
 * hundreds of lines would push every other file of the review out of sight, and is read, if at all, on
 * purpose.
 */
export const BIG_DIFF_LINES = 200;

export function isBigDiff(hunks: readonly DisplayHunk[]): boolean {
  const { added, removed } = diffSize(hunks);
  return added + removed > BIG_DIFF_LINES;
}

/** A folded diff: its size, "+350 −12, 412 lines — show", which opens it. */
export function CollapsedDiff({ hunks, onShow }: { hunks: readonly DisplayHunk[]; onShow: () => void }) {
  const { added, removed, lines } = diffSize(hunks);
  return (
    <p class="diff-collapsed">
      <button type="button" class="link" data-replyapply="show-big-diff" onClick={onShow}>
        +{added} −{removed}, {lines} lines — show
      </button>
    </p>
  );
}
