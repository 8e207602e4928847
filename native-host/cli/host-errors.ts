/**
 * How the CLI reports a HostFailure from native-host/fs: the exit code it maps to and the JSON shape printed
 * with --json. A bad project folder is the caller's mistake (exit 2); anything else refused the work (exit 1).
 */
import { ErrorCode, type HostError } from '../../shared/protocol/protocol';
import { HostFailure } from '../fs/failure';
import { toHostError } from '../host/errors';
import { Exit } from './io';

const ROOT_CODES = new Set<number>([ErrorCode.RootRefused, ErrorCode.NotFound, ErrorCode.NotAFolder]);

/** The error as protocol data, or null when it is not an expected failure (a bug: rethrow it). */
export function expectedFailure(err: unknown): HostError | null {
  return err instanceof HostFailure ? toHostError(err) : null;
}

export function exitFor(error: HostError): number {
  return ROOT_CODES.has(error.code) ? Exit.Usage : Exit.Unresolved;
}
