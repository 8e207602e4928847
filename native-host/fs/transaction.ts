import path from 'node:path';
import type { FileChange } from '../../shared/protocol/protocol';
import { ErrorCode } from '../../shared/protocol/protocol';
import { refuseCaseTwins } from './case-twins';
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
import { type Current, missingDirs, readCurrent, storedState } from './current';
import { HostFailure } from './failure';
import { type Content, contentHash } from './file-bytes';
import { closeIdleFolders } from './in-folder';
import {
  BlobWriter,
  entryDir,
  type JournalEntry,
  type Manifest,
  makeEntryDir,
  newApplyId,
  pruneJournal,
  removeEntryDir,
  rootKey,
  writeManifest,
} from './journal';
import { CONCURRENCY, mapLimited } from './limited';
import { acquireLock } from './lock';
import { recoverInterrupted } from './recover';
import { validateRoot } from './root';
import { type FolderCache, type ResolvedPath, resolveInRoot } from './safe-path';
import { stateDir } from './state';
import { comparable } from './within';

export type { Faults } from './commit-steps';

export interface FileResult {
  path: string;
  action: FileChange['action'];
  from?: string;
  status: 'ok' | 'conflict' | 'error' | 'skipped';
  message?: string;
}

export interface ApplyOptions extends Durability {
  label?: string;
  faults?: Faults;
  /** The state folder; `stateDir()` when omitted. */
  state?: string;
  /**
   * Called once the files are written, still under the project's lock, with the apply's journal folder:
   * the commit the user asked for (native-host/git/apply-commit.ts) sees no other apply's writes.
   */
  afterWrite?: (outcome: ApplyOutcome, at: { realRoot: string; journal: string }) => Promise<void>;
}

export interface ApplyOutcome {
  applyId: string;
  files: FileResult[];
}

function conflictError(conflicts: Array<{ path: string; why: string }>): HostFailure {
  const first = conflicts[0]!;
  const list = conflicts.map((c) => `${c.path} (${c.why})`).join('; ');
  const message =
    conflicts.length === 1
      ? `${first.path} ${first.why}; nothing was written. Review the reply again to plan against the current file.`
      : `${conflicts.length} files changed since the preview: ${list}. Nothing was written.`;
  return new HostFailure(ErrorCode.Conflict, message, first.path);
}

/**
 * Apply `changes` to the project at `root`. Returns the apply id (for undo) and one result per change.
 * Throws HostFailure: RootRefused/NotFound/NotAFolder (root), Locked, UnsafePath, InvalidParams (a path
 * twice), CaseTwin (a new name beside one that differs only in case), Conflict (a file differs from its
 * baseHash; nothing written), WriteFailed (all rolled back).
 */
export async function apply(
  root: string,
  changes: FileChange[],
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  if (changes.length === 0) throw new HostFailure(ErrorCode.InvalidParams, 'There are no changes to apply.');
  const state = options.state ?? stateDir();
  const realRoot = await validateRoot(root, state);
  const key = rootKey(realRoot);
  const lock = await acquireLock(state, key, realRoot);
  try {
    await recoverInterrupted(realRoot, state, key);
    const outcome = await applyLocked(realRoot, state, key, changes, options);
    await options.afterWrite?.(outcome, { realRoot, journal: entryDir(state, key, outcome.applyId) });
    return outcome;
  } finally {
    closeIdleFolders();
    await lock.release();
  }
}

