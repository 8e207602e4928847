/**
 * www.perplexity.ai (and perplexity.ai, which redirects there).
 *
 * Page structure (2025–26): a thread is one block per question (`div.max-w-threadContentWidth`): the
 * question in an `h1` (`.group/query`), the answer in `div#markdown-content-<n>` with the markdown in
 * `div.prose`, then the answer's buttons (Share, Rewrite, …, Copy by aria-label), present once it is
 * complete. Code blocks keep their language label (`[data-testid="code-language-indicator"]`) and
 * their own Copy button (`aria-label="Copy code"`) inside the `<pre>`. While an answer streams:
 * `button[data-testid="stop-generating-response-button"]`. The composer is `#ask-input` (a Lexical
 * contenteditable; a textarea in older versions).
 *
 * Message ids: none stable in the DOM (`markdown-content-<n>` restarts per view); a reply's id is
 * its position, `turn-<n>`. Conversation id: the whole slug of `/search/<slug>`.
 *
 * Sources, read 2026-11: MCP SuperAssistant (srbhptl39/MCP-SuperAssistant)
 * pages/content/src/plugins/adapters/perplexity.adapter.ts and render_prescript/src/core/config.ts
 * @c26168e (2026-02-09), "MCP-SA" below (CodeWebChat has no Perplexity); our 2025 pages for the
 * rest (unverified: the answer's wrapper and buttons, the stop button).
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/perplexity-two-replies',
  streaming: 'fixtures/perplexity-streaming',
  // one code block of ~2025 (pre.not-prose, its whitespace tokens empty): only codeBlock matches
  c401: 'corpus/perplexity-401',
} as const;

const TURN = 'div[id^="markdown-content-"]';
const COPY = 'button[aria-label="Copy"]';

export const perplexity: SiteAdapter = {
  id: 'perplexity',
  hosts: ['www.perplexity.ai', 'perplexity.ai'],
  matches: ['https://www.perplexity.ai/*', 'https://perplexity.ai/*'],
  selectors: {
    // our 2025 pages
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1, [P.c401]: 0 } },
    messageIdAttribute: 'data-message-id',
    // our 2025 pages
    container: { css: '.max-w-threadContentWidth', expect: { [P.two]: 2, [P.streaming]: 1, [P.c401]: 0 } },
    // our 2025 pages; sdouf5054/llm-answer-notifier src/content/detectors/perplexity.js reads `.prose`
    content: { css: '.prose', expect: { [P.two]: 2, [P.streaming]: 1, [P.c401]: 0 } },
    // our 2025 pages (the notifier above looks for `button[aria-label*="Stop"]`)
    streaming: {
      css: 'button[data-testid="stop-generating-response-button"]',
      expect: { [P.two]: 0, [P.streaming]: 1, [P.c401]: 0 },
    },
    // our 2025 pages (English UI only)
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.c401]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.c401]: 0 } },
    // our 2025 pages (unverified); its place among the answer's buttons is not known
    copyButtonNames: ['Copy'],
    actionBar: { css: `div:has(> ${COPY})`, expect: { [P.two]: 2, [P.streaming]: 0, [P.c401]: 0 } },
    // MCP-SA targetSelectors ['pre']
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.c401]: 1 } },
    // MCP-SA CHAT_INPUT `#ask-input[contenteditable="true"]`
    composer: { css: '#ask-input', expect: { [P.two]: 1, [P.streaming]: 1, [P.c401]: 0 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: perplexityConversationId,
};

/** `/search/<slug>` (the question's words, then a random id). */
export function perplexityConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/search\/([\w.-]+)\/?$/);
}
