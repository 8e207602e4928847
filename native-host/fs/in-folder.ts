/**
 * Every change to the project — creating a file or a folder, renaming, removing — made inside a folder
 * that is checked at the moment of the call.
 *
 * Paths are checked (safe-path.ts) before anything is written, and a local process can swap a folder for a
 * link to somewhere else after that check. So each call here names a `Folder`: a real folder below the
 * root, known by its path and by its device and inode, and runs only once that folder is found again, right
 * then, at that path, with that identity and no link on the way.
 * - Linux: the folder is opened (O_DIRECTORY|O_NOFOLLOW), its identity and current place are checked on
 *   the descriptor, and the call goes through `/proc/self/fd/N/<name>`, which looks the name up in that very
 *   folder (as openat(2) does): a swap after the check cannot redirect it anywhere.
 * - Elsewhere (and on Linux without /proc): the folder's real path and identity are checked just before the
 *   call; a file or folder it creates is checked again just after (its identity at its path below the
 *   folder, found again), and one that a swap in between put somewhere else is found by its identity and
 *   removed at once.
 * New files are created with O_CREAT|O_EXCL|O_NOFOLLOW: never through a link, never over another file.
 */
import {
  type BigIntStats,
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  fsync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { quotePath } from '../../shared/paths/paths';
import { ErrorCode } from '../../shared/protocol/protocol';
import { CreateLane, type LaneFile, type LaneResult } from './create-lane';
import { tempNameFor } from './durable';
import { HostFailure } from './failure';
import { bytesOf, type Content, type Scratch } from './file-bytes';
import { comparable, isWithinDir } from './within';

/** A real folder below the project root: where it is, and what it is (device and inode). */
export interface Folder {
  abs: string;
  dev: bigint;
  ino: bigint;
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const WIN = process.platform === 'win32';

let viaProc = process.platform === 'linux' && existsSync('/proc/self/fd');

/**
 * Test hook: false makes Linux take the way of the other systems (check before, check after), so that
 * both are tested here. Returns the previous setting.
 */
export function useProcFd(on: boolean): boolean {
  const was = viaProc;
  viaProc = on && process.platform === 'linux' && existsSync('/proc/self/fd');
  return was;
}

/** A folder was moved, replaced or swapped for a link since it was checked: nothing was done in it. */
export class FolderChanged extends HostFailure {
  constructor(
    readonly folder: Folder,
    realRoot: string,
  ) {
    const rel = relOf(realRoot, folder.abs);
    super(
      ErrorCode.UnsafePath,
      `The folder ${quotePath(rel)} was moved or replaced (by a link, or another folder) while ReplyApply was writing in it.`,
      rel,
    );
  }
}

export function relOf(realRoot: string, abs: string): string {
  return path.relative(realRoot, abs).split(path.sep).join('/') || '.';
}

function same(a: { dev: bigint; ino: bigint }, b: { dev: bigint; ino: bigint }): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

function lstatBig(p: string): BigIntStats | null {
  try {
    return lstatSync(p, { bigint: true });
  } catch {
    return null;
  }
}

/** Whether `abs` is, right now, a real folder (no link on the way) with `folder`'s identity. */
function stillAt(folder: Folder, abs = folder.abs): boolean {
  let real: string;
  try {
    real = realpathSync.native(abs);
  } catch {
    return false;
  }
  if (comparable(real) !== comparable(abs)) return false;
  const st = lstatBig(abs);
  if (!st?.isDirectory()) return false;
  return same(st, folder);
}

/** Throws FolderChanged unless `folder` is, right now, where it was checked. */
export function checkFolder(realRoot: string, folder: Folder): void {
  if (!stillAt(folder)) throw new FolderChanged(folder, realRoot);
}

/**
 * The real folder at `abs`, which must lie below `realRoot` (or be it) with no link on the way. Throws
 * HostFailure UnsafePath otherwise.
 */
export function folderAt(realRoot: string, abs: string): Folder {
  let real: string | undefined;
  try {
    real = realpathSync.native(abs);
  } catch {}
  const st = lstatBig(abs);
  if (
    real === undefined ||
    comparable(real) !== comparable(abs) ||
    !isWithinDir(realRoot, abs) ||
    !st?.isDirectory()
  )
    throw new HostFailure(
      ErrorCode.UnsafePath,
      `The folder ${quotePath(relOf(realRoot, abs))} is not the real folder it was a moment ago (moved, removed, or replaced by a link).`,
      relOf(realRoot, abs),
    );
  return { abs, dev: st.dev, ino: st.ino };
}

/** Folders visited at most when looking for a moved folder by its identity. */
const SEARCH_LIMIT = 20_000;

/**
 * `folder` found again: at its path, or else anywhere below the root by its identity (a folder moved inside
 * the project, links not followed). Null when it is gone or no longer below the root.
 */
export function findFolder(realRoot: string, folder: Folder): Folder | null {
  if (stillAt(folder)) return folder;
  const queue = [realRoot];
  let visited = 0;
  while (queue.length > 0 && visited++ < SEARCH_LIMIT) {
    const dir = queue.shift()!;
    const st = lstatBig(dir);
    if (!st?.isDirectory()) continue;
    if (same(st, folder)) return { abs: dir, dev: folder.dev, ino: folder.ino };
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {}
    for (const name of names) queue.push(path.join(dir, name));
  }
  return null;
}

/** An entered folder: `base` is a path through which a name is looked up in that very folder. */
interface Entered {
  base: string;
  /** Whether the folder is still where it was checked (for a check after the call). */
  inPlace(): boolean;
  close(): void;
}

/**
 * Folders held open for the /proc way, by identity, most recently used last. Opening a folder for every
 * file cost a quarter of a ten-thousand-file apply; a held descriptor stays that folder, so only its place
 * is checked again at each call. One in use (`users`) is never closed; `closeIdleFolders` closes the rest
 * when an apply or undo ends.
 */
const held = new Map<string, { fd: number; users: number }>();
const MAX_HELD = 128;

function closeHeld(key: string): void {
  const h = held.get(key);
  if (h === undefined || h.users > 0) return;
  held.delete(key);
  try {
    closeSync(h.fd);
  } catch {}
}

/** Close every folder descriptor not in use (end of an apply or undo). */
export function closeIdleFolders(): void {
  for (const key of [...held.keys()]) closeHeld(key);
}

function hold(realRoot: string, folder: Folder, key: string): { fd: number; users: number; fresh: boolean } {
  const known = held.get(key);
  if (known !== undefined) {
    held.delete(key);
    held.set(key, known);
    return { ...known, fresh: false };
  }
  let fd: number;
  try {
    fd = openSync(folder.abs, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch {
    throw new FolderChanged(folder, realRoot);
  }
  if (!same(fstatSync(fd, { bigint: true }), folder)) {
    closeSync(fd);
    throw new FolderChanged(folder, realRoot);
  }
  held.set(key, { fd, users: 0 });
  for (const old of held.keys()) {
    if (held.size <= MAX_HELD) break;
    if (old !== key) closeHeld(old);
  }
  return { fd, users: 0, fresh: true };
}

function enter(realRoot: string, folder: Folder): Entered {
  if (!viaProc) {
    if (!stillAt(folder)) throw new FolderChanged(folder, realRoot);
    return { base: folder.abs, inPlace: () => stillAt(folder), close() {} };
  }
  const key = `${folder.dev}:${folder.ino}`;
  for (;;) {
    const { fd, fresh } = hold(realRoot, folder, key);
    const base = `/proc/self/fd/${fd}`;
    const inPlace = () => {
      try {
        return comparable(readlinkSync(base)) === comparable(folder.abs);
      } catch {
        return false;
      }
    };
    if (inPlace()) {
      const entry = held.get(key)!;
      entry.users++;
      return {
        base,
        inPlace,
        close: () => {
          entry.users--;
        },
      };
    }
    closeHeld(key);
    // A descriptor held from before may be of a folder since removed whose inode now names another: the
    // folder is opened once more before it is called changed.
    if (fresh) throw new FolderChanged(folder, realRoot);
  }
}

/**
 * Where a file we just created through `abs` really is, when the folder in front of it was swapped: the
 * descriptor tells (Linux), or the path's real place now. Null when it cannot be found.
 */
function whereIs(fd: number, abs: string, id: { dev: bigint; ino: bigint }): string | null {
  const candidates: string[] = [];
  if (process.platform === 'linux') {
    try {
      candidates.push(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {}
  }
  try {
    candidates.push(realpathSync.native(abs));
  } catch {}
  for (const c of candidates) {
    const st = lstatBig(c);
    if (st !== null && same(st, id)) return c;
  }
  return null;
}

/** A file created by `createFileIn`: its folder, its name, its identity, and its still open descriptor. */
export interface Created {
  folder: Folder;
  name: string;
  dev: bigint;
  ino: bigint;
  fd: number;
}

/** Where a text is encoded for writing (bytesOf): one buffer for every file written. */
const writeScratch: Scratch = { buf: Buffer.alloc(0) };

/**
 * Create the file `name` in `folder` (O_CREAT|O_EXCL|O_NOFOLLOW) holding `data` (a text as UTF-8), and
 * return it still open.
 * `mode` is set exactly when given; otherwise 0o666 minus the umask. `race`, a test hook, runs between the
 * last check of the folder and the call that creates the file. Throws FolderChanged when the folder is
 * not where it was checked, before or just after the creation; a file made in the wrong place by then is
 * removed again, or named in the message when it cannot be found.
 */
export async function createFileIn(
  realRoot: string,
  folder: Folder,
  name: string,
  data: Content,
  mode: number | undefined,
  race?: () => void | Promise<void>,
): Promise<Created> {
  const h = enter(realRoot, folder);
  try {
    if (race) await race();
    const fd = openSync(
      path.join(h.base, name),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW,
      mode ?? 0o666,
    );
    const st = fstatSync(fd, { bigint: true });
    const here = lstatBig(path.join(h.base, name));
    if (!h.inPlace() || here === null || !same(here, st)) {
      const err = misplaced(realRoot, folder, name, fd, h, st);
      closeSync(fd);
      throw err;
    }
    try {
      // Encoded here, after the last await: nothing else uses the scratch before the bytes are written.
      const bytes = bytesOf(data, writeScratch);
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
      // Created with `mode` already unless the umask took bits away (ten thousand fchmods saved).
      if (mode !== undefined && !WIN && (Number(st.mode) & 0o7777) !== mode) fchmodSync(fd, mode);
    } catch (err) {
      closeSync(fd);
      try {
        unlinkSync(path.join(h.base, name));
      } catch {}
      throw err;
    }
    return { folder, name, dev: st.dev, ino: st.ino, fd };
  } finally {
    h.close();
  }
}

/** A file made by `createFilesIn`: as `createFileIn`'s, already closed. */
export type Made = Omit<Created, 'fd'>;

/** One file for `createFilesIn` to create, as `createFileIn`'s arguments. */
export interface ToCreate {
  folder: Folder;
  name: string;
  data: Content;
  mode: number | undefined;
}

/** From how many files a second thread creates part of them (create-lane.ts); it takes ~20 ms to start. */
export const LANES_FROM = 512;

/** Files a batch of the second thread holds (all in one folder). */
const LANE_BATCH = 64;

/**
 * Create every file of `files` as `createFileIn` does (checked before and after, created with
 * O_CREAT|O_EXCL|O_NOFOLLOW, written, then closed), telling `made` of each one made. From `lanesFrom`
 * files on, on Linux through /proc, a second thread creates some of the folders' files while this one
 * creates the others (create-lane.ts says why): each folder's files in batches, this thread taking them
 * from the front and the other from the back, two batches at most sent ahead. Every check stays here: a
 * batch's folder is entered (checked and held) before the batch is sent, and each file the thread made is
 * found again at its name in that folder, still in place, before it counts as made.
 *
 * `before(i)` runs before file i is handed to either thread and `race(i)` between its folder's check and its
 * creation (createFileIn's test hook); a throw there fails file i. On a failure no new file is started,
 * every batch sent is waited for (so nothing is still being created when a rollback starts), `failed` is
 * told the earliest file that failed, and its error is thrown. If the other thread dies or never starts,
 * this one removes whatever it began of its unanswered batches and makes those files itself. Returns how
 * many files the second thread made (0 when it was not started).
 */
export async function createFilesIn(
  realRoot: string,
  files: readonly ToCreate[],
  hooks: {
    before(i: number): void | Promise<void>;
    race?(i: number): void | Promise<void>;
    made(i: number, m: Made): void;
    failed(i: number): void;
  },
  lanesFrom = LANES_FROM,
): Promise<number> {
  let byLane = 0;
  let failure: { index: number; err: unknown } | null = null;
  const fail = (index: number, err: unknown) => {
    if (failure === null || index < failure.index) failure = { index, err };
  };
  const own = async (batch: readonly number[]) => {
    for (const i of batch) {
      const f = files[i]!;
      try {
        await hooks.before(i);
        const race = hooks.race;
        const c = await createFileIn(realRoot, f.folder, f.name, f.data, f.mode, race && (() => race(i)));
        hooks.made(i, { folder: c.folder, name: c.name, dev: c.dev, ino: c.ino });
        closeSync(c.fd);
      } catch (err) {
        fail(i, err);
        return;
      }
    }
  };
  // Batches: each folder's files in order, at most LANE_BATCH at a time.
  const byFolder = new Map<string, number[]>();
  files.forEach((f, i) => {
    const key = `${f.folder.dev}:${f.folder.ino}`;
    const list = byFolder.get(key);
    if (list) list.push(i);
    else byFolder.set(key, [i]);
  });
  const batches: number[][] = [];
  for (const list of byFolder.values())
    for (let at = 0; at < list.length; at += LANE_BATCH) batches.push(list.slice(at, at + LANE_BATCH));
  type Sent = { batch: number[]; h: Entered };
  const lane = viaProc && files.length >= lanesFrom && batches.length >= 2 ? CreateLane.start<Sent>() : null;
  if (lane === null) {
    await own(files.map((_, i) => i));
  } else {
    const answered = (sent: Sent, out: readonly LaneResult[]) => {
      const { batch, h } = sent;
      try {
        batch.forEach((i, k) => {
          const r = out[k];
          if (r === undefined) return; // not tried: an earlier file of the batch failed
          const f = files[i]!;
          if ('error' in r) {
            fail(i, Object.assign(new Error(r.error.message), r.error));
            return;
          }
          const here = lstatBig(path.join(h.base, f.name));
          if (!h.inPlace() || here === null || !same(here, r)) {
            fail(i, misplaced(realRoot, f.folder, f.name, -1, h, r));
            return;
          }
          hooks.made(i, { folder: f.folder, name: f.name, dev: r.dev, ino: r.ino });
          byLane++;
        });
      } finally {
        h.close();
      }
    };
    const send = async (batch: number[]) => {
      const folder = files[batch[0]!]!.folder;
      let h: Entered | undefined;
      let i = batch[0]!;
      try {
        for (i of batch) await hooks.before(i);
        i = batch[0]!;
        h = enter(realRoot, folder);
        for (i of batch) await hooks.race?.(i);
        const sizes = batch.map((j) => {
          const d = files[j]!.data;
          return typeof d === 'string' ? Buffer.byteLength(d, 'utf8') : d.length;
        });
        const buffer = lane.buffer(sizes.reduce((a, b) => a + b, 0));
        const bytes = Buffer.from(buffer);
        let at = 0;
        const sent: LaneFile[] = batch.map((j, k) => {
          const f = files[j]!;
          const from = at;
          if (typeof f.data === 'string') bytes.write(f.data, at, sizes[k]!, 'utf8');
          else bytes.set(f.data, at);
          at += sizes[k]!;
          return { path: path.join(h!.base, f.name), mode: f.mode, from, to: at };
        });
        lane.send(sent, buffer, { batch, h });
      } catch (err) {
        h?.close();
        fail(i, err);
      }
    };
    let front = 0;
    let back = batches.length - 1;
    try {
      while (failure === null && front <= back) {
        // The other thread is kept two batches ahead; this one always keeps the front batch for itself.
        while (failure === null && lane.pending.size < 2 && front < back) await send(batches[back--]!);
        for (let a = lane.poll(); a !== null; a = lane.poll()) answered(a.tag, a.out);
        if (failure === null && front <= back) await own(batches[front++]!);
      }
    } finally {
      // Every batch sent is answered before anything is rolled back or renamed.
      while (lane.pending.size > 0) {
        try {
          const a = await lane.next();
          answered(a.tag, a.out);
        } catch {
          // The thread died or never started: whatever it began of the batches left is removed (a file
          // it may have left half written never counts as made), and this thread makes those files itself.
          const left = [...lane.pending.values()];
          lane.pending.clear();
          for (const { batch, h } of left) {
            for (const i of batch) {
              const at = path.join(h.base, files[i]!.name);
              try {
                unlinkSync(at);
              } catch (e) {
                if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
                // Still there: told of, so that a rollback removes it, and the apply fails.
                const here = lstatBig(at);
                if (here !== null)
                  hooks.made(i, {
                    folder: files[i]!.folder,
                    name: files[i]!.name,
                    dev: here.dev,
                    ino: here.ino,
                  });
                fail(i, e);
              }
            }
            h.close();
          }
          for (const { batch } of left) {
            if (failure !== null) break;
            await own(batch);
          }
        }
      }
      lane.stop();
    }
  }
  const failed = failure as { index: number; err: unknown } | null;
  if (failed !== null) {
    hooks.failed(failed.index);
    throw failed.err;
  }
  return byLane;
}

/** Remove a file made where it should not be; the error to throw, naming it when it stays. */
function misplaced(
  realRoot: string,
  folder: Folder,
  name: string,
  fd: number,
  h: Entered,
  id: { dev: bigint; ino: bigint },
): HostFailure {
  const changed = new FolderChanged(folder, realRoot);
  // Through /proc the file is in the checked folder itself, wherever that folder is now.
  const at = viaProc ? path.join(h.base, name) : whereIs(fd, path.join(folder.abs, name), id);
  try {
    if (at === null) throw new Error('not found');
    const st = lstatBig(at);
    if (st !== null && same(st, id)) unlinkSync(at);
    return changed;
  } catch {
    return new HostFailure(
      changed.code,
      `${changed.message} A temp file it created, ${name}, could not be found to remove it: look for it where the link at ${quotePath(relOf(realRoot, folder.abs))} pointed.`,
      changed.path,
    );
  }
}

/** Make the folder `name` in `parent`; returns it. Like `createFileIn`, checked before and after. */
export async function mkdirIn(
  realRoot: string,
  parent: Folder,
  name: string,
  race?: () => void | Promise<void>,
): Promise<Folder> {
  const h = enter(realRoot, parent);
  try {
    if (race) await race();
    const at = path.join(h.base, name);
    mkdirSync(at);
    const st = lstatBig(at);
    const abs = path.join(parent.abs, name);
    if (!h.inPlace() || st === null || !st.isDirectory()) {
      if (viaProc) {
        try {
          rmdirSync(at);
        } catch {}
      } else if (st !== null) {
        // The folder was made through the swapped link: find it by its identity and remove it (empty).
        try {
          const real = realpathSync.native(abs);
          const rst = lstatBig(real);
          if (rst !== null && same(rst, st)) rmdirSync(real);
        } catch {}
      }
      throw new FolderChanged(parent, realRoot);
    }
    return { abs, dev: st.dev, ino: st.ino };
  } finally {
    h.close();
  }
}

/** Rename `from` to `to`, both in `folder` (replacing `to`). */
export function renameIn(realRoot: string, folder: Folder, from: string, to: string): void {
  const h = enter(realRoot, folder);
  try {
    renameSync(path.join(h.base, from), path.join(h.base, to));
  } finally {
    h.close();
  }
}

/** Remove the file `name` from `folder`; with `id`, only when it is still that file (else ENOENT). */
export function unlinkIn(
  realRoot: string,
  folder: Folder,
  name: string,
  id?: { dev: bigint; ino: bigint },
): void {
  const h = enter(realRoot, folder);
  try {
    const at = path.join(h.base, name);
    if (id) {
      const st = lstatBig(at);
      if (st === null || !same(st, id))
        throw Object.assign(new Error(`${name} is not the file it was`), { code: 'ENOENT' });
    }
    unlinkSync(at);
  } finally {
    h.close();
  }
}

/** Remove the empty folder `name` from `folder`. */
export function rmdirIn(realRoot: string, folder: Folder, name: string): void {
  const h = enter(realRoot, folder);
  try {
    rmdirSync(path.join(h.base, name));
  } finally {
    h.close();
  }
}

/** Whether `name` in `folder` is, right now, a regular file (not a link, not a folder). */
export function isFileIn(realRoot: string, folder: Folder, name: string): boolean {
  const h = enter(realRoot, folder);
  try {
    return lstatBig(path.join(h.base, name))?.isFile() ?? false;
  } finally {
    h.close();
  }
}

/** Replace `name` in `folder` durably with `data` (rollback and recovery): temp file, fsync, rename. */
export async function replaceIn(
  realRoot: string,
  folder: Folder,
  name: string,
  data: Content,
  mode?: number,
): Promise<void> {
  const tmp = tempNameFor(name);
  const created = await createFileIn(realRoot, folder, tmp, data, mode);
  try {
    await new Promise<void>((resolve, reject) => fsync(created.fd, (err) => (err ? reject(err) : resolve())));
    closeSync(created.fd);
    renameIn(realRoot, folder, tmp, name);
  } catch (err) {
    try {
      closeSync(created.fd);
    } catch {}
    try {
      unlinkIn(realRoot, folder, tmp, created);
    } catch {}
    throw err;
  }
}

/**
 * Remove a temp file wherever its folder is now: in the folder as checked, or in that folder found again
 * below the root by its identity. Returns null when it is gone, or else where it stays, for a message.
 */
export function removeTemp(
  realRoot: string,
  t: { folder: Folder; name: string; dev: bigint; ino: bigint },
  /** Folders already looked for (many temp files share a folder): the search runs once per folder. */
  found: Map<Folder, Folder | null> = new Map(),
): string | null {
  const tryIn = (folder: Folder): boolean => {
    try {
      unlinkIn(realRoot, folder, t.name, t);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'ENOENT';
    }
  };
  if (tryIn(t.folder)) return null;
  if (!found.has(t.folder)) found.set(t.folder, findFolder(realRoot, t.folder));
  const moved = found.get(t.folder) ?? null;
  if (moved !== null && tryIn(moved)) return null;
  return `${t.name}, in the folder that was at ${quotePath(relOf(realRoot, t.folder.abs))} (it was moved out of the project while ReplyApply was writing in it)`;
}
