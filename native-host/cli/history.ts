/** `replyapply history [--dir DIR] [--json]`: the applies recorded for a project folder, newest first. */
import { stateDir } from '../fs/state';
import { history as readHistory } from '../fs/undo';
import { parseArgs, projectDir } from './args';
import { exitFor, expectedFailure } from './host-errors';
import { type CliCommand, Exit } from './io';
import { jsonText, styleFor, terminalSafe } from './render';

export const HISTORY_USAGE = 'history [--dir DIR] [--json]';

export const history: CliCommand = async (args, rawIO) => {
  // Reply text is printed: make every control character visible (render.ts, visible).
  const io = terminalSafe(rawIO);
  const parsed = parseArgs(args, { booleans: ['json'], strings: ['dir'], maxPositionals: 0 });
  const json = parsed.flags.has('json');
  const root = projectDir(parsed, io);
  const style = styleFor(io);
  try {
    const entries = await readHistory(root, 1000, { state: stateDir(io.env) });
    if (json) {
      rawIO.stdout.write(jsonText({ root, entries }));
      return Exit.Ok;
    }
    if (entries.length === 0) {
      io.stdout.write(`No applies recorded for ${root}.\n`);
      return Exit.Ok;
    }
    for (const e of entries) {
      const n = e.files.length;
      const head = [
        style.bold(e.applyId),
        e.time,
        `${n} file${n === 1 ? '' : 's'}`,
        ...(e.label ? [e.label] : []),
        ...(e.undone ? [style.yellow('(undone)')] : []),
      ];
      io.stdout.write(`${head.join('  ')}\n`);
      for (const f of e.files) {
        const what = f.from !== undefined ? `${f.from} → ${f.path}` : f.path;
        io.stdout.write(`  ${f.action.padEnd(6)}  ${what}\n`);
      }
    }
    return Exit.Ok;
  } catch (err) {
    const failure = expectedFailure(err);
    if (!failure) throw err;
    if (json) rawIO.stdout.write(jsonText({ error: failure }));
    io.stderr.write(`replyapply history: ${failure.message}\n`);
    return exitFor(failure);
  }
};
