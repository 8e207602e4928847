/**
 * Doubao (www.doubao.com/chat).
 *
 * One peer covers it; added to pass twenty sites, it does not meet the "both peers agree" rule the
 * other additions follow (Meta AI, HuggingChat and Arena are single-peer too, on request):
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/doubao.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11), read 2026-08-22; "CWC@73df562" is the commit before,
 *   whose `get_chat_turn` named the turn's element. MCP SuperAssistant has no Doubao adapter.
 * No real page captured yet.
 *
 * Page structure, as CWC sees it: the site's own test ids throughout. A reply is
 * `div[data-testid="receive_message"]` (the user's `send_message`); once done it holds
 * `div[data-testid="message_action_bar"]` with `button[data-testid="message_action_copy"]`. The
 * composer `div[data-testid="chat_input"]` keeps a stop button,
 * `div[data-testid="chat_input_local_break_button"]`, that is `!hidden` (Tailwind's important
 * `hidden`) while nothing is generated.
 *
 * The turn is the whole message (the bar sits inside it, as on Copilot); our button goes right after
 * it. Message ids: none CWC reads; a reply's id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/doubao-two-replies', streaming: 'fixtures/doubao-streaming' } as const;

// CWC@73df562 get_chat_turn: footer.closest('div[data-testid="receive_message"]').
const TURN = 'div[data-testid="receive_message"]';
// CWC perform_copy.
const COPY = 'button[data-testid="message_action_copy"]';

export const doubao: SiteAdapter = {
  id: 'doubao',
  hosts: ['www.doubao.com'],
  pathPrefix: '/chat',
  matches: ['https://www.doubao.com/chat*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // Not from a peer (CWC clicks Copy): public Doubao scripts in the code index read each part of a
    // message's text as `[data-testid="message_text_content"]`.
    content: {
      css: `${TURN} [data-testid="message_text_content"]`,
      expect: { [P.two]: 2, [P.streaming]: 1 },
    },
    // CWC is_generating: the stop button is not `!hidden`. Also a message still marked
    // `data-streaming="true"`: issue 27 reports that in 2026 the Copy control shows before a reply ends
    // and that this mark going away is the sign it did (no page of it seen; harmless where it is absent).
    streaming: {
      css: 'div[data-testid="chat_input_local_break_button"]:not(.\\!hidden), [data-streaming="true"]',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // CWC footer_selector.
    actionBar: {
      css: 'div[data-testid="message_action_bar"] > div > div > div',
      expect: { [P.two]: 2, [P.streaming]: 0 },
    },
    // No peer reads Doubao's code blocks; `pre` as on every other site.
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC enter_message `textarea`, in the `div[data-testid="chat_input"]` its other steps use.
    composer: { css: 'div[data-testid="chat_input"] textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: doubaoConversationId,
};

/** `/chat/<id>` (a number; `local_…` until the server names a new chat); `/chat/` is a new chat. */
export function doubaoConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chat\/([\w-]+)\/?$/);
}
