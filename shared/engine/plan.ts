/**
 * A change set resolved against file snapshots: per file, the content it was planned against (by
 * hash), the new content, the diff to show and whether it can be applied. Nothing here reads or
 * writes files; the caller passes the snapshots `planNeeds` names, and `toFileChanges` turns the
 * files the user accepted into what the native host writes.
 *
 * Operations compose in reply order, per file, following the file through renames: "rename a → b,
 * then patch b" patches a's content, and a patch with a new path is a rename plus a modify. Once an
 * operation on a file fails, later operations on it are not tried (they would build on a guess).
 */
import type { ChangeSet, Diagnostic, Op } from '../changeset/changeset';
import { opPaths } from '../changeset/paths-of';
import type { FileChange } from '../protocol/protocol';
import { pushAll } from '../text/push-all';
import { applyOpDetailed } from './apply-op';
import { type DisplayHunk, displayHunks } from './display-hunks';
import { excerptOf } from './excerpt';
import { crlfLike, type EolEvidence, eolOf, toCrlf } from './new-file-eol';
import { readAsPart } from './part-reading';
import { type PartialApply, partialApply } from './partial';
import { isPlaceholderPath } from './placeholder';
import {
  aliasedPath,
  type CaseVariants,
  caseTwinTarget,
  type PathWorld,
  resolvePath,
  withPath,
} from './resolve-paths';
import { textLines } from './text-model';
import type { EditNote, FailureKind } from './types';

export interface FileSnapshot {
  text: string;
  /** Computed by the caller (sha256 of the bytes); carried through so the host can detect changes. */
  hash: string;
}

export type Snapshots = Map<string, FileSnapshot | null> | Record<string, FileSnapshot | null>;

export type FileAction = 'create' | 'modify' | 'delete' | 'rename';

export interface FilePlan {
  /** The file written: the new path of a rename, the deleted path of a delete. */
  path: string;
  action: FileAction;
  /** The original path of a rename. */
  from?: string;
  /** Hash of the snapshot of the original path (for a rename, of `from`); null when it did not exist. */
  baseHash: string | null;
  oldText: string | null;
  newText: string | null;
  hunks: DisplayHunk[];
  status: 'ok' | 'error';
  /**
   * Why the file is not written as it stands. Two kinds the user may override with an explicit tick
   * (`OVERRIDABLE`): a placeholder standing in for code, and text read from the rendered page.
   */
  error?: { kind: FailureKind | 'placeholder' | 'lossy'; message: string; nearest?: string };
  notes: EditNote[];
  /** Reply lines of the operations on this file. */
  lines: number[];
  /** Some operation on it had a guessed path. */
  guess?: boolean;
  /** The path as the reply wrote it, when the plan resolved it to another name (see resolve-paths.ts). */
  writtenAs?: string;
  /** The reply named it by an absolute path outside the folder that maps to no file of the project. */
  outside?: boolean;
  /** Some operation on it was read from prose the page rebuilt (whatever else went wrong with it). */
  lossy?: boolean;
  /**
   * The reply named no file for an operation on it, or one that does not exist: this file was found by
   * its content (locate-by-content.ts). Always with `guess`.
   */
  byContent?: boolean;
  /** The reply named it in another letter case (`README.md` for `readme.md`). Always with `guess`. */
  byCase?: boolean;
  /**
   * A refused file whose edits partly fit: the file with only those applied, written only by the user's
   * explicit choice (partial.ts). Planned only with `PlanOptions.partial`.
   */
  partial?: PartialApply;
}

export interface Plan {
  files: FilePlan[];
  scripts: { command: string; line: number }[];
  diagnostics: Diagnostic[];
}

/** Every path whose snapshot `plan` needs (rename targets too: they must not exist). */
export function planNeeds(changeSet: ChangeSet): string[] {
  const paths = new Set<string>();
  for (const op of changeSet.ops) for (const p of opNeeds(op)) paths.add(p);
  return [...paths];
}

