/**
 * `replyapply apply [--dir DIR] [--dry-run] [--yes] [--json] [--allow-scripts] [--include-guesses] [--accept-elisions] [--partial] [--commit] [--include-ignored] [--path-for LINE=PATH]... [FILE|-]`
 * (`--path-for`: the file of a code block that names none, by the reply line the plan gives for it;
 * `--partial`: a file whose edits partly fit gets those, the others are said and skipped — exit 4;
 * `--commit`: commit the written files with git, native-host/git/ and git-review.ts)
 *
 * detectAll → locateInFolder (SEARCH blocks that name no file, or a missing one) → planNeedsFirst/More
 * (with the files that have a missing name in another case) → readSnapshots → plan → show the plan →
 * confirm → one host transaction → scripts.
 * All or nothing: a refused path anywhere in the reply, a block the parsers could not read, or any file
 * whose plan failed means nothing is written (exit 1) — unless --partial is given and every such file has
 * edits that fit (partial.ts). Shell commands run only with --allow-scripts, after
 * the files are written, each confirmed (or all, with --yes).
 */
import { realpathSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ChangeSet, Diagnostic } from '../../shared/changeset/changeset';
import { mergeChangeSets } from '../../shared/changeset/merge';
import { checkGivenPath, nameOps, unnamedOps } from '../../shared/changeset/unnamed';
import { independentParts, type Plan } from '../../shared/engine';
import { type FolderAccess, locateInFolder } from '../../shared/engine/locate-by-content';
import { mapIntoRoot } from '../../shared/engine/resolve-paths';
import { refusedPaths } from '../../shared/formats/refused-paths';
import { detectAll, hash } from '../../shared/formats/registry';
import { commitSubject, firstSentence } from '../../shared/git/commit-message';
import type { CommitOutcome, CommitRequest } from '../../shared/protocol/git';
import { ErrorCode, type FileChange, type Snapshot } from '../../shared/protocol/protocol';
import { pushAll } from '../../shared/text/push-all';
import { findText } from '../fs/find-text';
import { validateRoot } from '../fs/root';
import { snapshotReader } from '../fs/snapshots';
import { stateDir } from '../fs/state';
import { applyAndCommit } from '../git/apply-commit';
import { canCommit } from '../git/commit';
import { runScript } from '../host/run-script';
import { type ParsedArgs, parseArgs, projectDir, readInput } from './args';
import { gitEnvOf, notCommitted, readGitStates, renderGitStates } from './git-review';
import { exitFor, expectedFailure } from './host-errors';
import { type CliCommand, type CliIO, Exit } from './io';
import { type FileReport, type FileStatus, planParts } from './plan-parts';
import { COLOR, describeOp, jsonText, renderDiagnostic, type Style, styleFor, terminalSafe } from './render';

/** Why a file the reply names is not written when its text would stay the same. */
const UNCHANGED = 'the reply leaves this file unchanged';

export const APPLY_USAGE =
  'apply [--dir DIR] [--dry-run] [--yes] [--json] [--allow-scripts] [--include-guesses] [--accept-elisions] [--partial] [--commit] [--include-ignored] [--path-for LINE=PATH]... [FILE|-|--message FILE]';

export type { FileReport };

export interface ScriptReport {
  command: string;
  status: 'skipped' | 'ok' | 'failed';
  exitCode?: number;
  message?: string;
}

/** The `--json` answer (stable: scripts parse it). */
export interface ApplyReport {
  applied: boolean;
  applyId: string | null;
  files: FileReport[];
  scripts: ScriptReport[];
  diagnostics: Diagnostic[];
  /** With --commit: the commit made of the written files, or why none was. */
  commit?: CommitOutcome;
}

interface Options {
  dryRun: boolean;
  yes: boolean;
  json: boolean;
  allowScripts: boolean;
  includeGuesses: boolean;
  /** Write files whose only problem is a placeholder comment standing in for code (`// ...`). */
  acceptElisions: boolean;
  /** Write the edits that fit of a file whose other edits do not (partial.ts); exit 4 when it did. */
  partial: boolean;
  /** Commit the written files with git (not those that had uncommitted changes, nor ignored ones). */
  commit: boolean;
  /** Write files git ignores too (a reply writing `.env` or into `node_modules/` is likely confused). */
  includeIgnored: boolean;
}

