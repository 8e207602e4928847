/**
 * `replyapply`: the command-line face of the same engine the extension uses.
 * Each command is a function (args, io) → exit code, so tests run them in-process too.
 */

import { VERSION } from '../host/version';
import { doctor, install, uninstall } from './install';
import { type CliCommand, Exit, processIO, UsageError } from './io';

const COMMANDS: Record<string, { run: CliCommand; usage: string }> = {
  install: { run: install, usage: 'install [--browser NAME]… [--dir PATH]… [--firefox]' },
  uninstall: { run: uninstall, usage: 'uninstall [--browser NAME]… [--dir PATH]…' },
  doctor: { run: doctor, usage: 'doctor [--browser NAME]… [--dir PATH]… [--json]' },
};

export { EXTENSION_ID } from '../../shared/extension/extension-id';

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

const isEntry = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/cli.mjs');
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`replyapply: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 2;
    },
  );
}
