/**
 * An apply, and the commit of the files it wrote when the user asked for one (`apply`'s `commit`,
 * `replyapply apply --commit`). Whether git can commit here is checked before anything is written: a
 * folder that is not a work tree, or a git that does not know who commits, refuses the apply (Git, code
 * 25) with the reason. A commit that fails after the files are written does not undo them: the result
 * says why nothing was committed. The commit's hash goes into the apply's journal entry for undo.
 */
import type { CommitRequest } from '../../shared/protocol/git';
import { ErrorCode, type FileChange } from '../../shared/protocol/protocol';
import { HostFailure } from '../fs/failure';
import { validateRoot } from '../fs/root';
import { stateDir } from '../fs/state';
import { type ApplyOptions, type ApplyOutcome, apply } from '../fs/transaction';
import { type CommitResult, canCommit, commitPaths } from './commit';
import { recordGit } from './journal-git';
import type { GitOptions } from './run-git';

export interface ApplyCommitOptions extends ApplyOptions {
  commit?: CommitRequest;
  git?: GitOptions;
}

export async function applyAndCommit(
  root: string,
  changes: FileChange[],
  options: ApplyCommitOptions = {},
): Promise<ApplyOutcome & { commit?: CommitResult }> {
  const { commit, git, ...applyOptions } = options;
  if (!commit) return apply(root, changes, applyOptions);
  const state = applyOptions.state ?? stateDir();
  const written = new Set(changes.flatMap((c) => (c.action === 'rename' ? [c.path, c.from] : [c.path])));
  const stray = commit.paths.find((p) => !written.has(p));
  if (stray !== undefined)
    throw new HostFailure(
      ErrorCode.InvalidParams,
      `commit.paths names ${stray}, which this apply does not write; only written files are committed.`,
      stray,
    );
  const realRoot = await validateRoot(root, state);
  const can = await canCommit(realRoot, git);
  if (!can.ok)
    throw new HostFailure(
      ErrorCode.Git,
      `The files cannot be committed: ${can.message} Nothing was written.`,
    );
  const outcome = await apply(root, changes, { ...applyOptions, state });
  const made = await commitPaths(realRoot, commit.paths, commit.message, git);
  if (made.ok) {
    const { hash, message, paths } = made;
    await recordGit(state, realRoot, outcome.applyId, () => ({ commit: hash, message, paths }));
  }
  return { ...outcome, commit: made };
}