async function applyLocked(
  realRoot: string,
  state: string,
  key: string,
  changes: FileChange[],
  options: ApplyOptions,
): Promise<ApplyOutcome> {
  // Resolve every path first: a refused path anywhere refuses the whole apply before anything is read.
  const folders: FolderCache = new Map();
  const resolved = await mapLimited(changes, CONCURRENCY, async (change) => ({
    change,
    target: await resolveInRoot(realRoot, change.path, 'write', folders),
    from:
      change.action === 'rename' ? await resolveInRoot(realRoot, change.from, 'write', folders) : undefined,
  }));
  const seen = new Map<string, string>();
  const once = (r: ResolvedPath, raw: string) => {
    const other = seen.get(comparable(r.abs));
    if (other !== undefined) {
      throw new HostFailure(
        ErrorCode.InvalidParams,
        `The path ${r.rel} appears in more than one change (also as "${other}"); apply them separately.`,
        raw,
      );
    }
    seen.set(comparable(r.abs), raw);
  };
  for (const { change, target, from } of resolved) {
    once(target, change.path);
    if (from && change.action === 'rename') once(from, change.from);
  }
  // No new file beside one whose name differs only in case (case-twins.ts): a new name is a rename's
  // target, or a file written that was planned as missing (baseHash null).
  const isNew = (c: FileChange) => c.action === 'rename' || (c.action !== 'delete' && c.baseHash === null);
  refuseCaseTwins(
    resolved
      .filter(({ change }) => isNew(change))
      .map(({ change, target }) => ({ rel: target.rel, abs: target.abs, raw: change.path })),
    resolved.flatMap(({ change, target, from }) =>
      change.action === 'delete' ? [target.abs] : from ? [from.abs] : [],
    ),
  );
  // The journal's entry comes first: each file's bytes go to its blob as the file is read (current.ts), not
  // kept in memory until the check is done. A refusal below removes the entry again.
  const applyId = newApplyId();
  let dir: string | undefined;
  let blob: BlobWriter | undefined;
  let files: FileResult[];
  try {
    await options.faults?.('journal');
    dir = await makeEntryDir(state, key, applyId);
    const saveTo = new BlobWriter(path.join(dir, 'before.bin'));
    blob = saveTo;
    // One after another: each read is written out before the next read takes its buffer.
    const currents: Array<{ cur: Current; src: Current | undefined }> = [];
    for (const { change, target, from } of resolved)
      currents.push({
        cur: await readCurrent(target, change.path, saveTo),
        src: from && change.action === 'rename' ? await readCurrent(from, change.from, saveTo) : undefined,
      });
    const checked = checkedSteps(resolved, currents);
    const steps = checked.steps;
    files = checked.files;

    const createDirs = await missingDirs(
      realRoot,
      steps.filter((s) => s.want.exists).map((s) => s.abs),
    );
    const prepared = prepareCommit(realRoot, steps, createDirs);
    await saveTo.finish();
    const entries: JournalEntry[] = steps.map((s) => ({
      rel: s.rel,
      before: storedState(s.current),
      afterHash: s.want.exists ? contentHash(s.want.data) : null,
    }));
    const manifest: Manifest = {
      version: 1,
      applyId,
      root: realRoot,
      time: new Date().toISOString(),
      ...(options.label !== undefined ? { label: options.label } : {}),
      state: 'pending',
      changes: changes.map((c) => ({
        action: c.action,
        path: c.path,
        ...(c.action === 'rename' ? { from: c.from } : {}),
      })),
      entries,
      createdDirs: createDirs.map((d) => relKey(realRoot, d)),
      temps: prepared.temps,
      folders: prepared.folderIds,
    };
    const journal = dir;
    await writeManifest(journal, manifest);
    // Once applied, the temp files are renamed into place: only recovery of a pending entry needs them.
    const { temps: _done, ...applied } = manifest;
    await commitSteps(steps, {
      realRoot,
      faults: options.faults,
      bulkSyncFrom: options.bulkSyncFrom,
      lanesFrom: options.lanesFrom,
      syncFs: options.syncFs,
      createDirs,
      folders: prepared.folders,
      commit: () => writeManifest(journal, { ...applied, state: 'applied' }),
    });
  } catch (err) {
    blob?.close();
    if (err instanceof SimulatedCrash) throw err;
    // Refused, rolled back, or never started: the journal entry describes nothing that happened. If the
    // rollback itself failed the entry stays, marked pending, with the original bytes in it.
    if (dir !== undefined && !(err instanceof CommitFailure && !err.restored)) {
      await removeEntryDir(dir).catch(() => {});
    }
    throw err instanceof HostFailure ? err : journalFailed(err);
  }
  await pruneJournal(state, key).catch(() => {});
  return { applyId, files };
}

/**
 * Each change against what is on disk now: the steps that make it, and its result. Throws Conflict, with
 * every file that differs from what was planned, before anything is written.
 */
function checkedSteps(
  resolved: Array<{ change: FileChange }>,
  currents: Array<{ cur: Current; src: Current | undefined }>,
): { steps: Step[]; files: FileResult[] } {
  const conflicts: Array<{ path: string; why: string }> = [];
  const steps: Step[] = [];
  const files: FileResult[] = [];
  for (const [index, { change }] of resolved.entries()) {
    const { cur, src } = currents[index]!;
    const result: FileResult = { path: change.path, action: change.action, status: 'ok' };
    if (change.action === 'rename') result.from = change.from;
    files.push(result);
    if (change.action === 'rename' && src) {
      if (!src.state.exists && change.baseHash === null)
        conflicts.push({ path: change.from, why: 'does not exist, so it cannot be renamed' });
      else if (src.hash !== change.baseHash)
        conflicts.push({ path: change.from, why: changedWhy(change.baseHash, src) });
      if (cur.state.exists)
        conflicts.push({ path: change.path, why: 'already exists, so it cannot be renamed onto' });
      // A renamed file keeps its mode: a script stays executable under its new name.
      steps.push(writeStep(cur, change.content, src.state.exists ? src.state.mode : undefined));
      steps.push(removeStep(src));
      continue;
    }
    if (cur.hash !== change.baseHash) {
      conflicts.push({ path: change.path, why: changedWhy(change.baseHash, cur) });
      continue;
    }
    if (change.action === 'delete') {
      if (!cur.state.exists) {
        result.status = 'skipped';
        result.message = 'The file was already absent.';
        continue;
      }
      steps.push(removeStep(cur));
      continue;
    }
    steps.push(writeStep(cur, change.content));
  }
  if (conflicts.length) throw conflictError(conflicts);
  return { steps, files };
}

/** The journal could not be saved; the project was not touched yet. */
export function journalFailed(err: unknown): HostFailure {
  return new HostFailure(
    ErrorCode.WriteFailed,
    `Saving the undo journal failed, so nothing was written: ${(err as Error).message ?? String(err)}.`,
  );
}

function removeStep(cur: Current): Step {
  return { rel: cur.resolved.rel, abs: cur.resolved.abs, current: cur.state, want: { exists: false } };
}

function writeStep(cur: Current, data: Content, mode?: number): Step {
  return {
    rel: cur.resolved.rel,
    abs: cur.resolved.abs,
    current: cur.state,
    want: mode === undefined ? { exists: true, data } : { exists: true, data, mode },
  };
}

function changedWhy(baseHash: string | null, cur: Current): string {
  if (baseHash === null) return 'exists now but did not when the change was planned';
  if (cur.hash === null) return 'was removed after the change was planned';
  return 'was changed after the change was planned';
}
