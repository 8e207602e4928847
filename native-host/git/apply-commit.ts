/**
 * An apply, and the commit of the files it wrote when the user asked for one (`apply`'s `commit`,
 * `replyapply apply --commit`). Whether git can commit here is checked before anything is written: a
 * folder that is not a work tree, or a git that does not know who commits, refuses the apply (Git, code
 * 25) with the reason. The commit is made under the project's lock, right after the writes, so no other
 * apply's writes get into it; one that fails does not undo the files: the result says why nothing was
 * committed. The commit's hash goes into the apply's journal entry for undo.
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
  const can = await canCommit(await validateRoot(root, state), git);
  if (!can.ok)
    throw new HostFailure(
      ErrorCode.Git,
      `The files cannot be committed: ${can.message} Nothing was written.`,
    );
  let made: CommitResult = { ok: false, message: 'The files were not committed.' };
  const outcome = await apply(root, changes, {
    ...applyOptions,
    state,
    afterWrite: async (_done, { realRoot, journal }) => {
      // The files are written by now: whatever the commit meets is its outcome, never the apply's failure.
      try {
        made = await commitPaths(realRoot, commit.paths, commit.message, git);
        if (made.ok) made = await recorded(made, journal);
      } catch (err) {
        made = { ok: false, message: `The files were not committed: ${(err as Error).message}` };
      }
    },
  });
  return { ...outcome, commit: made };
}

/** The commit, once the journal knows it; said plainly when it could not be recorded. */
export async function recorded(
  made: CommitResult & { ok: true },
  journal: string,
  update?: Parameters<typeof recordGit>[1],
): Promise<CommitResult> {
  const { hash, message, paths } = made;
  try {
    await recordGit(journal, update ?? (() => ({ commit: hash, message, paths })));
    return made;
  } catch (err) {
    return {
      ok: false,
      message: `The files were committed as ${hash.slice(0, 12)}, but the undo journal could not record it (${(err as Error).message}): undo will put the files back without a revert commit.`,
    };
  }
}