export const apply: CliCommand = async (args, rawIO) => {
  // Reply text is printed: make every control character visible (render.ts, visible).
  const io = terminalSafe(rawIO);
  const parsed = parseArgs(args, {
    booleans: [
      'dry-run',
      'yes',
      'json',
      'allow-scripts',
      'include-guesses',
      'accept-elisions',
      'partial',
      'commit',
      'include-ignored',
    ],
    strings: ['dir', 'message'],
    lists: ['path-for'],
    maxPositionals: 1,
  });
  const opts: Options = {
    dryRun: parsed.flags.has('dry-run'),
    yes: parsed.flags.has('yes'),
    json: parsed.flags.has('json'),
    allowScripts: parsed.flags.has('allow-scripts'),
    includeGuesses: parsed.flags.has('include-guesses'),
    acceptElisions: parsed.flags.has('accept-elisions'),
    partial: parsed.flags.has('partial'),
    commit: parsed.flags.has('commit'),
    includeIgnored: parsed.flags.has('include-ignored'),
  };
  const root = projectDir(parsed, io);
  const style = styleFor(io);
  // With --json, stdout carries the one JSON object; everything for people goes to stderr.
  const human = opts.json ? io.stderr : io.stdout;
  const say = (text: string) => human.write(text);
  const report: ApplyReport = { applied: false, applyId: null, files: [], scripts: [], diagnostics: [] };
  const finish = (code: number): number => {
    if (opts.json) rawIO.stdout.write(jsonText(report));
    return code;
  };

  const resolved = await resolveReply({
    parsed,
    io,
    opts,
    root,
    style,
    human,
    report,
  });
  if ('exit' in resolved) return resolved.bare ? resolved.exit : finish(resolved.exit);
  const { changes, scripts } = resolved;
  const answers = lineReader(io, human);
  if (changes.length > 0 && !opts.yes) {
    if (resolved.fromStdin || !io.stdin.isTTY) {
      say('Nothing written: no terminal to confirm; pass --yes.\n');
      markAll(report, 'skipped', 'not confirmed');
      return finish(Exit.Unresolved);
    }
    const n = changes.length;
    if (!(await answers.ask(`Apply ${n} file change${n === 1 ? '' : 's'} to ${root}? [y/N] `))) {
      say('Nothing written.\n');
      markAll(report, 'skipped', 'not confirmed');
      answers.close();
      return finish(Exit.Unresolved);
    }
  }

  if (changes.length === 0) {
    say(
      resolved.skipped
        ? 'Nothing to write: what the reply asks for was skipped (see above).\n'
        : 'Nothing to write: the reply changes no file.\n',
    );
  } else {
    const outcome = await writeChanges(root, changes, resolved.name, io, report, resolved.commit);
    if (!outcome.ok) {
      say(`${style.red('Nothing written:')} ${outcome.message}\n`);
      answers.close();
      return finish(outcome.exit);
    }
    say(
      `${style.green('Applied')} ${changes.length} file change${changes.length === 1 ? '' : 's'} (undo with: replyapply undo ${report.applyId}).\n`,
    );
    if (resolved.inPart) say(`${style.yellow('In part:')} ${skippedEdits(report)} (see above).\n`);
    if (report.commit?.ok) {
      say(`${style.green('Committed')} ${report.commit.hash.slice(0, 12)}  ${report.commit.message}\n`);
      for (const p of report.commit.left ?? [])
        say(
          `${style.yellow('not committed')}  ${p}  (git ignores it, or it is gone and was never tracked)\n`,
        );
    } else if (report.commit) {
      say(`${style.red('Not committed:')} ${report.commit.message} The files are written.\n`);
      // The reply's commands wait for a state the user asked for: written and committed.
      if (scripts.length > 0)
        say(`${style.yellow('Not run:')} the reply's commands, as the commit failed.\n`);
      report.scripts = scripts.map((sc) => ({
        command: sc.command,
        status: 'skipped',
        message: 'not run: the commit failed',
      }));
      answers.close();
      return finish(Exit.Unresolved);
    }
  }

  const scriptsOk = await runScripts(scripts, root, opts, io, answers, report, style);
  answers.close();
  return finish(scriptsOk ? (resolved.inPart ? Exit.Partial : Exit.Ok) : Exit.Unresolved);
};

