/**
 * The side panel's host calls, with its first `readFiles` answered by the read the background made at the
 * click (background/read-ahead.ts) when that read asked for the same folder and the same paths: the panel
 * asked for it as it loaded (main.tsx), so the plan does not wait a round trip through the background.
 *
 * Only the first `readFiles` is compared, and the early answer is then let go whatever it was: a read for
 * another folder or other paths (the folder changed, another reply was clicked), a later read, and any
 * other method go to the host. An early read that failed or never came (null) sends the call on too. The
 * files are then as they were at the click; the host checks every file's hash before it writes.
 */

import type { HostCall } from './review';
import type { EarlyRead } from './rpc';

/**
 * The paths of a read as one key, whatever their order (a path holds no NUL: the path rules refuse it).
 * Shared with the background's read-ahead, which keeps its reads under it.
 */
export const readKey = (paths: readonly string[]): string => [...paths].sort().join('\0');

const sameRead = (early: EarlyRead, params: { root: string; paths: readonly string[] }): boolean =>
  early.root === params.root && readKey(early.paths) === readKey(params.paths);

export function withEarlyRead(call: HostCall, early: Promise<EarlyRead | null>): HostCall {
  let pending: Promise<EarlyRead | null> | undefined = early.catch(() => null);
  return ((method, params) => {
    if (method !== 'readFiles' || !pending) return call(method, params);
    const taken = pending;
    pending = undefined;
    const p = params as { root: string; paths: readonly string[] };
    return taken.then((read) => (read && sameRead(read, p) ? (read.result as never) : call(method, params)));
  }) as HostCall;
}