/**
 * The same in two rounds, for callers that read the disk (the CLI, the review): what `plan` always
 * looks at, then (`planNeedsMore`) the other names it only looks at when the named file is missing —
 * a diff's deeper strip levels, the folder under a made-up or doubled one. Ten thousand diff sections
 * each carry strip-level guesses; reading them all doubled the dry run's file lookups for nothing.
 */
export function planNeedsFirst(changeSet: ChangeSet): string[] {
  const paths = new Set<string>();
  for (const op of changeSet.ops) for (const p of opNeeds(op, false)) paths.add(p);
  return [...paths];
}

/**
 * The rest of `planNeeds`, given the snapshots of `planNeedsFirst`: only names `plan` will look at — and
 * the files that have a missing name in another case (`caseVariants`, as readFiles gave them). The names
 * read here may have variants of their own: a caller reads `caseVariantsToRead` once more.
 */
export function planNeedsMore(changeSet: ChangeSet, first: Snapshots, caseVariants?: CaseVariants): string[] {
  const known = (p: string) => (first instanceof Map ? first.get(p) : first[p]);
  const paths = new Set(caseVariantsToRead(first, caseVariants));
  for (const op of changeSet.ops) {
    const a = op.alias;
    if (!a || a.how === 'absolute' || a.how === 'content') continue;
    const path = aliasedPath(op)!;
    const sure = a.how === 'diff-names' ? a.paths.slice(0, a.guessFrom ?? a.paths.length) : [];
    // A name that exists (or that an earlier op may create: unknown here) settles it.
    if ([path, ...sure].some((p) => known(p) !== null)) continue;
    for (const p of a.how === 'diff-names' ? a.paths.slice(sure.length) : a.paths) paths.add(p);
  }
  return [...paths];
}

/** The files that have a missing name in another case whose snapshots are not among `read` yet. */
export function caseVariantsToRead(read: Snapshots, caseVariants: CaseVariants | undefined): string[] {
  const paths = new Set<string>();
  for (const variants of caseVariants?.values() ?? [])
    for (const p of variants) if ((read instanceof Map ? read.get(p) : read[p]) === undefined) paths.add(p);
  return [...paths];
}

/**
 * The paths one operation reads or writes in `plan`: the paths it touches, a copy's source, and the
 * other names its path may have (resolve-paths.ts).
 */
export function opNeeds(op: Op, guesses = true): string[] {
  // A SEARCH/REPLACE that names no file has no path of its own ('') until its content places it.
  const paths = opPaths(op);
  if (paths[0] === '') paths.shift();
  if (op.kind === 'patch' && op.copyFrom !== undefined) paths.push(op.copyFrom);
  const a = op.alias;
  if (a) {
    // Absolute paths are resolved from their tails, a file found by content among the files the folder
    // search found; a diff's other sure names are always compared.
    if (guesses || a.how === 'absolute' || a.how === 'content') pushAll(paths, a.paths);
    else if (a.how === 'diff-names') pushAll(paths, a.paths.slice(0, a.guessFrom ?? a.paths.length));
  }
  return paths;
}

interface Entity {
  /** The path it started at. */
  origin: string;
  path: string;
  baseText: string | null;
  baseHash: string | null;
  text: string | null;
  notes: EditNote[];
  lines: number[];
  guess: boolean;
  writtenAs?: string;
  /** Some op on it was read from prose the page rebuilt. */
  lossy: boolean;
  outside?: boolean;
  byContent?: boolean;
  byCase?: boolean;
  error?: NonNullable<FilePlan['error']>;
  /** What the failed operation meant to do, for the action shown with the error. */
  failedIntent?: FileAction;
  /** Where a failed rename meant to move it. */
  failedTarget?: string;
  contentOps: number;
  /**
   * The display hunks of the last operation's line edits, when it edited the file as planned so far.
   * Made at once, so the two line arrays they come from are not kept alive for every file of a
   * ten-thousand-file plan until the end (they were most of the garbage collector's work).
   */
  editHunks?: DisplayHunk[];
  /** With `PlanOptions.partial`: the operations on it, in reply order (partial.ts). */
  ops?: Op[];
  /** An operation on it failed to apply (not to find its file): partial.ts may offer the rest. */
  opFailed?: boolean;
}

