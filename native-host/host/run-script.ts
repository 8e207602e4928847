/**
 * One approved shell command: `/bin/sh -c` in the project root, with a timeout, its output capped and
 * streamed back as progress. The host runs only what an extension page sends after the user ticked it.
 */
import { spawn } from 'node:child_process';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from '../fs/failure';
import { validateRoot } from '../fs/root';

export const OUTPUT_CAP = 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * How long output is still read after the shell exits. A command it left running in the background
 * (`npm run dev &`) keeps the pipes open as long as it lives; waiting for them would hold the call (and
 * the side panel's "Running…") until the timeout, or for ever when the child left our process group.
 */
export const DRAIN_MS = 250;

/**
 * Characters a person cannot see in the command they ticked: C0 and C1 controls (an ESC sequence or a lone
 * CR rewrites the terminal line, so the CLI's "Run `…`?" shows another command) and bidi controls (they
 * reorder the text, so `cmd # comment` can read as a commented-out `cmd`: the Trojan Source trick).
 * Tabs and line breaks show as themselves.
 */
const HIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

/** Why a command cannot be shown faithfully for approval, or null. Exported for tests. */
export function commandRefusal(command: string): string | null {
  const m = HIDDEN.exec(command);
  if (!m) return null;
  const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `it contains U+${code}, a character that is not shown as itself, so what was approved may not be what would run`;
}

export interface ScriptResult {
  exitCode: number | null;
  signal: string | null;
  output: string;
  truncated: boolean;
  timedOut: boolean;
}

export async function runScript(
  root: string,
  command: string,
  opts: { timeoutMs?: number; onOutput?: (chunk: string) => void } = {},
): Promise<ScriptResult> {
  const refusal = commandRefusal(command);
  if (refusal) throw new HostFailure(ErrorCode.InvalidParams, `The command was not run: ${refusal}.`);
  const cwd = await validateRoot(root);
  const shell = process.platform === 'win32' ? 'cmd.exe' : '/bin/sh';
  const args = process.platform === 'win32' ? ['/d', '/s', '/c', command] : ['-c', command];
  return new Promise((resolve, reject) => {
    const child = spawn(shell, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    let output = '';
    let truncated = false;
    let timedOut = false;
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (output.length < OUTPUT_CAP) {
        const room = OUTPUT_CAP - output.length;
        output += text.slice(0, room);
        if (text.length > room) truncated = true;
        opts.onOutput?.(text.slice(0, room));
      } else truncated = true;
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => {
      timedOut = true;
      // Kill the whole process group: the command may have started children.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let drain: ReturnType<typeof setTimeout> | undefined;
    child.on('exit', () => {
      // Destroying the pipes lets 'close' fire; background children lose their output, not their life.
      drain = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, DRAIN_MS);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      clearTimeout(drain);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(drain);
      resolve({ exitCode: code, signal, output, truncated, timedOut });
    });
  });
}
