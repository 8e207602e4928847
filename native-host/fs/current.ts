/**
 * What is on disk at a checked path now, and which folders a write would have to create: read the same
 * way by apply, undo and recovery.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { quotePath } from '../../shared/paths/paths';
import { ErrorCode } from '../../shared/protocol/protocol';
import type { Absent, Present } from './commit-steps';
import { HostFailure } from './failure';
import { readExactSync, type Scratch } from './file-bytes';
import type { BlobWriter, StoredState } from './journal';
import type { ResolvedPath } from './safe-path';
import { comparable } from './within';

/** A checked path with what is on disk there now. */
export interface Current {
  resolved: ResolvedPath;
  state: Present | Absent;
  hash: string | null;
}

/** Bytes saved to a journal blob as they were read: read back from it when asked for (a rollback). */
class Saved implements Present {
  readonly exists = true;

  constructor(
    private readonly blob: BlobWriter,
    readonly span: [number, number],
    readonly mode: number,
    readonly hash: string,
  ) {}

  get data(): Buffer {
    return this.blob.read(this.span[0], this.span[1]);
  }
}

/**
 * A state read with `saveTo` as its journal stores it: absent, or its hash, mode and where its bytes are in
 * the blob (apply's originals, undo's replaced files).
 */
export function storedState(state: Present | Absent): StoredState {
  if (!state.exists) return { exists: false };
  if (!state.span || state.hash === undefined) throw new Error('a file was not saved to the journal as read');
  return { exists: true, hash: state.hash, mode: state.mode, offset: state.span[0], length: state.span[1] };
}

/** One buffer for the reads whose bytes go straight to a blob (each is written before the next read). */
const saveScratch: Scratch = { buf: Buffer.alloc(0) };

/**
 * Read what is at a resolved path; a folder or special file where a file is expected is a Conflict. With
 * `saveTo`, a file's bytes are appended to that blob as they are read and not kept (its state's `span`).
 */
export async function readCurrent(
  resolved: ResolvedPath,
  raw: string,
  saveTo?: BlobWriter,
): Promise<Current> {
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
    read = readExactSync(resolved.abs, Number.POSITIVE_INFINITY, saveTo ? saveScratch : undefined);
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
  if (saveTo) {
    // Written before anything else can read into the scratch (no await since the read).
    const saved = new Saved(saveTo, saveTo.add(read.file.data), read.file.mode, read.file.hash);
    return { resolved, state: saved, hash: read.file.hash };
  }
  return {
    resolved,
    state: { exists: true, data: read.file.data, mode: read.file.mode, hash: read.file.hash },
    hash: read.file.hash,
  };
}

/**
 * Folders missing above each target, shallow first, without duplicates. Any answer of the disk but
 * "found" or "not found" refuses the path (a HostFailure, never a bare system error): a path too long for
 * the system is UnsafePath, a parent that is a file NotAFolder.
 */
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
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT') throw cannotCreate(realRoot, target, dir, code);
        chain.push(dir);
        dir = path.dirname(dir);
      }
    }
    for (const d of chain.reverse()) missing.set(comparable(d), d);
  }
  return [...missing.values()].sort((a, b) => a.length - b.length);
}

function cannotCreate(realRoot: string, target: string, dir: string, code: string | undefined): HostFailure {
  const rel = path.relative(realRoot, target).split(path.sep).join('/');
  const folder = quotePath(path.relative(realRoot, dir).split(path.sep).join('/'));
  if (code === 'ENAMETOOLONG')
    return new HostFailure(
      ErrorCode.UnsafePath,
      `The path "${quotePath(rel)}" was refused: it is too long for this system (longer than it can open).`,
      rel,
    );
  if (code === 'ENOTDIR')
    return new HostFailure(
      ErrorCode.NotAFolder,
      `The path "${quotePath(rel)}" cannot be used: a parent of ${folder} is a file, not a folder.`,
      rel,
    );
  return new HostFailure(
    ErrorCode.UnsafePath,
    `The path "${quotePath(rel)}" was refused: the folder ${folder} cannot be checked (${code ?? 'unknown error'}).`,
    rel,
  );
}
