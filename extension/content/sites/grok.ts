/**
 * grok.com.
 *
 * Page structure (2026): each message is a `div#response-<uuid>` (`.items-end` for the user's,
 * `.items-start` for Grok's); the reply is its `div.message-bubble` with the markdown in
 * `div.response-content-markdown` (user messages are rendered in one too, so the side is told by
 * `.items-start`); `div.action-buttons > div` follows the bubble once the reply is complete, Copy
 * first (user messages have their own bar). Code blocks (corpus grok-101, late 2025):
 * `div.not-prose > div[data-testid=code-block]` with the language in a header `span.font-mono`,
 * buttons, and a shiki `<pre><code>` of `span.line`s. Before those, Grok drew blocks without
 * `<pre>`: `div[style*="display: block"] > code[style*="white-space: pre"]` under the same header.
 * While a reply streams the composer shows a Stop button whose label is translated with the UI; its
 * square icon is not. The composer is a tiptap editor, `div[contenteditable=true]` (`.is-empty` when
 * empty); older pages had a textarea.
 *
 * Message ids: the uuid of `id="response-<uuid>"`.
 *
 * Sources, read 2026-11: corpus grok-101; CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/grok.ts @584e0bd
 * (2026-08-22), "CWC" below; MCP SuperAssistant (srbhptl39/MCP-SuperAssistant)
 * pages/content/src/plugins/adapters/grok.adapter.ts and render_prescript/src/core/config.ts
 * @c26168e (2026-02-09), "MCP-SA"; the QAClipper Grok exporter config v24 (code index file
 * 17056970611), "QAClipper".
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/grok-two-replies',
  streaming: 'fixtures/grok-streaming',
  c101: 'corpus/grok-101',
} as const;

const MESSAGE = 'div[id^="response-"]';

export const grok: SiteAdapter = {
  id: 'grok',
  hosts: ['grok.com'],
  matches: ['https://grok.com/*'],
  selectors: {
    // QAClipper turnContainer/assistantMessageIndicator/messageBubble; CWC `div.items-start …`
    turn: {
      css: `${MESSAGE}.items-start .message-bubble`,
      expect: { [P.two]: 2, [P.streaming]: 1, [P.c101]: 0 },
    },
    messageIdAttribute: 'id',
    // QAClipper turnContainer (the id is ours: our 2025 pages, still the hook the id comes from)
    container: { css: MESSAGE, expect: { [P.two]: 4, [P.streaming]: 2, [P.c101]: 0 } },
    // QAClipper assistantContentContainer (user messages have one too: corpus grok-101's notes)
    content: {
      css: '.response-content-markdown',
      expect: { [P.two]: 4, [P.streaming]: 2, [P.c101]: 0 },
    },
    // The English label (our 2025 pages), and CWC's language-free signal: the stop icon's path
    streaming: {
      css: 'button[aria-label="Stop model response"], path[d^="M4 9.2v5.6c0 1.116"]',
      expect: { [P.two]: 0, [P.streaming]: 2, [P.c101]: 0 },
    },
    // CWC footer_selector `div.items-start div.action-buttons > div`: any of its buttons
    doneMarker: { css: '.action-buttons button', expect: { [P.two]: 14, [P.streaming]: 2, [P.c101]: 0 } },
    // English UI only (labels are translated); the name and the place below cover the others
    copyButton: {
      css: '.action-buttons button[aria-label="Copy"]',
      expect: { [P.two]: 4, [P.streaming]: 1, [P.c101]: 0 },
    },
    copyButtonNames: ['Copy'],
    // CWC perform_copy `button:first-child` of the bar (since 2026-08-10; the 4th before)
    copyButtonIndex: 0,
    // CWC footer_selector
    actionBar: { css: '.action-buttons > div', expect: { [P.two]: 4, [P.streaming]: 1, [P.c101]: 0 } },
    // corpus grok-101 (`pre.shiki`); QAClipper assistantCodeBlockContent for the <pre>-less blocks;
    // MCP-SA's Grok config targets `code` for the same reason
    codeBlock: {
      css: 'pre, :not(pre) > code[style*="white-space: pre"]',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.c101]: 2 },
    },
    // CWC enter_message `div[contenteditable="true"]`; MCP-SA CHAT_INPUT (textarea first, older)
    composer: {
      css: 'form [contenteditable="true"], textarea[aria-label="Ask Grok anything"]',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.c101]: 0 },
    },
  },
  messageId: (turn) => ancestorId(turn, MESSAGE, 'id', 'response-'),
  conversationId: grokConversationId,
};

/** `/c/<uuid>` (and the older `/chat/<uuid>`). */
export function grokConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/(?:c|chat)\/([\w-]+)\/?$/);
}
