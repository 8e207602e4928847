/**
 * The protocol's names, version and error codes, apart from its schemas (protocol.ts builds every zod schema
 * when it is imported): the host answers a browser's first message, a hello, from these alone
 * (dispatcher.ts), before it loads the rest, and the side panel starts without the schemas.
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
  'findText',
  'gitState',
  'listTree',
] as const;

/** Error codes: numbers that are only ever appended, never renumbered. */
export const ErrorCode = {
  InvalidRequest: 1,
  UnknownMethod: 2,
  InvalidParams: 3,
  Internal: 4,
  UnsafePath: 10,
  RootRefused: 11,
  NotFound: 12,
  NotAFolder: 13,
  Binary: 14,
  TooLarge: 15,
  Conflict: 20,
  WriteFailed: 21,
  Locked: 22,
  NoSuchApply: 23,
  CaseTwin: 24,
  /** A git step the user asked for cannot be done (not a work tree, no identity, a commit not at HEAD). */
  Git: 25,
  ScriptFailed: 30,
  ScriptTimeout: 31,
  FrameTooLarge: 40,
} as const;

/** The most paths one `gitState` asks about (git.ts). */
export const GIT_STATE_MAX_PATHS = 10_000;
