/**
 * A commit of exactly the files an apply wrote, when the user asks for it:
 *   git add --all --pathspec-from-file=- --pathspec-file-nul          (new files, changes and removals)
 *   git commit --only --no-verify -m MESSAGE --pathspec-from-file=-   (those paths and nothing else)
 * never `-a`: whatever else the user staged stays staged and out of the commit (`--only`). Hooks do not
 * run (`--no-verify`, and `core.hooksPath=/dev/null` for the others); the author is the one the user's
 * git configuration gives. A path git cannot commit (gone and never tracked, or ignored and untracked)
 * is left out and named.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { normalizePath } from '../../shared/paths/paths';
import type { CommitOutcome } from '../../shared/protocol/git';
import { ignoredOf, whoCommits } from './git-state';
import { chunks, type GitOptions, runGit } from './run-git';
import { type WorkTree, workTree } from './work-tree';

export type CommitResult = CommitOutcome;

/** Whether git can commit in this folder: the work tree, or why not (in words for the user). */
export async function canCommit(
  realRoot: string,
  options: GitOptions = {},
): Promise<{ ok: true; tree: WorkTree } | { ok: false; message: string }> {
  const wt = await workTree(realRoot, options);
  if (!wt.ok) return { ok: false, message: `The project folder is not in a git work tree (${wt.why}).` };
  const who = await whoCommits(wt.tree, options);
  if (who !== null) return { ok: false, message: who };
  return { ok: true, tree: wt.tree };
}

/**
 * Commit `paths` (relative to the project folder) as they are on disk. Never throws for git's reasons:
 * `{ ok: false, message }` says why nothing was committed.
 */
export async function commitPaths(
  realRoot: string,
  paths: readonly string[],
  message: string,
  options: GitOptions = {},
): Promise<CommitResult> {
  const can = await canCommit(realRoot, options);
  if (!can.ok) return can;
  const tree = can.tree;
  // The paths as the host wrote them (`./a.ts` is a.ts); one the host would refuse never reaches git.
  const left: string[] = [];
  const wanted = [
    ...new Set(
      paths.flatMap((p) => {
        const n = normalizePath(p);
        if (!n.ok) left.push(p);
        return n.ok ? [n.path] : [];
      }),
    ),
  ];
  const tracked = await trackedOf(tree, wanted, options);
  if (tracked === null) return { ok: false, message: 'git could not list the tracked files.' };
  const ignored = (await ignoredOf(tree, wanted, options)) ?? new Set<string>();
  const commit: string[] = [];
  for (const p of wanted) {
    const onDisk = await lstat(path.join(realRoot, p)).then(
      () => true,
      () => false,
    );
    if (tracked.has(p) || (onDisk && !ignored.has(p))) commit.push(p);
    else left.push(p);
  }
  if (commit.length === 0)
    return {
      ok: false,
      message: 'None of the files can be committed: git ignores them or never tracked them.',
    };
  const list = `${commit.join('\0')}\0`;
  const write = { ...options, write: true };
  const add = await runGit(tree.cwd, ['add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], {
    ...write,
    input: list,
  });
  if (!add.ok) return { ok: false, message: `git add failed: ${add.message}` };
  const made = await runGit(
    tree.cwd,
    [
      'commit',
      '--only',
      '--no-verify',
      '--quiet',
      '--cleanup=verbatim',
      '-m',
      message,
      '--pathspec-from-file=-',
      '--pathspec-file-nul',
    ],
    { ...write, input: list },
  );
  if (!made.ok) return { ok: false, message: `git commit failed: ${made.message}` };
  const head = await runGit(tree.cwd, ['rev-parse', 'HEAD'], options);
  if (!head.ok)
    return { ok: false, message: `The commit was made, but git did not say its hash: ${head.message}` };
  const out: CommitResult = { ok: true, hash: head.stdout.trim(), message, paths: commit };
  if (left.length > 0) out.left = left;
  return out;
}

/** The paths git tracks (in its index), relative to the project folder. */
async function trackedOf(
  tree: WorkTree,
  paths: readonly string[],
  options: GitOptions,
): Promise<Set<string> | null> {
  const out = new Set<string>();
  for (const part of chunks(paths)) {
    // ls-files lists paths relative to the folder it runs in, which is the project folder.
    const r = await runGit(tree.cwd, ['ls-files', '-z', '--', ...part], options);
    if (!r.ok) return null;
    for (const p of r.stdout.split('\0')) if (p !== '') out.add(p);
  }
  return out;
}

/** The hash of HEAD, or null (no commit yet, no git). */
export async function headOf(realRoot: string, options: GitOptions = {}): Promise<string | null> {
  const r = await runGit(realRoot, ['rev-parse', '--verify', '--quiet', 'HEAD'], options);
  return r.ok ? r.stdout.trim() : null;
}
