/**
 * The review's logic, without the DOM: a proposal and a project folder in, a plan to show out; the
 * files and commands the user ticked in, what the host wrote and what the commands printed out. Host
 * calls come in as a function so the tests can stand in for the native host.
 */

import type { ChangeSet, Diagnostic, FormatId } from '../../shared/changeset/changeset';
import { formatsOf, mergeChangeSets } from '../../shared/changeset/merge';
import { opPaths } from '../../shared/changeset/paths-of';
import {
  caseVariantsToRead,
  type EolEvidence,
  type FailureKind,
  type FilePlan,
  type FileSnapshot,
  independentParts,
  OVERRIDABLE,
  type Plan,
  plan,
  planNeedsFirst,
  planNeedsMore,
  toFileChanges,
} from '../../shared/engine';
import { type FolderAccess, locateInFolder } from '../../shared/engine/locate-by-content';
import { mapIntoRoot } from '../../shared/engine/resolve-paths';
import { refusedPaths } from '../../shared/formats/refused-paths';
import type { CommitOutcome, CommitRequest } from '../../shared/protocol/git';
import type { Proposal } from '../../shared/protocol/messages';
import { ErrorCode } from '../../shared/protocol/names';
import type { FileChange, Method, ParamsOf, ResultOf } from '../../shared/protocol/protocol';
import { pushAll } from '../../shared/text/push-all';
import { siteName } from './labels';
import { partialChanges } from './partial-choice';

export type HostCall = <M extends Method>(method: M, params: ParamsOf<M>) => Promise<ResultOf<M>>;

export interface ReviewFile extends Omit<FilePlan, 'error'> {
  error?: { kind: FailureKind | 'placeholder' | 'lossy' | 'unreadable'; message: string; nearest?: string };
}

export interface Review {
  root: string;
  /** Every change set of the proposal as one, in reply order. */
  changeSet: ChangeSet;
  formats: FormatId[];
  files: ReviewFile[];
  scripts: Plan['scripts'];
  diagnostics: Diagnostic[];
  /** The engine's plan, which `toFileChanges` reads. */
  plan: Plan;
  /**
   * Paths the reply named outside the folder (`..`, `.git/`, an absolute path that maps to no file of
   * the project): such a reply is refused as a whole — the CLI writes nothing of it either.
   */
  hostile: string[];
}

export type BuildResult = { ok: true; review: Review } | { ok: false; code: number; message: string };

export interface HostErrorInfo {
  code: number;
  message: string;
  path?: string;
}

/** The code, message and path of whatever a host call threw (an RpcError, or a plain Error). */
export function errorInfo(err: unknown): HostErrorInfo {
  if (typeof err === 'object' && err !== null) {
    const e = err as { code?: unknown; message?: unknown; path?: unknown };
    const info: HostErrorInfo = {
      code: typeof e.code === 'number' ? e.code : -1,
      message: typeof e.message === 'string' ? e.message : String(err),
    };
    if (typeof e.path === 'string') info.path = e.path;
    return info;
  }
  return { code: -1, message: String(err) };
}

export { formatsOf, mergeChangeSets, summaryOf } from '../../shared/changeset/merge';

/** Every change set of the proposal as one, with absolute paths inside the folder made relative. */
export function reviewChangeSet(proposal: Proposal, root: string): ChangeSet {
  // An absolute path inside the chosen folder is that file, not a guess (resolve-paths.ts).
  return mapIntoRoot(
    mergeChangeSets(proposal.changeSets) ?? {
      id: 'empty',
      source: { format: 'whole-file' as const },
      ops: [],
      diagnostics: [],
    },
    [root],
  );
}

/**
 * The files a plan of the change set needs, as the host read them; `unreadable` holds the host's reasons,
 * `caseVariants` the files that have a missing name in another case (resolve-paths.ts, resolveCase),
 * `eolNear` the line endings of files near a missing one (new-file-eol.ts).
 */
export type ReadResult =
  | {
      ok: true;
      snapshots: Map<string, FileSnapshot | null>;
      unreadable: Map<string, string>;
      caseVariants: Map<string, string[]>;
      eolNear: Map<string, EolEvidence[]>;
    }
  | { ok: false; code: number; message: string };

