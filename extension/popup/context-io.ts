/** What "Add files to the chat" asks of the host and of the page, failures as values. */
import type { InsertAnswer } from '../../shared/protocol/messages';
import type { HostCall } from '../ui/review';

/** Paths per readFiles request: a few answers instead of one huge one, and counts start sooner. */
export const READ_BATCH = 100;

export type FileText = { hash: string; text: string } | { error: string };

/** The files' text and hash, or why each could not be read (a failed request fails each of its paths). */
export async function readTexts(
  call: HostCall,
  root: string,
  paths: readonly string[],
): Promise<Map<string, FileText>> {
  const out = new Map<string, FileText>();
  try {
    for (let i = 0; i < paths.length; i += READ_BATCH) {
      const r = await call('readFiles', { root, paths: paths.slice(i, i + READ_BATCH) });
      for (const f of r.files) {
        if (f.exists === true) out.set(f.path, { hash: f.hash, text: f.text });
        else if (f.exists === false) out.set(f.path, { error: 'The file is gone from the folder.' });
        else out.set(f.path, { error: f.error.message });
      }
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    for (const p of paths) if (!out.has(p)) out.set(p, { error: message });
  }
  return out;
}

/**
 * The bundle to the background, which types it into the message box (composer.ts) of the chat's tab
 * `tabId` (the one the tokens were counted for), or of the active tab when the chat's tab is not known.
 */
export async function sendBundle(text: string, tabId?: number): Promise<InsertAnswer> {
  let answer: unknown;
  try {
    answer = await chrome.runtime.sendMessage({
      type: 'insert-bundle',
      text,
      ...(tabId !== undefined ? { tabId } : {}),
    });
  } catch (err) {
    return {
      ok: false,
      message: `Could not reach the page: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  const a = answer as Partial<InsertAnswer> | undefined;
  if (a?.ok === true) return { ok: true, how: typeof a.how === 'string' ? a.how : '' };
  if (a?.ok === false && typeof a.message === 'string') return { ok: false, message: a.message };
  return {
    ok: false,
    message: 'No answer from the page. Open the conversation in this tab (reload it if it was open before).',
  };
}
