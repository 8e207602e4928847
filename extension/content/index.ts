/** Content script entry: start ReplyApply on a chat site we have an adapter for. */
import { MAX_BUNDLE_CHARS } from '../../shared/protocol/bounds';
import type { TabMessage } from '../../shared/protocol/messages';
import { ADAPTERS_OFF_KEY, readReaderSettings, SELF_HOSTED_KEY } from '../ui/self-hosted';
import { insertIntoComposer } from './composer';
import { startContent } from './content-app';
import { findReplies } from './generic/find-replies';
import { genericAdapter, watchGenericReplies } from './generic/generic-adapter';
import { pageAdapter } from './page-adapter';
import type { CopyProbeMemory } from './raw-text';
import { adapterHealth } from './sites/health';
import type { SiteAdapter } from './sites/types';

void main();

async function main() {
  const adapter = await pageAdapter(location.href, async () => {
    const stored = await chrome.storage.local
      .get([SELF_HOSTED_KEY, ADAPTERS_OFF_KEY])
      .catch(() => ({}) as Record<string, unknown>);
    return readReaderSettings(stored);
  });
  if (!adapter) return;
  let reading = start(adapter);
  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id) return false;
    // Checked by hand, not with the zod schema: the content script stays free of zod on every chat page.
    const m = message as Partial<TabMessage> | null;
    if (typeof m?.text !== 'string') return false;
    const bound =
      m.type === 'insert-instructions' ? 20_000 : m.type === 'insert-bundle' ? MAX_BUNDLE_CHARS : 0;
    if (bound === 0) return false;
    if (m.text.length > bound) {
      sendResponse({
        ok: false,
        message: `The text is ${m.text.length} characters, over the ${bound} a message box is given.`,
      });
      return false;
    }
    // A bundle is never offered as a paste: ChatGPT and Claude turn a long paste into an attachment
    // (see composer.ts), which is not what the user asked for and which Claude has delivered empty.
    const r = insertIntoComposer(document, reading.adapter.selectors.composer?.css, m.text, {
      paste: m.type !== 'insert-bundle',
    });
    sendResponse(r.ok ? { ok: true, how: r.how } : { ok: false, message: r.message });
    return false;
  });
  // A site that changed its page: when its adapter finds no reply on a conversation page but the generic
  // reader finds some, the generic reader takes over (said once, quietly); when neither finds any, the
  // notice says so instead of failing silently.
  const check = (last: boolean) => {
    const health = adapterHealth(reading.adapter, document, location.href);
    if (health.ok) return;
    if (health.part === 'turn' && findReplies(document.body).length > 0) {
      clearInterval(watch);
      reading.stop();
      reading = start(genericAdapter(adapter));
      notify(
        adapter.id,
        `ReplyApply's reader for ${adapter.id} finds none of the replies on this page (the site's layout may have ` +
          'changed), so they are read with the generic reader instead: check each Apply button is under the reply it belongs to.',
      );
    } else if (last) notify(adapter.id, health.message);
  };
  // Asked 5 s and 15 s after the page shows a URL, and again after each move to another one: chat sites
  // are single-page apps, where a conversation is usually opened from the new-chat page, not loaded. A
  // page read with the generic reader from the start (the user's choice) has nothing to hand over.
  let watch: ReturnType<typeof setInterval> | undefined;
  if (!adapter.generic) {
    let url = location.href;
    let since = Date.now();
    let asked = 0;
    watch = setInterval(() => {
      if (location.href !== url) {
        url = location.href;
        since = Date.now();
        asked = 0;
      }
      const age = Date.now() - since;
      if (asked === 0 && age >= 5_000) {
        asked = 1;
        check(false);
      } else if (asked === 1 && age >= 15_000) {
        asked = 2;
        check(true);
      }
    }, 1_000);
  }
  // A new version of the extension replaces this script: stop watching the page.
  window.addEventListener(
    'pagehide',
    () => {
      clearInterval(watch);
      reading.stop();
    },
    { once: true },
  );
}

function start(adapter: SiteAdapter): { adapter: SiteAdapter; stop(): void } {
  // Marks the page as watched (tests and support look for it); the buttons are the visible part.
  document.documentElement.setAttribute(
    'data-replyapply-active',
    adapter.generic ? `${adapter.id} generic` : adapter.id,
  );
  const controller = new AbortController();
  if (adapter.generic) watchGenericReplies(document, controller.signal)();
  startContent({
    adapter,
    signal: controller.signal,
    send: (message) => chrome.runtime.sendMessage(message),
    enableCopyCapture: () => chrome.runtime.sendMessage({ type: 'enable-copy-capture' }),
    copyMemory: storedCopyMemory,
    fetch: window.fetch.bind(window),
  });
  return { adapter, stop: () => controller.abort() };
}

function notify(site: string, message: string) {
  void chrome.runtime
    .sendMessage({ type: 'adapter-missed', site, url: location.href, message: message.slice(0, 500) })
    .catch(() => undefined);
}

const COPY_PROBE_KEY = 'copyProbe';

/** Where each site's icon-only Copy control was found by what it does, in the extension's storage. */
const storedCopyMemory: CopyProbeMemory = {
  async get(site) {
    const stored = await readCopyProbes();
    const value = stored[site];
    return typeof value === 'number' || value === null ? value : undefined;
  },
  async set(site, at) {
    const next = { ...(await readCopyProbes()), [site]: at };
    await chrome.storage.local.set({ [COPY_PROBE_KEY]: next }).catch(() => undefined);
  },
};

async function readCopyProbes(): Promise<Record<string, unknown>> {
  const stored = await chrome.storage.local.get(COPY_PROBE_KEY).catch(() => ({}) as Record<string, unknown>);
  const value = stored[COPY_PROBE_KEY];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
