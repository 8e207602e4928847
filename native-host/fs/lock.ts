/**
 * One apply or undo at a time per project: a lock file in the state folder, named by the root's key.
 * A second caller is refused at once with Locked rather than queued, so the user sees why nothing
 * happened instead of a side panel that hangs. A lock whose process is gone is stale and is taken over.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from './failure';

interface LockInfo {
  pid: number;
  host: string;
  token: string;
  time: string;
}

/** A lock file that cannot be parsed is a writer caught mid-write unless it is older than this. */
const UNPARSABLE_GRACE_MS = 10_000;

export interface HeldLock {
  release(): Promise<void>;
}

export function lockPath(state: string, rootKey: string): string {
  return path.join(state, 'locks', `${rootKey}.lock`);
}

/** True when a process with this id exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readInfo(file: string): Promise<LockInfo | null | 'missing'> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockInfo>;
    return typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? (parsed as LockInfo) : null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : null;
  }
}

async function isStale(file: string, info: LockInfo | null): Promise<boolean> {
  if (info === null) {
    try {
      return Date.now() - (await stat(file)).mtimeMs > UNPARSABLE_GRACE_MS;
    } catch {
      return true;
    }
  }
  // A lock from another machine (a shared state folder) cannot be checked; only its owner removes it.
  if (info.host !== os.hostname()) return false;
  return !pidAlive(info.pid);
}

/** Take the lock of one root or throw HostFailure Locked (naming the root). */
export async function acquireLock(state: string, rootKey: string, realRoot: string): Promise<HeldLock> {
  const file = lockPath(state, rootKey);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const info: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    token: randomBytes(12).toString('hex'),
    time: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fh = await open(file, 'wx', 0o600);
      try {
        await fh.writeFile(JSON.stringify(info));
      } finally {
        await fh.close();
      }
      return { release: () => releaseLock(file, info.token) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = await readInfo(file);
    if (held === 'missing') continue;
    if (!(await isStale(file, held))) {
      const who = held ? ` by process ${held.pid}` : '';
      throw new HostFailure(
        ErrorCode.Locked,
        `Another apply or undo is running on ${realRoot}${who}; try again when it has finished.`,
        realRoot,
      );
    }
    await breakStale(file, held);
  }
  throw new HostFailure(ErrorCode.Locked, `Could not take the lock of ${realRoot}; try again.`, realRoot);
}

/**
 * Remove a stale lock without removing a fresh one that another process put there meanwhile: move it aside
 * atomically, check it is the stale one, and put it back (without overwriting) if it is not.
 */
async function breakStale(file: string, seen: LockInfo | null): Promise<void> {
  const aside = `${file}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch {
    return;
  }
  const moved = await readInfo(aside);
  const same =
    seen === null ? moved === null : moved !== null && moved !== 'missing' && moved.token === seen.token;
  if (!same) await link(aside, file).catch(() => {});
  await unlink(aside).catch(() => {});
}

async function releaseLock(file: string, token: string): Promise<void> {
  const held = await readInfo(file);
  if (held && held !== 'missing' && held.token === token) await unlink(file).catch(() => {});
}
