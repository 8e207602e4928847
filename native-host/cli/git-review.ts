/**
 * `replyapply apply`'s git lines: the git state of each file the plan writes (modified, untracked,
 * ignored), and with `--commit` which of them are committed. Files that had uncommitted changes before the
 * apply (modified or untracked) are written but not committed: the commit would take in work that is not
 * the reply's. Ignored files are not written unless `--include-ignored` (apply.ts), and never committed. Nothing is printed, and git is not
 * even started, for a folder that is not in a git work tree.
 */
import type { GitFileState, GitStateResult } from '../../shared/protocol/git';
import { stateDir } from '../fs/state';
import { gitState } from '../git/git-state';
import type { CliIO } from './io';
import type { Style } from './render';

export type GitStates = Map<string, GitFileState>;

/** The git environment of a CLI run: the process's, with what the command was given over it. */
export function gitEnvOf(io: CliIO): NodeJS.ProcessEnv {
  return { ...process.env, ...io.env };
}

/** The state of `paths`, or null when the folder is not a work tree (or git cannot tell). */
export async function readGitStates(root: string, paths: string[], io: CliIO): Promise<GitStates | null> {
  let s: GitStateResult;
  try {
    s = await gitState(root, paths, { env: gitEnvOf(io), identity: false, state: stateDir(io.env) });
  } catch {
    // The folder itself is refused: the plan says so.
    return null;
  }
  if (!s.repo) return null;
  return new Map(s.files.map((f) => [f.path, f.state]));
}

const WHY: Record<GitFileState, string> = {
  modified: 'has uncommitted changes',
  untracked: 'is not tracked by git',
  ignored: 'is ignored by .gitignore: is the reply confused?',
};

/** Why a file is written but not committed with --commit, or null when it is committed. */
export function notCommitted(state: GitFileState | undefined): string | null {
  if (state === 'modified' || state === 'untracked') return 'it had uncommitted changes before the apply';
  if (state === 'ignored') return 'git ignores it';
  return null;
}

/** The lines that say the git state of the plan's files (none when every file is clean or new). */
export function renderGitStates(states: GitStates, style: Style, commit: boolean): string[] {
  if (states.size === 0) return [];
  const width = Math.max(...[...states.values()].map((s) => s.length));
  const lines = [style.bold('Git:')];
  for (const [path, state] of states) {
    const word = state === 'ignored' ? style.yellow(state.padEnd(width)) : state.padEnd(width);
    const left = commit ? notCommitted(state) : null;
    lines.push(`  ${word}  ${path}  ${style.dim(`(${WHY[state]}${left ? '; not committed' : ''})`)}`);
  }
  return lines;
}
