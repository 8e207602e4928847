/**
 * Undo of an apply that was committed: when its commit is still HEAD, the files are put back (fs/undo.ts)
 * and the same paths committed again as a revert commit ("Revert "…"", as `git revert` writes it). When
 * the commit is no longer HEAD, undo is refused (Git, code 25) before anything changes, saying what to
 * do: the commits after it may depend on it, so reverting it is the user's call (`git revert HASH`).
 * Both the check and the revert commit run under the project's lock. An apply that was not committed is
 * undone as ever.
 */
import { revertMessage } from '../../shared/git/commit-message';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from '../fs/failure';
import type { FileResult } from '../fs/transaction';
import { type UndoOptions, undo } from '../fs/undo';
import { recorded } from './apply-commit';
import { type CommitResult, canCommit, commitPaths, headOf } from './commit';
import type { GitOptions } from './run-git';

export interface UndoGitOptions extends UndoOptions {
  git?: GitOptions;
}

export async function undoCommitted(
  root: string,
  applyId: string | undefined,
  options: UndoGitOptions = {},
): Promise<{ applyId: string; files: FileResult[]; commit?: CommitResult }> {
  const { git, ...undoOptions } = options;
  let made: CommitResult | undefined;
  const done = await undo(root, applyId, {
    ...undoOptions,
    beforeUndo: async (entry, realRoot) => {
      const committed = entry.git;
      if (!committed) return;
      const short = committed.commit.slice(0, 12);
      const head = await headOf(realRoot, git);
      if (head !== committed.commit) {
        const where =
          head === null
            ? 'git cannot tell what the last commit is here'
            : `it is no longer the last commit (HEAD is ${head.slice(0, 12)})`;
        throw new HostFailure(
          ErrorCode.Git,
          `The apply ${entry.applyId} was committed as ${short}, and ${where}. Nothing was undone: revert that commit with git (git revert ${committed.commit}) and resolve what depends on it there.`,
        );
      }
      const can = await canCommit(realRoot, git);
      if (!can.ok)
        throw new HostFailure(
          ErrorCode.Git,
          `The apply ${entry.applyId} was committed as ${short}, but its revert cannot be committed: ${can.message} Nothing was undone.`,
        );
    },
    afterUndo: async (entry, { realRoot, journal }) => {
      const committed = entry.git;
      if (!committed) return;
      const revert = await commitPaths(
        realRoot,
        committed.paths,
        revertMessage(committed.message, committed.commit),
        git,
      );
      made = revert.ok
        ? await recorded(revert, journal, (m) => m.git && { ...m.git, revert: revert.hash })
        : revert;
    },
  });
  return made ? { ...done, commit: made } : done;
}
