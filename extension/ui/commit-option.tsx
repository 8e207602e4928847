import { useEffect, useState } from 'preact/hooks';
import { commitsByDefault, type GitInfo, gitStateOf } from './git-state';
import type { ApplyOutcome, ReviewFile, UndoOutcome } from './review';
import './git.css';

export interface CommitChoice {
  on: boolean;
  setOn: (on: boolean) => void;
  /** The files ticked for the commit (of those written). */
  ticks: ReadonlySet<string>;
  tick: (path: string, on: boolean) => void;
}

/**
 * The "Commit these files" choice: off until the user turns it on; each file ticked for the commit when
 * it had nothing uncommitted before the apply (git-state.ts, commitsByDefault). Set again for each review.
 */
export function useCommitChoice(files: readonly ReviewFile[], git: GitInfo | null): CommitChoice {
  const [on, setOn] = useState(false);
  const [ticks, setTicks] = useState<ReadonlySet<string>>(new Set());
  // The git state arrives once per review, after its files are planned.
  useEffect(() => {
    setOn(false);
    setTicks(new Set(files.filter((f) => commitsByDefault(git, f)).map((f) => f.path)));
  }, [git]);
  const tick = (path: string, yes: boolean) =>
    setTicks((prev) => {
      const next = new Set(prev);
      if (yes) next.add(path);
      else next.delete(path);
      return next;
    });
  return { on, setOn, ticks, tick };
}

export interface CommitOptionProps {
  git: GitInfo;
  /** The files the apply would write (ticked). */
  files: readonly ReviewFile[];
  choice: CommitChoice;
  /** The commit message for this many files. */
  messageFor: (files: number) => string;
  locked: boolean;
  outcome: ApplyOutcome | null;
  undone: (UndoOutcome & { state: 'undone' }) | null;
}

/** Near Apply, in a git work tree only: commit the written files, each ticked or not, and what came of it. */
export function CommitOption({ git, files, choice, messageFor, locked, outcome, undone }: CommitOptionProps) {
  const chosen = files.filter((f) => choice.ticks.has(f.path)).length;
  const committed = outcome?.state === 'applied' ? outcome.commit : undefined;
  return (
    <section class="commit-option" data-replyapply="commit-option">
      <label>
        <input
          type="checkbox"
          data-replyapply="commit"
          checked={choice.on && !git.cannotCommit}
          disabled={locked || git.cannotCommit !== undefined}
          onChange={(e) => choice.setOn(e.currentTarget.checked)}
        />{' '}
        Commit these files{git.branch && <span class="muted"> on {git.branch}</span>}
      </label>
      {git.cannotCommit && <p class="note warning">{git.cannotCommit}</p>}
      {choice.on && !git.cannotCommit && (
        <>
          <p class="muted">
            Message:{' '}
            <span class="commit-message">{chosen > 0 ? messageFor(chosen) : '(no file ticked)'}</span>
          </p>
          <ul aria-label="Files to commit">
            {files.map((f) => {
              const state = gitStateOf(git, f);
              return (
                <li key={f.path}>
                  <label>
                    <input
                      type="checkbox"
                      data-commit-file={f.path}
                      checked={choice.ticks.has(f.path)}
                      disabled={locked}
                      onChange={(e) => choice.tick(f.path, e.currentTarget.checked)}
                    />{' '}
                    <span class="path">{f.path}</span>
                    {state === 'ignored' ? (
                      <span class="muted"> — ignored by git</span>
                    ) : (
                      state && (
                        <span class="muted"> — had uncommitted changes before: tick to commit them too</span>
                      )
                    )}
                  </label>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {committed?.ok && (
        <p class="ok" data-replyapply="commit-result" data-state="committed">
          Committed <code>{committed.hash.slice(0, 12)}</code>: {committed.message}
          {committed.left && committed.left.length > 0 && ` (not committed: ${committed.left.join(', ')})`}
        </p>
      )}
      {committed && !committed.ok && (
        <p class="error" data-replyapply="commit-result" data-state="not-committed">
          Not committed: {committed.message} The files are written.
        </p>
      )}
      {undone?.commit && (
        <p data-replyapply="revert-result" class={undone.commit.ok ? 'ok' : 'error'}>
          {undone.commit.ok
            ? `Undone in a new commit ${undone.commit.hash.slice(0, 12)}: ${undone.commit.message.split('\n')[0]}`
            : `The files are restored but not committed: ${undone.commit.message}`}
        </p>
      )}
    </section>
  );
}
