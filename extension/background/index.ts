/**
 * The service worker: routes messages, owns the port to the host, keeps pending proposals in
 * storage.session (the worker may be stopped between steps), opens the side panel.
 */
import { ContentMessageSchema, PageMessageSchema, type Proposal } from '../../shared/protocol/messages';
import { METHODS, type Method } from '../../shared/protocol/protocol';
import { type HostCallError, HostClient } from './host-client';
import { hostStatus } from './host-status';
import { senderKind } from './trust';

const client = new HostClient();
const ORIGIN = chrome.runtime.getURL('');

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  const kind = senderKind(sender, chrome.runtime.id, ORIGIN);
  if (kind === 'content-script') {
    const parsed = ContentMessageSchema.safeParse(message);
    if (!parsed.success) return false;
    const msg = parsed.data;
    if (msg.type === 'propose') {
      // sidePanel.open must run before any await, while the user's click still counts as a gesture.
      if (msg.open && sender.tab?.id !== undefined) {
        chrome.sidePanel.open({ tabId: sender.tab.id }).catch(() => undefined);
      }
      storeProposal(msg.proposal).then(() => sendResponse({ ok: true }));
      return true;
    }
    return false;
  }
  if (kind !== 'extension-page') return false;
  const parsed = PageMessageSchema.safeParse(message);
  if (!parsed.success) {
    sendResponse({ ok: false, error: { code: 3, message: 'Invalid message.' } });
    return false;
  }
  const msg = parsed.data;
  if (msg.type === 'host-status') {
    hostStatus(client).then(sendResponse);
    return true;
  }
  if (msg.type === 'get-proposal') {
    chrome.storage.session.get('proposal').then((v) => sendResponse(v.proposal ?? null));
    return true;
  }
  if (msg.type === 'host-call') {
    if (!Object.hasOwn(METHODS, msg.method)) {
      sendResponse({ ok: false, error: { code: 2, message: `Unknown method ${msg.method}` } });
      return false;
    }
    const method = msg.method as Method;
    client
      .call(method, msg.params as never, { timeoutMs: method === 'runScript' ? 3_600_000 : 120_000 })
      .then(
        (result) => sendResponse({ ok: true, result }),
        (err: HostCallError) =>
          sendResponse({ ok: false, error: { code: err.code, message: err.message, path: err.path } }),
      );
    return true;
  }
  return false;
});

async function storeProposal(proposal: Proposal): Promise<void> {
  await chrome.storage.session.set({ proposal });
}

chrome.runtime.onInstalled.addListener(() => {
  chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false }).catch(() => undefined);
});
