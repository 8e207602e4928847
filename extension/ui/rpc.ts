/** Extension pages talk to the background with these; results are checked against the protocol schemas. */
import type { HostStatus, PageMessage, Proposal } from '../../shared/protocol/messages';
import type { HostError, Method, ParamsOf, ResultOf } from '../../shared/protocol/protocol';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

function send<T>(message: PageMessage): Promise<T> {
  return chrome.runtime.sendMessage(message) as Promise<T>;
}

export const getHostStatus = () => send<HostStatus>({ type: 'host-status' });
export const getProposal = () => send<Proposal | null>({ type: 'get-proposal' });
/**
 * The same, read from storage.session without the background: the side panel asks while the background
 * is busy opening it and reading the files ahead (background/read-ahead.ts), so a round trip through it
 * waits its turn there. The background validated the proposal before storing it.
 */
export const readStoredProposal = () =>
  chrome.storage.session.get('proposal').then((v) => (v.proposal as Proposal | undefined) ?? null);

/** A `readFiles` made ahead by the background, with what it asked (answered once: background/read-ahead.ts). */
export interface EarlyRead {
  root: string;
  paths: readonly string[];
  result: ResultOf<'readFiles'>;
}

/**
 * The review's first read as the background made it at the click, or null: asked by the side panel as it
 * loads, so the answer is in before the panel's code has worked out what to read (ui/early-read.ts).
 */
export const takeReadAhead = () => send<EarlyRead | null>({ type: 'read-ahead' });

export async function hostCall<M extends Method>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
  const r = await send<{ ok: true; result: ResultOf<M> } | { ok: false; error: HostError }>({
    type: 'host-call',
    method,
    params,
  });
  if (!r) throw new RpcError(-1, 'No answer from the extension background.');
  if (!r.ok) throw new RpcError(r.error.code, r.error.message, r.error.path);
  return r.result;
}
