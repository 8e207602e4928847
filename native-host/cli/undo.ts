/**
 * `replyapply undo [--dir DIR] [--force] [--json] [APPLY_ID]`: put back what an apply changed (the newest
 * one not yet undone when APPLY_ID is omitted). Refuses when a file was edited since, unless --force.
 * An apply that was committed (`apply --commit`) is reverted with a new commit when its commit is HEAD,
 * and refused with what to do when it is not (native-host/git/undo-committed.ts).
 */
import { stateDir } from '../fs/state';
import { undoCommitted } from '../git/undo-committed';
import { parseArgs, projectDir } from './args';
import { gitEnvOf } from './git-review';
import { exitFor, expectedFailure } from './host-errors';
import { type CliCommand, Exit } from './io';
import { jsonText, styleFor, terminalSafe } from './render';

export const UNDO_USAGE = 'undo [--dir DIR] [--force] [--json] [APPLY_ID]';

export const undo: CliCommand = async (args, rawIO) => {
  // Reply text is printed: make every control character visible (render.ts, visible).
  const io = terminalSafe(rawIO);
  const parsed = parseArgs(args, { booleans: ['force', 'json'], strings: ['dir'], maxPositionals: 1 });
  const json = parsed.flags.has('json');
  const root = projectDir(parsed, io);
  const style = styleFor(io);
  try {
    const result = await undoCommitted(root, parsed.positionals[0], {
      force: parsed.flags.has('force'),
      state: stateDir(io.env),
      git: { env: gitEnvOf(io) },
    });
    if (json) rawIO.stdout.write(jsonText(result));
    else {
      io.stdout.write(
        `Undid ${result.applyId} (${result.files.length} file${result.files.length === 1 ? '' : 's'}):\n`,
      );
      for (const f of result.files) {
        const what = f.action === 'rename' ? `${f.path} → ${f.from}` : f.path;
        io.stdout.write(`  ${style.green('restored')}  ${what}  ${style.dim(`(was ${f.action})`)}\n`);
      }
      if (result.commit?.ok)
        io.stdout.write(`${style.green('Committed')} the revert: ${result.commit.hash.slice(0, 12)}\n`);
      else if (result.commit)
        io.stdout.write(`${style.red('Not committed:')} ${result.commit.message} The files are restored.\n`);
    }
    if (result.commit && !result.commit.ok) return Exit.Unresolved;
    return Exit.Ok;
  } catch (err) {
    const failure = expectedFailure(err);
    if (!failure) throw err;
    if (json) rawIO.stdout.write(jsonText({ error: failure }));
    io.stderr.write(`replyapply undo: ${failure.message}\n`);
    return exitFor(failure);
  }
};
