/**
 * `replyapply`: the command-line face of the same engine the extension uses.
 * Each command is a function (args, io) → exit code, so tests run them in-process too.
 */

import { VERSION } from '../host/version';
import { APPLY_USAGE, apply } from './apply';
import { CONTEXT_USAGE, context } from './context';
import { DETECT_USAGE, detect } from './detect';
import { HISTORY_USAGE, history } from './history';
import { doctor, install, uninstall } from './install';
import { type CliCommand, Exit, processIO, UsageError } from './io';
import { UNDO_USAGE, undo } from './undo';

const COMMANDS: Record<string, { run: CliCommand; usage: string }> = {
  detect: { run: detect, usage: DETECT_USAGE },
  apply: { run: apply, usage: APPLY_USAGE },
  undo: { run: undo, usage: UNDO_USAGE },
  history: { run: history, usage: HISTORY_USAGE },
  context: { run: context, usage: CONTEXT_USAGE },
  install: { run: install, usage: 'install [--browser NAME]… [--dir PATH]… [--firefox]' },
  uninstall: { run: uninstall, usage: 'uninstall [--browser NAME]… [--dir PATH]…' },
  doctor: { run: doctor, usage: 'doctor [--browser NAME]… [--dir PATH]… [--json]' },
};

export const USAGE = [
  `replyapply ${VERSION}: apply the file changes in a chat assistant's reply`,
  '',
  ...Object.values(COMMANDS).map((c) => `  replyapply ${c.usage}`),
  '',
].join('\n');

export async function main(argv: string[], io = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(USAGE);
    return name ? Exit.Ok : Exit.Usage;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return Exit.Ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr.write(`replyapply: unknown command "${name}"\n\n${USAGE}`);
    return Exit.Usage;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`replyapply ${name}: ${(err as Error).message}\nusage: replyapply ${command.usage}\n`);
      return Exit.Usage;
    }
    throw err;
  }
}
