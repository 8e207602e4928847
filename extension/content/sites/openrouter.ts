/**
 * OpenRouter's chat (openrouter.ai/chat; the rest of openrouter.ai is not a chat).
 *
 * Selectors come from the peers' current code, read 2026-08-22 (no real page captured yet):
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/openrouter.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11); "CWC@73df562" is the commit before, whose
 *   `get_chat_turn` named the turn's element.
 * - MCP = MCP SuperAssistant, srbhptl39/MCP-SuperAssistant
 *   `pages/content/src/plugins/adapters/openrouter.adapter.ts` and
 *   `pages/content/src/render_prescript/src/core/config.ts` (both 762c1aac, 2026-01-17).
 *
 * Page structure, as the peers see it: each message is `div[data-testid="assistant-message"]` (or
 * `user-message`) inside a `div[data-message-id]`; a reply's last child, once done, holds its buttons
 * (Copy known only by its icon). MCP's note on a user message shows its text in a
 * `div[data-dd-privacy="hidden"]` (kept out of Datadog's session replays). While a reply streams a
 * spinner (`.animate-spin`) shows.
 *
 * The turn is the whole message (the bar sits inside it, as on Copilot): no peer names the reply's
 * own element, so our button goes right after the message. Message ids: the `data-message-id` CWC
 * names, else the position. Conversations live in the browser (`?room=orc-…`), not on a server API.
 */
import { ancestorId, positionId } from './message-id';
import type { SiteAdapter } from './types';

const P = { two: 'fixtures/openrouter-two-replies', streaming: 'fixtures/openrouter-streaming' } as const;

// CWC footer_selector's root.
const TURN = 'div[data-testid="assistant-message"]';
// CWC perform_copy: the button whose icon has this path (heroicons' clipboard).
const COPY = `${TURN} button:has(path[d="M15.666 3.888A2.25 2.25 0 0 0 13.5 2.25h-3c-1.03 0-1.9.693-2.166 1.638m7.332 0c.055.194.084.4.084.612v0a.75.75 0 0 1-.75.75H9a.75.75 0 0 1-.75-.75v0c0-.212.03-.418.084-.612m7.332 0c.646.049 1.288.11 1.927.184 1.1.128 1.907 1.077 1.907 2.185V19.5a2.25 2.25 0 0 1-2.25 2.25H6.75A2.25 2.25 0 0 1 4.5 19.5V6.257c0-1.108.806-2.057 1.907-2.185a48.208 48.208 0 0 1 1.927-.184"])`;

export const openrouter: SiteAdapter = {
  id: 'openrouter',
  hosts: ['openrouter.ai'],
  pathPrefix: '/chat',
  matches: ['https://openrouter.ai/chat*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // MCP's render_prescript note on a user message: the text is in `[data-dd-privacy="hidden"]`; a
    // reply is assumed to be marked the same (not seen by a peer). When it misses, the whole message
    // is read (with the model's name above the text).
    content: { css: `${TURN} [data-dd-privacy="hidden"]`, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating: `.animate-spin` anywhere on the page.
    streaming: { css: '.animate-spin', expect: { [P.two]: 0, [P.streaming]: 1 } },
    // CWC perform_copy's button (only there once the reply is done).
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // CWC footer_selector. While streaming the text is the last child, so it matches inside the text:
    // never the done marker.
    actionBar: { css: `${TURN} > div:last-child > div`, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // MCP render_prescript config for openrouter.ai: targetSelectors ['pre'].
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // MCP CHAT_INPUT (Jan 2026) `textarea[data-testid="composer-input"]`; CWC enter_message `textarea`.
    composer: { css: 'textarea[data-testid="composer-input"]', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  // CWC@73df562 get_chat_turn: footer.closest('div[data-message-id]').
  messageId: (turn) => ancestorId(turn, 'div[data-message-id]', 'data-message-id') ?? positionId(turn, TURN),
  conversationId: openRouterConversationId,
};

/** `/chat?room=orc-<n>-<id>`; `/chat` without a room is a new chat. */
export function openRouterConversationId(url: string | URL): string | undefined {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  if (parsed.pathname !== '/chat' && parsed.pathname !== '/chat/') return undefined;
  const room = parsed.searchParams.get('room');
  return room && /^[\w-]+$/.test(room) ? room : undefined;
}
