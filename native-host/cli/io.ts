/** What a CLI command may touch of the process, passed in so tests can run commands in-process. */
export interface CliIO {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export type CliCommand = (args: string[], io: CliIO) => Promise<number>;

/** Exit codes of the CLI contract (stable; scripts rely on them). */
export const Exit = { Ok: 0, Unresolved: 1, Usage: 2, NothingFound: 3, Partial: 4 } as const;

/** A usage error: printed with the command's usage line, exit 2. */
export class UsageError extends Error {}

export function processIO(): CliIO {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
  };
}