/**
 * Reads what `plan` needs, each round in one host call: the names the ops give, then the other names of
 * a file (strip levels, the folder under a made-up one, and the files the host found with its name in
 * another case) only where it is missing. The background runs the
 * same reads ahead when a click opens the review (background/read-ahead.ts), so they must stay this way.
 */
export async function readForPlan(
  changeSet: ChangeSet,
  root: string,
  call: HostCall,
  /** What an earlier read of the same folder gave: only paths it did not read are read. */
  known?: ReadResult & { ok: true },
): Promise<ReadResult> {
  const snapshots = new Map(known?.snapshots);
  const unreadable = new Map(known?.unreadable);
  const caseVariants = new Map(known?.caseVariants);
  const eolNear = new Map(known?.eolNear);
  const read = async (wanted: string[]): Promise<ReadResult | null> => {
    const needs = wanted.filter((p) => !snapshots.has(p));
    if (!needs.length) return null;
    let answer: ResultOf<'readFiles'>;
    try {
      answer = await call('readFiles', { root, paths: needs });
    } catch (err) {
      const e = errorInfo(err);
      return { ok: false, code: e.code, message: e.message };
    }
    for (const f of answer.files) {
      if (f.exists === true) snapshots.set(f.path, { text: f.text, hash: f.hash });
      else {
        snapshots.set(f.path, null);
        if (f.exists === 'error') unreadable.set(f.path, f.error.message);
        else {
          if (f.caseVariants) caseVariants.set(f.path, f.caseVariants);
          if (f.eolNear) eolNear.set(f.path, f.eolNear);
        }
      }
    }
    for (const p of needs) {
      if (!snapshots.has(p)) {
        snapshots.set(p, null);
        unreadable.set(p, `The host did not send ${p}.`);
      }
    }
    return null;
  };
  // A third round only when the other names read in the second have a variant of their own (rare).
  const failed =
    (await read(planNeedsFirst(changeSet))) ??
    (await read(planNeedsMore(changeSet, snapshots, caseVariants))) ??
    (await read(caseVariantsToRead(snapshots, caseVariants)));
  return failed ?? { ok: true, snapshots, unreadable, caseVariants, eolNear };
}

/** The review so far while it is planned part by part: the files planned yet, and how many parts are left. */
export interface ReviewProgress {
  review: Review;
  /** File groups planned, of `total` (a group is one file, or the files a rename or copy joins). */
  planned: number;
  total: number;
}

export interface BuildOptions {
  /**
   * Plan part by part (independentParts), calling this with the review so far after the first part and
   * then every slice of about SLICE_MS, and giving the browser a turn in between: the first files are
   * shown while the rest are planned. Without it, the plan is made in one go.
   */
  onProgress?: (progress: ReviewProgress) => void;
  /** Stops planning (a newer proposal or folder replaced this one); the result is then a failure. */
  signal?: AbortSignal;
  /**
   * The browser's turn after each call of onProgress (by default the next task). The side panel waits
   * for the next frame, so that the first file is on screen before the rest are planned.
   */
  yieldAfter?: () => Promise<void>;
}

/** Planning time between two turns of the browser: about a frame, so the panel keeps painting. */
const SLICE_MS = 16;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The files the reply names, and the change set with its SEARCH blocks that name no file (or one that
 * does not exist) looked for in the folder by their text (locate-by-content.ts): the host's findText,
 * then the files it found read too.
 */
export async function readAndLocate(
  named: ChangeSet,
  root: string,
  call: HostCall,
): Promise<{ changeSet: ChangeSet; read: ReadResult }> {
  const first = await readForPlan(named, root, call);
  if (!first.ok) return { changeSet: named, read: first };
  const access: FolderAccess = {
    // Every name of a SEARCH block is among the paths just read (planNeedsFirst, planNeedsMore). One
    // that exists in another case is that file, not one to find by its content (resolveCase); a folder in
    // another case alone is no file.
    existing: async (paths) =>
      new Set(
        paths.filter(
          (p) =>
            first.snapshots.get(p) != null ||
            first.unreadable.has(p) ||
            first.caseVariants.get(p)?.some((v) => first.snapshots.get(v) != null),
        ),
      ),
    find: (queries) => call('findText', { root, queries }),
  };
  const changeSet = await locateInFolder(named, access);
  if (changeSet === named) return { changeSet, read: first };
  return { changeSet, read: await readForPlan(changeSet, root, call, first) };
}