export interface PlanOptions {
  /** Existing files with a missing path's name in another case (resolve-paths.ts, resolveCase). */
  caseVariants?: CaseVariants;
  /** For a missing path, the line endings of existing files near it (readFiles' `eolNear`). */
  eolNear?: ReadonlyMap<string, readonly EolEvidence[]>;
  /** Plan, for a file refused because some of its edits do not fit, the others alone (FilePlan.partial). */
  partial?: boolean;
}

export function plan(changeSet: ChangeSet, snapshots: Snapshots, options: PlanOptions = {}): Plan {
  const snap = (path: string): FileSnapshot | null => {
    const s = snapshots instanceof Map ? snapshots.get(path) : snapshots[path];
    if (s === undefined)
      throw new Error(`plan(): no snapshot for ${path}; pass every path planNeeds() returns.`);
    return s;
  };
  const live = new Map<string, Entity>();
  const unused: Diagnostic[] = [];
  const vacated = new Set<string>();
  const order: Entity[] = [];
  const scripts: Plan['scripts'] = [];

  const entity = (path: string): Entity => {
    let e = live.get(path);
    if (!e) {
      // A path a rename moved away from starts over as "no file".
      const s = vacated.has(path) ? null : snap(path);
      e = {
        origin: path,
        path,
        baseText: s?.text ?? null,
        baseHash: s?.hash ?? null,
        text: s?.text ?? null,
        notes: [],
        lines: [],
        guess: false,
        lossy: false,
        contentOps: 0,
      };
      live.set(path, e);
      order.push(e);
    }
    return e;
  };

  const touch = (e: Entity, op: Op): boolean => {
    e.lines.push(op.line);
    if (options.partial) {
      e.ops ??= [];
      e.ops.push(op);
    }
    // Where its text came from, when that is a document beside the reply (an artifact, a canvas).
    if (op.document)
      e.notes.push({ severity: 'info', line: op.line, message: `The text of the ${op.document}.` });
    if (op.guess) e.guess = true;
    if (op.lossy) e.lossy = true;
    if (!e.error) return true;
    e.notes.push({
      severity: 'info',
      line: op.line,
      message: `The operation at reply line ${op.line} was not tried because an earlier one on this file failed.`,
    });
    return false;
  };

  const rename = (e: Entity, to: string, op: Op): void => {
    if (to === e.path) return;
    if (e.text === null) {
      e.error = {
        kind: 'missing-file',
        message: `The rename at reply line ${op.line}: ${e.path} does not exist.`,
      };
      e.failedIntent = 'rename';
      e.failedTarget = to;
      return;
    }
    const target = live.get(to);
    const targetExists = target ? target.text !== null : !vacated.has(to) && snap(to) !== null;
    if (targetExists && op.kind === 'patch' && op.moveOverwrites) {
      // The destination's content is replaced and the source deleted: two changes the host checks
      // against what the review showed, and undo puts both back.
      const t = entity(to);
      if (!touch(t, op)) return;
      t.text = e.text;
      t.contentOps++;
      t.notes.push({
        severity: 'warning',
        line: op.line,
        message: `The reply moves ${e.path} onto ${to}, which exists (reply line ${op.line}): ${to} gets ${e.path}'s new content, and ${e.path} is deleted.`,
      });
      e.text = null;
      return;
    }
    if (targetExists) {
      e.error = {
        kind: 'exists',
        message: `The reply renames ${e.path} to ${to} (reply line ${op.line}), but ${to} already exists; it is not overwritten.`,
      };
      e.failedIntent = 'rename';
      e.failedTarget = to;
      return;
    }
    // A target that exists only in another case is that file on a case-insensitive disk (resolve-paths.ts).
    const twin = caseTwinTarget(op, e.path, to, world);
    if (twin !== null) {
      e.error = { kind: 'exists', message: twin };
      e.failedIntent = 'rename';
      e.failedTarget = to;
      return;
    }
    live.delete(e.path);
    vacated.add(e.path);
    e.path = to;
    if (target) {
      // `to` was deleted earlier in this reply: keep that entity in the plan, under a spare key.
      live.delete(to);
    }
    live.set(to, e);
  };

  /**
   * The text of a path as planned so far (null: no such file). An alias name the caller did not read
   * (planNeedsMore leaves out the names a found file makes moot) counts as missing.
   */
  const current = (path: string): string | null => {
    const e = live.get(path);
    if (e) return e.text;
    if (vacated.has(path)) return null;
    const s = snapshots instanceof Map ? snapshots.get(path) : snapshots[path];
    return s?.text ?? null;
  };
  // The op whose name is being resolved: `fits` tries its hunks on another name. One function for the
  // whole plan, not a closure per op — a 10,000-file diff made the garbage collector keep every op's
  // texts alive a while longer through those closures (a third of a dry run's time went to it).
  let resolving: Op | undefined;
  const world: PathWorld = {
    exists: (p) => current(p) !== null,
    fits: (p) => resolving !== undefined && applyOpDetailed(current(p), withPath(resolving, p, false)).ok,
    holds: (p) => {
      if ((resolving?.kind === 'replace' && resolving.part) || resolving?.kind === 'regex') {
        // A part of a file: it fits where its definitions or its elisions' anchors are found once.
        const r = applyOpDetailed(current(p), withPath(resolving, p, false));
        return r.ok ? 'once' : r.kind === 'ambiguous' ? 'several' : 'none';
      }
      if (resolving?.kind !== 'search-replace') return 'none';
      // Each edit at exactly one place: a format's "first of several" would hide a second place.
      const strict: Op = {
        ...resolving,
        edits: resolving.edits.map(({ takeFirst: _first, ...e }) => ({ ...e, all: false })),
      };
      const r = applyOpDetailed(current(p), withPath(strict, p, false));
      return r.ok ? 'once' : r.kind === 'ambiguous' ? 'several' : 'none';
    },
    absoluteRoot: absoluteRootOf(changeSet.ops, (p) => snap(p) !== null),
    caseVariants: (p) => {
      const found = options.caseVariants?.get(p);
      if (found === undefined) return [];
      // A variant an earlier operation of the reply deleted or moved away is no longer there; one the
      // caller did not read (caseVariantsToRead) is not chosen.
      return found.filter((v) => {
        const e = live.get(v);
        if (e) return e.text !== null;
        return v !== p && !vacated.has(v) && (snapshots instanceof Map ? snapshots.has(v) : v in snapshots);
      });
    },
  };
  /** The path does not exist, but a file with its name in another case does: resolvePath decides. */
  const inOtherCase = (p: string) =>
    p !== '' &&
    options.caseVariants?.has(p) === true &&
    world.caseVariants!(p).length > 0 &&
    !world.exists(p);

  for (const written of changeSet.ops) {
    if (written.kind === 'shell') {
      scripts.push({ command: written.command, line: written.line });
      continue;
    }
    let op: Op = written;
    let resolvedNote: EditNote | undefined;
    const named = aliasedPath(written)!;
    if (written.alias || inOtherCase(named)) {
      const alias = written.alias;
      const name = alias?.written ?? named;
      resolving = written;
      const r = resolvePath(written, named, alias, world);
      resolving = undefined;
      if (!r.ok && r.path === '') {
        // A SEARCH/REPLACE that names no file, and whose content places it in no one file: no file to
        // show it on, so the reply's refusal is said beside the plan (an error: nothing of it is written).
        // A code block that names no file and fits no one file may be an example: said, and left out.
        if (
          (written.kind === 'replace' && written.part) ||
          written.kind === 'regex' ||
          alias?.how === 'ask'
        ) {
          unused.push({
            severity: 'warning',
            line: written.line,
            message:
              alias?.how === 'ask'
                ? `${r.message} Until then it is not used.`
                : written.kind === 'regex'
                  ? `${r.message} Give its file in the review; until then it is not used.`
                  : `${r.message} It may be an example; it is not used.`,
          });
        } else unused.push({ severity: 'error', line: written.line, message: r.message });
        continue;
      }
      if (!r.ok) {
        const e = entity(r.path);
        e.writtenAs = name;
        if (touch(e, written)) {
          e.error = { kind: r.kind, message: r.message };
          e.failedIntent = intentOf(written);
          if (alias?.how === 'absolute') e.outside = true;
        }
        continue;
      }
      // A name the plan resolved is a guess of its own kind: it marks the file, but unlike a name guessed
      // from prose it may be a new file (an absolute path under the folder the reply's others put the
      // project in), so the op itself is not marked.
      op = withPath(written, r.path, false);
      resolvedNote = r.note;
      if (r.guess || resolvedNote || aliasedPath(op) !== name) {
        const e = entity(r.path);
        // A block that names no file wrote no name to show.
        // (A part of a file names none: a name the text around it mentions only picked among several.)
        if (name !== '' && !(written.kind === 'replace' && written.part)) e.writtenAs ??= name;
        if (resolvedNote) e.notes.push(resolvedNote);
        if (r.guess) e.guess = true;
        if (r.guess && alias?.how === 'content') e.byContent = true;
        if (r.byCase) e.byCase = true;
      }
    }
    if (op.kind === 'shell') continue;
    if (op.guess && op.kind !== 'rename' && current(op.path) === null) {
      // A name guessed from the prose around a code block that names no file of the project: the block
      // may be an example, or a draft. Said, and left out — neither written nor blocking the rest.
      unused.push({
        severity: 'warning',
        line: op.line,
        message: `The code at reply line ${op.line} may be meant for ${op.path} (a name guessed from the text around it), but there is no such file; it is not used.`,
      });
      continue;
    }
    if (op.guess && op.kind === 'create') {
      // A block under a guessed name that holds only a part of the file it names is a quote or a piece to
      // fit in (excerpt.ts), not the whole new file: written as the file it deletes the rest. Said, and
      // left out like the block above.
      const now = current(op.path);
      // One whose comments stand for the file's own lines is whole once they are filled (elisions.ts).
      const whole = now !== null && readAsPart(textLines(now), textLines(op.content))?.ok === true;
      const part = now === null || whole ? null : excerptOf(textLines(op.content), textLines(now));
      if (part) {
        unused.push({
          severity: 'warning',
          line: op.line,
          message: `The code at reply line ${op.line} may be meant for ${op.path} (a name guessed from the text around it), but it holds only ${part.covered} of that file's ${part.of} lines: it is a part of the file, not the whole of it, and is not used.`,
        });
        continue;
      }
    }
    if (op.kind === 'rename') {
      const e = entity(op.from);
      if (touch(e, op)) rename(e, op.to, op);
      continue;
    }
    const e = entity(op.path);
    if (!touch(e, op)) continue;
    let base = e.text;
    if (op.kind === 'patch' && op.copyFrom !== undefined) {
      // git `copy from`: the new file starts as the source's current content; the source stays.
      const known = op.copyOfOriginal ? undefined : live.get(op.copyFrom);
      const source = op.copyOfOriginal
        ? (snap(op.copyFrom)?.text ?? null)
        : known
          ? known.text
          : vacated.has(op.copyFrom)
            ? null
            : (snap(op.copyFrom)?.text ?? null);
      const problem =
        e.text !== null
          ? ({
              kind: 'exists',
              message: `The patch at reply line ${op.line} copies ${op.copyFrom} to ${op.path}, but ${op.path} already exists.`,
            } as const)
          : source === null
            ? ({
                kind: 'missing-file',
                message: `The patch at reply line ${op.line} copies ${op.copyFrom}, which does not exist.`,
              } as const)
            : null;
      if (problem) {
        e.error = problem;
        e.failedIntent = 'create';
        continue;
      }
      base = source;
    }
    const r = applyOpDetailed(base, op);
    if (!r.ok) {
      e.error =
        r.nearest === undefined
          ? { kind: r.kind, message: r.message }
          : { kind: r.kind, message: r.message, nearest: r.nearest };
      e.failedIntent = intentOf(op);
      e.opFailed = true;
      // A failed move names where it was going (not `rename a → a`).
      if (op.kind === 'patch' && op.newPath !== undefined) e.failedTarget = op.newPath;
      continue;
    }
    pushAll(e.notes, r.notes);
    e.contentOps++;
    e.editHunks = base === e.text && r.edits ? displayHunks(null, null, r.edits) : undefined;
    e.text = r.text;
    if (op.kind === 'patch' && op.newPath !== undefined) rename(e, op.newPath, op);
  }

  const files: FilePlan[] = [];
  const diagnostics = [...changeSet.diagnostics, ...unused];
  let touched: EolEvidence[] | undefined;
  for (const e of order) {
    if (e.baseText === null && e.text !== null && !e.error && e.text.includes('\n')) {
      // A new file's line endings follow the project's (new-file-eol.ts).
      touched ??= order.flatMap((t) => {
        const eol = t.baseText === null ? null : eolOf(t.baseText);
        return eol ? [{ path: t.origin, eol }] : [];
      });
      const near = options.eolNear?.get(e.path) ?? [];
      const like = crlfLike(e.path, e.text, [...touched, ...near]);
      if (like !== null) {
        e.text = toCrlf(e.text);
        e.notes.push({
          severity: 'info',
          line: e.lines[0] ?? 1,
          message: `${e.path} is written with CRLF line endings, like ${like} (the reply's text has LF).`,
        });
      }
    }
    const fp = filePlan(e);
    if (fp && e.opFailed && e.ops && fp.action === 'modify' && !fp.guess && e.baseText !== null) {
      const partial = e.path === e.origin ? partialApply(e.baseText, e.ops) : null;
      if (partial) fp.partial = partial;
    }
    if (fp) files.push(fp);
    else {
      diagnostics.push({
        severity: 'info',
        line: e.lines[0] ?? 1,
        message: `${e.origin} is created and deleted again by the reply; nothing to do.`,
      });
    }
  }
  return { files, scripts, diagnostics };
}

