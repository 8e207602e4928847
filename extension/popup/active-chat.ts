/**
 * The chat in the active tab, for "Add files to the chat": its site (whose tokenizer counts, whose window
 * bounds) and its conversation (under which the ticks and the sent hashes are remembered). Read from the
 * tab's URL with the same adapters the content script uses, so both name the chat alike. The adapters are
 * loaded when asked, not with the popup: they are the content script's code, which the popup's first
 * paint does not need.
 */
import { useEffect, useState } from 'preact/hooks';
import { readSelfHosted, SELF_HOSTED_KEY } from '../ui/self-hosted';

export interface ActiveChat {
  site: string;
  conversationId?: string;
  /** The chat's tab: what is inserted goes there, whichever tab is active by then. */
  tabId?: number;
}

/**
 * The tab the popup is for: the one its URL names (`?tab=<id>`, when the popup page is opened in a tab of
 * its own, where "the active tab" would be the popup itself), else the active tab of the popup's window.
 */
async function chatTab(search: string): Promise<chrome.tabs.Tab | undefined> {
  const named = new URLSearchParams(search).get('tab');
  if (named !== null) {
    const id = /^\d{1,10}$/.test(named) ? Number(named) : Number.NaN;
    return Number.isSafeInteger(id) ? await chrome.tabs.get(id) : undefined;
  }
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

/** The chat in the popup's tab, or null on a page ReplyApply does not read (or when the tab cannot be asked). */
export async function activeChat(search = globalThis.location?.search ?? ''): Promise<ActiveChat | null> {
  try {
    const tab = await chatTab(search);
    if (!tab?.url) return null;
    const [{ adapterFor }, stored] = await Promise.all([
      import('../content/sites/registry'),
      chrome.storage.local.get(SELF_HOSTED_KEY).catch(() => ({}) as Record<string, unknown>),
    ]);
    const adapter = adapterFor(tab.url, readSelfHosted(stored[SELF_HOSTED_KEY]));
    if (!adapter) return null;
    const conversationId = adapter.conversationId(tab.url);
    return {
      site: adapter.id,
      ...(conversationId ? { conversationId } : {}),
      ...(tab.id !== undefined && tab.id >= 0 ? { tabId: tab.id } : {}),
    };
  } catch {
    return null;
  }
}

/** undefined while asking, then the chat or null. */
export function useActiveChat(): ActiveChat | null | undefined {
  const [chat, setChat] = useState<ActiveChat | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void activeChat().then((c) => live && setChat(c));
    return () => {
      live = false;
    };
  }, []);
  return chat;
}
