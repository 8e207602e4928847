/**
 * GitHub Copilot's chat (github.com/copilot; the rest of github.com is not a chat).
 *
 * Selectors come from the peers' current code, read 2026-08-22 (no real page captured yet):
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/github-copilot.ts` at
 *   584e0bde (file last changed 25d353db, 2026-08-11); "CWC@73df562" is the commit before, whose
 *   `get_chat_turn` named the turn's element.
 * - MCP = MCP SuperAssistant, srbhptl39/MCP-SuperAssistant
 *   `pages/content/src/plugins/adapters/ghcopilot.adapter.ts` (79c8661a, 2025-10-27) and
 *   `pages/content/src/render_prescript/src/core/config.ts` (762c1aac, 2026-01-17).
 * - GH = GitHub's own `ChatMessage` React component, found in the public code index (undated): it
 *   agrees with CWC (`div.message-container`, the `nonshared-toolbar`, Copy third) and adds what the
 *   peers do not name.
 *
 * Page structure: each message is `div.message-container` with a CSS-module class
 * `ChatMessage-module__ai…` or `…__user…` (hashed suffixes) and `data-testid="message-<id>"`
 * (`message-streaming` while it streams, GH). The text is in `.js-snippet-clipboard-copy-unpositioned`
 * (`.markdown-body` inside); after it, the toolbar `div[data-testid="nonshared-toolbar"]`: Good
 * response, Bad response, Copy to clipboard (not while streaming), Retry. While a reply streams the
 * composer's button shows the octicon stop square.
 *
 * Message ids: the `<id>` of `data-testid="message-<id>"`; its position while the message streams.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/github-copilot-two-replies',
  streaming: 'fixtures/github-copilot-streaming',
} as const;

// CWC@73df562 get_chat_turn: footer.closest('div.message-container'); the AI one by its CSS-module
// class (MCP's user turns are `.ChatMessage-module__userMessage--…`; `__ai--` / `__ai__` are the two
// ways CSS modules spell the suffix).
const MESSAGE =
  'div.message-container:is([class*="ChatMessage-module__ai--"], [class*="ChatMessage-module__ai__"])';
// GH: the message area holding the text, before the toolbar.
const TURN = `${MESSAGE} .js-snippet-clipboard-copy-unpositioned`;
// CWC footer_selector.
const BAR = 'div[data-testid="nonshared-toolbar"]';
// GH: CopyToClipboardButton ariaLabel, rendered only when the message is not streaming.
const COPY = `${BAR} button[aria-label="Copy to clipboard"]`;

export const githubCopilot: SiteAdapter = {
  id: 'github-copilot',
  hosts: ['github.com'],
  pathPrefix: '/copilot',
  matches: ['https://github.com/copilot*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-testid',
    container: { css: MESSAGE, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // GitHub's markdown class (GH's MarkdownViewer).
    content: { css: '.markdown-body', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating: the octicon square-fill path; GH: the streaming message's test id.
    streaming: {
      css: 'path[d="M5.75 4h4.5c.966 0 1.75.784 1.75 1.75v4.5A1.75 1.75 0 0 1 10.25 12h-4.5A1.75 1.75 0 0 1 4 10.25v-4.5C4 4.784 4.784 4 5.75 4Z"], [data-testid="message-streaming"]',
      expect: { [P.two]: 0, [P.streaming]: 2 },
    },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // In GH's source user messages have a toolbar too (Edit message), without Copy; the saved page
    // leaves it out.
    copyButtonNames: ['Copy to clipboard'],
    // CWC perform_copy: `button:nth-of-type(3)` of the toolbar (after Good and Bad response).
    copyButtonIndex: 2,
    actionBar: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // MCP render_prescript config for github.com/copilot: targetSelectors ['pre'].
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // MCP CHAT_INPUT `#copilot-chat-textarea`; CWC enter_message `textarea`.
    composer: { css: 'textarea#copilot-chat-textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: gitHubCopilotMessageId,
  conversationId: gitHubCopilotConversationId,
};

/**
 * `message-<id>` of the turn's message. While it streams (`message-streaming`) or after it failed
 * (`message-error`) it has no id: its position stands in, until GitHub gives it one.
 */
function gitHubCopilotMessageId(turn: Element): string | undefined {
  const m = /^message-(.+)$/.exec(turn.closest(MESSAGE)?.getAttribute('data-testid') ?? '');
  return m && m[1] !== 'streaming' && m[1] !== 'error' ? m[1] : positionId(turn, TURN);
}

/** `/copilot/c/<uuid>`; `/copilot` alone is a new chat. */
export function gitHubCopilotConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/copilot\/c\/([\w-]+)\/?$/);
}
