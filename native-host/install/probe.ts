/**
 * Start a host the way a browser does and ask `hello`: used by `doctor`, tests and benchmarks. `deep`: then
 * ask one more question, which only the host's server answers (loaded after start-up, see host/main.ts), so
 * a host whose server is missing or broken is found too.
 */
import { spawn } from 'node:child_process';
import { EXTENSION_ORIGIN } from '../../shared/extension/extension-id';
import { encodeFrame, FrameReader } from '../host/framing';

export type ProbeResult =
  | { ok: true; version: string; protocol: number; ms: number }
  | { ok: false; message: string };

export function probeHost(
  command: string,
  args: string[] = [EXTENSION_ORIGIN],
  timeoutMs = 5000,
  deep = false,
): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let stderr = '';
    let done = false;
    let hello: ProbeResult | undefined;
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const finish = (r: ProbeResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill();
      resolve(r);
    };
    const timer = setTimeout(
      () => finish({ ok: false, message: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    const reader = new FrameReader(
      (m) => {
        const msg = m as {
          ok?: boolean;
          result?: { version?: string; protocol?: number };
          error?: { message?: string };
        };
        if (hello) {
          // Any answer to the second question is the server's: an unknown method is refused by it alone.
          if ((m as { id?: unknown }).id === 2) finish(hello);
          else finish({ ok: false, message: 'unexpected answer' });
        } else if (msg.ok && msg.result?.version) {
          const answer: ProbeResult = {
            ok: true,
            version: msg.result.version,
            protocol: msg.result.protocol ?? 0,
            ms: performance.now() - started,
          };
          if (!deep) finish(answer);
          else {
            hello = answer;
            child.stdin.write(encodeFrame({ id: 2, method: 'doctor-probe' }));
          }
        } else finish({ ok: false, message: msg.error?.message ?? 'unexpected answer' });
      },
      (p) => finish({ ok: false, message: `bad frame from host: ${p.kind}` }),
    );
    child.stdout.on('data', (c: Buffer) => reader.push(c));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', (err) => finish({ ok: false, message: `cannot start: ${err.message}` }));
    child.on('exit', (code) =>
      finish({
        ok: false,
        message: `exited with code ${code}${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`,
      }),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.write(encodeFrame({ id: 1, method: 'hello' }));
  });
}
