/**
 * Small durable-write primitives: a temp file beside its target (same folder, so the rename is atomic),
 * fsync of files and folders. Folder fsync is how a rename survives a power cut on POSIX; Windows cannot
 * open a folder for syncing, and its renames are journaled by NTFS, so it is skipped there.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fchmodSync, fsync, openSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, stat, statfs, unlink } from 'node:fs/promises';
import { release } from 'node:os';
import path from 'node:path';

const MAX_NAME_BYTES = 255;

/**
 * Six random bytes as hex, taken from a pool filled 6 KiB at a time: one `randomBytes` call per temp file
 * cost more than the write itself for ten thousand files.
 */
let randomPool = Buffer.alloc(0);
let randomAt = 0;
function random6Hex(): string {
  if (randomAt + 6 > randomPool.length) {
    randomPool = randomBytes(6 * 1024);
    randomAt = 0;
  }
  randomAt += 6;
  return randomPool.toString('hex', randomAt - 6, randomAt);
}

/** `.<name>.replyapply-<rand>.tmp`, with `<name>` shortened so the whole stays a legal file name. */
export function tempNameFor(name: string): string {
  const suffix = `.replyapply-${random6Hex()}.tmp`;
  let stem = name;
  while (Buffer.byteLength(`.${stem}${suffix}`) > MAX_NAME_BYTES)
    stem = Array.from(stem).slice(0, -1).join('');
  return `.${stem}${suffix}`;
}

/**
 * Write `data` to a new temp file beside `target` and fsync it. `mode` is set exactly when given (an
 * existing file's mode is kept); otherwise the file gets 0o666 minus the umask, like any new file.
 * Returns the temp path; the temp file is removed again if anything fails.
 */
export async function writeTempBeside(
  target: string,
  data: Uint8Array,
  mode: number | undefined,
  beforeSync?: () => void | Promise<void>,
): Promise<string> {
  const tmp = path.join(path.dirname(target), tempNameFor(path.basename(target)));
  // Open, write and chmod synchronously (microseconds each); only the fsync, which waits on the disk, goes
  // to the thread pool, so several files' fsyncs are in flight at once.
  const fd = openSync(tmp, 'wx', mode ?? 0o666);
  try {
    let done = 0;
    while (done < data.length) done += writeSync(fd, data, done, data.length - done);
    if (mode !== undefined && process.platform !== 'win32') fchmodSync(fd, mode);
    if (beforeSync) await beforeSync();
    await new Promise<void>((resolve, reject) => fsync(fd, (err) => (err ? reject(err) : resolve())));
  } catch (err) {
    try {
      closeSync(fd);
    } catch {}
    try {
      unlinkSync(tmp);
    } catch {}
    throw err;
  }
  closeSync(fd);
  return tmp;
}

/** Fsync an open temp file (in the thread pool) and close it. */
export async function syncAndClose(fd: number): Promise<void> {
  await new Promise<void>((resolve, reject) => fsync(fd, (err) => (err ? reject(err) : resolve())));
  closeSync(fd);
}