/** Reads what the plan needs from the folder and plans every change set of the proposal. */
export async function buildReview(
  proposal: Proposal,
  root: string,
  call: HostCall,
  { onProgress, signal, yieldAfter = nextTask }: BuildOptions = {},
): Promise<BuildResult> {
  const formats = formatsOf(proposal.changeSets);
  const { changeSet, read } = await readAndLocate(reviewChangeSet(proposal, root), root, call);
  performance.mark('replyapply:files-read');
  if (!read.ok) return read;
  const { snapshots, unreadable, caseVariants, eolNear } = read;
  if (!onProgress) {
    const p = plan(changeSet, snapshots, { caseVariants, eolNear, partial: true });
    return {
      ok: true,
      review: reviewOf(
        root,
        changeSet,
        formats,
        p,
        p.files.map((f) => unreadableAs(f, unreadable)),
      ),
    };
  }

  // Parts share no file, and planning them one after another gives the files of the whole plan, in the
  // order of their first operation (shared/engine/parts.ts); the diagnostics follow the reply's own.
  const parts = independentParts(changeSet);
  const total = parts.filter((p) => p.ops.some((op) => op.kind !== 'shell')).length;
  // Each file once as the engine planned it and once as shown (unreadableAs), so the objects the panel
  // renders stay the same from one slice to the next.
  const files: { planned: FilePlan; shown: ReviewFile; first: number; seq: number }[] = [];
  const scripts: Plan['scripts'] = [];
  const diagnostics: Diagnostic[] = [...changeSet.diagnostics];
  const sofar = (): Review => {
    const sorted = [...files].sort((a, b) => a.first - b.first || a.seq - b.seq);
    const p = { files: sorted.map((f) => f.planned), scripts: [...scripts], diagnostics: [...diagnostics] };
    return reviewOf(
      root,
      changeSet,
      formats,
      p,
      sorted.map((f) => f.shown),
    );
  };
  let planned = 0;
  let sliceStart = performance.now();
  let shown = false;
  for (const part of parts) {
    if (signal?.aborted) return { ok: false, code: -1, message: 'A newer review replaced this one.' };
    const p = plan(part, snapshots, { caseVariants, eolNear, partial: true });
    for (const f of p.files)
      files.push({
        planned: f,
        shown: unreadableAs(f, unreadable),
        first: f.lines[0] ?? 0,
        seq: files.length,
      });
    pushAll(scripts, p.scripts);
    pushAll(diagnostics, p.diagnostics);
    if (part.ops.some((op) => op.kind !== 'shell')) planned++;
    // The first file at once, then a slice at a time; not after the last part: that is the result.
    const due = shown ? performance.now() - sliceStart >= SLICE_MS : files.length > 0;
    if (planned < total && due) {
      shown = true;
      onProgress({ review: sofar(), planned, total });
      performance.mark('replyapply:slice-shown');
      await yieldAfter();
      sliceStart = performance.now();
    }
  }
  if (signal?.aborted) return { ok: false, code: -1, message: 'A newer review replaced this one.' };
  return { ok: true, review: sofar() };
}

/**
 * A file the host could not read (binary, too large, outside the root) was planned as missing; the host's
 * reason replaces whatever the engine concluded from that.
 */
function unreadableAs(f: FilePlan, unreadable: ReadonlyMap<string, string>): ReviewFile {
  const reason = unreadable.get(f.path) ?? (f.from !== undefined ? unreadable.get(f.from) : undefined);
  if (reason === undefined) return f;
  return {
    ...f,
    status: 'error',
    newText: null,
    hunks: [],
    error: { kind: 'unreadable', message: reason },
  };
}