/**
 * `parts.join('\n')` written a piece at a time: ten thousand files' diffs joined are tens of megabytes
 * made only to be copied out again (and, on a machine where fresh memory is slow, a tenth of a dry run).
 * Pieces of 64 KiB stay below V8's large-object size (128 KiB): each piece, its terminal-safe copy and
 * its bytes die young. Pieces of 1 MiB lived in the large-object space until the next full collection,
 * which a dry run never reaches: 23 MiB of the 10,000-file dry run's peak, and a little of its time.
 */
export const SAY_PIECE = 1 << 16;

export async function sayLines(
  out: NodeJS.WritableStream,
  parts: readonly string[],
  piece = SAY_PIECE,
): Promise<void> {
  let text = '';
  for (let i = 0; i < parts.length; i++) {
    text += i === 0 ? parts[i]! : `\n${parts[i]!}`;
    if (text.length >= piece) {
      if (!out.write(text)) await drained(out);
      text = '';
    }
  }
  if (text !== '') out.write(text);
}

/**
 * Until `out` has taken what it was given, or is gone. Writes to a pipe do not wait for its reader: a plan
 * said into `| less` or a parent process's pipe stayed in memory until read (19 MiB more for the 10,000-file
 * dry run, issue 16). A closed pipe (`| head`) waits for nothing: what follows goes nowhere.
 */
function drained(out: NodeJS.WritableStream): Promise<void> {
  const stream = out as NodeJS.WritableStream & { destroyed?: boolean; writableNeedDrain?: boolean };
  if (stream.destroyed || stream.writableNeedDrain === false) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'error', 'close']) out.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'error', 'close']) out.on(event, done);
  });
}

/** What resolving a reply works with: where it comes from, the options, and where its answers go. */
interface ReplyArgs {
  parsed: ParsedArgs;
  io: CliIO;
  opts: Options;
  root: string;
  style: Style;
  /** Where text for people goes (stderr with --json). */
  human: CliIO['stdout'];
  report: ApplyReport;
}

/**
 * Read, detect, check, snapshot and plan the reply, and show the plan: what is written, or the exit code
 * when nothing will be (`bare`: before any report exists, so no --json answer either). A function of its
 * own so the snapshots and the plan are garbage once it returns (ten thousand files are hundreds of
 * megabytes of them), not kept alive through the writes.
 */
async function resolveReply(args: ReplyArgs): Promise<
  | { exit: number; bare?: true }
  | {
      changes: FileChange[];
      scripts: Plan['scripts'];
      name: string;
      fromStdin: boolean;
      /** Something the reply asks for is not written: a name held back as a guess, or code not used. */
      skipped: boolean;
      /** Some file is written in part (--partial): edits of it are skipped. */
      inPart: boolean;
      /** With --commit: what to commit (absent when none of the written files is to be committed). */
      commit?: CommitRequest;
    }
