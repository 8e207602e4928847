/**
 * The bundled CLI (dist/host/cli.mjs). Run directly (`node cli.mjs apply …`) it runs the command;
 * imported (bin/replyapply.js, scripts/start.mjs) it only exports `main`.
 */
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

if (runDirectly()) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(
        `replyapply: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
