/**
 * The service worker: routes messages, owns the port to the host, keeps pending proposals in
 * storage.session (the worker may be stopped between steps), opens the side panel.
 */

import {
  type ContentMessage,
  ContentMessageSchema,
  type InsertAnswer,
  PageMessageSchema,
  type Proposal,
  type TabMessage,
} from '../../shared/protocol/messages';
import { proposalFor } from '../../shared/protocol/proposal';
import { METHODS, type Method } from '../../shared/protocol/protocol';
import { keepPopupOnActionClick, openReviewFromPage } from '../browser-differences';
import { installDownloadCapture } from '../content/download-capture';
import { installClipboardCapture } from '../content/raw-text';
import { conversationKey, type FolderMemory, folderFor, readMemory, STORAGE_KEY } from '../ui/folders';
import { originPatterns, readSelfHosted, SELF_HOSTED_KEY } from '../ui/self-hosted';
import { DetectParts } from './detect-parts';
import { type HostCallError, HostClient } from './host-client';
import { hostStatus } from './host-status';
import { mayReplace, type OpenedProposal, openedFrom } from './proposal-gate';
import { ReadAhead } from './read-ahead';
import { reviewOpensIn } from './review-opens-in';
import { senderKind } from './trust';

const client = new HostClient();
const readAhead = new ReadAhead((method, params) => client.call(method, params, { timeoutMs: 120_000 }));
const ORIGIN = chrome.runtime.getURL('');

/**
 * The folder memory, mirrored in memory: deciding between popup and side panel must not await
 * storage, or the click would no longer count as a user gesture when the panel opens.
 */
let folders: FolderMemory | undefined;
chrome.storage.local.get(STORAGE_KEY).then((v) => {
  folders = readMemory(v[STORAGE_KEY]);
});
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && changes[STORAGE_KEY]) folders = readMemory(changes[STORAGE_KEY].newValue);
  if (area === 'local' && changes[SELF_HOSTED_KEY]) void syncSelfHosted();
});

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  const kind = senderKind(sender, chrome.runtime.id, ORIGIN);
  if (kind === 'foreign') return false;
  // Extension pages may propose too (the demo chat page, the paste box); content scripts may do nothing else.
  const content = ContentMessageSchema.safeParse(message);
  if (content.success) {
    handleProposal(content.data, sender).then(sendResponse, () => sendResponse({ ok: false }));
    return true;
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
  if (msg.type === 'read-ahead') {
    // A failed read is answered with null: the panel then asks the host itself.
    const read = readAhead.takeFirst();
    if (!read) sendResponse(null);
    else
      read.answer.then(
        (result) => sendResponse({ root: read.root, paths: read.paths, result }),
        () => sendResponse(null),
      );
    return true;
  }
  if (msg.type === 'insert-instructions' || msg.type === 'insert-bundle') {
    insertIntoTab(msg.type, msg.text, msg.tabId).then(sendResponse);
    return true;
  }
  if (!Object.hasOwn(METHODS, msg.method)) {
    sendResponse({ ok: false, error: { code: 2, message: `Unknown method ${msg.method}` } });
    return false;
  }
  const method = msg.method as Method;
  const ask = () =>
    client.call(method, msg.params as never, { timeoutMs: method === 'runScript' ? 3_600_000 : 120_000 });
  // The review's reads may have been made ahead, at the click (read-ahead.ts); if that read failed, the
  // host is asked again, so the panel gets the host's own answer.
  const ahead = method === 'readFiles' ? readAhead.take(msg.params) : undefined;
  (ahead ? ahead.catch(ask) : ask()).then(
    (result) => sendResponse({ ok: true, result }),
    (err: HostCallError) =>
      sendResponse({ ok: false, error: { code: err.code, message: err.message, path: err.path } }),
  );
  return true;
});

function handleProposal(msg: ContentMessage, sender: chrome.runtime.MessageSender): Promise<unknown> {
  const tabId = sender.tab?.id;
  if (msg.type === 'enable-copy-capture') {
    if (tabId === undefined) return Promise.resolve({ ok: false });
    // The Copy button's capture and the Download button's (an artifact card's), each self-contained.
    const target = { tabId, frameIds: [sender.frameId ?? 0] };
    return Promise.all([
      chrome.scripting.executeScript({ target, world: 'MAIN', func: installClipboardCapture }),
      chrome.scripting.executeScript({ target, world: 'MAIN', func: installDownloadCapture }),
    ]).then(() => ({ ok: true }));
  }
  if (msg.type === 'adapter-missed') return storeNotice(tabId, msg);
  // A long reply's operations, read here so the chat page's thread is not held (issue 44).
  if (msg.type === 'detect')
    return Promise.resolve(detecting.take(msg, `${sender.tab?.id ?? -1}:${sender.frameId ?? 0}`, Date.now()));
  if (msg.type !== 'propose') return Promise.resolve({ ok: true });
  if (msg.open) {
    openReview(msg.proposal, sender);
    // The review reads the project through the host at once: start it, and the reads, while the panel loads.
    client.warmUp();
    readAheadFor(msg.proposal);
    const opened = openedFrom(msg.proposal, tabId, Date.now());
    return chrome.storage.session
      .set({ [OPENED_KEY]: opened })
      .then(() => storeProposal(msg.proposal))
      .then(() => ({ ok: true }));
  }
  return chrome.storage.session.get(OPENED_KEY).then(async (v) => {
    const opened = v[OPENED_KEY] as OpenedProposal | undefined;
    if (!mayReplace(opened, msg.proposal, false, tabId, Date.now())) return { ok: false };
    await storeProposal(msg.proposal);
    return { ok: true };
  });
}

