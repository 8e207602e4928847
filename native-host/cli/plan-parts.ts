/**
 * `replyapply apply`'s middle: the reply's independent parts (independentParts) read from the project,
 * planned, rendered for the terminal, and what will be written kept. Parts share no file, so each part's
 * texts are garbage before the next is read. (Splitting the parts with a worker thread was measured and
 * not kept: on two cores the allocation-bound halves each ran 1.6× slower, issue 16.)
 */
import type { ChangeSet, Diagnostic } from '../../shared/changeset/changeset';
import {
  caseVariantsToRead,
  type EolEvidence,
  type FilePlan,
  type Plan,
  plan,
  planNeedsFirst,
  planNeedsMore,
  toFileChanges,
} from '../../shared/engine';
import type { GitFileState } from '../../shared/protocol/git';
import type { FileChange, Snapshot } from '../../shared/protocol/protocol';
import { pushAll } from '../../shared/text/push-all';
import {
  asWrittenInPart,
  hasPartial,
  type PartialReport,
  partialChange,
  partialHint,
  partialReport,
  partialSummary,
  renderSkipped,
} from './partial';
import { COLOR, colorDiffLine, PLAIN, type Style } from './render';

export type FileStatus = 'ok' | 'conflict' | 'error' | 'skipped';

/** One line of the `--json` answer's `files`. */
export interface FileReport {
  path: string;
  action: 'create' | 'modify' | 'delete' | 'rename';
  from?: string;
  status: FileStatus;
  message?: string;
  /** Written in part (--partial): the edits applied and those skipped, each with its reason. */
  partial?: PartialReport;
  /** The file's git state before the apply, in a git work tree (cli/git-review.ts). */
  git?: GitFileState;
}

/** What planning a part needs besides the part: plain data, so a worker thread can be given it too. */
export interface PartOptions {
  dryRun: boolean;
  includeGuesses: boolean;
  acceptElisions: boolean;
  /** Write a refused file's edits that fit, skipping the others (--partial; partial.ts). */
  partial: boolean;
  /** Colour the rendered text (the terminal's Style is COLOR). */
  color: boolean;
  /** Render each file's diff, not only its line (see apply.ts). */
  diffs: boolean;
}

/** One planned file, kept after its part's texts are gone: its line in the report, its output, its write. */
export interface PlannedFile {
  /** Reply line of its first operation (the order of the plan). */
  first: number;
  file: FileReport;
  text: string;
  change: FileChange | undefined;
}

/**
 * The parts' planned files, the files that could not be read (then nothing is planned), the commands,
 * and what planning said beyond the files (code for a guessed name that does not exist is not used).
 */
export interface PartsPlanned {
  planned: PlannedFile[];
  unreadable: FileReport[];
  scripts: Plan['scripts'];
  diagnostics: Diagnostic[];
}

/** The snapshots of some paths, as the host reads them (native-host/fs/snapshots.ts). */
export type ReadSnapshots = (paths: string[]) => Snapshot[];

/**
 * Read, plan and render `parts` in turn, taking each out of the list as it is planned (its operations,
 * a large reply's hunk lines, are most of its memory). Once a file cannot be read nothing will be
 * written: the rest is only read, to name every such file.
 */
export function planParts(parts: ChangeSet[], read: ReadSnapshots, o: PartOptions): PartsPlanned {
  const style = o.color ? COLOR : PLAIN;
  const out: PartsPlanned = { planned: [], unreadable: [], scripts: [], diagnostics: [] };
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    // Out of the list (not `shift`, which moves every part after it: ten thousand parts).
    parts[i] = undefined as unknown as ChangeSet;
    const snapshots = new Map<string, { text: string; hash: string } | null>();
    // A missing file's name in another case: the file the plan may mean (resolve-paths.ts, resolveCase).
    const caseVariants = new Map<string, string[]>();
    // A missing file's neighbours' line endings: a new file's endings (new-file-eol.ts).
    const eolNear = new Map<string, EolEvidence[]>();
    const take = (paths: string[]) => {
      for (const s of read(paths)) {
        if (s.exists === true) snapshots.set(s.path, { text: s.text, hash: s.hash });
        else if (s.exists === false) {
          snapshots.set(s.path, null);
          if (s.caseVariants) caseVariants.set(s.path, s.caseVariants);
          if (s.eolNear) eolNear.set(s.path, s.eolNear);
        } else
          out.unreadable.push({ path: s.path, action: 'modify', status: 'error', message: s.error.message });
      }
    };
    // Other names of a file (strip levels, the folder under a made-up one, its name in another case) only
    // where it is missing.
    take(planNeedsFirst(part));
    const more = planNeedsMore(part, snapshots, caseVariants);
    if (more.length > 0) take(more);
    // The other names just read may have a variant of their own (rare: a third round only then).
    const last = caseVariantsToRead(snapshots, caseVariants);
    if (last.length > 0) take(last);
    if (out.unreadable.length > 0) continue;
    const partPlan = plan(part, snapshots, { caseVariants, eolNear, partial: o.partial });
    pushAll(out.scripts, partPlan.scripts);
    // A part carries none of the reply's own diagnostics (independentParts): these are the plan's.
    pushAll(out.diagnostics, partPlan.diagnostics);
    // Without --partial, a refused file says what --partial would write: planned again, only then.
    const hints =
      !o.partial && partPlan.files.some((f) => f.status === 'error')
        ? plan(part, snapshots, { caseVariants, eolNear, partial: true }).files
        : [];
    for (const [j, f] of partPlan.files.entries()) {
      const hint = hints[j]?.path === f.path ? hints[j]!.partial : undefined;
      out.planned.push(plannedFile(f, partPlan, style, o, hint ? [partialHint(hint, style)] : []));
    }
  }
  parts.length = 0;
  return out;
}

