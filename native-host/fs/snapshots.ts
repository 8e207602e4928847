/**
 * `readFiles`: the current content of project files, for planning. One refused or unreadable path is an
 * error entry in the answer, not a failure of the whole call (the plan shows it beside the other files).
 * A missing file comes with the files that have its name in another case (case-variants.ts), and the
 * line endings of existing files near it (eol-near.ts).
 */
import type { Snapshot } from '../../shared/protocol/protocol';
import { ErrorCode } from '../../shared/protocol/protocol';
import { caseVariantsOf, type Listings } from './case-variants';
import { type EolCache, eolNearOf } from './eol-near';
import { HostFailure } from './failure';
import { decodeText, readExactSync, type Scratch } from './file-bytes';
import { validateRoot } from './root';
import { type FolderCache, folderCheckedPathSync, resolveInRootSync } from './safe-path';

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

export interface ReadOptions {
  maxBytes?: number;
  /**
   * False: every snapshot's `hash` is '' — for a caller that writes nothing (a dry run), which has no
   * change to check against it. Ten thousand files' sha256 are a tenth of their reading.
   */
  hash?: boolean;
}

/**
 * Snapshots of `paths` below `root`, in the same order, each carrying the path exactly as asked. Throws
 * HostFailure only for the root (RootRefused, NotFound, NotAFolder).
 */
export async function readSnapshots(
  root: string,
  paths: string[],
  options: ReadOptions = {},
): Promise<Snapshot[]> {
  return (await snapshotReader(root, options)).read(paths);
}

/**
 * `readSnapshots` for a caller that reads in several rounds (the CLI plans a large reply part by part):
 * the root is checked once, and the folders found are remembered between rounds.
 */
export async function snapshotReader(
  root: string,
  options: ReadOptions = {},
): Promise<{ read(paths: string[]): Snapshot[] }> {
  const realRoot = await validateRoot(root);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const how = { maxBytes, hash: options.hash ?? true };
  const folders: FolderCache = new Map();
  // Folders listed to find a missing file's case variants, once each for the reader's life.
  const listings: Listings = new Map();
  // What the files near a missing path show of the project's line endings (eol-near.ts).
  const eols: EolCache = new Map();
  // One after another with synchronous calls: each file is a few microseconds of system calls, cheaper
  // than any promise-based concurrency around them.
  const scratch: Scratch = { buf: Buffer.allocUnsafe(64 * 1024) };
  return {
    read: (paths) => paths.map((p) => snapshotOne(realRoot, p, how, folders, { listings, eols }, scratch)),
  };
}

function snapshotOf(
  p: string,
  rel: string,
  file: { data: Buffer; hash: string; size: number; mode: number },
  error: (code: number, message: string) => Snapshot,
): Snapshot {
  const text = decodeText(file.data);
  if (!text.ok) return error(ErrorCode.Binary, `${rel} cannot be edited as text: ${text.reason}.`);
  return { path: p, exists: true, text: text.text, hash: file.hash, size: file.size, mode: file.mode };
}

function snapshotOne(
  realRoot: string,
  p: string,
  { maxBytes, hash }: { maxBytes: number; hash: boolean },
  folders: FolderCache,
  { listings, eols }: { listings: Listings; eols: EolCache },
  scratch: Scratch,
): Snapshot {
  const missing = (rel: string): Snapshot => {
    const caseVariants = caseVariantsOf(realRoot, rel, listings);
    const eolNear = eolNearOf(realRoot, rel, listings, eols);
    return {
      path: p,
      exists: false,
      ...(caseVariants.length > 0 ? { caseVariants } : {}),
      ...(eolNear.length > 0 ? { eolNear } : {}),
    };
  };
  const error = (code: number, message: string): Snapshot => ({
    path: p,
    exists: 'error',
    error: { code, message, path: p },
  });
  try {
    // The usual case first: a regular file in folders already checked, opened without following a
    // link, so it costs no lstat of its own. Anything else (missing, a link, not a file, a folder not
    // yet checked) goes the whole way below, which says exactly what it is.
    const quick = folderCheckedPathSync(realRoot, p, folders);
    if (quick) {
      const read = readExactSync(quick.abs, maxBytes, scratch, hash);
      if (read.kind === 'file') return snapshotOf(p, quick.rel, read.file, error);
    }
    const resolved = resolveInRootSync(realRoot, p, 'read', folders);
    if (resolved.kind === 'missing') return missing(resolved.rel);
    if (resolved.kind !== 'file')
      return error(ErrorCode.UnsafePath, `${resolved.rel} is not a regular file.`);
    const read = readExactSync(resolved.abs, maxBytes, scratch, hash);
    if (read.kind === 'missing') return missing(resolved.rel);
    if (read.kind === 'not-a-file')
      return error(ErrorCode.UnsafePath, `${resolved.rel} is not a regular file.`);
    if (read.kind === 'too-large') {
      return error(
        ErrorCode.TooLarge,
        `${resolved.rel} is ${read.size} bytes, over the limit of ${maxBytes} bytes for a file to review.`,
      );
    }
    return snapshotOf(p, resolved.rel, read.file, error);
  } catch (err) {
    if (err instanceof HostFailure) return error(err.code, err.message);
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    return error(ErrorCode.Internal, `${p} could not be read (${code}).`);
  }
}
