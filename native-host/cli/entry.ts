/**
 * The bundled CLI (dist/host/cli.mjs). Run directly (`node cli.mjs apply …`) it runs the command;
 * imported it only exports `runCli` (bin/replyapply.js) and `main` (scripts/start.mjs).
 */
// First: keeps V8's young generation small before the rest of the bundle allocates (young-generation.ts).
import './young-generation';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { main } from './main';

export { EXTENSION_ID } from '../../shared/extension/extension-id';
export { main };

function runDirectly(): boolean {
  try {
    return (
      !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
    );
  } catch {
    return false;
  }
}

/** Run the CLI as this process: its exit code, and an unexpected error said on stderr (exit 2). */
export async function runCli(argv: string[]): Promise<void> {
  // `replyapply … | head`: once the reader is gone the rest of the output has nowhere to go, and the
  // command still finishes what it started (an apply is not cut off between its writes and its journal).
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
  try {
    process.exitCode = await main(argv);
  } catch (err) {
    process.stderr.write(`replyapply: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 2;
  }
}

if (runDirectly()) await runCli(process.argv.slice(2));
