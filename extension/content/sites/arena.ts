/**
 * Arena (arena.ai, formerly LMArena at lmarena.ai; both hosts serve the chat).
 *
 * One peer covers it:
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/arena.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11; renamed from lmarena.ts and moved to arena.ai on
 *   2026-01-29), read 2026-08-22; "CWC@73df562" is the commit before, whose `get_chat_turn` named
 *   the turn's element. MCP SuperAssistant has no Arena adapter. No real page captured yet.
 *
 * Page structure, as CWC sees it: the conversation is an `<ol>`; each reply a `.bg-surface-primary`
 * box (two side by side in battle mode) with the markdown in `div.prose` and, once done, a last child
 * holding `div.text-text-primary` with the buttons (Copy known only by its icon). While a reply streams
 * a spinner (`.animate-spin`) shows in the list.
 *
 * The turn is the whole box (the bar sits inside it, as on Copilot), the text its `div.prose`; our
 * button goes right after the box. Message ids: none CWC reads; a reply's id is its position,
 * `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/arena-two-replies', streaming: 'fixtures/arena-streaming' } as const;

// CWC footer_selector's root: one box per reply.
const TURN = 'ol .bg-surface-primary';
// CWC footer_selector, from the box.
const BAR = '.bg-surface-primary > div:last-child > div.text-text-primary';
// CWC perform_copy: the button whose icon has this path (iconoir's copy).
const COPY =
  'button:has([d="M15 9V4.6C15 4.26863 14.7314 4 14.4 4H4.6C4.26863 4 4 4.26863 4 4.6V14.4C4 14.7314 4.26863 15 4.6 15H9"])';

export const arena: SiteAdapter = {
  id: 'arena',
  hosts: ['arena.ai', 'lmarena.ai'],
  matches: ['https://arena.ai/*', 'https://lmarena.ai/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC@73df562 get_chat_turn: footer.closest('.bg-surface-primary').querySelector('div.prose').
    content: { css: 'div.prose', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating.
    streaming: { css: 'ol .animate-spin', expect: { [P.two]: 0, [P.streaming]: 1 } },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    actionBar: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // No peer reads Arena's code blocks; `pre` as on every other site.
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC enter_message `textarea`.
    composer: { css: 'form textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: arenaConversationId,
};

/** `/c/<id>`; `/c/new` is a new chat. */
export function arenaConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^\/c\/([\w-]+)\/?$/);
  return id === 'new' ? undefined : id;
}
