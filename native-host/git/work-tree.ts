/**
 * Whether a project folder is inside a git work tree, and where in it. A folder with no `.git` in it or
 * above it is answered from the disk without starting git (most folders, and every test project), so
 * nothing changes for them and nothing is slower. Missing git, a repository git refuses ("dubious
 * ownership"), a `.git` folder itself, or a git that does not answer in time: not a work tree.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type GitOptions, runGit } from './run-git';

export interface WorkTree {
  /** The folder git was run in (the project folder, links resolved). */
  cwd: string;
  /** The project folder's place in the work tree, `sub/dir/` (empty at the top): git lists paths from the top. */
  prefix: string;
  top: string;
}

export type WorkTreeAnswer = { ok: true; tree: WorkTree } | { ok: false; why: string };

/** A `.git` (folder, or the file of a linked work tree or submodule) in `dir` or a folder above it. */
export function hasGitAbove(dir: string): boolean {
  let d = path.resolve(dir);
  for (;;) {
    if (existsSync(path.join(d, '.git'))) return true;
    const up = path.dirname(d);
    if (up === d) return false;
    d = up;
  }
}

export async function workTree(realRoot: string, options: GitOptions = {}): Promise<WorkTreeAnswer> {
  if (!hasGitAbove(realRoot)) return { ok: false, why: 'the folder is not in a git work tree' };
  const r = await runGit(
    realRoot,
    ['rev-parse', '--is-inside-work-tree', '--show-prefix', '--show-toplevel'],
    options,
  );
  if (!r.ok) return { ok: false, why: r.message };
  const [inside, prefix, top] = r.stdout.split('\n');
  if (inside !== 'true' || top === undefined || top === '')
    return { ok: false, why: 'the folder is not in a git work tree' };
  return { ok: true, tree: { cwd: realRoot, prefix: prefix ?? '', top } };
}
