/**
 * Entry of the native-messaging host. The browser starts it with the caller's origin as the first
 * argument (Firefox: the manifest path, then the add-on id; caller.ts has the exact forms); anything else
 * is refused. stdout carries frames only: console output is sent to the log file.
 *
 * Start-up imports only what answering a hello needs; the server and the handlers (create-server.ts,
 * bundled apart as host-server.mjs by scripts/build-host.mjs) are imported when the first other message
 * comes (dispatcher.ts), or once the host has started. Nothing imported statically here may import
 * shared/protocol/protocol.ts: host-process.test.ts checks the bundle.
 */
import nodeModule from 'node:module';
import { join } from 'node:path';
import { CHROME_EXTENSION_ORIGINS, FIREFOX_ADDON_IDS } from '../../shared/extension/extension-id';
import { stateDir } from '../fs/state';
import { callerOf } from './caller';
import { Dispatcher, type Server } from './dispatcher';
import { FrameReader } from './framing';
import { fileLogger } from './log';

const state = stateDir();
const log = fileLogger(state);
// Node ≥ 22.1 can keep compiled code between starts (Node 20 has no such thing; there this does nothing): the
// server, imported after start-up, is then not compiled again at each start. In the user's own state folder,
// not Node's default, the shared temp folder, where another local user could put code for the host to run.
(nodeModule as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache?.(
  join(state, 'compile-cache'),
);
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

const PRELOAD_AFTER_MS = 100;
const write = (frame: Buffer) => process.stdout.write(frame);

async function loadServer(): Promise<Server> {
  try {
    const { createServer } = await import('./create-server');
    return createServer(write, log);
  } catch (err) {
    // Nothing can be answered without the server: exit, so the browser sees the port close.
    log.error(`could not load the server: ${(err as Error)?.stack ?? err}`);
    process.exit(1);
  }
}

const dispatcher = new Dispatcher(loadServer, write, log);
const reader = new FrameReader(
  (message) => dispatcher.message(message),
  (problem) => {
    dispatcher.problem(problem);
    if (problem.kind !== 'too-large') return;
    // The stream cannot be trusted past a length over the limit: read nothing more, let the requests under
    // way finish, and exit (with 1: the browser sees the port close and the extension reconnects).
    log.error('stopped reading after a message over the limit; exiting');
    process.exitCode = 1;
    process.stdin.destroy();
  },
);
process.stdin.on('data', (chunk: Buffer) => reader.push(chunk));
// A port that stays open is soon asked more than hello: load the server once the host has started, so that
// the first real request does not wait for it. A one-shot call (sendNativeMessage) ends before this fires.
setTimeout(() => dispatcher.load(), PRELOAD_AFTER_MS).unref();
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
