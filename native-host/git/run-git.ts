/**
 * The one place the host starts `git`: execFile (never a shell), in the project folder, with a timeout, and
 * with everything that could run a program git was not asked to run switched off — hooks
 * (`core.hooksPath=/dev/null`), a file-system monitor (`core.fsmonitor`), pagers, editors and credential
 * prompts. Reads take no optional lock (GIT_OPTIONAL_LOCKS=0), so `git status` never holds the index lock
 * the user's own git may want. A git that is missing, too slow or unhappy is a value, never a throw.
 */
import { execFile } from 'node:child_process';

export type GitRun =
  | { ok: true; stdout: string; stderr: string }
  | {
      ok: false;
      /** missing: no `git` on the PATH; timeout: killed after `timeoutMs`; failed: a non-zero exit. */
      kind: 'missing' | 'timeout' | 'failed';
      exitCode: number | null;
      stdout: string;
      stderr: string;
      message: string;
    };

export interface GitOptions {
  /** The environment git starts from (process.env when omitted); the variables below are set over it. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Text for git's standard input (`--stdin`, `--pathspec-from-file=-`). */
  input?: string;
  /** The command writes (add, commit): it may take the optional locks reads go without. */
  write?: boolean;
  /**
   * Pathspecs are literal (`--literal-pathspecs`: `*.ts` is a file named so, never a pattern); false only
   * for `check-ignore`, which takes plain path names and refuses the option.
   */
  literal?: boolean;
}

export const READ_TIMEOUT_MS = 5_000;
export const WRITE_TIMEOUT_MS = 60_000;

/**
 * Set before every command: no hooks, no file-system monitor (a configured one is a program git starts),
 * and (GitOptions.literal) paths taken literally. Commit identity is read from the
 * configuration only (`user.useConfigOnly`): git's guess from the host name would sign commits as
 * someone the user never named.
 */
const SAFETY = [
  '-c',
  'core.hooksPath=/dev/null',
  // Empty, not `false`: a git before 2.36 reads `false` as the name of a hook program to run.
  '-c',
  'core.fsmonitor=',
  // No automatic gc or maintenance started by a commit, outside the timeout.
  '-c',
  'gc.auto=0',
  '-c',
  'maintenance.auto=false',
  '-c',
  'user.useConfigOnly=true',
];

/** Variables that would point git at another repository or index than the one of the folder. */
const REPO_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_NAMESPACE',
  'GIT_COMMON_DIR',
  'GIT_CEILING_DIRECTORIES',
];

export function gitEnv(base: NodeJS.ProcessEnv, write: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of REPO_VARIABLES) delete env[name];
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_PAGER = 'cat';
  env.PAGER = 'cat';
  env.GIT_EDITOR = 'true';
  env.GIT_ASKPASS = '';
  env.SSH_ASKPASS = '';
  env.LC_ALL = 'C';
  if (!write) env.GIT_OPTIONAL_LOCKS = '0';
  else delete env.GIT_OPTIONAL_LOCKS;
  return env;
}

/** Run `git ARGS` in `cwd`. */
export function runGit(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitRun> {
  const write = options.write ?? false;
  const timeout = options.timeoutMs ?? (write ? WRITE_TIMEOUT_MS : READ_TIMEOUT_MS);
  return new Promise((resolve) => {
    let child: ReturnType<typeof execFile>;
    // execFile throws, rather than calls back, for an argument it cannot pass (a NUL in it).
    try {
      child = execFile(
        'git',
        [...SAFETY, ...(options.literal === false ? [] : ['--literal-pathspecs']), ...args],
        {
          cwd,
          env: gitEnv(options.env ?? process.env, write),
          timeout,
          killSignal: 'SIGKILL',
          maxBuffer: 64 * 1024 * 1024,
          windowsHide: true,
          encoding: 'utf8',
        },
        (err, stdout, stderr) => {
          if (!err) {
            resolve({ ok: true, stdout, stderr });
            return;
          }
          const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number | null };
          if (e.code === 'ENOENT') {
            resolve({
              ok: false,
              kind: 'missing',
              exitCode: null,
              stdout: '',
              stderr: '',
              message: 'git is not installed (no `git` on the PATH)',
            });
            return;
          }
          if (e.killed) {
            resolve({
              ok: false,
              kind: 'timeout',
              exitCode: null,
              stdout,
              stderr,
              message: `git ${args[0] ?? ''} did not finish within ${timeout / 1000} s`,
            });
            return;
          }
          const exitCode = typeof e.code === 'number' ? e.code : null;
          resolve({
            ok: false,
            kind: 'failed',
            exitCode,
            stdout,
            stderr,
            message: firstLines(stderr) || `git ${args[0] ?? ''} failed (exit ${exitCode ?? '?'})`,
          });
        },
      );
    } catch (err) {
      resolve({
        ok: false,
        kind: 'failed',
        exitCode: null,
        stdout: '',
        stderr: '',
        message: `git ${args[0] ?? ''} could not be started: ${(err as Error).message}`,
      });
      return;
    }
    // A git that exits before reading its input closes the pipe: that is its answer, not our error.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

/** git's own words, without its hints, on one line. */
export function firstLines(stderr: string): string {
  return stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('hint:'))
    .slice(0, 3)
    .join(' ')
    .replace(/^(fatal|error): /, '');
}

/**
 * Paths split into argument lists small enough for any system's command line (pathspecs after `--`):
 * `git status` has no `--pathspec-from-file`.
 */
export function chunks(paths: readonly string[], maxChars = 64 * 1024): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let size = 0;
  for (const p of paths) {
    if (cur.length > 0 && size + p.length + 1 > maxChars) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(p);
    size += p.length + 1;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}
