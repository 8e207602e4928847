/**
 * The git state of the files a plan touches, for the review: `modified` (the file has changes not
 * committed, staged or not, or is in a merge conflict), `untracked`, or `ignored` (a `.gitignore` rule
 * matches it and git does not track it: a reply writing `node_modules/…` or `.env` is likely confused).
 * Files with nothing to say (committed and unchanged, or new and not ignored) are left out.
 *
 * Two reads, both for the given paths only, so a huge repository stays fast:
 *   git status --porcelain=v2 -z --branch --untracked-files=all -- PATHS…
 *   git check-ignore -z --stdin            (the paths on stdin; also for files that do not exist yet)
 * and, for the commit option, whether git knows who commits (`git var GIT_AUTHOR_IDENT`, `…COMMITTER…`).
 * Not a work tree, no git, a timeout: `{ repo: false }`, never an error.
 */
import { checkPathFully } from '../../shared/paths/paths';
import type { GitFileState, GitStateResult } from '../../shared/protocol/git';
import { validateRoot } from '../fs/root';
import { chunks, firstLines, type GitOptions, runGit } from './run-git';
import { type WorkTree, workTree } from './work-tree';

export type { GitFileState, GitStateResult };

export interface GitStateOptions extends GitOptions {
  /** The state folder validateRoot refuses as a root (tests). */
  state?: string;
  /** Also ask whether git knows who commits (`cannotCommit`); true when omitted. */
  identity?: boolean;
}

export async function gitState(
  root: string,
  paths: readonly string[],
  options: GitStateOptions = {},
): Promise<GitStateResult> {
  const realRoot = await validateRoot(root, options.state);
  const wt = await workTree(realRoot, options);
  if (!wt.ok) return { repo: false };
  // Only paths a reply may name (the host refuses the others anyway) reach git, each once.
  const wanted = [...new Set(paths)].filter((p) => {
    const c = checkPathFully(p);
    return c.ok && c.path === p;
  });
  const [status, ignored, identity] = await Promise.all([
    statusOf(wt.tree, wanted, options),
    ignoredOf(wt.tree, wanted, options),
    options.identity === false ? null : whoCommits(wt.tree, options),
  ]);
  if (status === null || ignored === null) return { repo: false };
  const files: GitStateResult & { repo: true } = { repo: true, branch: status.branch, files: [] };
  for (const p of wanted) {
    const state: GitFileState | undefined = ignored.has(p) ? 'ignored' : status.states.get(p);
    if (state) files.files.push({ path: p, state });
  }
  if (identity !== null) files.cannotCommit = identity;
  return files;
}

/** Per path (relative to the project folder), its state in `git status`; null when git failed. */
export async function statusOf(
  tree: WorkTree,
  paths: readonly string[],
  options: GitOptions,
): Promise<{ branch: string | null; states: Map<string, GitFileState> } | null> {
  const states = new Map<string, GitFileState>();
  let branch: string | null = null;
  for (const part of chunks(paths)) {
    const r = await runGit(
      tree.cwd,
      ['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all', '--', ...part],
      options,
    );
    if (!r.ok) return null;
    const records = r.stdout.split('\0');
    for (let i = 0; i < records.length; i++) {
      const rec = records[i]!;
      if (rec.startsWith('# branch.head ')) {
        const head = rec.slice('# branch.head '.length);
        branch = head === '(detached)' ? null : head;
        continue;
      }
      const kind = rec[0];
      let top: string | undefined;
      let state: GitFileState = 'modified';
      if (kind === '1') top = field(rec, 8);
      else if (kind === '2') {
        top = field(rec, 9);
        // The rename's source follows as a record of its own; it has changes too (it is gone).
        const from = records[++i];
        if (from !== undefined) setIn(states, tree, from, 'modified');
      } else if (kind === 'u') top = field(rec, 10);
      else if (kind === '?') {
        top = rec.slice(2);
        state = 'untracked';
      }
      if (top !== undefined) setIn(states, tree, top, state);
    }
  }
  return { branch, states };
}

/** The rest of a record after `n` space-separated fields: the path, which may itself hold spaces. */
function field(rec: string, n: number): string | undefined {
  let at = 0;
  for (let k = 0; k < n; k++) {
    at = rec.indexOf(' ', at) + 1;
    if (at === 0) return undefined;
  }
  return rec.slice(at);
}

function setIn(states: Map<string, GitFileState>, tree: WorkTree, top: string, state: GitFileState) {
  // git lists paths from the top of the work tree; the plan's are relative to the project folder.
  if (top.startsWith(tree.prefix)) states.set(top.slice(tree.prefix.length), state);
}

/** The paths a `.gitignore` (or info/exclude, core.excludesFile) ignores and git does not track. */
export async function ignoredOf(
  tree: WorkTree,
  paths: readonly string[],
  options: GitOptions,
): Promise<Set<string> | null> {
  if (paths.length === 0) return new Set();
  // check-ignore refuses `--literal-pathspecs` and stops at pathspec magic (a file named `:!x` a reply
  // may write): each path goes in as `./path`, which no magic starts with, and comes back so.
  const r = await runGit(tree.cwd, ['check-ignore', '-z', '--stdin'], {
    ...options,
    literal: false,
    input: `${paths.map((p) => `./${p}`).join('\0')}\0`,
  });
  // Exit 1: none of them is ignored.
  if (!r.ok && !(r.kind === 'failed' && r.exitCode === 1)) return null;
  return new Set(
    r.stdout
      .split('\0')
      .filter((p) => p !== '')
      .map((p) => (p.startsWith('./') ? p.slice(2) : p)),
  );
}

/** Why git cannot make a commit here (it does not know who commits), or null when it can. */
export async function whoCommits(tree: WorkTree, options: GitOptions): Promise<string | null> {
  for (const v of ['GIT_AUTHOR_IDENT', 'GIT_COMMITTER_IDENT']) {
    const r = await runGit(tree.cwd, ['var', v], options);
    if (!r.ok) {
      if (r.kind !== 'failed') return `git did not answer: ${r.message}`;
      const why =
        /no (email|name) was given|Please tell me who you are|unable to auto-detect|empty ident/i.test(
          r.stderr,
        )
          ? 'git does not know who you are'
          : firstLines(r.stderr);
      return `${why}. Set your name and email for commits with git config user.name "Your Name" and git config user.email "you@example.com" (add --global for every repository).`;
    }
  }
  return null;
}
