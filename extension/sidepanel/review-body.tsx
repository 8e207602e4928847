import { useState } from 'preact/hooks';
import { ApplyResult } from '../ui/apply-result';
import { DiagnosticsList } from '../ui/diagnostics-list';
import { FileList } from '../ui/file-list';
import { applyLabel, changesFor, type HostCall, type Review } from '../ui/review';
import { ScriptList } from '../ui/script-list';
import type { useReview } from './use-review';

type ReviewState = ReturnType<typeof useReview>;

/** Files, reply diagnostics, commands, the Apply button and its result. */
export function ReviewBody({ review, state, call }: { review: Review; state: ReviewState; call: HostCall }) {
  const [split, setSplit] = useState(false);
  const { ticked, scriptTicks, step, outcome } = state;
  const applying = step !== null;
  const done = outcome?.state === 'applied';
  const files = changesFor(review, ticked).length;
  const scripts = scriptTicks.size;
  return (
    <>
      <div class="files-head">
        <h2>
          {review.files.length} file{review.files.length === 1 ? '' : 's'}
        </h2>
        {review.files.some((f) => f.hunks.length > 0) && (
          <label>
            <input type="checkbox" checked={split} onChange={(e) => setSplit(e.currentTarget.checked)} /> Side
            by side
          </label>
        )}
      </div>
      <FileList
        files={review.files}
        ticked={ticked}
        onTick={state.tick}
        split={split}
        locked={applying || done}
        outcome={outcome}
      />
      <DiagnosticsList diagnostics={review.diagnostics} />
      <ScriptList
        scripts={review.scripts}
        ticked={scriptTicks}
        onTick={state.tickScript}
        locked={applying || done}
        runs={outcome?.state === 'applied' ? outcome.scripts : null}
      />
      <div class="apply-bar">
        <button
          type="button"
          class="primary"
          data-replyapply="apply-all"
          disabled={applying || done || (files === 0 && scripts === 0)}
          onClick={state.apply}
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
