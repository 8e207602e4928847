/**
 * Entry of the native-messaging host. The browser starts it with the caller's origin as the first
 * argument (Firefox: the manifest path, then the add-on id; caller.ts has the exact forms); anything else
 * is refused. stdout carries frames only: console output is sent to the log file.
 */
import { CHROME_EXTENSION_ORIGINS, FIREFOX_ADDON_IDS } from '../../shared/extension/extension-id';
import { stateDir } from '../fs/state';
import { callerOf } from './caller';
import { FrameReader } from './framing';
import { createHandlers } from './handlers';
import { fileLogger } from './log';
import { HostServer } from './server';

const log = fileLogger(stateDir());
for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  console[name] = (...args: unknown[]) => log.info(`console.${name}: ${args.map(String).join(' ')}`);
}

const args = process.argv.slice(2);
const caller = callerOf(args);
if (caller === null) {
  const expected = `${CHROME_EXTENSION_ORIGINS.join(' or ')} or the Firefox add-on ${FIREFOX_ADDON_IDS.join(' or ')}`;
  log.error(`refused caller ${JSON.stringify(args)}: expected ${expected}`);
  process.stderr.write(
    `replyapply host: refused caller ${JSON.stringify(args)}; only ${expected} may start it.\n`,
  );
  process.exit(1);
}
log.info(`started by ${caller} (${args.join(' ')}; node ${process.version})`);

const server = new HostServer(createHandlers(), (frame) => process.stdout.write(frame), log);
const reader = new FrameReader(
  (message) => void server.handle(message),
  (problem) => {
    server.problem(problem);
    if (problem.kind !== 'too-large') return;
    // The stream cannot be trusted past a length over the limit: read nothing more, let the requests under
    // way finish, and exit (with 1: the browser sees the port close and the extension reconnects).
    log.error('stopped reading after a message over the limit; exiting');
    process.exitCode = 1;
    process.stdin.destroy();
  },
);
process.stdin.on('data', (chunk: Buffer) => reader.push(chunk));
process.stdin.on('end', () => {
  reader.end();
  log.info('input closed; exiting');
  // Let answers still being computed finish; the event loop ends when they do.
  process.stdin.destroy();
});
process.on('uncaughtException', (err) => {
  log.error(`uncaught: ${err.stack ?? err}`);
});
process.on('unhandledRejection', (err) => {
  log.error(`unhandled rejection: ${(err as Error)?.stack ?? err}`);
});
