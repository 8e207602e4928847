/**
 * gemini.google.com (Angular; custom elements are the stable hooks).
 *
 * Page structure (2025–26): each exchange is a `div.conversation-container` holding `user-query` and
 * `model-response`; the reply is `message-content#message-content-id-r_<id>` with the markdown in
 * `div.markdown.markdown-main-panel`; code blocks are `code-block > div.code-block` with the language
 * in `div.code-block-decoration` outside the `<pre>` (corpus gemini-001); the action bar is
 * `message-actions` (its Copy is `copy-button > button[data-test-id=copy-button]`, aria-label
 * "Copy", translated), present once the reply is complete. While a reply streams, the composer's
 * send button shows the `stop` icon: `mat-icon[fonticon="stop"]` (its `data-mat-icon-name` too, on
 * pages that set it). The composer is the Quill editor in `rich-textarea`.
 *
 * Message ids: the `id` of `message-content` without its `message-content-id-` prefix (`r_…`, the
 * response id Gemini's own API uses).
 *
 * Sources, read 2026-11: corpus gemini-001; CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/gemini.ts @584e0bd
 * (2026-08-22), "CWC" below; MCP SuperAssistant (srbhptl39/MCP-SuperAssistant)
 * pages/content/src/plugins/adapters/gemini.adapter.ts @c26168e (2026-02-09), "MCP-SA"; a Gemini
 * automation locator (code index file 55134058075) for the Copy button's test id and Chinese name.
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/gemini-two-replies',
  streaming: 'fixtures/gemini-streaming',
  c001: 'corpus/gemini-001',
} as const;

const TURN = 'model-response message-content';
const COPY = 'message-actions copy-button button';

export const gemini: SiteAdapter = {
  id: 'gemini',
  hosts: ['gemini.google.com'],
  matches: ['https://gemini.google.com/*'],
  selectors: {
    // our 2025 pages (message-content ids are the API's response ids)
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0 } },
    messageIdAttribute: 'id',
    container: { css: 'model-response', expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0 } },
    // our 2025 pages; corpus gemini-001 is inside it
    content: { css: '.markdown', expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0 } },
    // CWC is_generating `mat-icon[fonticon="stop"]`; our 2025 pages' data-mat-icon-name
    streaming: {
      css: 'mat-icon[fonticon="stop"], mat-icon[data-mat-icon-name="stop"]',
      expect: { [P.two]: 0, [P.streaming]: 1, [P.c001]: 0 },
    },
    // CWC footer_selector `message-actions > div > div`
    doneMarker: { css: 'message-actions', expect: { [P.two]: 2, [P.streaming]: 0, [P.c001]: 0 } },
    // CWC perform_copy `copy-button button`; the locator's `button[data-test-id=copy-button]`
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.c001]: 0 } },
    // the locator (aria-label 复制 in Chinese); our 2025 pages ("Copy"). Its place in the bar varies.
    copyButtonNames: ['Copy', '复制'],
    // CWC footer_selector
    actionBar: {
      css: 'message-actions > div > div',
      expect: { [P.two]: 2, [P.streaming]: 0, [P.c001]: 0 },
    },
    // corpus gemini-001; MCP-SA targetSelectors ['pre']
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 3 } },
    // CWC enter_message `div[contenteditable="true"]`; MCP-SA CHAT_INPUT `.ql-editor`
    composer: {
      css: 'rich-textarea [contenteditable="true"]',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.c001]: 0 },
    },
  },
  messageId: (turn) => ancestorId(turn, 'message-content', 'id', 'message-content-id-'),
  conversationId: geminiConversationId,
};

/** `/app/<hex>`, `/u/<n>/app/<hex>` (second account), `/gem/<gem>/<hex>` (a Gem's chat). */
export function geminiConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^(?:\/u\/\d+)?\/(?:app|gem\/[^/]+)\/([0-9a-f]+)\/?$/);
}