function intentOf(op: Op): FileAction {
  if (op.kind === 'create' || (op.kind === 'patch' && op.isNew)) return 'create';
  if (op.kind === 'delete' || (op.kind === 'patch' && op.isDelete)) return 'delete';
  if (op.kind === 'rename' || (op.kind === 'patch' && op.newPath !== undefined)) return 'rename';
  return 'modify';
}

function filePlan(e: Entity): FilePlan | null {
  const moved = e.path !== e.origin && e.baseText !== null;
  let action: FileAction;
  if (e.error) action = moved ? 'rename' : (e.failedIntent ?? 'modify');
  else if (e.baseText === null) {
    if (e.text === null) return null;
    action = 'create';
  } else if (e.text === null) action = 'delete';
  else action = moved ? 'rename' : 'modify';

  if (action === 'create' && !e.error && isPlaceholderPath(e.path)) {
    e.notes.push({
      severity: 'error',
      line: e.lines[0] ?? 1,
      placeholder: true,
      message: `${e.path} looks like a placeholder path (the reply did not know the real one); it would create a new file there.`,
    });
  }
  const placeholder = e.notes.find((n) => n.placeholder);
  // A file read from the page rebuild that then failed: the rebuild is the likely cause, so say it.
  if (e.error && e.lossy) e.error = { ...e.error, message: `${e.error.message} ${LOSSY_MESSAGE}` };
  const error =
    e.error ??
    (e.lossy
      ? { kind: 'lossy' as const, message: LOSSY_MESSAGE }
      : placeholder
        ? { kind: 'placeholder' as const, message: placeholder.message }
        : undefined);
  const hard = e.error !== undefined;
  const newText = hard || action === 'delete' ? null : e.text;
  const fp: FilePlan = {
    path: action === 'delete' ? e.origin : (e.failedTarget ?? e.path),
    action,
    baseHash: e.baseHash,
    oldText: e.baseText,
    newText,
    hunks: hard ? [] : e.contentOps === 1 && e.editHunks ? e.editHunks : displayHunks(e.baseText, newText),
    status: error ? 'error' : 'ok',
    notes: e.notes,
    lines: e.lines,
  };
  if (action === 'rename') fp.from = e.origin;
  if (error) fp.error = error;
  if (e.guess) fp.guess = true;
  if (e.writtenAs !== undefined && e.writtenAs !== fp.path) fp.writtenAs = e.writtenAs;
  if (e.outside) fp.outside = true;
  if (e.lossy) fp.lossy = true;
  if (e.byContent) fp.byContent = true;
  if (e.byCase) fp.byCase = true;
  if (!hard && action === 'modify' && newText === e.baseText) {
    fp.notes.push({
      severity: 'info',
      line: e.lines[0] ?? 1,
      message: `The reply leaves ${e.path} unchanged.`,
    });
  }
  return fp;
}

