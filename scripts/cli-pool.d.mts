/** What one run of the CLI answered: its exit code (null when a signal ended its process) and its output. */
export interface CliAnswer {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI for one input after another; `close()` when done. */
export interface CliRunner {
  run(args: string[], input: string | Uint8Array, env?: Record<string, string>): Promise<CliAnswer>;
  close(): Promise<void>;
}

export function spawnRunner(cli: string): CliRunner;
export function cliPool(cli: string, options: { width: number }): CliRunner;
