/** The built CLI run in a process of its own, as a user runs it (the corpus scripts' `--spawn`: cli-pool.mjs). */
import { spawn } from 'node:child_process';

/** The built CLI run with `args`, `input` on its standard input: its exit code and output. */
export function spawnCli(cli, args, input, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // Decoded as one stream, so that a character split between two chunks of the pipe stays one character.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
