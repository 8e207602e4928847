import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript } from './run-script';

const POSIX = process.platform !== 'win32';

function root(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ra-script-')), 'proj');
  mkdirSync(dir);
  return dir;
}

describe.runIf(POSIX)('runScript', () => {
  it('answers when the shell exits, even if a background child keeps the pipes open', async () => {
    const started = Date.now();
    const r = await runScript(root(), 'sleep 3 & echo started', { timeoutMs: 20_000 });
    expect(r).toMatchObject({ exitCode: 0, output: 'started\n', timedOut: false });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers at the timeout even when a child left the process group', async () => {
    const started = Date.now();
    // setsid puts the child out of reach of the group kill; the call must not wait for it.
    const r = await runScript(root(), 'setsid sleep 4 & sleep 3', { timeoutMs: 300 });
    expect(r.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('still collects all output of a command that writes right before exiting', async () => {
    const r = await runScript(root(), 'i=0; while [ $i -lt 2000 ]; do echo line $i; i=$((i+1)); done');
    expect(r.output.split('\n')).toHaveLength(2001);
    expect(r.exitCode).toBe(0);
  });
});