/** Why a file read from the rendered page is not written unless the user ticks it (issue 12). */
export const LOSSY_MESSAGE =
  "Read from the rendered page, where the chat's Markdown may have changed whitespace or list markers: use the chat's Copy button, or paste the reply.";

/** Errors the user may override by ticking the file deliberately: the text is there, only doubtful. */
export const OVERRIDABLE: ReadonlySet<string> = new Set(['placeholder', 'lossy']);

/**
 * What the host writes for the files the user accepted (by `FilePlan.path`). Files in error are
 * left out, except one whose error is OVERRIDABLE and that the user accepted despite it, listed in
 * `acceptOverrides`. A modify that changes nothing is left out too.
 */
export function toFileChanges(
  p: Plan,
  accepted: Set<string>,
  acceptOverrides: Set<string> = new Set(),
): FileChange[] {
  const out: FileChange[] = [];
  for (const f of p.files) {
    if (!accepted.has(f.path)) continue;
    if (f.status === 'error' && !(OVERRIDABLE.has(f.error?.kind ?? '') && acceptOverrides.has(f.path)))
      continue;
    switch (f.action) {
      case 'delete':
        out.push({ action: 'delete', path: f.path, baseHash: f.baseHash });
        break;
      case 'create':
        out.push({ action: 'create', path: f.path, baseHash: f.baseHash, content: f.newText ?? '' });
        break;
      case 'modify':
        if (f.newText === null || f.newText === f.oldText) break;
        out.push({ action: 'modify', path: f.path, baseHash: f.baseHash, content: f.newText });
        break;
      case 'rename':
        out.push({
          action: 'rename',
          from: f.from!,
          path: f.path,
          baseHash: f.baseHash,
          content: f.newText ?? '',
        });
        break;
    }
  }
  return out;
}

/**
 * Where the reply's absolute paths put the project: the one folder that every absolute path with a
 * unique existing tail lies in (`/Users/me/proj/` when `/Users/me/proj/index.html` is `index.html`).
 * A new file at another absolute path under it is then offered at the same place (a guess).
 */
function absoluteRootOf(ops: readonly Op[], exists: (path: string) => boolean): string | undefined {
  const roots = new Set<string>();
  for (const op of ops) {
    if (op.alias?.how !== 'absolute') continue;
    const path = aliasedPath(op)!;
    const found = [path, ...op.alias.paths].filter(exists);
    if (found.length !== 1) continue;
    const written = op.alias.written.replace(/\\/g, '/');
    if (!written.endsWith(`/${found[0]}`)) continue;
    roots.add(written.slice(0, written.length - found[0]!.length));
  }
  return roots.size === 1 ? [...roots][0] : undefined;
}