function reviewOf(
  root: string,
  changeSet: ChangeSet,
  formats: FormatId[],
  p: Plan,
  files: ReviewFile[],
): Review {
  return {
    root,
    changeSet,
    formats,
    files,
    scripts: p.scripts,
    diagnostics: p.diagnostics,
    plan: p,
    hostile: [
      ...refusedPaths(changeSet.diagnostics),
      ...files.filter((f) => f.outside).map((f) => f.writtenAs ?? f.path),
    ],
  };
}

/** A file has something to write: it planned fine, or its only problem is one the user may override. */
export function canTick(file: ReviewFile): boolean {
  return file.status === 'ok' || OVERRIDABLE.has(file.error?.kind ?? '');
}

/** Ticking it takes a second, deliberate step. */
export function needsConfirm(file: ReviewFile): boolean {
  return file.status === 'error';
}

/**
 * Files that planned fine are ticked; errors, guessed file names, and files an error of the reply points
 * at (a block cut off with the reply) wait for the user.
 */
export function defaultTicks(review: Review): Set<string> {
  const flagged = new Set<string>();
  for (const d of review.changeSet.diagnostics) {
    const op = d.severity === 'error' && d.op !== undefined ? review.changeSet.ops[d.op] : undefined;
    if (op) for (const p of opPaths(op)) flagged.add(p);
  }
  return new Set(
    review.files
      .filter((f) => f.status === 'ok' && !f.guess && !flagged.has(f.path) && !flagged.has(f.from ?? f.path))
      .map((f) => f.path),
  );
}

/**
 * The changes the host would write for these ticks (files without changes drop out); a ticked file that
 * is refused but offers its edits that fit writes those (partial-choice.ts).
 */
export function changesFor(review: Review, ticked: ReadonlySet<string>) {
  const accepted = new Set<string>();
  const overrides = new Set<string>();
  for (const f of review.files) {
    if (!ticked.has(f.path) || !canTick(f)) continue;
    accepted.add(f.path);
    if (f.status === 'error') overrides.add(f.path);
  }
  return [...toFileChanges(review.plan, accepted, overrides), ...partialChanges(review.files, ticked)];
}

/** "Apply 3 files", "Apply 1 file and run 2 commands", "Run 1 command". */
export function applyLabel(files: number, scripts: number): string {
  const f = `${files} file${files === 1 ? '' : 's'}`;
  const s = `${scripts} command${scripts === 1 ? '' : 's'}`;
  if (files && scripts) return `Apply ${f} and run ${s}`;
  if (scripts) return `Run ${s}`;
  return `Apply ${f}`;
}

/** The history label of an apply: where the change came from. */
export function reviewLabel(proposal: Proposal, changeSet: ChangeSet): string {
  const where = proposal.site === 'paste' ? 'Pasted reply' : `${siteName(proposal.site)} reply`;
  const summary = changeSet.summary?.split('\n')[0]?.trim();
  return (summary ? `${where}: ${summary}` : where).slice(0, 500);
}

export interface ScriptRun {
  command: string;
  line: number;
  status: 'ok' | 'failed' | 'not-run';
  exitCode?: number | null;
  output: string;
  truncated?: boolean;
  timedOut?: boolean;
}

export type FileResult = ResultOf<'apply'>['files'][number];

export type ApplyOutcome =
  | { state: 'applied'; applyId?: string; files: FileResult[]; scripts: ScriptRun[]; commit?: CommitOutcome }
  | { state: 'conflict'; message: string; paths: string[] }
  | { state: 'failed'; code: number; message: string; path?: string };

export type ApplyStep =
  | { phase: 'writing'; files: number }
  | { phase: 'script'; index: number; command: string };

/**
 * Writes the ticked files in one host transaction, then runs the ticked commands one by one. A
 * command that fails stops the ones after it: they were written assuming it worked ("npm install",
 * then "npm test").
 */
