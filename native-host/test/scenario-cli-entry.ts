/** The CLI as a process, for the scenario runner: what bin/replyapply.js does with the built cli.mjs. */
import { main } from '../cli/main';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`replyapply: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 2;
  },
);
