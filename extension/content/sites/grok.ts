/**
 * grok.com.
 *
 * Page structure (2025 UI): each message is a `div#response-<uuid>`, `items-end` for the user's and
 * `items-start` for Grok's; the reply is its `div.message-bubble` with the markdown in
 * `div.response-content-markdown`; `div.action-buttons` (buttons named by aria-label: Regenerate,
 * Read aloud, Copy, Like, …) follows the bubble once the reply is complete (user messages have Edit
 * and Copy). Code blocks: a header with the language and their own Copy button above a shiki `<pre>`,
 * so the message's Copy is looked up inside `.action-buttons` only. While a reply streams:
 * `button[aria-label="Stop model response"]`. The composer is the textarea in the query form.
 *
 * Message ids: the uuid of `id="response-<uuid>"`.
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/grok-two-replies', streaming: 'fixtures/grok-streaming' } as const;

const MESSAGE = 'div[id^="response-"]';
const COPY = '.action-buttons button[aria-label="Copy"]';

export const grok: SiteAdapter = {
  id: 'grok',
  hosts: ['grok.com'],
  matches: ['https://grok.com/*'],
  selectors: {
    turn: { css: `${MESSAGE}.items-start .message-bubble`, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'id',
    container: { css: MESSAGE, expect: { [P.two]: 4, [P.streaming]: 2 } },
    content: { css: '.response-content-markdown', expect: { [P.two]: 2, [P.streaming]: 1 } },
    streaming: {
      css: 'button[aria-label="Stop model response"]',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    doneMarker: { css: COPY, expect: { [P.two]: 4, [P.streaming]: 1 } },
    copyButton: { css: COPY, expect: { [P.two]: 4, [P.streaming]: 1 } },
    actionBar: { css: '.action-buttons', expect: { [P.two]: 4, [P.streaming]: 1 } },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: 'form textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => ancestorId(turn, MESSAGE, 'id', 'response-'),
  conversationId: grokConversationId,
};

/** `/c/<uuid>` (and the older `/chat/<uuid>`). */
export function grokConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/(?:c|chat)\/([\w-]+)\/?$/);
}
