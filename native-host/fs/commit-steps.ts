/**
 * The all-or-nothing write shared by apply and undo. Given the wanted state of each path and its current
 * state, it
 *   1. creates missing folders, shallow first, one level at a time,
 *   2. writes every new content to a temp file beside its target and makes it durable: an fsync per
 *      file (a few at a time), or for many files one sync of each file system involved,
 *   3. re-checks that every target folder is still the real folder that was checked (one moved, or
 *      swapped for a link meanwhile is refused),
 *   4. renames the temp files over their targets, then removes the files to remove,
 *   5. makes the renames durable (each touched folder fsynced, or one more file-system sync), and calls
 *      `commit` (the journal's "done" mark).
 * Every one of those changes is made in a folder checked at that very moment (in-folder.ts): a folder
 * swapped for a link after the path checks never makes anything be created, written, renamed or removed
 * outside the project. The temp files' names and their folders' identities are decided before (see
 * `prepareCommit`) so that the journal records them before the first one exists.
 * Any failure up to and including `commit` restores every path already changed from the bytes it had,
 * removes temp files and created folders (found by their identity if their folder was moved; any that
 * cannot be found is named in the error), and rethrows. Writes come before removals, so a crash in the
 * middle never loses the only copy of a renamed file.
 */
import { closeSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '../../shared/protocol/protocol';
import {
  fileSystemsSyncable,
  fsyncDir,
  fsyncPath,
  syncAndClose,
  syncFileSystems,
  tempNameFor,
} from './durable';
import { HostFailure } from './failure';
import type { Content } from './file-bytes';
import {
  type Created,
  checkFolder,
  createFileIn,
  createFilesIn,
  type Folder,
  findFolder,
  folderAt,
  type Made,
  mkdirIn,
  relOf,
  removeTemp,
  renameIn,
  replaceIn,
  rmdirIn,
  unlinkIn,
} from './in-folder';
import type { FolderIds, TempRecord } from './journal';
import { CONCURRENCY, mapLimited } from './limited';
import { comparable } from './within';

/** Test hook: called with each step's name before the step runs; a throw there fails that step. */
export type Faults = (step: string) => void | Promise<void>;

/**
 * `hash` is the sha256 of `data` when the reader already computed it (saves hashing it again); `span` is
 * where `data` is in the journal's blob when it was saved there as it was read (current.ts; `data` is then
 * read back from it only if asked for, by a rollback).
 */
export type Present = { exists: true; data: Buffer; mode: number; hash?: string; span?: [number, number] };
export type Absent = { exists: false };

export interface Step {
  /** Project-relative path, for messages and step names. */
  rel: string;
  /** Real absolute path (see safe-path.ts). */
  abs: string;
  current: Present | Absent;
  /**
   * The wanted state (a text is written as UTF-8, file-bytes.ts `Content`); `mode` undefined keeps the
   * current file's mode (or the default for a new file).
   */
  want: { exists: true; data: Content; mode?: number } | Absent;
  /** The name of its temp file, beside it (set by `prepareCommit` for a step that writes). */
  tmp?: string;
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
  /** The folders that exist, as `prepareCommit` found them. */
  folders: Map<string, Folder>;
  commit: () => Promise<void>;
}

/** What `prepareCommit` decided, for commitSteps and for the journal. */
export interface Prepared {
  folders: Map<string, Folder>;
  temps: TempRecord[];
  folderIds: FolderIds;
}

/**
 * Before the journal is written: a temp file name for every step that writes (`step.tmp`), and the
 * identity (device, inode) of every existing folder the commit will work in — the steps' folders and the
 * parents of the folders to create. Throws HostFailure UnsafePath when one of them is not a real folder
 * below the root any more.
 */
export function prepareCommit(realRoot: string, steps: Step[], createDirs: string[]): Prepared {
  const created = new Set(createDirs.map(comparable));
  const folders = new Map<string, Folder>();
  const folderIds: FolderIds = {};
  const dirs = [...steps.map((s) => path.dirname(s.abs)), ...createDirs.map((d) => path.dirname(d))];
  for (const dir of dirs) {
    const key = comparable(dir);
    if (created.has(key) || folders.has(key)) continue;
    const f = folderAt(realRoot, dir);
    folders.set(key, f);
    folderIds[relKey(realRoot, dir)] = { dev: String(f.dev), ino: String(f.ino) };
  }
  const temps: TempRecord[] = [];
  for (const s of steps) {
    if (!s.want.exists) continue;
    s.tmp = tempNameFor(path.basename(s.abs));
    temps.push({ dir: relKey(realRoot, path.dirname(s.abs)), name: s.tmp });
  }
  return { folders, temps, folderIds };
}

/** A folder's key in the journal: project-relative, `/`-separated, '' for the root. */
export function relKey(realRoot: string, abs: string): string {
  return path.relative(realRoot, abs).split(path.sep).join('/');
}

/** How written data is made durable (apply and undo pass it through). */
export interface Durability {
  /** From how many written files one file-system sync replaces the per-file fsyncs; `BULK_SYNC_FROM` by default. */
  bulkSyncFrom?: number;
  /** Test hook standing in for `syncFileSystems` (to make it fail). */
  syncFs?: (paths: Iterable<string>) => Promise<boolean>;
  /** From how many written files a second thread creates some of them (in-folder.ts `LANES_FROM` by default). */
  lanesFrom?: number;
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
  const root = options.realRoot;
  const rel = (abs: string) => relOf(root, abs);
  const folders = new Map(options.folders);
  const folderOf = (dir: string): Folder => {
    const f = folders.get(comparable(dir));
    if (!f) throw new Error(`unprepared folder ${dir}`);
    return f;
  };
  const created: Folder[] = [];
  const temps = new Map<Step, Made>();
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
      const step = at;
      const f = await mkdirIn(root, folderOf(path.dirname(dir)), path.basename(dir), () =>
        fault(`create:${step}`),
      );
      folders.set(comparable(dir), f);
      created.push(f);
    }
    at = undefined;

    // Decided once the folders exist (their file systems are what is checked).
    bulk = writes.length >= (options.bulkSyncFrom ?? BULK_SYNC_FROM) && (await fileSystemsSyncable(dirs));
    if (bulk) await writeAllThenSync(writes, temps, root, folderOf, fault, syncFs, blame, options.lanesFrom);
    // Otherwise temp files are created and written a batch at a time, then that batch is fsynced a few
    // files at once. Creating files while other files' fsyncs commit the file system's journal made each
    // creation wait for a commit (2000 files: 435 ms in `open` alone); this way the two do not overlap.
    else
      for (let first = 0; first < writes.length; first += WRITE_BATCH) {
        const batch = writes.slice(first, first + WRITE_BATCH);
        const open = new Map<Step, number>();
        try {
          for (const s of batch) open.set(s, (await writeTemp(s, temps, root, folderOf, fault, blame)).fd);
          await mapLimited(batch, CONCURRENCY, async (s) => {
            const fd = open.get(s)!;
            try {
              await fault(`fsync:${s.rel}`);
              await syncAndClose(fd);
              open.delete(s);
            } catch (err) {
              // A temp file that failed is removed at once.
              discardFd(fd);
              open.delete(s);
              if (removeTemp(root, temps.get(s)!) === null) temps.delete(s);
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
    for (const dir of dirs) checkFolder(root, folderOf(dir));

    // All renames finish before the first removal starts. One after another with synchronous calls: a
    // rename takes microseconds, a trip through the thread pool several times that (10,000 renames:
    // 0.8 s through promises, under 0.1 s like this).
    for (const s of writes) {
      try {
        await fault(`rename:${s.rel}`);
        renameIn(root, folderOf(path.dirname(s.abs)), s.tmp!, path.basename(s.abs));
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
        unlinkIn(root, folderOf(path.dirname(s.abs)), path.basename(s.abs));
      } catch (err) {
        blame(s.rel);
        throw err;
      }
      done.push(s);
    }

    const touched = new Set([...dirs, ...created.map((d) => path.dirname(d.abs))]);
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
    const { problems, leftovers } = await rollback(root, done, temps, created, folderOf);
    throw asFailure(err, problems, leftovers, at);
  }
}

/** The new content of `s` in its temp file beside it (recorded in `temps`), still open. */
async function writeTemp(
  s: Step,
  temps: Map<Step, Made>,
  root: string,
  folderOf: (dir: string) => Folder,
  fault: Faults,
  blame: (rel: string) => void,
): Promise<Created> {
  const want = s.want as { exists: true; data: Content; mode?: number };
  try {
    await fault(`write:${s.rel}`);
    const mode = want.mode ?? (s.current.exists ? s.current.mode : undefined);
    const t = await createFileIn(root, folderOf(path.dirname(s.abs)), s.tmp!, want.data, mode, () =>
      fault(`create:${s.rel}`),
    );
    temps.set(s, t);
    return t;
  } catch (err) {
    blame(s.rel);
    throw err;
  }
}

/**
 * Many files: create and write every temp file (closed at once: ten thousand open files would hit the
 * descriptor limit; on two threads from `LANES_FROM` files, in-folder.ts `createFilesIn`), then one sync per
 * file system makes them all durable. If that sync cannot run, each temp file is fsynced by path instead.
 * `blame` records the file a failure happened at.
 */
async function writeAllThenSync(
  writes: Step[],
  temps: Map<Step, Made>,
  root: string,
  folderOf: (dir: string) => Folder,
  fault: Faults,
  syncFs: (paths: Iterable<string>) => Promise<boolean>,
  blame: (rel: string) => void,
  lanesFrom?: number,
): Promise<void> {
  await createFilesIn(
    root,
    writes.map((s) => {
      const want = s.want as { exists: true; data: Content; mode?: number };
      return {
        folder: folderOf(path.dirname(s.abs)),
        name: s.tmp!,
        data: want.data,
        mode: want.mode ?? (s.current.exists ? s.current.mode : undefined),
      };
    }),
    {
      before: (i) => fault(`write:${writes[i]!.rel}`),
      race: (i) => fault(`create:${writes[i]!.rel}`),
      made: (i, m) => temps.set(writes[i]!, m),
      failed: (i) => blame(writes[i]!.rel),
    },
    lanesFrom,
  );
  await fault('sync:data');
  if (await syncFs(new Set(writes.map((s) => path.dirname(s.abs))))) return;
  await mapLimited(writes, CONCURRENCY, async (s) => {
    try {
      await fault(`fsync:${s.rel}`);
      const t = temps.get(s)!;
      await fsyncPath(path.join(t.folder.abs, t.name));
    } catch (err) {
      blame(s.rel);
      throw err;
    }
  });
}

/**
 * Put every changed path back as it was. Returns what could not be restored (`problems`: empty when all
 * was) and the temp files and folders that could not be removed (`leftovers`), each in words.
 */
async function rollback(
  root: string,
  done: Step[],
  temps: Map<Step, Made>,
  created: Folder[],
  folderOf: (dir: string) => Folder,
): Promise<{ problems: string[]; leftovers: string[] }> {
  const problems: string[] = [];
  const leftovers: string[] = [];
  const found = new Map<Folder, Folder | null>();
  for (const t of temps.values()) {
    const left = removeTemp(root, t, found);
    if (left !== null) leftovers.push(left);
  }
  for (const s of [...done].reverse()) {
    try {
      const folder = folderOf(path.dirname(s.abs));
      if (s.current.exists)
        await replaceIn(root, folder, path.basename(s.abs), s.current.data, s.current.mode);
      else unlinkIn(root, folder, path.basename(s.abs));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      problems.push(`${s.rel} (${typeof code === 'string' ? code : 'its folder was moved or replaced'})`);
    }
  }
  for (const dir of [...created].reverse()) {
    const now = findFolder(root, dir);
    try {
      if (now === null) throw new Error('moved out of the project');
      rmdirIn(root, folderAt(root, path.dirname(now.abs)), path.basename(now.abs));
    } catch (e) {
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      leftovers.push(`the folder ${relOf(root, dir.abs)} (${why})`);
    }
  }
  const dirs = new Set([...done.map((s) => path.dirname(s.abs)), ...created.map((d) => path.dirname(d.abs))]);
  for (const dir of dirs) await fsyncDir(dir).catch(() => {});
  return { problems, leftovers };
}

function asFailure(
  err: unknown,
  problems: string[],
  leftovers: string[],
  at: string | undefined,
): CommitFailure {
  const restored = problems.length === 0;
  const left = leftovers.length
    ? ` What could not be removed: ${leftovers.join('; ')}. Remove it by hand.`
    : '';
  const tail = problems.length
    ? ` Rolling back also failed for: ${problems.join(', ')}; the original bytes are kept in the journal.${left}`
    : ` Every file was put back as it was.${left}`;
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
