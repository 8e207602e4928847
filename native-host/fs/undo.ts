/**
 * `undo` and `history`, from the journal written by apply (journal.ts).
 *
 * Undo puts back the exact bytes and modes an apply replaced, re-creates the files it deleted, reverses
 * its renames and removes the files it created (and the folders it created, once empty). It refuses with
 * Conflict when a file was edited after the apply, unless forced. It is itself a transaction (the same
 * commit-steps.ts), and the bytes it replaces are saved in the journal entry first.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '../../shared/protocol/protocol';
import {
  CommitFailure,
  commitSteps,
  type Durability,
  type Faults,
  prepareCommit,
  relKey,
  SimulatedCrash,
  type Step,
} from './commit-steps';
import { missingDirs, readCurrent, storedState } from './current';
import { HostFailure } from './failure';
import { contentHash, sha256 } from './file-bytes';
import { closeIdleFolders } from './in-folder';
import {
  BlobWriter,
  entryDir,
  isApplyId,
  listManifests,
  type Manifest,
  readManifest,
  rootKey,
  writeManifest,
} from './journal';
import { acquireLock } from './lock';
import { removeCreatedDirs } from './recorded';
import { recoverInterrupted } from './recover';
import { validateRoot } from './root';
import { type FolderCache, resolveInRoot } from './safe-path';
import { stateDir } from './state';
import { type FileResult, journalFailed } from './transaction';

export interface UndoOptions extends Durability {
  force?: boolean;
  faults?: Faults;
  state?: string;
  /**
   * Called under the project's lock with the entry to undo, before anything changes (it may refuse by
   * throwing) and once the files are restored: the revert commit of a committed apply (native-host/git/).
   */
  beforeUndo?: (entry: Manifest, realRoot: string) => Promise<void>;
  afterUndo?: (entry: Manifest, at: { realRoot: string; journal: string }) => Promise<void>;
}

export interface HistoryEntry {
  applyId: string;
  time: string;
  label?: string;
  files: Array<{ path: string; action: string; from?: string }>;
  undone: boolean;
  commit?: string;
}

function noSuchApply(message: string): HostFailure {
  return new HostFailure(ErrorCode.NoSuchApply, message);
}

/**
 * Undo `applyId`, or the newest apply not yet undone. Throws HostFailure: root errors, Locked, NoSuchApply,
 * UnsafePath, Conflict (a file differs from what the apply wrote; nothing changed), WriteFailed (rolled back).
 */
export async function undo(
  root: string,
  applyId?: string,
  options: UndoOptions = {},
): Promise<{ applyId: string; files: FileResult[] }> {
  const state = options.state ?? stateDir();
  const realRoot = await validateRoot(root, state);
  const key = rootKey(realRoot);
  const lock = await acquireLock(state, key, realRoot);
  try {
    await recoverInterrupted(realRoot, state, key);
    const manifest = await findManifest(state, key, applyId);
    const journal = entryDir(state, key, manifest.applyId);
    await options.beforeUndo?.(manifest, realRoot);
    const done = await undoLocked(realRoot, journal, manifest, options);
    await options.afterUndo?.(manifest, { realRoot, journal });
    return done;
  } finally {
    closeIdleFolders();
    await lock.release();
  }
}

async function findManifest(state: string, key: string, applyId: string | undefined): Promise<Manifest> {
  if (applyId === undefined) {
    const [newest] = await listManifests(state, key, { states: ['applied'], limit: 1 });
    if (!newest) throw noSuchApply('There is nothing to undo in this project.');
    return newest;
  }
  // The id becomes a folder name: anything but the exact id shape is refused before it reaches the disk.
  const m = isApplyId(applyId) ? await readManifest(entryDir(state, key, applyId)) : null;
  if (!m || m.applyId !== applyId)
    throw noSuchApply(`There is no apply ${applyId} in this project's history.`);
  if (m.state === 'undone') throw noSuchApply(`The apply ${applyId} was already undone.`);
  if (m.state !== 'applied')
    throw noSuchApply(`The apply ${applyId} did not finish, so there is nothing to undo.`);
  return m;
}

