/**
 * copilot.microsoft.com (the consumer Copilot).
 *
 * Page structure (2026): messages are `div[data-content="user-message" | "ai-message"]`; an AI
 * message holds its text blocks and, once complete, `div[data-testid="message-item-reactions"]` with
 * `button[data-testid="copy-ai-message-button"]` (user messages: `copy-user-message-button`; the
 * 2025 `copy-message-button` is gone). The action bar is inside the message, so the turn is the
 * whole message (the bar holds icons only, no text) and our button goes right after the message.
 * Code blocks: a header with the language and a Copy button above the `<pre>`. While a reply
 * streams: `button[data-testid="stop-button"]`. The composer is the page's textarea.
 *
 * Message ids: none in the DOM; a reply's id is its position, `turn-<n>`.
 *
 * Sources, read 2026-11: CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/copilot.ts @584e0bd
 * (2026-08-22; the Copy test id changed there on 2026-08-10), "CWC" below; our 2025 pages for the
 * message wrappers and the Copy button's name (unverified).
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/copilot-two-replies', streaming: 'fixtures/copilot-streaming' } as const;

const TURN = '[data-content="ai-message"]';
const COPY = 'button[data-testid="copy-ai-message-button"]';

export const copilot: SiteAdapter = {
  id: 'copilot',
  hosts: ['copilot.microsoft.com'],
  matches: ['https://copilot.microsoft.com/*'],
  selectors: {
    // our 2025 pages; CWC's former get_chat_turn `div[data-content="ai-message"]` (until 2026-08-11)
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // Every block of the message but its reactions bar (our 2025 pages).
    content: { css: `${TURN} > div:not([data-testid])`, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating
    streaming: { css: 'button[data-testid="stop-button"]', expect: { [P.two]: 0, [P.streaming]: 1 } },
    // CWC perform_copy (2026-08-10)
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // our 2025 pages (unverified); its place in the bar is not known
    copyButtonNames: ['Copy', 'Copy message'],
    // CWC footer_selector
    actionBar: {
      css: '[data-testid="message-item-reactions"]',
      expect: { [P.two]: 2, [P.streaming]: 0 },
    },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC enter_message takes the page's only textarea; its id is from our 2025 pages
    composer: { css: 'textarea#userInput, main textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: copilotConversationId,
};

/** `/chats/<id>`. */
export function copilotConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chats\/([\w-]+)\/?$/);
}
