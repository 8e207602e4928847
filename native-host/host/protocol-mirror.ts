/**
 * The few protocol values the host needs before it loads the protocol itself. shared/protocol/protocol.ts
 * builds every zod schema when it is imported, and that (with the handlers and the file code behind them) is
 * most of a cold start; the host answers a browser's first message, a hello, without it (dispatcher.ts).
 * These are copies, and protocol-mirror.test.ts checks each against its source.
 */

/** protocol.ts HOST_NAME: the name the browsers know the host by. */
export const HOST_NAME = 'dev.replyapply.host';
/** protocol.ts PROTOCOL_VERSION. */
export const PROTOCOL_VERSION = 1;
/** The methods the host answers, in the order of handlers.ts (hello lists them as its capabilities). */
export const METHOD_NAMES: readonly string[] = [
  'hello',
  'listDir',
  'readFiles',
  'apply',
  'undo',
  'history',
  'runScript',
];
