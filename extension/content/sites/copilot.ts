/**
 * copilot.microsoft.com (the consumer Copilot).
 *
 * Page structure (2025 UI): messages are `div[data-content="user-message" | "ai-message"]`; an AI
 * message holds its text blocks and, once complete, `div[data-testid="message-item-reactions"]` with
 * `button[data-testid="copy-message-button"]`. The action bar is inside the message, so the turn is
 * the whole message (the bar holds icons only, no text) and our button goes right after the message.
 * Code blocks: a header with the language and a Copy button above the `<pre>`. While a reply
 * streams: `button[data-testid="stop-button"]`. The composer is `textarea#userInput`.
 *
 * Message ids: none in the DOM; a reply's id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/copilot-two-replies', streaming: 'fixtures/copilot-streaming' } as const;

const TURN = '[data-content="ai-message"]';
const COPY = 'button[data-testid="copy-message-button"]';

export const copilot: SiteAdapter = {
  id: 'copilot',
  hosts: ['copilot.microsoft.com'],
  matches: ['https://copilot.microsoft.com/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // Every block of the message but its reactions bar.
    content: { css: `${TURN} > div:not([data-testid])`, expect: { [P.two]: 2, [P.streaming]: 1 } },
    streaming: { css: 'button[data-testid="stop-button"]', expect: { [P.two]: 0, [P.streaming]: 1 } },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    actionBar: {
      css: '[data-testid="message-item-reactions"]',
      expect: { [P.two]: 2, [P.streaming]: 0 },
    },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: 'textarea#userInput', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: copilotConversationId,
};

/** `/chats/<id>`. */
export function copilotConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chats\/([\w-]+)\/?$/);
}