> {
  const detected = await detectReply(args);
  if ('exit' in detected) return detected;
  const { io, opts, root, style, human, report } = args;
  const say = (text: string) => human.write(text);
  const { parts } = detected;
  // Whole texts that name no file wait for the user's --path-for: without them, nothing the reply meant.
  const unnamed = unnamedOps(parts).filter((u) => u.kind === 'whole');
  // Snapshots (the files as they are now, through the host's path checks) and the plan, part by part:
  // parts share no file (independentParts), so each part's texts are garbage before the next part is
  // read — for ten thousand files, a third less memory and much less garbage collection.
  let reader: Awaited<ReturnType<typeof snapshotReader>>;
  try {
    // A dry run writes nothing, so it has no use for the hashes a write is checked against.
    reader = await snapshotReader(root, { hash: !opts.dryRun });
  } catch (err) {
    const failure = expectedFailure(err);
    if (!failure) throw err;
    io.stderr.write(`replyapply apply: ${failure.message}\n`);
    return { exit: exitFor(failure) };
  }
  // The diffs are for deciding (a dry run, the question) and for a person watching a terminal. With --yes
  // into a pipe or a log, the plan is a list of files with line counts: ten thousand files' diffs are
  // megabytes nobody reads, and most of the output's cost. (--json and --dry-run give the details.)
  const diffs = opts.dryRun || !opts.yes || human.isTTY === true;
  const { planned, unreadable, scripts, diagnostics } = planParts(parts, reader.read, {
    dryRun: opts.dryRun,
    includeGuesses: opts.includeGuesses,
    acceptElisions: opts.acceptElisions,
    partial: opts.partial,
    color: style === COLOR,
    diffs,
  });
  if (unreadable.length > 0) {
    for (const f of unreadable) say(`${style.red('error')}  ${f.path}: ${f.message}\n`);
    pushAll(report.files, unreadable);
    say(`${style.red('Nothing written.')}\n`);
    return { exit: Exit.Unresolved };
  }
  // What the plan did not use is said, never dropped (a guessed name with no such file).
  diagnostics.sort((a, b) => a.line - b.line);
  for (const d of diagnostics) say(`${renderDiagnostic(d, style)}\n`);
  pushAll(report.diagnostics, diagnostics);
  // In the order of each file's first operation, as one plan of the whole would list them.
  planned.sort((a, b) => a.first - b.first);
  await sayLines(human, [
    renderHeader(root, planned.length, style),
    ...planned.map((p) => p.text),
    ...renderScripts(scripts, style),
    '',
    '',
  ]);
  for (const p of planned) {
    if (p.file.status === 'skipped')
      say(`${style.yellow('skipped')}  ${p.file.path}  (${p.file.message ?? 'not written'})\n`);
  }
  // The git state of each file (a folder outside a work tree: nothing, and git is not started).
  const git = await readGitStates(
    root,
    planned.flatMap((p) => (p.file.from !== undefined ? [p.file.path, p.file.from] : [p.file.path])),
    io,
  );
  if (git) {
    for (const p of planned) {
      const state = git.get(p.file.path) ?? (p.file.from !== undefined ? git.get(p.file.from) : undefined);
      if (state) p.file.git = state;
    }
    const lines = renderGitStates(git, style, opts.commit);
    if (lines.length > 0) say(`${lines.join('\n')}\n`);
  }
  const failed = planned.filter((p) => p.file.status === 'error');
  // A SEARCH block that names no file and that its content places in no one file has no file line.
  const unplaced = diagnostics.filter((d) => d.severity === 'error');
  // What would be written: a dry run marks it "not written" below, and still says what git says of it.
  const wouldWrite = new Set(planned.filter((p) => p.file.status === 'ok').map((p) => p.file.path));
  for (const p of planned) {
    if (p.file.status === 'ok' && (opts.dryRun || failed.length > 0 || unplaced.length > 0)) {
      p.file.status = 'skipped';
      p.file.message = 'not written';
    }
    report.files.push(p.file);
  }
  report.scripts = scripts.map((s) => ({
    command: s.command,
    status: 'skipped',
    message: 'the files were not written',
  }));

  if (failed.length > 0 || unplaced.length > 0) {
    const n = failed.length;
    const u = unplaced.length;
    const what = [
      n > 0 ? `${n} file${n === 1 ? '' : 's'}` : '',
      u > 0 ? `${u} SEARCH/REPLACE block${u === 1 ? '' : 's'} naming no file` : '',
    ].filter((w) => w !== '');
    say(
      `${style.red('Nothing written:')} ${what.join(' and ')} could not be resolved against the project.\n`,
    );
    return { exit: Exit.Unresolved };
  }
  // A file git ignores waits for --include-ignored, as an unticked row waits in the review (a dry run
  // says the same of it as the apply would).
  const ignored = new Set(
    opts.includeIgnored
      ? []
      : planned
          .filter((p) => (opts.dryRun ? wouldWrite.has(p.file.path) : p.change) && p.file.git === 'ignored')
          .map((p) => p.file.path),
  );
  for (const path of ignored) {
    say(
      `${style.yellow('skipped')}  ${path}  (git ignores it: is the reply confused? pass --include-ignored to write it)\n`,
    );
    const f = report.files.find((r) => r.path === path);
    if (f) {
      f.status = 'skipped';
      f.message = 'git ignores this file (.gitignore); pass --include-ignored to write it.';
      // Not written, so not written in part either.
      delete f.partial;
    }
  }
  const inPart = planned.some((p) => p.file.partial !== undefined && !ignored.has(p.file.path));
  if (opts.dryRun) {
    say('Dry run: nothing written.\n');
    return { exit: inPart ? Exit.Partial : Exit.Ok };
  }

  const changes = planned.flatMap((p) => (p.change && !ignored.has(p.file.path) ? [p.change] : []));
  const written = new Set(changes.map((c) => c.path));
  for (const f of report.files) {
    if (f.status === 'ok' && !written.has(f.path)) {
      f.status = 'skipped';
      f.message = UNCHANGED;
    }
  }
  const skipped =
    report.files.some((f) => f.status === 'skipped' && f.message !== UNCHANGED) ||
    diagnostics.some((d) => d.severity !== 'info');
  if (changes.length === 0 && unnamed.length > 0) {
    say(
      `${style.red('Nothing written:')} ${unnamed.length === 1 ? 'the code block' : `${unnamed.length} code blocks`} at reply line${unnamed.length === 1 ? '' : 's'} ${unnamed.map((u) => u.line).join(', ')} name${unnamed.length === 1 ? 's' : ''} no file; give ${unnamed.length === 1 ? 'it' : 'each'} one with --path-for LINE=PATH.\n`,
    );
    return { exit: Exit.Unresolved };
  }
  const out = { changes, scripts, name: detected.name, fromStdin: detected.fromStdin, skipped, inPart };
  if (!opts.commit || changes.length === 0) return out;
  // --commit: whether git can commit is known before anything is written.
  const can = await canCommit(await validateRoot(root, stateDir(io.env)), { env: gitEnvOf(io) });
  if (!can.ok) {
    say(`${style.red('Nothing written:')} --commit: ${can.message}\n`);
    report.commit = { ok: false, message: can.message };
    return { exit: Exit.Unresolved };
  }
  // Without the files' git states (git failed on them) nothing tells which had uncommitted work.
  if (!git) {
    const why =
      'git could not tell the state of these files, so which of them hold uncommitted work is not known';
    say(`${style.red('Nothing written:')} --commit: ${why}.\n`);
    report.commit = { ok: false, message: why };
    return { exit: Exit.Unresolved };
  }
  // A rename is one change: both of its names are committed, or neither.
  const commitPaths: string[] = [];
  for (const c of changes) {
    const names = c.action === 'rename' ? [c.path, c.from] : [c.path];
    const why = names.map((p) => notCommitted(git.get(p))).find((w) => w !== null) ?? null;
    if (why === null) pushAll(commitPaths, names);
    else for (const p of names) say(`${style.yellow('not committed')}  ${p}  (${why})\n`);
  }
  if (commitPaths.length === 0) {
    say('Nothing to commit: every written file had uncommitted changes or is ignored.\n');
    return out;
  }
  return {
    ...out,
    commit: { message: commitSubject(detected.sentence, changes.length), paths: commitPaths },
  };
}

