import { ErrorCode, type HostError } from '../../shared/protocol/protocol';

/** Any thrown value as a protocol error: failures (fs/failure.ts) keep their code, anything else is Internal. */
export function toHostError(err: unknown): HostError {
  if (
    err &&
    typeof err === 'object' &&
    'code' in err &&
    typeof err.code === 'number' &&
    err instanceof Error
  ) {
    const out: HostError = { code: err.code, message: err.message };
    if ('path' in err && typeof err.path === 'string') out.path = err.path;
    return out;
  }
  return {
    code: ErrorCode.Internal,
    message: `Internal error: ${err instanceof Error ? err.message : String(err)}`,
  };
}
