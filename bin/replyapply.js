#!/usr/bin/env node
// `npx replyapply`: runs the bundled CLI, building it first on a fresh checkout.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../dist/host/cli.mjs', import.meta.url));
if (!existsSync(cli)) {
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build-host.mjs', import.meta.url))], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv.slice(2));
