/**
 * Temporary CLI entry for the scenario runner until native-host/cli/main.ts dispatches apply, detect, undo
 * and history itself. It does not import main.ts: a bundled main.ts would start itself as well.
 */
import { apply } from '../cli/apply';
import { detect } from '../cli/detect';
import { history } from '../cli/history';
import { type CliCommand, Exit, processIO, UsageError } from '../cli/io';
import { undo } from '../cli/undo';

const MINE: Record<string, CliCommand> = { apply, detect, undo, history };

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : MINE[name];
  if (!command) {
    process.stderr.write(`replyapply: unknown command "${name ?? ''}"\n`);
    return Exit.Usage;
  }
  try {
    return await command(rest, processIO());
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`replyapply ${name}: ${err.message}\n`);
      return Exit.Usage;
    }
    throw err;
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`replyapply: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 2;
  },
);