/**
 * Read and detect the reply, show what the readers said, and refuse what cannot be applied: the reply's
 * operations as independent parts, or the exit code. The reply, its change sets and their merge are this
 * function's alone: once it returns, the parts are all that holds the operations, and the plan lets go
 * of each part when it is planned.
 */
async function detectReply({
  parsed,
  io,
  opts,
  root,
  style,
  human,
  report,
}: ReplyArgs): Promise<
  | { exit: number; bare?: true }
  | { parts: ChangeSet[]; name: string; fromStdin: boolean; sentence: string | null }
> {
  const say = (text: string) => human.write(text);
  const input = await readInput(parsed, io);
  if (!input.ok) {
    io.stderr.write(`replyapply apply: ${input.message}\n`);
    return { exit: Exit.Usage, bare: true };
  }

  const given = pathsFor(parsed);
  if (!given.ok) {
    io.stderr.write(`replyapply apply: ${given.message}\n`);
    return { exit: Exit.Usage, bare: true };
  }
  const detected = detectAll(input.text, { textSource: 'file' });
  const sets = nameOps(detected, given.names);
  const named = new Set(unnamedOps(detected).map((u) => u.line));
  const stray = [...given.names.keys()].filter((line) => !named.has(line));
  if (stray.length > 0) {
    io.stderr.write(
      `replyapply apply: --path-for ${stray[0]}=…: no code block that names no file starts at reply line ${stray[0]} (${named.size === 0 ? 'the reply has none' : `they start at ${[...named].join(', ')}`}).\n`,
    );
    return { exit: Exit.Usage, bare: true };
  }
  const merged = mergeSets(sets);
  report.diagnostics = merged.diagnostics;
  // The assistant's own summary (a structured-JSON "message", a Markdown "# Plan") says what it meant.
  for (const set of sets) if (set.summary) say(`${style.dim(set.summary)}\n\n`);
  for (const d of merged.diagnostics) say(`${renderDiagnostic(d, style)}\n`);

  if (refusedPaths(merged.diagnostics).length > 0) {
    say(`${style.red('Nothing written:')} the reply names a path that is refused (see above).\n`);
    return { exit: Exit.Unresolved };
  }
  const fileOps = merged.ops.filter((op) => op.kind !== 'shell');
  // A reply whose only operations could not be read says so (exit 1), not "nothing found" (exit 3).
  const unread = merged.diagnostics.some((d) => d.severity === 'error');
  if (fileOps.length === 0 && !unread) {
    say('No file operations found in the reply.\n');
    for (const op of merged.ops)
      if (op.kind === 'shell')
        report.scripts.push({
          command: op.command,
          status: 'skipped',
          message: 'no file operations to apply',
        });
    return { exit: Exit.NothingFound };
  }
  if (merged.diagnostics.some((d) => d.severity === 'error')) {
    // A block the reader had to skip is part of what the reply meant; applying the rest would be partial.
    say(`${style.red('Nothing written:')} part of the reply could not be read (see the errors above).\n`);
    return { exit: Exit.Unresolved };
  }

  // Paths guessed from prose ("the updated `a.py`:") are only applied when asked for.
  const guessed = opts.includeGuesses ? [] : merged.ops.filter((op) => op.guess);
  // An absolute path inside the folder (as given, or as the system resolves it) is that file; a SEARCH
  // block that names no file, or one that does not exist, is looked for in the folder by its text.
  const changeSet: ChangeSet = await locateInFolder(
    mapIntoRoot({ ...merged, ops: merged.ops.filter((op) => !guessed.includes(op)) }, rootsOf(root)),
    folderAccess(root),
  );
  for (const op of guessed) {
    const { target } = describeOp(op);
    report.files.push({
      path: op.kind === 'rename' ? op.to : op.kind === 'shell' ? '' : op.path,
      action: op.kind === 'delete' ? 'delete' : op.kind === 'rename' ? 'rename' : 'modify',
      status: 'skipped',
      message: `The file name was guessed from the text around the code (reply line ${op.line}); pass --include-guesses to apply it.`,
    });
    say(
      `${style.yellow('skipped')}  ${target}  (path guessed from prose at reply line ${op.line}; pass --include-guesses)\n`,
    );
  }

  // The commit message's sentence, found now: the reply's text is not kept through the writes.
  const summary = sets.find((set) => set.summary)?.summary;
  const sentence = opts.commit ? (firstSentence(summary ?? '') ?? firstSentence(input.text)) : null;
  return { parts: independentParts(changeSet), name: input.name, fromStdin: input.fromStdin, sentence };
}

