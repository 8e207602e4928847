import { useState } from 'preact/hooks';
import { type HostCall, type UndoOutcome, undoApply } from './review';

export interface UndoButtonProps {
  call: HostCall;
  root: string;
  applyId: string;
  onDone: (outcome: UndoOutcome & { state: 'undone' }) => void;
  /** The test hook: "undo" beside a result, "history-undo" in the history. */
  hook: string;
}

/** Undo one apply; when a file was edited since, say so and offer to undo anyway. */
export function UndoButton({ call, root, applyId, onDone, hook }: UndoButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<UndoOutcome | null>(null);

  const run = async (force: boolean) => {
    setBusy(true);
    const out = await undoApply(call, root, applyId, force);
    setBusy(false);
    if (out.state === 'undone') {
      setProblem(null);
      onDone(out);
    } else setProblem(out);
  };

  return (
    <span class="undo">
      <button type="button" data-replyapply={hook} disabled={busy} onClick={() => run(false)}>
        {busy ? 'Undoing…' : 'Undo'}
      </button>
      {problem && problem.state !== 'undone' && (
        <span class="undo-problem" role="alert">
          {' '}
          {problem.message}{' '}
          {problem.state === 'conflict' && (
            <button type="button" data-replyapply="undo-force" disabled={busy} onClick={() => run(true)}>
              Undo anyway (loses those edits)
            </button>
          )}
        </span>
      )}
    </span>
  );
}
