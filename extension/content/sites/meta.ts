/**
 * Meta AI (www.meta.ai; meta.ai redirects there).
 *
 * One peer covers it:
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/meta.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11), read 2026-08-22; "CWC@73df562" is the commit before,
 *   whose `get_chat_turn` named the turn's element. MCP SuperAssistant has no Meta AI adapter.
 * No real page captured yet.
 *
 * Page structure, as CWC sees it: a reply is `div[data-testid="assistant-message"]`; once done its
 * buttons sit at `> div + div > div > div:last-child > div > div`, Copy the button in that bar's third
 * child. While a reply streams the composer shows `button[data-testid="composer-stop-button"]`. The
 * composer is a contenteditable `[data-testid="composer-input"]`.
 *
 * The turn is the whole message (the bar sits inside it, as on Copilot): CWC names no inner element
 * for the text, so our button goes right after the message. Message ids: none CWC reads; a reply's
 * id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/meta-two-replies', streaming: 'fixtures/meta-streaming' } as const;

// CWC@73df562 get_chat_turn: footer.closest('div[data-testid="assistant-message"]').
const TURN = 'div[data-testid="assistant-message"]';
// CWC footer_selector: the bar is the last branch of `> div + div > div`.
const BRANCHES = `${TURN} > div + div > div`;
const BAR = `${BRANCHES} > div:last-child > div > div`;
// CWC perform_copy inside the bar.
const COPY = `${BAR} > div:nth-child(3) > button`;

export const meta: SiteAdapter = {
  id: 'meta',
  hosts: ['www.meta.ai', 'meta.ai'],
  matches: ['https://www.meta.ai/*', 'https://meta.ai/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // Inferred from CWC's bar path, not named by it: the text is the branch before the bar's (the only
    // branch while streaming). When it misses, the whole message is read.
    content: { css: `${BRANCHES} > div:first-child`, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating.
    streaming: {
      css: 'button[data-testid="composer-stop-button"]',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // While streaming the text is the last branch, so the bar's path matches inside the text (its
    // code block): never the done marker.
    actionBar: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // No peer reads Meta AI's code blocks; `pre` as on every other site.
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC enter_message.
    composer: {
      css: 'div[contenteditable="true"][data-testid="composer-input"]',
      expect: { [P.two]: 1, [P.streaming]: 1 },
    },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: metaConversationId,
};

/** `/prompt/<uuid>` (2025 on); `/c/<uuid>` on older links. */
export function metaConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/(?:prompt|c)\/([\w-]+)\/?$/);
}