/** `--path-for LINE=PATH`: the paths the user gives blocks that name no file, checked as a reply's are. */
function pathsFor(
  parsed: ParsedArgs,
): { ok: true; names: Map<number, string> } | { ok: false; message: string } {
  const names = new Map<number, string>();
  for (const v of parsed.lists.get('path-for') ?? []) {
    const m = /^(\d+)=(.+)$/.exec(v);
    if (!m) return { ok: false, message: `--path-for takes LINE=PATH (a reply line and a path), not "${v}"` };
    const checked = checkGivenPath(m[2]!);
    if (!checked.ok) return { ok: false, message: `--path-for ${m[1]}: ${checked.reason}` };
    names.set(Number(m[1]), checked.path);
  }
  return { ok: true, names };
}

/** The project as locate-by-content.ts reads it: the host's own file code, as the host's methods use it. */
function folderAccess(root: string): FolderAccess {
  return {
    existing: async (paths) => {
      try {
        const reader = await snapshotReader(root, { hash: false });
        // A name that exists in another case is that file, not one to find by its content (resolveCase);
        // a folder in another case alone (a variant that does not exist) is no file.
        const found = (s: Snapshot) =>
          s.exists !== false ||
          (s.caseVariants !== undefined && reader.read(s.caseVariants).some((v) => v.exists !== false));
        return new Set(reader.read(paths).flatMap((s) => (found(s) ? [s.path] : [])));
      } catch {
        // The folder itself is refused: the plan says so when it reads it.
        return new Set(paths);
      }
    },
    find: (queries) =>
      findText(
        root,
        queries.map((q) => q.needles),
      ),
  };
}

