/**
 * The host's log: a file under the state folder, rotated by size. stdout carries frames only, so
 * nothing here may ever write to it.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Logger {
  info(message: string): void;
  error(message: string): void;
  readonly file: string;
}

export function fileLogger(dir: string, maxBytes = 1024 * 1024, keep = 3): Logger {
  const file = join(dir, 'host.log');
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    // Logging must never stop the host.
  }
  const write = (level: string, message: string) => {
    try {
      try {
        if (statSync(file).size > maxBytes) rotate(file, keep);
      } catch {
        // no file yet
      }
      appendFileSync(file, `${new Date().toISOString()} ${level} [${process.pid}] ${message}\n`);
    } catch {
      // A full disk or a read-only state folder must not break the protocol.
    }
  };
  return { file, info: (m) => write('info', m), error: (m) => write('error', m) };
}

function rotate(file: string, keep: number): void {
  for (let i = keep - 1; i >= 1; i--) {
    try {
      renameSync(`${file}.${i}`, `${file}.${i + 1}`);
    } catch {
      // missing generation
    }
  }
  renameSync(file, `${file}.1`);
}

export const silentLogger: Logger = { file: '', info() {}, error() {} };
