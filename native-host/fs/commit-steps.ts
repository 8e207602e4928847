/**
 * The all-or-nothing write shared by apply and undo. Given the wanted state of each path and its current
 * state, it
 *   1. creates missing folders (shallow first),
 *   2. writes every new content to a temp file beside its target and makes it durable: an fsync per
 *      file (a few at a time), or for many files one sync of each file system involved,
 *   3. re-checks that every target folder is still the real folder that was checked (a folder swapped for
 *      a symbolic link meanwhile is refused),
 *   4. renames the temp files over their targets, then removes the files to remove,
 *   5. makes the renames durable (each touched folder fsynced, or one more file-system sync), and calls
 *      `commit` (the journal's "done" mark).
 * Any failure up to and including `commit` restores every path already changed from the bytes it had,
 * removes temp files and created folders, and rethrows. Writes come before removals, so a crash in the
 * middle never loses the only copy of a renamed file.
 */
import { closeSync, renameSync, unlinkSync } from 'node:fs';
import { mkdir, realpath, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from '../host/errors';
import {
  createTempBeside,
  discardTemp,
  fileSystemsSyncable,
  fsyncDir,
  fsyncPath,
  replaceFile,
  syncAndClose,
  syncFileSystems,
} from './durable';
import { CONCURRENCY, mapLimited } from './limited';
import { comparable } from './within';

/** Test hook: called with each step's name before the step runs; a throw there fails that step. */
export type Faults = (step: string) => void | Promise<void>;

/** `hash` is the sha256 of `data` when the reader already computed it (saves hashing it again). */
export type Present = { exists: true; data: Buffer; mode: number; hash?: string };
export type Absent = { exists: false };

export interface Step {
  /** Project-relative path, for messages and step names. */
  rel: string;
  /** Real absolute path (see safe-path.ts). */
  abs: string;
  current: Present | Absent;
  /** The wanted state; `mode` undefined keeps the current file's mode (or the default for a new file). */
  want: { exists: true; data: Buffer; mode?: number } | Absent;
}

/**
 * Test hook: thrown from `faults`, it stops the transaction where it is without any rollback, as if the
 * process had died there (recover.ts is tested with it).
 */
export class SimulatedCrash extends Error {}

/** A failed commit; `restored` says whether the rollback put every path back. */
export class CommitFailure extends HostFailure {
  constructor(
    code: number,
    message: string,
    path: string | undefined,
    readonly restored: boolean,
  ) {
    super(code, message, path);
  }
}

export interface CommitOptions extends Durability {
  realRoot: string;
  faults?: Faults;
  /** Absolute folders to create before writing, shallow first. */
  createDirs: string[];
  commit: () => Promise<void>;
}

/** How written data is made durable (apply and undo pass it through). */
export interface Durability {
  /** From how many written files one file-system sync replaces the per-file fsyncs; `BULK_SYNC_FROM` by default. */
  bulkSyncFrom?: number;
  /** Test hook standing in for `syncFileSystems` (to make it fail). */
  syncFs?: (paths: Iterable<string>) => Promise<boolean>;
}

/**
 * Below this many files, per-file fsyncs cost less than starting `sync` (a process: a few milliseconds);
 * above it, each fsync's journal commit slowing the next file's creation dominates. (A file-system sync
 * also waits for whatever else was written there and not yet flushed; per-file fsyncs wait for less.)
 */
export const BULK_SYNC_FROM = 64;

/** How many temp files are written before they are fsynced (and held open at once). */
const WRITE_BATCH = 256;

function discardFd(fd: number): void {
  try {
    closeSync(fd);
  } catch {}
}

export async function commitSteps(steps: Step[], options: CommitOptions): Promise<void> {
  const fault = options.faults ?? (() => {});
  const rel = (abs: string) => path.relative(options.realRoot, abs).split(path.sep).join('/') || '.';
  const created: string[] = [];
  const temps = new Map<Step, string>();
  const done: Step[] = [];
  const writes = steps.filter((s) => s.want.exists);
  const removals = steps.filter((s) => !s.want.exists && s.current.exists);
  let bulk = false;
  const syncFs = options.syncFs ?? syncFileSystems;
  const dirs = new Set(steps.map((s) => path.dirname(s.abs)));
  let at: string | undefined;
  const blame = (r: string) => {
    at ??= r;
  };
  try {
    for (const dir of options.createDirs) {
      at = rel(dir);
      await fault(`mkdir:${at}`);
      await mkdir(dir);
      created.push(dir);
    }
    at = undefined;

    // Decided once the folders exist (their file systems are what is checked).
    bulk = writes.length >= (options.bulkSyncFrom ?? BULK_SYNC_FROM) && (await fileSystemsSyncable(dirs));
    if (bulk) await writeAllThenSync(writes, temps, fault, syncFs, blame);
    // Otherwise temp files are created and written a batch at a time, then that batch is fsynced a few
    // files at once. Creating files while other files' fsyncs commit the file system's journal made each
    // creation wait for a commit (2000 files: 435 ms in `open` alone); this way the two do not overlap.
    else
      for (let first = 0; first < writes.length; first += WRITE_BATCH) {
        const batch = writes.slice(first, first + WRITE_BATCH);
        const open = new Map<Step, number>();
        try {
          for (const s of batch) open.set(s, await writeTemp(s, temps, fault, blame));
          await mapLimited(batch, CONCURRENCY, async (s) => {
            try {
              await fault(`fsync:${s.rel}`);
              await syncAndClose(open.get(s)!);
              open.delete(s);
            } catch (err) {
              // As writeTempBeside did: a temp file that failed is removed at once.
              discardTemp(temps.get(s)!, open.get(s));
              open.delete(s);
              temps.delete(s);
              blame(s.rel);
              throw err;
            }
          });
        } finally {
          for (const fd of open.values()) discardFd(fd);
        }
      }

    at = undefined;
    await fault('verify');
    for (const dir of dirs) {
      if (comparable(await realpath(dir)) !== comparable(dir)) {
        throw new HostFailure(
          ErrorCode.UnsafePath,
          `The folder ${rel(dir)} changed into a link while the apply was running; nothing was changed.`,
          rel(dir),
        );
      }
    }

    // All renames finish before the first removal starts. One after another with synchronous calls: a
    // rename takes microseconds, a trip through the thread pool several times that (10,000 renames:
    // 0.8 s through promises, under 0.1 s like this).
    for (const s of writes) {
      try {
        await fault(`rename:${s.rel}`);
        renameSync(temps.get(s)!, s.abs);
      } catch (err) {
        blame(s.rel);
        throw err;
      }
      temps.delete(s);
      done.push(s);
    }
    for (const s of removals) {
      try {
        await fault(`delete:${s.rel}`);
        unlinkSync(s.abs);
      } catch (err) {
        blame(s.rel);
        throw err;
      }
      done.push(s);
    }

    const touched = new Set([...dirs, ...created.map((d) => path.dirname(d))]);
    let synced = false;
    if (bulk) {
      await fault('sync:folders');
      synced = await syncFs(touched);
    }
    if (!synced) {
      for (const dir of touched) {
        at = rel(dir);
        await fault(`fsync-dir:${rel(dir)}`);
        await fsyncDir(dir);
      }
    }
    at = undefined;
    await fault('commit');
    await options.commit();
  } catch (err) {
    if (err instanceof SimulatedCrash) throw err;
    const problems = await rollback(done, temps, created);
    throw asFailure(err, problems, at);
  }
}

/** The new content of `s` in a temp file beside it (recorded in `temps`), still open: its descriptor. */
async function writeTemp(
  s: Step,
  temps: Map<Step, string>,
  fault: Faults,
  blame: (rel: string) => void,
): Promise<number> {
  const want = s.want as { exists: true; data: Buffer; mode?: number };
  try {
    await fault(`write:${s.rel}`);
    const mode = want.mode ?? (s.current.exists ? s.current.mode : undefined);
    const { tmp, fd } = createTempBeside(s.abs, want.data, mode);
    temps.set(s, tmp);
    return fd;
  } catch (err) {
    blame(s.rel);
    throw err;
  }
}

/**
 * Many files: create and write every temp file (closing each at once: ten thousand open files would hit
 * the descriptor limit), then one sync per file system makes them all durable. If that sync cannot run,
 * each temp file is fsynced by path instead. `blame` records the file a failure happened at.
 */
async function writeAllThenSync(
  writes: Step[],
  temps: Map<Step, string>,
  fault: Faults,
  syncFs: (paths: Iterable<string>) => Promise<boolean>,
  blame: (rel: string) => void,
): Promise<void> {
  for (const s of writes) {
    const fd = await writeTemp(s, temps, fault, blame);
    try {
      closeSync(fd);
    } catch (err) {
      blame(s.rel);
      throw err;
    }
  }
  await fault('sync:data');
  if (await syncFs(new Set(writes.map((s) => path.dirname(s.abs))))) return;
  await mapLimited(writes, CONCURRENCY, async (s) => {
    try {
      await fault(`fsync:${s.rel}`);
      await fsyncPath(temps.get(s)!);
    } catch (err) {
      blame(s.rel);
      throw err;
    }
  });
}

/** Put every changed path back as it was; returns what could not be restored (empty when all was). */
async function rollback(done: Step[], temps: Map<Step, string>, created: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const tmp of temps.values()) {
    await unlink(tmp).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') problems.push(`${tmp} (temp file: ${e.code})`);
    });
  }
  for (const s of [...done].reverse()) {
    try {
      if (s.current.exists) await replaceFile(s.abs, s.current.data, s.current.mode);
      else await unlink(s.abs);
    } catch (e) {
      problems.push(`${s.rel} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  }
  for (const dir of [...created].reverse()) {
    await rmdir(dir).catch((e: NodeJS.ErrnoException) => problems.push(`${dir} (folder: ${e.code})`));
  }
  const dirs = new Set([...done.map((s) => path.dirname(s.abs)), ...created.map((d) => path.dirname(d))]);
  for (const dir of dirs) await fsyncDir(dir).catch(() => {});
  return problems;
}

function asFailure(err: unknown, problems: string[], at: string | undefined): CommitFailure {
  const restored = problems.length === 0;
  const tail = problems.length
    ? ` Rolling back also failed for: ${problems.join(', ')}; the original bytes are kept in the journal.`
    : ' Every file was put back as it was.';
  if (err instanceof HostFailure)
    return new CommitFailure(err.code, `${err.message}${tail}`, err.path, restored);
  const e = err as NodeJS.ErrnoException;
  const where = at ? ` at ${at}` : '';
  return new CommitFailure(
    ErrorCode.WriteFailed,
    `Writing the files failed${where}: ${e.message ?? String(err)}.${tail}`,
    at,
    restored,
  );
}
