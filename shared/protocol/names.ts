/**
 * The protocol's names and version, apart from its schemas (protocol.ts builds every zod schema when it is
 * imported): the host answers a browser's first message, a hello, from these alone (dispatcher.ts), before
 * it loads the rest.
 */

/** The name the browsers know the host by. */
export const HOST_NAME = 'dev.replyapply.host';
export const PROTOCOL_VERSION = 1;
/** The methods the host answers, in the order of protocol.ts's METHODS (hello lists them as its capabilities). */
export const METHOD_NAMES = [
  'hello',
  'listDir',
  'readFiles',
  'apply',
  'undo',
  'history',
  'runScript',
] as const;
