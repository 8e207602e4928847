/**
 * The journal: one folder per apply under `<state>/journal/<rootKey>/<applyId>/`, holding
 *   manifest.json  — what the apply changed: every touched path with its state before and the hash after;
 *   before.bin     — the original bytes of every file that existed, concatenated (offsets in the manifest);
 *   undo.bin       — written by undo before it restores: the bytes it is about to replace.
 * It is written and fsynced before the project is touched, so undo can restore exact bytes and modes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsync, openSync, readSync, writeSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir, replaceFile } from './durable';
import { comparable } from './within';

export type ChangeAction = 'create' | 'modify' | 'delete' | 'rename';

/** A file's state as stored: absent, or its hash and mode with the bytes at [offset, offset+length). */
export type StoredState =
  | { exists: false }
  | { exists: true; hash: string; mode: number; offset: number; length: number };

export interface JournalEntry {
  /** Normalized project-relative path. */
  rel: string;
  before: StoredState;
  /** Hash after the apply, or null when the apply removed the file. */
  afterHash: string | null;
}

/** Where a temp file of the apply (or undo) is created: its folder, project-relative ('' the root), and its name. */
export interface TempRecord {
  dir: string;
  name: string;
}

/**
 * The device and inode (decimal) of each folder that existed before the apply and holds its temp files or
 * the folders it created, by project-relative path: recovery finds such a folder by them wherever it has
 * been moved since, and removes exactly the temp files and folders recorded, nothing else.
 */
export type FolderIds = Record<string, { dev: string; ino: string }>;

export interface Manifest {
  version: 1;
  applyId: string;
  root: string;
  time: string;
  label?: string;
  /**
   * pending: journal written, project maybe partly written (a crash, or a failed rollback); applied;
   * undoing: an undo was interrupted the same way (see `undo`); undone. recover.ts finishes the first
   * and the third by putting the project back as it was before the interrupted step.
   */
  state: 'pending' | 'applied' | 'undoing' | 'undone';
  undoneAt?: string;
  /** Written by undo before it touches the project: what it replaces (bytes in `blob`) and writes. */
  undo?: {
    blob: string;
    entries: JournalEntry[];
    createdDirs: string[];
    temps?: TempRecord[];
    folders?: FolderIds;
  };
  changes: Array<{ action: ChangeAction; path: string; from?: string }>;
  entries: JournalEntry[];
  /** Folders the apply created, shallow first, project-relative. */
  createdDirs: string[];
  /** The apply's temp files (absent in manifests written before they were recorded). */
  temps?: TempRecord[];
  folders?: FolderIds;
  /** The commit the user asked for after the apply (native-host/git/), and the revert commit of its undo. */
  git?: { commit: string; message: string; paths: string[]; revert?: string };
}

const APPLY_ID = /^[0-9]{8}T[0-9]{9}Z-[0-9a-f]{8}$/;
let lastMs = 0;

/** Sortable ids: UTC time to the millisecond (kept increasing within this process) and a random part. */
export function newApplyId(): string {
  lastMs = Math.max(Date.now(), lastMs + 1);
  const t = new Date(lastMs).toISOString().replace(/[-:.]/g, '');
  return `${t}-${randomBytes(4).toString('hex')}`;
}

export function isApplyId(id: string): boolean {
  return APPLY_ID.test(id);
}

export function rootKey(realRoot: string): string {
  return createHash('sha256').update(comparable(realRoot)).digest('hex').slice(0, 32);
}

export function rootJournalDir(state: string, key: string): string {
  return path.join(state, 'journal', key);
}

export function entryDir(state: string, key: string, applyId: string): string {
  if (!isApplyId(applyId)) throw new Error(`not an apply id: ${applyId}`);
  return path.join(rootJournalDir(state, key), applyId);
}

/**
 * A blob file written as its bytes come: an apply saves each original as it reads it (transaction.ts), so
 * that ten thousand files' bytes are not all kept in memory until the journal is written (64 MiB of fresh
 * memory for the 10,000-file bench, issue 28). `finish` makes the file durable; `close` (always) frees it.
 * Synchronous writes: ten thousand small buffers are ten thousand thread-pool trips otherwise.
 */
export class BlobWriter {
  private fd: number | null;
  private offset = 0;

  constructor(readonly file: string) {
    this.fd = openSync(file, 'wx', 0o600);
  }

  /** Append `bytes`; their [offset, length] in the file. */
  add(bytes: Uint8Array): [number, number] {
    if (this.fd === null) throw new Error(`${this.file} is closed`);
    let done = 0;
    while (done < bytes.length)
      done += writeSync(this.fd, bytes, done, bytes.length - done, this.offset + done);
    const span: [number, number] = [this.offset, bytes.length];
    this.offset += bytes.length;
    return span;
  }

