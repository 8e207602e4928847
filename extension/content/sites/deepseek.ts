/**
 * chat.deepseek.com.
 *
 * Page structure (2025 UI): class names are hashed except the design system's `ds-*` ones, which are
 * the hooks here. Every message is a `div.ds-message`; an assistant's reply is its direct
 * `div.ds-markdown` child (DeepThink's reasoning is a `.ds-markdown` too, but nested deeper in its
 * own collapsible block, so it is left out). The message's action bar (`div.ds-flex` of
 * `div.ds-icon-button[role=button]`, Copy first, no labels) is a later sibling of the message in the
 * message's wrapper, and appears once the reply is complete. Code blocks: `div.md-code-block` with a
 * banner (language, Copy, Download) above a bare `<pre>`. The composer is `textarea#chat-input`.
 *
 * Unverified: the stop button's `aria-label="Stop"` (the send button is an unlabelled
 * `div[role=button]`). If it never matches, the tracker still waits for the action bar.
 *
 * Message ids: none in the DOM; a reply's id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/deepseek-two-replies', streaming: 'fixtures/deepseek-streaming' } as const;

const TURN = '.ds-message:has(> .ds-markdown)';

export const deepseek: SiteAdapter = {
  id: 'deepseek',
  hosts: ['chat.deepseek.com'],
  matches: ['https://chat.deepseek.com/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    // User messages have a wrapper and an action bar too.
    container: { css: 'div:has(> .ds-message)', expect: { [P.two]: 4, [P.streaming]: 2 } },
    content: { css: '.ds-message > .ds-markdown', expect: { [P.two]: 2, [P.streaming]: 1 } },
    streaming: { css: 'div[role="button"][aria-label="Stop"]', expect: { [P.two]: 0, [P.streaming]: 1 } },
    doneMarker: { css: '.ds-icon-button', expect: { [P.two]: 10, [P.streaming]: 2 } },
    copyButton: { css: '.ds-flex > .ds-icon-button:first-child', expect: { [P.two]: 4, [P.streaming]: 1 } },
    actionBar: { css: '.ds-flex:has(> .ds-icon-button)', expect: { [P.two]: 4, [P.streaming]: 1 } },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: 'textarea#chat-input', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: deepseekConversationId,
};

/** `/a/chat/s/<uuid>` (2025), `/chat/s/<uuid>` (before). */
export function deepseekConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^(?:\/a)?\/chat\/s\/([\w-]+)\/?$/);
}
