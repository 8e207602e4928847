/**
 * The server with every handler: what main.ts loads on the first message that is not a plain hello
 * (dispatcher.ts). Kept out of start-up because importing it builds the protocol's zod schemas and loads
 * the file code behind the handlers.
 */
import { createHandlers } from './handlers';
import type { Logger } from './log';
import { HostServer } from './server';

export function createServer(write: (frame: Buffer) => void, log: Logger): HostServer {
  return new HostServer(createHandlers(), write, log);
}
