/**
 * The review's git side (issue 29), without the DOM: the git state of the files of a review, read from
 * the host's `gitState` after the plan; ignored files unticked; and which written files the "Commit these
 * files" option commits by default — those with nothing uncommitted before the apply (committed and
 * unchanged, or new), never a modified, untracked or ignored one unless the user ticks it again.
 * A folder outside a git work tree, a host without `gitState`, or any failure: no git info, nothing shown.
 */
import { commitMessage } from '../../shared/git/commit-message';
import type { CommitRequest, GitFileState } from '../../shared/protocol/git';
import { GIT_STATE_MAX_PATHS } from '../../shared/protocol/names';
import type { FileChange } from '../../shared/protocol/protocol';
import type { HostCall, Review, ReviewFile } from './review';

export interface GitInfo {
  branch: string | null;
  states: ReadonlyMap<string, GitFileState>;
  /** Why git cannot commit here (it does not know who commits); absent when it can. */
  cannotCommit?: string;
}

/** Every path of the review's files (a rename's both names). */
export function reviewPaths(review: Review): string[] {
  return review.files.flatMap((f) => (f.from !== undefined ? [f.path, f.from] : [f.path]));
}

export async function readGitInfo(call: HostCall, root: string, paths: string[]): Promise<GitInfo | null> {
  if (paths.length === 0) return null;
  const r = await readGit(call, root, paths);
  return r !== 'failed' && r.repo ? r.info : null;
}

/**
 * The git state asked for early, beside the reads of the plan (issue 28): the paths the plan reads first
 * are the names the review will show in the usual case. `forReview` answers for the review's paths: this
 * answer when every one of them was asked (or the folder is in no work tree), else a new question.
 */
export interface EarlyGitInfo {
  forReview(paths: string[]): Promise<GitInfo | null>;
}

export function askGitEarly(call: HostCall, root: string, paths: readonly string[]): EarlyGitInfo {
  // The names read include every other name a path may have: more than one question holds, and then
  // the review's own names are asked once it is done, as before.
  let asked = new Set(paths);
  if (asked.size > GIT_STATE_MAX_PATHS) asked = new Set();
  let early = asked.size > 0 ? readGit(call, root, [...asked]) : undefined;
  return {
    async forReview(need) {
      if (need.length === 0) return null;
      const first = early ? await early : undefined;
      early = undefined;
      // Outside a work tree, or a host that cannot tell (asking again would fail the same): nothing shown.
      if (first === 'failed' || first?.repo === false) return null;
      if (first && need.every((p) => asked.has(p))) return first.info;
      // A name the plan resolved to that was not asked (another strip level, another case): asked now.
      return readGitInfo(call, root, need);
    },
  };
}

async function readGit(
  call: HostCall,
  root: string,
  paths: string[],
): Promise<{ repo: false } | { repo: true; info: GitInfo } | 'failed'> {
  try {
    const r = await call('gitState', { root, paths });
    if (!r.repo) return { repo: false };
    const info: GitInfo = { branch: r.branch, states: new Map(r.files.map((f) => [f.path, f.state])) };
    if (r.cannotCommit !== undefined) info.cannotCommit = r.cannotCommit;
    return { repo: true, info };
  } catch {
    return 'failed';
  }
}

/** A file's git state: its own, or (a rename) its source's. */
export function gitStateOf(
  info: GitInfo | null,
  file: Pick<ReviewFile, 'path' | 'from'>,
): GitFileState | undefined {
  if (!info) return undefined;
  return info.states.get(file.path) ?? (file.from !== undefined ? info.states.get(file.from) : undefined);
}

/** The ticks without the ignored files: a reply writing into `node_modules/` or `.env` waits for the user. */
export function untickIgnored(
  ticked: ReadonlySet<string>,
  review: Review,
  info: GitInfo | null,
): Set<string> {
  const out = new Set(ticked);
  for (const f of review.files) if (gitStateOf(info, f) === 'ignored') out.delete(f.path);
  return out;
}

/** Committed by default: a file with nothing uncommitted before the apply. */
export function commitsByDefault(info: GitInfo | null, file: Pick<ReviewFile, 'path' | 'from'>): boolean {
  return gitStateOf(info, file) === undefined;
}

/** The commit of an apply: the ticked-for-commit files among those written, with the reply's sentence. */
export function commitRequest(
  changes: readonly FileChange[],
  commitTicks: ReadonlySet<string>,
  reply: { summary?: string | undefined; text?: string | undefined },
): CommitRequest | undefined {
  const chosen = changes.filter((c) => commitTicks.has(c.path));
  if (chosen.length === 0) return undefined;
  return {
    message: commitMessage(reply, chosen.length),
    paths: chosen.flatMap((c) => (c.action === 'rename' ? [c.path, c.from] : [c.path])),
  };
}

/** What the badge says ("git:", beside the action's own badge), and the line under an ignored file. */
export const GIT_WORDS: Record<GitFileState, { badge: string; title: string }> = {
  modified: { badge: 'git: uncommitted changes', title: 'This file has changes that are not committed.' },
  untracked: { badge: 'git: untracked', title: 'git does not track this file.' },
  ignored: { badge: 'git: ignored', title: 'A .gitignore rule matches this file.' },
};

export const IGNORED_WARNING =
  'git ignores this file (.gitignore): a reply that writes here may be confused. It is not ticked; tick it only if you mean it.';
