#!/usr/bin/env node
// `replyapply` / `npx replyapply`: runs the bundled CLI (dist/host/cli.mjs). The npm package ships that
// bundle and nothing to build it with; a fresh clone has no bundle yet, so it is built first from sources.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../dist/host/cli.mjs', import.meta.url));
if (!existsSync(cli)) {
  const builder = fileURLToPath(new URL('../scripts/build-host.mjs', import.meta.url));
  if (!existsSync(builder)) {
    process.stderr.write(
      `replyapply: the bundled CLI is missing (${cli}); reinstall it with npm install -g replyapply\n`,
    );
    process.exit(2);
  }
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, [builder], { stdio: ['ignore', 'ignore', 'inherit'] });
}
const { runCli } = await import(pathToFileURL(cli).href);
await runCli(process.argv.slice(2));
