/**
 * What is on disk at a checked path now, and which folders a write would have to create: read the same
 * way by apply, undo and recovery.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from '../host/errors';
import type { Absent, Present } from './commit-steps';
import { type Arena, readExactSync } from './file-bytes';
import type { ResolvedPath } from './safe-path';
import { comparable } from './within';

/** A checked path with what is on disk there now. */
export interface Current {
  resolved: ResolvedPath;
  state: Present | Absent;
  hash: string | null;
}

/** Read what is at a resolved path; a folder or special file where a file is expected is a Conflict. */
export async function readCurrent(resolved: ResolvedPath, raw: string, arena?: Arena): Promise<Current> {
  const notFile = () =>
    new HostFailure(
      ErrorCode.Conflict,
      `${resolved.rel} is a folder or a special file, not a regular file.`,
      raw,
    );
  if (resolved.kind === 'dir' || resolved.kind === 'other') throw notFile();
  if (resolved.kind === 'missing') return { resolved, state: { exists: false }, hash: null };
  let read: ReturnType<typeof readExactSync>;
  try {
    read = readExactSync(resolved.abs, Number.POSITIVE_INFINITY, arena);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new HostFailure(
      ErrorCode.WriteFailed,
      `${resolved.rel} cannot be read (${code}), so it cannot be checked against the preview; nothing was written.`,
      raw,
    );
  }
  if (read.kind === 'missing') return { resolved, state: { exists: false }, hash: null };
  if (read.kind !== 'file') throw notFile();
  return {
    resolved,
    state: { exists: true, data: read.file.data, mode: read.file.mode, hash: read.file.hash },
    hash: read.file.hash,
  };
}

/** Folders missing above each target, shallow first, without duplicates. */
export async function missingDirs(realRoot: string, targets: string[]): Promise<string[]> {
  const missing = new Map<string, string>();
  const known = new Set<string>();
  for (const target of targets) {
    const chain: string[] = [];
    let dir = path.dirname(target);
    while (dir !== realRoot && !known.has(dir) && !missing.has(comparable(dir))) {
      try {
        await lstat(dir);
        known.add(dir);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        chain.push(dir);
        dir = path.dirname(dir);
      }
    }
    for (const d of chain.reverse()) missing.set(comparable(d), d);
  }
  return [...missing.values()].sort((a, b) => a.length - b.length);
}