export async function applyReview(
  review: Review,
  ticked: ReadonlySet<string>,
  scriptTicks: ReadonlySet<number>,
  label: string,
  call: HostCall,
  onStep: (step: ApplyStep) => void = () => undefined,
  /** The commit to make of the written files, if the user asked for one (git-state.ts, commitRequest). */
  commitOf?: (changes: FileChange[]) => CommitRequest | undefined,
): Promise<ApplyOutcome> {
  const changes = changesFor(review, ticked);
  const scripts = review.scripts.filter((_, i) => scriptTicks.has(i));
  if (!changes.length && !scripts.length)
    return { state: 'failed', code: -1, message: 'Nothing is ticked, so nothing was applied.' };
  let applyId: string | undefined;
  let files: FileResult[] = [];
  let commit: CommitOutcome | undefined;
  if (changes.length) {
    onStep({ phase: 'writing', files: changes.length });
    const c = commitOf?.(changes);
    try {
      const r = await call('apply', { root: review.root, changes, label, ...(c ? { commit: c } : {}) });
      applyId = r.applyId;
      files = r.files;
      commit = r.commit;
    } catch (err) {
      const e = errorInfo(err);
      if (e.code === ErrorCode.Conflict)
        return { state: 'conflict', message: e.message, paths: conflictPaths(review, changes, e) };
      return { state: 'failed', ...e };
    }
  }
  const runs: ScriptRun[] = [];
  let stopped = false;
  for (const [index, s] of scripts.entries()) {
    if (stopped) {
      runs.push({ ...s, status: 'not-run', output: 'Not run: an earlier command failed.' });
      continue;
    }
    onStep({ phase: 'script', index, command: s.command });
    try {
      const r = await call('runScript', { root: review.root, command: s.command });
      const ok = r.exitCode === 0 && !r.timedOut;
      runs.push({
        ...s,
        status: ok ? 'ok' : 'failed',
        exitCode: r.exitCode,
        output: r.output,
        truncated: r.truncated,
        timedOut: r.timedOut,
      });
      stopped = !ok;
    } catch (err) {
      runs.push({ ...s, status: 'failed', output: errorInfo(err).message });
      stopped = true;
    }
  }
  const outcome: ApplyOutcome = { state: 'applied', files, scripts: runs };
  if (applyId !== undefined) outcome.applyId = applyId;
  if (commit !== undefined) outcome.commit = commit;
  return outcome;
}

/**
 * The files a Conflict names. The host sets `path` to the first one and lists every one in the
 * message as "path (why)", so the others are read from there.
 */
function conflictPaths(
  review: Review,
  changes: { path: string; from?: string }[],
  e: HostErrorInfo,
): string[] {
  const out = new Set<string>();
  for (const c of changes) {
    for (const p of c.from !== undefined ? [c.path, c.from] : [c.path]) {
      if (p === e.path || e.message.includes(`${p} (`)) out.add(c.path);
    }
  }
  if (!out.size && e.path !== undefined) {
    const f = review.files.find((x) => x.path === e.path || x.from === e.path);
    out.add(f ? f.path : e.path);
  }
  return [...out];
}

export type RowStatus = 'ok' | 'error' | 'applied' | 'conflict' | 'skipped';

/** What each file row shows: its plan status, or what happened to it in the apply. */
export function rowStatus(file: ReviewFile, outcome: ApplyOutcome | null): RowStatus {
  if (outcome?.state === 'conflict' && outcome.paths.includes(file.path)) return 'conflict';
  if (outcome?.state === 'applied') {
    const r = outcome.files.find((x) => x.path === file.path);
    if (!r) return 'skipped';
    return r.status === 'ok' ? 'applied' : r.status;
  }
  return file.status;
}

export type UndoOutcome =
  | { state: 'undone'; applyId: string; files: FileResult[]; commit?: CommitOutcome }
  | { state: 'conflict'; message: string }
  | { state: 'failed'; code: number; message: string };

/** Undoes one apply (the newest when no id); a Conflict can be retried with `force`. */
export async function undoApply(
  call: HostCall,
  root: string,
  applyId?: string,
  force = false,
): Promise<UndoOutcome> {
  const params: ParamsOf<'undo'> = { root };
  if (applyId !== undefined) params.applyId = applyId;
  if (force) params.force = true;
  try {
    const r = await call('undo', params);
    return { state: 'undone', applyId: r.applyId, files: r.files, ...(r.commit ? { commit: r.commit } : {}) };
  } catch (err) {
    const e = errorInfo(err);
    if (e.code === ErrorCode.Conflict) return { state: 'conflict', message: e.message };
    return { state: 'failed', code: e.code, message: e.message };
  }
}
