/**
 * hello without the server: which requests are a plain hello, and its answer. Whatever is accepted here
 * must be a request the server (server.ts, with the schemas of shared/protocol/protocol.ts) would answer
 * the same way; anything less plain goes to the server. hello.test.ts checks both on random requests.
 */
import { METHOD_NAMES, PROTOCOL_VERSION } from '../../shared/protocol/names';
import { VERSION } from './version';

/** The id of `message` when it is a hello the schemas accept as it is, else undefined. */
export function plainHelloId(message: unknown): string | number | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const { id, method, params } = message as Record<string, unknown>;
  if (method !== 'hello') return undefined;
  // RequestSchema: a string of at most 200 characters, or a safe integer (zod's z.int()).
  if (!((typeof id === 'string' && id.length <= 200) || Number.isSafeInteger(id))) return undefined;
  // HelloParams: none, or an empty object (a strict one: no key at all).
  if (params !== undefined && !isEmptyPlainObject(params)) return undefined;
  return id as string | number;
}

function isEmptyPlainObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Reflect.ownKeys(value).length === 0
  );
}

/** What hello answers (handlers.ts answers the same; hello.test.ts checks it). */
export function helloResult(): { version: string; protocol: number; capabilities: string[] } {
  return { version: VERSION, protocol: PROTOCOL_VERSION, capabilities: [...METHOD_NAMES] };
}
