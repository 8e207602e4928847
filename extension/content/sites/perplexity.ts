/**
 * www.perplexity.ai (and perplexity.ai, which redirects there).
 *
 * Page structure (2025 UI): a thread is one block per question (`div.max-w-threadContentWidth`): the
 * question in an `h1`, the answer in `div#markdown-content-<n>` with the markdown in `div.prose`,
 * then the answer's buttons (Share, Rewrite, …, Copy by aria-label), present once it is complete.
 * Code blocks keep their language label (`[data-testid="code-language-indicator"]`) and their own
 * Copy button (`aria-label="Copy code"`) inside the `<pre>`. While an answer streams:
 * `button[data-testid="stop-generating-response-button"]`. The composer is `#ask-input` (a
 * contenteditable; a textarea in older versions).
 *
 * Message ids: none stable in the DOM (`markdown-content-<n>` restarts per view); a reply's id is
 * its position, `turn-<n>`. Conversation id: the whole slug of `/search/<slug>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/perplexity-two-replies', streaming: 'fixtures/perplexity-streaming' } as const;

const TURN = 'div[id^="markdown-content-"]';
const COPY = 'button[aria-label="Copy"]';

export const perplexity: SiteAdapter = {
  id: 'perplexity',
  hosts: ['www.perplexity.ai', 'perplexity.ai'],
  matches: ['https://www.perplexity.ai/*', 'https://perplexity.ai/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: '.max-w-threadContentWidth', expect: { [P.two]: 2, [P.streaming]: 1 } },
    content: { css: '.prose', expect: { [P.two]: 2, [P.streaming]: 1 } },
    streaming: {
      css: 'button[data-testid="stop-generating-response-button"]',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    actionBar: { css: `div:has(> ${COPY})`, expect: { [P.two]: 2, [P.streaming]: 0 } },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: '#ask-input', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: perplexityConversationId,
};

/** `/search/<slug>` (the question's words, then a random id). */
export function perplexityConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/search\/([\w.-]+)\/?$/);
}