  /** Every byte added made durable; the file is closed. */
  async finish(): Promise<void> {
    const fd = this.fd;
    if (fd === null) throw new Error(`${this.file} is closed`);
    await new Promise<void>((resolve, reject) => fsync(fd, (err) => (err ? reject(err) : resolve())));
    this.close();
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    closeSync(fd);
  }

  /** The bytes at [offset, offset + length), read back from the file (a rollback's original). */
  read(offset: number, length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    const fd = openSync(this.file, 'r');
    try {
      let done = 0;
      while (done < length) {
        const n = readSync(fd, out, done, length - done, offset + done);
        if (n === 0) throw new Error(`${this.file} ends before byte ${offset + length}`);
        done += n;
      }
    } finally {
      closeSync(fd);
    }
    return out;
  }
}

/** Write a blob file from buffers; returns each buffer's [offset, length]. Fsynced. */
export async function writeBlobs(file: string, blobs: Uint8Array[]): Promise<Array<[number, number]>> {
  const w = new BlobWriter(file);
  try {
    const spans = blobs.map((b) => w.add(b));
    await w.finish();
    return spans;
  } finally {
    w.close();
  }
}

/** Create the entry folder (and its parents) and fsync the folders whose listing changed. */
export async function makeEntryDir(state: string, key: string, applyId: string): Promise<string> {
  const dir = entryDir(state, key, applyId);
  await mkdir(rootJournalDir(state, key), { recursive: true, mode: 0o700 });
  await mkdir(dir, { mode: 0o700 });
  await fsyncDir(rootJournalDir(state, key));
  return dir;
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  // `state` first, so readManifestState can tell it from the first bytes.
  const { state, ...rest } = manifest;
  const text = JSON.stringify({ state, ...rest });
  await replaceFile(path.join(dir, 'manifest.json'), Buffer.from(text), 0o600);
  await fsyncDir(dir);
}

const STATE_HEAD = /^\{"state":"(pending|applied|undoing|undone)"/;

/**
 * An entry's state from the first bytes of its manifest, without reading the rest: the manifest of a
 * ten-thousand-file apply is megabytes, and every apply asks for the state of each of up to
 * JOURNAL_KEEP entries (to finish interrupted ones). Manifests written before `state` came first are
 * read whole. Null when there is no readable manifest.
 */
export async function readManifestState(dir: string): Promise<Manifest['state'] | null> {
  let head = '';
  try {
    const fd = openSync(path.join(dir, 'manifest.json'), 'r');
    try {
      const buf = Buffer.alloc(64);
      head = buf.toString('utf8', 0, readSync(fd, buf, 0, 64, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  const m = STATE_HEAD.exec(head);
  if (m) return m[1] as Manifest['state'];
  return (await readManifest(dir))?.state ?? null;
}

/** The apply ids of one root, newest first. */
export async function listApplyIds(state: string, key: string): Promise<string[]> {
  const names = await readdir(rootJournalDir(state, key)).catch(() => [] as string[]);
  return names.filter(isApplyId).sort().reverse();
}

export async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    return m && m.version === 1 && typeof m.applyId === 'string' && Array.isArray(m.entries) ? m : null;
  } catch {
    return null;
  }
}

/**
 * The readable manifests of one root, newest first, at most `limit`; with `states`, only entries in one
 * of them (told from the manifests' first bytes; only those are read whole).
 */
export async function listManifests(
  state: string,
  key: string,
  {
    states,
    limit = Number.POSITIVE_INFINITY,
  }: { states?: ReadonlyArray<Manifest['state']>; limit?: number } = {},
): Promise<Manifest[]> {
  const out: Manifest[] = [];
  for (const id of await listApplyIds(state, key)) {
    if (out.length >= limit) break;
    const dir = entryDir(state, key, id);
    if (states) {
      const s = await readManifestState(dir);
      if (s === null || !states.includes(s)) continue;
    }
    const m = await readManifest(dir);
    if (m && m.applyId === id) out.push(m);
  }
  return out;
}

export async function removeEntryDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * How many applies per project the journal keeps (with full copies of the files they replaced); older ones
 * can no longer be undone. Unfinished entries are never pruned here: recover.ts owns them.
 */
export const JOURNAL_KEEP = 200;

/** Remove the oldest finished entries of one root beyond the newest `keep` (only those are read). */
export async function pruneJournal(state: string, key: string, keep = JOURNAL_KEEP): Promise<void> {
  const old = (await listApplyIds(state, key)).slice(keep);
  for (const id of old) {
    const s = await readManifestState(entryDir(state, key, id));
    if (s === 'applied' || s === 'undone') await removeEntryDir(entryDir(state, key, id));
  }
}