/** The folder as given and as the system resolves it (a link, macOS's /private/var). */
function rootsOf(root: string): string[] {
  try {
    const real = realpathSync(root);
    return real === root ? [root] : [root, real];
  } catch {
    return [root];
  }
}

/**
 * All change sets of a reply as one, in reply order: one plan and one transaction, so two formats in one
 * reply (an Aptix bundle beside a git patch) are written, or refused, together.
 */
function mergeSets(sets: ChangeSet[]): ChangeSet {
  const merged = mergeChangeSets(sets);
  return {
    // Each set's id already comes from the reply's hash: hashing fifteen megabytes again costs 20 ms.
    id: `cli-${hash(sets.map((s) => s.id).join(' '))}`,
    source: { format: sets[0]?.source.format ?? 'unified-diff', textSource: 'file' },
    ops: merged?.ops ?? [],
    diagnostics: (merged?.diagnostics ?? []).map(({ op: _op, ...d }) => d),
  };
}

/** "2 edits of 1 file were skipped" (--partial). */
function skippedEdits(report: ApplyReport): string {
  const files = report.files.filter((f) => f.partial !== undefined);
  const edits = files.reduce((n, f) => n + f.partial!.skipped.length, 0);
  return `${edits} edit${edits === 1 ? '' : 's'} of ${files.length} file${files.length === 1 ? '' : 's'} ${edits === 1 ? 'was' : 'were'} skipped`;
}

function markAll(report: ApplyReport, status: FileStatus, message: string): void {
  for (const f of report.files) {
    if (f.status === 'ok') {
      f.status = status;
      f.message = message;
    }
  }
}

async function writeChanges(
  root: string,
  changes: FileChange[],
  name: string,
  io: CliIO,
  report: ApplyReport,
  commit: CommitRequest | undefined,
): Promise<{ ok: true } | { ok: false; message: string; exit: number }> {
  try {
    const outcome = await applyAndCommit(root, changes, {
      label: `replyapply apply ${name}`,
      state: stateDir(io.env),
      ...(commit ? { commit, git: { env: gitEnvOf(io) } } : {}),
    });
    report.applied = true;
    report.applyId = outcome.applyId;
    if (outcome.commit) report.commit = outcome.commit;
    const byPath = new Map(outcome.files.map((f) => [f.path, f]));
    for (const f of report.files) {
      const done = byPath.get(f.path);
      if (!done) continue;
      f.status = done.status;
      if (done.message !== undefined) f.message = done.message;
      else delete f.message;
    }
    return { ok: true };
  } catch (err) {
    const failure = expectedFailure(err);
    if (!failure) throw err;
    for (const f of report.files) {
      if (f.status !== 'ok') continue;
      const concerned = failure.path !== undefined && (f.path === failure.path || f.from === failure.path);
      f.status = concerned ? (failure.code === ErrorCode.Conflict ? 'conflict' : 'error') : 'skipped';
      f.message = concerned ? failure.message : 'not written: the apply was refused';
    }
    return { ok: false, message: failure.message, exit: exitFor(failure) };
  }
}

