/** Running the built CLI from the corpus scripts (corpus.mjs, corpus-unprompted.mjs). */
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