async function undoLocked(
  realRoot: string,
  dir: string,
  manifest: Manifest,
  options: UndoOptions,
): Promise<{ applyId: string; files: FileResult[] }> {
  // What undo replaces is saved first: after a crash, or a forced undo, those bytes are not lost. Each
  // file goes into the blob as it is read (current.ts), as apply's originals do; a refusal removes it.
  const blob = `undo-${Date.now()}.bin`;
  let saveTo: BlobWriter;
  try {
    await options.faults?.('journal');
    saveTo = new BlobWriter(path.join(dir, blob));
  } catch (err) {
    if (err instanceof SimulatedCrash) throw err;
    throw journalFailed(err);
  }
  const undoing: Manifest = { ...manifest, state: 'undoing' };
  let steps: Step[];
  let createDirs: string[];
  let prepared: ReturnType<typeof prepareCommit>;
  try {
    steps = await undoSteps(realRoot, dir, manifest, options, saveTo);
    createDirs = await missingDirs(
      realRoot,
      steps.filter((s) => s.want.exists).map((s) => s.abs),
    );
    prepared = prepareCommit(realRoot, steps, createDirs);
    await saveTo.finish();
    undoing.undo = {
      blob,
      entries: steps.map((s) => ({
        rel: s.rel,
        before: storedState(s.current),
        afterHash: s.want.exists ? contentHash(s.want.data) : null,
      })),
      createdDirs: createDirs.map((d) => relKey(realRoot, d)),
      temps: prepared.temps,
      folders: prepared.folderIds,
    };
    await writeManifest(dir, undoing);
  } catch (err) {
    saveTo.close();
    if (err instanceof SimulatedCrash) throw err;
    // Nothing was undone: the blob is of no use (the manifest still says `applied`).
    await rm(path.join(dir, blob), { force: true }).catch(() => {});
    throw err instanceof HostFailure ? err : journalFailed(err);
  }
  try {
    await commitSteps(steps, {
      realRoot,
      faults: options.faults,
      bulkSyncFrom: options.bulkSyncFrom,
      lanesFrom: options.lanesFrom,
      syncFs: options.syncFs,
      createDirs,
      folders: prepared.folders,
      commit: () => writeManifest(dir, { ...undoing, state: 'undone', undoneAt: new Date().toISOString() }),
    });
  } catch (err) {
    // Rolled back: the apply stands. If the rollback failed the entry stays `undoing` for recover.ts.
    if (err instanceof CommitFailure && err.restored) await writeManifest(dir, manifest).catch(() => {});
    throw err;
  }
  await removeCreatedDirs(realRoot, manifest.createdDirs, manifest.folders);

  const files: FileResult[] = manifest.changes.map((c) => ({
    path: c.path,
    action: c.action,
    ...(c.from !== undefined ? { from: c.from } : {}),
    status: 'ok',
  }));
  return { applyId: manifest.applyId, files };
}

/**
 * The steps that put back what `manifest` replaced, each file as it is now saved to `saveTo`. Throws
 * Conflict (a file changed after the apply, unless forced) and Internal (a damaged journal).
 */
async function undoSteps(
  realRoot: string,
  dir: string,
  manifest: Manifest,
  options: UndoOptions,
  saveTo: BlobWriter,
): Promise<Step[]> {
  const conflicts: string[] = [];
  const steps: Step[] = [];
  const blobs = await readFile(path.join(dir, 'before.bin')).catch(() => Buffer.alloc(0));
  const folders: FolderCache = new Map();
  for (const e of manifest.entries) {
    // One after another: each read is written out before the next read takes its buffer.
    const cur = await readCurrent(await resolveInRoot(realRoot, e.rel, 'write', folders), e.rel, saveTo);
    if (cur.hash !== e.afterHash) conflicts.push(e.rel);
    if (e.before.exists) {
      const data = blobs.subarray(e.before.offset, e.before.offset + e.before.length);
      // A damaged journal must not write wrong bytes into the project.
      if (sha256(data) !== e.before.hash) {
        throw new HostFailure(
          ErrorCode.Internal,
          `The saved copy of ${e.rel} in the undo journal is damaged, so the apply cannot be undone.`,
          e.rel,
        );
      }
      steps.push({
        rel: e.rel,
        abs: cur.resolved.abs,
        current: cur.state,
        want: { exists: true, data, mode: e.before.mode },
      });
    } else if (cur.state.exists) {
      steps.push({ rel: e.rel, abs: cur.resolved.abs, current: cur.state, want: { exists: false } });
    }
  }
  if (conflicts.length && !options.force) {
    const first = conflicts[0]!;
    const message =
      conflicts.length === 1
        ? `${first} was changed after the apply; undoing would lose that change. Nothing was undone (force to undo anyway).`
        : `${conflicts.length} files were changed after the apply: ${conflicts.join(', ')}. Nothing was undone (force to undo anyway).`;
    throw new HostFailure(ErrorCode.Conflict, message, first);
  }
  return steps;
}

/** Applies of this project, newest first (unfinished ones are left out). */
export async function history(
  root: string,
  limit = 50,
  options: { state?: string } = {},
): Promise<HistoryEntry[]> {
  const state = options.state ?? stateDir();
  const realRoot = await validateRoot(root, state);
  const manifests = await listManifests(state, rootKey(realRoot), {
    states: ['applied', 'undoing', 'undone'],
    limit,
  });
  return manifests.map((m) => ({
    applyId: m.applyId,
    time: m.time,
    ...(m.label !== undefined ? { label: m.label } : {}),
    files: m.changes.map((c) => ({
      path: c.path,
      action: c.action,
      ...(c.from !== undefined ? { from: c.from } : {}),
    })),
    undone: m.state === 'undone',
    ...(m.git ? { commit: m.git.commit } : {}),
  }));
}