export async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Replace `target` durably with `data` (used for the journal's own files, and for rollback). */
export async function replaceFile(target: string, data: Uint8Array, mode?: number): Promise<void> {
  const tmp = await writeTempBeside(target, data, mode);
  try {
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}

/** `sync`, by absolute path (never looked up on PATH, which the project could influence). */
const SYNC_BINARY = ['/usr/bin/sync', '/bin/sync'].find((p) => process.platform === 'linux' && existsSync(p));

/** Linux reports write errors from `syncfs(2)` only since 5.8; before, a lost write looked like success. */
export function kernelReportsSyncfsErrors(release: string): boolean {
  const m = /^(\d+)\.(\d+)/.exec(release);
  if (!m) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 5 || (major === 5 && minor >= 8);
}

/**
 * Whether this is a `sync` whose exit status tells a failed `syncfs` apart: GNU coreutils from 8.24 (when
 * -f came). Others are not trusted: uutils' sync ignores syncfs's result, BusyBox has no --version.
 */
export function trustedSyncVersion(versionText: string): boolean {
  const m = /^sync \(GNU coreutils\) (\d+)\.(\d+)/.exec(versionText);
  if (!m) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 8 || (major === 8 && minor >= 24);
}

/**
 * File systems (statfs magic numbers) whose syncfs writes everything to the storage. Not FUSE (sshfs,
 * ntfs-3g) or 9p (WSL's /mnt/c) or network file systems: their syncfs may not reach the server, while
 * fsync does.
 */
const SYNCFS_FILE_SYSTEMS = new Map<number, string>([
  [0xef53, 'ext2/3/4'],
  [0x58465342, 'xfs'],
  [0x9123683e, 'btrfs'],
  [0xf2f52010, 'f2fs'],
  [0x01021994, 'tmpfs'],
]);

/** Whether bulk syncing is worth considering here at all (Linux with `sync`, a kernel that reports errors). */
function canSyncFileSystems(): boolean {
  return SYNC_BINARY !== undefined && kernelReportsSyncfsErrors(release());
}

let trusted: Promise<boolean> | undefined;
function syncIsTrusted(): Promise<boolean> {
  trusted ??= new Promise((resolve) => {
    execFile(
      SYNC_BINARY!,
      ['--version'],
      { env: { ...process.env, LC_ALL: 'C' }, timeout: 10_000 },
      (err, out) => resolve(!err && trustedSyncVersion(String(out))),
    );
  });
  return trusted;
}

/** Fsync a closed file by path (read-only is enough on Linux, and works for a file kept at 0444). */
export async function fsyncPath(file: string): Promise<void> {
  const fh = await open(file, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** How `sync -f` ended: done, could not be used at all (not started), or failed (the data may be lost). */
export function syncOutcome(
  err: (Error & { code?: unknown; killed?: boolean }) | null,
): 'done' | 'unusable' | 'failed' {
  if (!err) return 'done';
  // A string code is the spawn's own error (ENOENT, EACCES): nothing was synced, nor lost.
  if (typeof err.code === 'string' && !err.killed) return 'unusable';
  return 'failed';
}

/**
 * Whether one `syncfs` may stand in for an fsync per file for files in `paths` (folders that exist):
 * Linux ≥ 5.8 with a trusted `sync` (see canSyncFileSystems, trustedSyncVersion), and every path on a
 * file system whose syncfs reaches the storage (SYNCFS_FILE_SYSTEMS).
 */
export async function fileSystemsSyncable(paths: Iterable<string>): Promise<boolean> {
  if (!canSyncFileSystems() || !(await syncIsTrusted())) return false;
  const seen = new Set<number>();
  try {
    for (const p of paths) {
      const { dev } = await stat(p);
      if (seen.has(dev)) continue;
      if (!SYNCFS_FILE_SYSTEMS.has((await statfs(p)).type)) return false;
      seen.add(dev);
    }
  } catch {
    return false;
  }
  return true;
}

/**
 * Flush every file system that holds one of `paths` with one `syncfs(2)` each (`sync -f`), so
 * everything written there so far — file data and folder entries — is on disk. For thousands of files
 * this replaces thousands of fsyncs, each of which commits the file system's journal and makes the next
 * file creation wait (10,000 files: about 0.6 s instead of 1.5–2.3 s on ext4). Node has no binding for
 * syncfs, hence the process. Only for paths `fileSystemsSyncable` accepted. Returns false when it could
 * not run at all (or a path is gone): the caller then fsyncs file by file. Throws when `sync` ran and
 * failed: the data may not be on disk, and the apply must not go on.
 *
 * syncfs also flushes what other programs wrote to the same file system: an apply of many files waits
 * for an unrelated large copy in progress to reach the disk.
 */
export async function syncFileSystems(paths: Iterable<string>): Promise<boolean> {
  if (!canSyncFileSystems()) return false;
  const byDevice = new Map<number, string>();
  try {
    for (const p of paths) {
      const { dev } = await stat(p);
      if (!byDevice.has(dev)) byDevice.set(dev, p);
    }
  } catch {
    return false;
  }
  if (byDevice.size === 0) return true;
  return new Promise((resolve, reject) => {
    execFile(
      SYNC_BINARY!,
      ['-f', '--', ...byDevice.values()],
      { env: { ...process.env, LC_ALL: 'C' }, timeout: 300_000 },
      (err, _stdout, stderr) => {
        const outcome = syncOutcome(err);
        if (outcome !== 'failed') return resolve(outcome === 'done');
        const why = String(stderr).trim() || (err?.killed ? 'timed out' : `exit ${err?.code}`);
        reject(new Error(`syncing the file system failed (${why})`));
      },
    );
  });
}
