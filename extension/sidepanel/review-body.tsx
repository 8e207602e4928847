import { useEffect, useState } from 'preact/hooks';
import { ApplyResult } from '../ui/apply-result';
import { CommitOption, useCommitChoice } from '../ui/commit-option';
import { DiagnosticsList } from '../ui/diagnostics-list';
import { FileList } from '../ui/file-list';
import { applyLabel, changesFor, type HostCall, type Review } from '../ui/review';
import { listenReviewKeys, REVIEW_KEYS_HELP } from '../ui/review-keys';
import { ScriptList } from '../ui/script-list';
import { UnnamedList } from '../ui/unnamed-list';
import type { useReview } from './use-review';

type ReviewState = ReturnType<typeof useReview>;

/**
 * Files, reply diagnostics, commands, the Apply button and its result. While the files are still being
 * planned (`progress`), the ones planned so far with a line for the rest, and Apply waits.
 */
export function ReviewBody({
  review,
  progress,
  state,
  call,
  onPasteInstead,
  onName,
}: {
  review: Review;
  progress?: { planned: number; total: number } | undefined;
  state: ReviewState;
  call: HostCall;
  /** Open the paste box for this reply (a file read from the rendered page offers it). */
  onPasteInstead?: () => void;
  /** The user gives code that names no file its path (reply line → path): the review is planned again. */
  onName?: (line: number, path: string) => void;
}) {
  const [split, setSplit] = useState(false);
  useEffect(() => listenReviewKeys(document), []);
  const { ticked, scriptTicks, step, outcome } = state;
  const planning = progress !== undefined;
  const applying = step !== null;
  const done = outcome?.state === 'applied';
  // A reply that names a path outside the folder is refused as a whole, as the CLI refuses it.
  const hostile = review.hostile.length > 0;
  const files = hostile ? 0 : changesFor(review, ticked).length;
  // In a git work tree only: "Commit these files" (commit-option.tsx).
  const commit = useCommitChoice(review.files, state.git);
  const scripts = hostile ? 0 : scriptTicks.size;
  return (
    <>
      {hostile && (
        <div class="hostile" role="alert" data-replyapply="hostile">
          <p>
            <strong>This reply tried to write outside the project folder</strong>, so none of it is applied:
          </p>
          <ul>
            {review.hostile.map((p) => (
              <li key={p}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
          <p class="muted">
            A reply that does this is confused or was tampered with; ask the assistant again.
          </p>
        </div>
      )}
      <div class="files-head">
        <h2>{planning ? 'Files' : `${review.files.length} file${review.files.length === 1 ? '' : 's'}`}</h2>
        {review.files.some((f) => f.hunks.length > 0) && (
          <label>
            <input type="checkbox" checked={split} onChange={(e) => setSplit(e.currentTarget.checked)} /> Side
            by side
          </label>
        )}
      </div>
      <p class="muted keys-help" data-replyapply="keys-help">
        {REVIEW_KEYS_HELP}
      </p>
      <FileList
        files={review.files}
        ticked={ticked}
        onTick={state.tick}
        split={split}
        locked={applying || done || hostile}
        outcome={outcome}
        {...(onPasteInstead ? { onPasteInstead } : {})}
        git={state.git}
      />
      {progress && (
        <p class="progress" role="status" data-replyapply="planning">
          Planned {progress.planned} of {progress.total} files…
        </p>
      )}
      {onName && !planning && <UnnamedList review={review} onName={onName} locked={applying || done} />}
      <DiagnosticsList diagnostics={review.diagnostics} />
      <ScriptList
        scripts={review.scripts}
        ticked={scriptTicks}
        onTick={state.tickScript}
        locked={applying || done || hostile}
        runs={outcome?.state === 'applied' ? outcome.scripts : null}
      />
      {state.git && !planning && !hostile && (
        <CommitOption
          git={state.git}
          files={review.files.filter((f) => ticked.has(f.path))}
          choice={commit}
          messageFor={state.commitMessageFor}
          locked={applying || done}
          outcome={outcome}
          undone={state.undone}
        />
      )}
      <div class="apply-bar">
        <button
          type="button"
          class="primary"
          data-replyapply="apply-all"
          disabled={planning || applying || done || (files === 0 && scripts === 0)}
          onClick={() =>
            state.apply(commit.on && state.git?.cannotCommit === undefined ? commit.ticks : undefined)
          }
        >
          {applying ? 'Applying…' : applyLabel(files, scripts)}
        </button>
        {done && (
          <button type="button" data-replyapply="review-again" onClick={state.replan}>
            Review again
          </button>
        )}
      </div>
      <ApplyResult
        step={step}
        outcome={outcome}
        undone={state.undone}
        root={review.root}
        call={call}
        onUndone={state.onUndone}
        onReplan={state.replan}
      />
    </>
  );
}
