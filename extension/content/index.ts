/** Content script entry: start ReplyApply on a chat site we have an adapter for. */
import type { TabMessage } from '../../shared/protocol/messages';
import { readSelfHosted, SELF_HOSTED_KEY } from '../ui/self-hosted';
import { insertIntoComposer } from './composer';
import { startContent } from './content-app';
import { pageAdapter } from './page-adapter';
import { adapterHealth } from './sites/health';

void main();

async function main() {
  const adapter = await pageAdapter(location.href, async () => {
    const stored = await chrome.storage.local
      .get(SELF_HOSTED_KEY)
      .catch(() => ({}) as Record<string, unknown>);
    return readSelfHosted(stored[SELF_HOSTED_KEY]);
  });
  if (!adapter) return;
  // Marks the page as watched (tests and support look for it); the buttons are the visible part.
  document.documentElement.setAttribute('data-replyapply-active', adapter.id);
  const controller = new AbortController();
  startContent({
    adapter,
    signal: controller.signal,
    send: (message) => chrome.runtime.sendMessage(message),
    enableCopyCapture: () => chrome.runtime.sendMessage({ type: 'enable-copy-capture' }),
    fetch: window.fetch.bind(window),
  });
  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id) return false;
    // Checked by hand, not with the zod schema: the content script stays free of zod on every chat page.
    const m = message as Partial<TabMessage> | null;
    if (m?.type !== 'insert-instructions' || typeof m.text !== 'string' || m.text.length > 20_000)
      return false;
    const r = insertIntoComposer(document, adapter.selectors.composer?.css, m.text);
    sendResponse(r.ok ? { ok: true, how: r.how } : { ok: false, message: r.message });
    return false;
  });
  // A site that changed its page: say so once, quietly, instead of failing silently.
  setTimeout(() => {
    const health = adapterHealth(adapter, document, location.href);
    if (!health.ok) {
      void chrome.runtime
        .sendMessage({
          type: 'adapter-missed',
          site: adapter.id,
          url: location.href,
          message: health.message,
        })
        .catch(() => undefined);
    }
  }, 15_000);
  // A new version of the extension replaces this script: stop watching the page.
  window.addEventListener('pagehide', () => controller.abort(), { once: true });
}
