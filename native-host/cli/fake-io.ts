/** Test helper: a CliIO over strings, so commands run in-process and their output can be read back. */
import { PassThrough, Readable } from 'node:stream';
import type { CliIO } from './io';

export interface FakeIO extends CliIO {
  out(): string;
  err(): string;
}

export function fakeIO(
  options: { cwd: string; stdin?: string; tty?: boolean; env?: NodeJS.ProcessEnv; answers?: string[] } = {
    cwd: process.cwd(),
  },
): FakeIO {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  // A terminal user types one answer per prompt; the stream ends after the last one.
  const input = options.answers ? options.answers.map((a) => `${a}\n`).join('') : (options.stdin ?? '');
  const stdin = Object.assign(Readable.from([Buffer.from(input)]), { isTTY: options.tty ?? false });
  return {
    stdin,
    stdout,
    stderr,
    cwd: options.cwd,
    env: { ...(options.env ?? {}) },
    out: () => out,
    err: () => err,
  };
}
