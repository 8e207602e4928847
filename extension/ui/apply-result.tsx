import { ACTION_WORDS } from './labels';
import type { ApplyOutcome, ApplyStep, FileResult, HostCall, UndoOutcome } from './review';
import { UndoButton } from './undo-button';

export interface ApplyResultProps {
  step: ApplyStep | null;
  outcome: ApplyOutcome | null;
  undone: (UndoOutcome & { state: 'undone' }) | null;
  root: string;
  call: HostCall;
  onUndone: (u: UndoOutcome & { state: 'undone' }) => void;
  onReplan: () => void;
}

/** Progress while applying, then what was written (with Undo), a conflict (with Re-plan) or the error. */
export function ApplyResult({ step, outcome, undone, root, call, onUndone, onReplan }: ApplyResultProps) {
  return (
    <section class="result" data-replyapply="result" aria-live="polite">
      {step && (
        <p class="progress" role="status">
          {step.phase === 'writing'
            ? `Writing ${step.files} file${step.files === 1 ? '' : 's'}…`
            : `Running ${step.command}…`}
        </p>
      )}
      {outcome?.state === 'applied' && (
        <div class="applied" data-state="applied">
          {outcome.files.length > 0 ? (
            <>
              <p class="ok">{undone ? 'Written, then undone:' : 'Written:'}</p>
              <FileResults files={undone ? undone.files : outcome.files} />
            </>
          ) : (
            <p>No files were written.</p>
          )}
          {outcome.applyId && !undone && (
            <UndoButton call={call} root={root} applyId={outcome.applyId} onDone={onUndone} hook="undo" />
          )}
          {undone && <p data-state="undone">Undone: every file is back as it was before the apply.</p>}
          {outcome.scripts.some((s) => s.status !== 'ok') && (
            <p class="error">A command failed; see its output under Commands.</p>
          )}
        </div>
      )}
      {outcome?.state === 'conflict' && (
        <div class="conflict" data-state="conflict">
          <p class="error">{outcome.message}</p>
          <p>Re-plan to review the changes against the files as they are now.</p>
          <button type="button" class="primary" data-replyapply="replan" onClick={onReplan}>
            Re-plan
          </button>
        </div>
      )}
      {outcome?.state === 'failed' && (
        <div class="failed" data-state="failed">
          <p class="error">
            {outcome.message}
            {outcome.code > 0 && <span class="muted"> (host error {outcome.code})</span>}
          </p>
          <p>Nothing was written.</p>
        </div>
      )}
    </section>
  );
}

function FileResults({ files }: { files: readonly FileResult[] }) {
  return (
    <ul class="file-results">
      {files.map((f) => (
        <li key={f.path} class={f.status} data-result-file={f.path} data-result-status={f.status}>
          {f.from !== undefined ? `${f.from} → ${f.path}` : f.path}{' '}
          <span class="muted">
            ({ACTION_WORDS[f.action]}
            {f.status !== 'ok' ? `, ${f.status}` : ''})
          </span>
          {f.message && <span> {f.message}</span>}
        </li>
      ))}
    </ul>
  );
}