async function runScripts(
  scripts: Plan['scripts'],
  root: string,
  opts: { yes: boolean; allowScripts: boolean; json: boolean },
  io: CliIO,
  answers: LineReader,
  report: ApplyReport,
  style: Style,
): Promise<boolean> {
  const human = opts.json ? io.stderr : io.stdout;
  report.scripts = [];
  let failed = false;
  for (const s of scripts) {
    if (!opts.allowScripts) {
      report.scripts.push({
        command: s.command,
        status: 'skipped',
        message: 'pass --allow-scripts to run it',
      });
      human.write(
        `${style.yellow('not run')}  $ ${s.command}  (reply line ${s.line}; pass --allow-scripts to run it)\n`,
      );
      continue;
    }
    if (failed) {
      report.scripts.push({ command: s.command, status: 'skipped', message: 'an earlier command failed' });
      continue;
    }
    if (!opts.yes) {
      const ok = io.stdin.isTTY && (await answers.ask(`Run \`${s.command}\` in ${root}? [y/N] `));
      if (!ok) {
        report.scripts.push({ command: s.command, status: 'skipped', message: 'not confirmed' });
        continue;
      }
    }
    human.write(`${style.bold('$')} ${s.command}\n`);
    try {
      const r = await runScript(root, s.command, { onOutput: (chunk) => human.write(chunk) });
      const ok = r.exitCode === 0 && !r.timedOut;
      const entry: ScriptReport = { command: s.command, status: ok ? 'ok' : 'failed' };
      if (r.exitCode !== null) entry.exitCode = r.exitCode;
      if (r.timedOut) entry.message = 'timed out';
      else if (r.signal) entry.message = `killed by ${r.signal}`;
      report.scripts.push(entry);
      if (!ok) {
        failed = true;
        human.write(
          `${style.red('failed')}  $ ${s.command}  (${r.timedOut ? 'timed out' : r.signal ? `killed by ${r.signal}` : `exit ${r.exitCode}`})\n`,
        );
      }
    } catch (err) {
      failed = true;
      report.scripts.push({ command: s.command, status: 'failed', message: (err as Error).message });
      human.write(`${style.red('failed')}  $ ${s.command}  (${(err as Error).message})\n`);
    }
  }
  return !failed;
}

/** The plan's first line. */
function renderHeader(root: string, files: number, style: Style): string {
  return style.bold(`Plan for ${root} (${files} file${files === 1 ? '' : 's'}):`);
}

/** The shell commands of the reply, listed after the files (empty when there are none). */
function renderScripts(scripts: Plan['scripts'], style: Style): string[] {
  if (scripts.length === 0) return [];
  return [
    '',
    style.bold('Commands in the reply:'),
    ...scripts.map((s) => `  $ ${s.command}  ${style.dim(`(reply line ${s.line})`)}`),
  ];
}

interface LineReader {
  ask(question: string): Promise<boolean>;
  close(): void;
}

/**
 * Yes/no questions on stdin, one line per answer. Created lazily: opening readline on a stdin that
 * is never asked anything would keep the process alive.
 */
function lineReader(io: CliIO, prompt: NodeJS.WritableStream): LineReader {
  let rl: ReturnType<typeof createInterface> | undefined;
  let lines: AsyncIterator<string> | undefined;
  return {
    async ask(question) {
      prompt.write(question);
      if (!rl) {
        rl = createInterface({ input: io.stdin, terminal: false });
        lines = rl[Symbol.asyncIterator]();
      }
      const next = await lines!.next();
      const answer = next.done ? '' : next.value.trim().toLowerCase();
      return answer === 'y' || answer === 'yes';
    },
    close() {
      rl?.close();
    },
  };
}