/** The long replies whose parts are coming in to be read (detect-parts.ts). */
const detecting = new DetectParts();

/** The reads of the review a click opens in the side panel, in the folder the panel will use. */
function readAheadFor(proposal: Proposal): void {
  if (!folders || reviewOpensIn(folders, proposal) !== 'panel') return;
  const root = folderFor(folders, conversationKey(proposal.site, proposal.conversationId));
  if (root !== undefined) readAhead.start(proposal, root);
}

/** The proposal the last click opened (proposal-gate.ts): only its own update may replace it unasked. */
const OPENED_KEY = 'proposalOpened';

/** Synchronous up to the open call: it must run inside the user's click. */
function openReview(proposal: Proposal, sender: chrome.runtime.MessageSender): void {
  if (reviewOpensIn(folders, proposal) === 'popup') {
    chrome.action.openPopup().catch(() => openPanel(sender));
    return;
  }
  openPanel(sender);
}

function openPanel(sender: chrome.runtime.MessageSender): void {
  const tab = sender.tab;
  if (!tab) return;
  void openReviewFromPage({
    ...(tab.id === undefined ? {} : { tabId: tab.id }),
    windowId: tab.windowId,
    index: tab.index,
  });
}

/**
 * Forwards the text to the content script of the chat the page named (the tab its counts were made for),
 * else of the active tab; the content script writes it into the message box.
 */
async function insertIntoTab(
  type: 'insert-instructions' | 'insert-bundle',
  text: string,
  tabId: number | undefined,
): Promise<InsertAnswer> {
  const tab =
    tabId !== undefined
      ? await chrome.tabs.get(tabId).catch(() => undefined)
      : (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  const fail: InsertAnswer = {
    ok: false,
    message:
      'Open a conversation on a supported chat site in this tab (reload it if it was open before), or use Copy.',
  };
  if (tab?.id === undefined) return fail;
  try {
    const answer = (await chrome.tabs.sendMessage(tab.id, { type, text } satisfies TabMessage)) as
      | InsertAnswer
      | undefined;
    return answer ?? fail;
  } catch {
    return fail;
  }
}

async function storeProposal(proposal: Proposal): Promise<void> {
  await chrome.storage.session.set({ proposal });
}

/** A site whose page no longer matches its adapter: one quiet notice, shown by the popup for that tab. */
async function storeNotice(
  tabId: number | undefined,
  msg: Extract<ContentMessage, { type: 'adapter-missed' }>,
) {
  if (tabId === undefined) return { ok: false };
  const { notices = {} } = (await chrome.storage.session.get('notices')) as {
    notices?: Record<string, unknown>;
  };
  notices[String(tabId)] = { site: msg.site, url: msg.url, message: msg.message };
  await chrome.storage.session.set({ notices });
  return { ok: true };
}

/** The content script on the self-hosted origins the user added (and granted) in the options page. */
async function syncSelfHosted(): Promise<void> {
  const id = 'replyapply-self-hosted';
  const stored = await chrome.storage.local.get(SELF_HOSTED_KEY);
  const patterns = originPatterns(readSelfHosted(stored[SELF_HOSTED_KEY]));
  const granted: string[] = [];
  for (const p of patterns) if (await chrome.permissions.contains({ origins: [p] })) granted.push(p);
  await chrome.scripting.unregisterContentScripts({ ids: [id] }).catch(() => undefined);
  if (granted.length === 0) return;
  // The self-contained build of the content script (scripts/build-content.mjs): the manifest's own loader
  // imports chunks that only the manifest's sites may load.
  await chrome.scripting.registerContentScripts([
    { id, matches: granted, js: ['content-standalone.js'], runAt: 'document_idle' },
  ]);
}

const MENU_ID = 'replyapply-selection';

/**
 * "Apply with ReplyApply" on selected text, on any page: the click opens the side panel at once (it is the
 * user's gesture), then the selection is read from the page (activeTab) and reviewed like a reply.
 */
async function applySelection(tab: chrome.tabs.Tab | undefined, selectionText?: string): Promise<void> {
  if (tab?.id === undefined) return;
  const opened = openReviewFromPage(
    { tabId: tab.id, windowId: tab.windowId, index: tab.index },
    { ownAction: true },
  );
  client.warmUp();
  let text = selectionText ?? '';
  try {
    // selectionText loses line breaks; the page's own selection keeps them.
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab.id },
      func: () => globalThis.getSelection?.()?.toString() ?? '',
    });
    if (typeof result?.result === 'string' && result.result.trim()) text = result.result;
  } catch {
    // Pages the extension may not script (the Web Store, chrome://): the menu's own text is all there is.
  }
  await storeProposal(
    proposalFor(text, {
      site: 'selection',
      url: tab.url ?? '',
      replyId: `selection-${Date.now()}`,
      textSource: 'selection',
    }),
  );
  await opened;
}

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU_ID) void applySelection(tab, info.selectionText);
});

chrome.runtime.onInstalled.addListener(() => {
  keepPopupOnActionClick();
  chrome.contextMenus.create({ id: MENU_ID, title: 'Apply with ReplyApply', contexts: ['selection'] }, () => {
    void chrome.runtime.lastError;
  });
  void syncSelfHosted();
});
chrome.runtime.onStartup.addListener(() => void syncSelfHosted());

// For the e2e tests: Playwright cannot click a context-menu item, so they call what the click calls.
(globalThis as { replyApplyTest?: unknown }).replyApplyTest = { applySelection, syncSelfHosted };
