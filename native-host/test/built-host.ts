/** Test helper: the host and CLI bundled once per test file into a temp folder, as `npm run build` does. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHost } from '../../scripts/build-host.mjs';
import { EXTENSION_ORIGIN } from '../../shared/extension/extension-id';
import { encodeFrame, FrameReader } from '../host/framing';

export async function buildTempHost(): Promise<{ host: string; cli: string }> {
  return buildHost(mkdtempSync(join(tmpdir(), 'replyapply-build-')));
}

export interface HostRun {
  /** Every frame the host wrote, decoded. */
  frames: unknown[];
  /** Raw stdout bytes. */
  stdout: Buffer;
  stderr: string;
  code: number | null;
  /** True when stdout parsed as frames with no byte left over. */
  clean: boolean;
}

/** Run the built host, feed it `input` bytes, close stdin, and collect everything it wrote. */
export function runHost(
  hostPath: string,
  input: Buffer,
  opts: {
    args?: string[];
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** Leave stdin open after `input`, as a browser does: the host must end on its own. */
    keepStdinOpen?: boolean;
  } = {},
): Promise<HostRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [hostPath, ...(opts.args ?? [EXTENSION_ORIGIN])], {
      env: { ...process.env, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`host did not exit within ${opts.timeoutMs ?? 20000} ms`));
    }, opts.timeoutMs ?? 20000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out);
      const frames: unknown[] = [];
      let clean = true;
      const reader = new FrameReader(
        (m) => frames.push(m),
        () => {
          clean = false;
        },
      );
      reader.push(stdout);
      reader.end();
      resolve({ frames, stdout, stderr, code, clean });
    });
    child.stdin.on('error', () => undefined);
    if (opts.keepStdinOpen) child.stdin.write(input);
    else child.stdin.end(input);
  });
}

export const frames = (...messages: unknown[]) => Buffer.concat(messages.map((m) => encodeFrame(m)));
