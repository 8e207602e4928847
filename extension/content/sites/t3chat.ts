/**
 * T3 Chat (t3.chat).
 *
 * Only one peer covers it, and only its composer and user turns:
 * - MCP = MCP SuperAssistant, srbhptl39/MCP-SuperAssistant
 *   `pages/content/src/plugins/adapters/t3chat.adapter.ts` (cb01a224, 2025-06-23) and
 *   `pages/content/src/render_prescript/src/core/config.ts` (762c1aac, 2026-01-17), read 2026-08-22.
 *   Code Web Chat has no T3 Chat adapter.
 * MCP finds replies by their `<pre>` blocks and decides they are finished by their text staying the
 * same; it names no reply element, action bar or streaming signal. Those below follow a public T3 Chat
 * browser extension in the code index ("AI Bridge", not a peer): each message a `div[data-message-id]`,
 * the reply's buttons after its text, Copy labelled "Copy response to clipboard". Its reply marker
 * (`[role="article"][aria-label="Assistant message"]`) is gone: a live-verified 2026-08 config (code
 * index file 62226456305, an 8-turn chat) found only user turns marked (`aria-label="Your message"`,
 * MCP's user turns too) and assistant turns unmarked, with `.prose` inside both. So a reply is the
 * message that holds no "Your message". The stop button's label is a guess; when it is wrong, a reply
 * is finished once its Copy button shows or its text has been stable for a while (the tracker's grace).
 * No real page captured yet.
 *
 * Message ids: the `data-message-id` of the message.
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/t3chat-two-replies', streaming: 'fixtures/t3chat-streaming' } as const;

// AI Bridge (see above): messageContainerSelector.
const MESSAGE = 'div[data-message-id]';
// 62226456305: assistant `[data-message-id]:not(:has([aria-label="Your message"]))`.
const TURN = `${MESSAGE}:not(:has([aria-label="Your message"]))`;
// The reply's text (62226456305: `.prose`, in user turns too, hence inside TURN only).
const TEXT = `${TURN} .prose`;
// AI Bridge: the Copy button.
const COPY = 'button[aria-label="Copy response to clipboard"]';

export const t3chat: SiteAdapter = {
  id: 't3chat',
  hosts: ['t3.chat'],
  matches: ['https://t3.chat/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    // User messages match too; they hold no turn.
    container: { css: MESSAGE, expect: { [P.two]: 4, [P.streaming]: 2 } },
    // When it misses, the whole message is read.
    content: { css: TEXT, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // Not from a peer, not seen: see above.
    streaming: { css: 'form button[aria-label="Stop generating"]', expect: { [P.two]: 0, [P.streaming]: 1 } },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButtonNames: ['Copy response to clipboard'],
    // AI Bridge: the buttons in the div after the reply's text.
    actionBar: { css: `${TEXT} + div`, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // MCP render_prescript config for t3.chat: targetSelectors ['pre'].
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // MCP CHAT_INPUT `textarea#chat-input`.
    composer: { css: 'textarea#chat-input', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => ancestorId(turn, MESSAGE, 'data-message-id'),
  conversationId: t3ChatConversationId,
};

/** `/chat/<id>`; `/` is a new chat. */
export function t3ChatConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chat\/([\w-]+)\/?$/);
}
