/**
 * Test helper: a real git repository in a temp folder, with git's configuration limited to the repository
 * itself (no global or system file, as on a clean CI machine), so the tests never read or touch the
 * user's own.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TestRepo {
  /** The work tree. */
  dir: string;
  /** The environment git runs with in the test (pass it as `env`). */
  env: NodeJS.ProcessEnv;
  git(...args: string[]): string;
  write(files: Record<string, string>): void;
  /** Remove the repository and its home. */
  remove(): void;
}

/** git's environment with no global or system configuration and no identity from the environment. */
export function isolatedGitEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  for (const k of Object.keys(env)) if (/^GIT_|^EMAIL$/.test(k)) delete env[k];
  env.GIT_CONFIG_NOSYSTEM = '1';
  env.GIT_CONFIG_GLOBAL = join(home, 'no-global-gitconfig');
  return env;
}

export function makeRepo(
  files: Record<string, string> = {},
  { identity = true, commit = true }: { identity?: boolean; commit?: boolean } = {},
): TestRepo {
  const base = mkdtempSync(join(tmpdir(), 'replyapply-git-'));
  const home = join(base, 'home');
  const dir = join(base, 'repo');
  mkdirSync(home);
  mkdirSync(dir);
  const env = isolatedGitEnv(home);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' });
  const write = (more: Record<string, string>) => {
    for (const [p, text] of Object.entries(more)) {
      mkdirSync(dirname(join(dir, p)), { recursive: true });
      writeFileSync(join(dir, p), text);
    }
  };
  git('init', '-q', '-b', 'main');
  // A commit for the first files needs someone; without `identity` it is removed after.
  git('config', 'user.name', 'Ada Test');
  git('config', 'user.email', 'ada@example.com');
  write(files);
  if (commit && Object.keys(files).length > 0) {
    git('add', '-A');
    git('commit', '-q', '-m', 'initial');
  }
  if (!identity) {
    git('config', '--unset', 'user.name');
    git('config', '--unset', 'user.email');
  }
  return { dir, env, git, write, remove: () => rmSync(base, { recursive: true, force: true }) };
}