function plannedFile(
  f: FilePlan,
  partPlan: Plan,
  style: Style,
  o: PartOptions,
  /** Lines under the file's error. */
  extra: string[],
): PlannedFile {
  if (o.partial && hasPartial(f)) {
    const file: FileReport = {
      path: f.path,
      action: f.action,
      status: 'ok',
      message: partialSummary(f.partial),
      partial: partialReport(f.partial),
    };
    return {
      first: f.lines[0] ?? 0,
      file,
      text: renderFile(asWrittenInPart(f), style, o.diffs, [
        `        ${style.yellow(file.message!)}`,
        ...renderSkipped(f.partial, style),
      ]),
      change: o.dryRun ? undefined : partialChange(f),
    };
  }
  // A name the plan could only guess (an absolute path's tail, a made-up folder): like a name guessed
  // from prose, written only when asked for.
  // A placeholder comment standing in for code (`// ...`) refuses the file unless the user said so.
  const elided = f.status === 'error' && f.error?.kind === 'placeholder';
  const accepted = elided && o.acceptElisions;
  const status = f.status === 'ok' || accepted ? 'ok' : 'error';
  const held = f.guess === true && status === 'ok' && !o.includeGuesses;
  const file = fileReport(f, status === 'error' ? 'error' : held ? 'skipped' : 'ok');
  if (held && f.byContent)
    file.message = `Found by its content: the reply names ${f.writtenAs ? `${f.writtenAs}, which does not exist` : 'no file'}; pass --include-guesses to apply it.`;
  else if (held && f.byCase)
    file.message = `Matched in another case: the reply names ${f.writtenAs}, which does not exist; pass --include-guesses to apply it.`;
  else if (held)
    file.message = `The file name is a guess${f.writtenAs ? ` for ${f.writtenAs}` : ''}; pass --include-guesses to apply it.`;
  else if (accepted) file.message = `written with its placeholder (--accept-elisions): ${f.error!.message}`;
  else if (elided) file.message = `${f.error!.message} Pass --accept-elisions to write it anyway.`;
  const accept = new Set([f.path]);
  return {
    first: f.lines[0] ?? 0,
    file,
    text: renderFile(f, style, o.diffs, extra),
    // A dry run writes nothing: the new texts are not kept (ten thousand files' worth of them).
    change:
      held || o.dryRun
        ? undefined
        : toFileChanges({ ...partPlan, files: [f] }, accept, accepted ? accept : new Set())[0],
  };
}

function fileReport(f: FilePlan, status: FileStatus): FileReport {
  const out: FileReport = { path: f.path, action: f.action, status };
  if (f.from !== undefined) out.from = f.from;
  if (f.error) out.message = f.error.message;
  else if (status === 'skipped') out.message = 'not written';
  return out;
}

/** One file of the plan: its line, errors and notes, and its diff when `diffs`. */
function renderFile(f: FilePlan, style: Style, diffs: boolean, extra: readonly string[] = []): string {
  const out: string[] = [];
  const what = `${f.action === 'rename' ? `${f.from} → ${f.path}` : f.path}${f.writtenAs ? style.dim(` (the reply wrote ${f.writtenAs})`) : ''}`;
  const lines = f.lines.length
    ? style.dim(`  (reply line${f.lines.length === 1 ? '' : 's'} ${f.lines.join(', ')})`)
    : '';
  const status = f.status === 'error' ? style.red('error ') : style.green('ok    ');
  if (diffs) out.push('');
  out.push(
    `${status}  ${f.action.padEnd(6)}  ${what}${f.byContent ? style.yellow(' [found by its content]') : f.byCase ? style.yellow(' [matched in another case]') : f.guess ? style.yellow(' [path guessed]') : ''}${diffs ? '' : changedLines(f, style)}${lines}`,
  );
  if (f.error) {
    out.push(`        ${style.red(f.error.message)}`);
    if (f.error.nearest !== undefined) {
      out.push(style.dim('        The closest lines in the file:'));
      for (const l of f.error.nearest.split('\n')) out.push(style.dim(`        | ${l}`));
    }
  }
  pushAll(out, extra);
  for (const note of f.notes) {
    if (note.placeholder && f.error?.kind === 'placeholder') continue;
    const label = note.severity === 'warning' ? style.yellow('note') : style.dim('note');
    out.push(`        ${label}: ${note.message}`);
  }
  if (diffs && f.hunks.length > 0) {
    const oldName = f.action === 'create' ? '/dev/null' : `a/${f.from ?? f.path}`;
    const newName = f.action === 'delete' ? '/dev/null' : `b/${f.path}`;
    // Line by line, as colorDiff would colour the joined diff, without building and splitting it
    // (ten thousand files' diffs are a lot of text), into the file's lines: one join copies them out.
    const put = (text: string) => {
      if (text.includes('\n')) for (const l of text.split('\n')) out.push(`    ${colorDiffLine(l, style)}`);
      else out.push(`    ${colorDiffLine(text, style)}`);
    };
    put(`--- ${oldName}`);
    put(`+++ ${newName}`);
    for (const h of f.hunks) {
      put(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
      for (const l of h.lines) put(l);
    }
  }
  return out.join('\n');
}

/** `  +3 -1` for a file's diff, in place of the diff itself. */
function changedLines(f: FilePlan, style: Style): string {
  if (f.hunks.length === 0) return '';
  let added = 0;
  let removed = 0;
  for (const h of f.hunks) {
    for (const l of h.lines) {
      const c = l.charCodeAt(0);
      if (c === 43 /* + */) added++;
      else if (c === 45 /* - */) removed++;
    }
  }
  return `  ${style.green(`+${added}`)} ${style.red(`-${removed}`)}`;
}
