/**
 * chat.mistral.ai (Le Chat).
 *
 * Page structure (2025 UI): each message is a `div[data-message-author-role="user" | "assistant"]`;
 * an assistant's answer is its `div[data-message-part-type="answer"]` (reasoning and tool parts have
 * other types and are left out), the markdown in `div.markdown-container-style`; the message's
 * buttons (Like, Dislike, Rewrite, Copy to clipboard, by aria-label) follow the answer once it is
 * complete. Code blocks: a header with the language and a Copy button above the `<pre>`. While a
 * reply streams the composer shows a Stop button. The composer is a ProseMirror contenteditable.
 *
 * Unverified: the stop button's label and the markdown class (when it misses, the DOM rung reads the
 * whole answer part, which holds nothing else).
 *
 * Message ids: none in the DOM; a reply's id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/mistral-two-replies', streaming: 'fixtures/mistral-streaming' } as const;

const MESSAGE = '[data-message-author-role="assistant"]';
const TURN = `${MESSAGE} [data-message-part-type="answer"]`;
const COPY = 'button[aria-label="Copy to clipboard"]';

export const mistral: SiteAdapter = {
  id: 'mistral',
  hosts: ['chat.mistral.ai'],
  matches: ['https://chat.mistral.ai/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: MESSAGE, expect: { [P.two]: 2, [P.streaming]: 1 } },
    content: { css: '.markdown-container-style', expect: { [P.two]: 2, [P.streaming]: 1 } },
    streaming: { css: 'button[aria-label="Stop generation"]', expect: { [P.two]: 0, [P.streaming]: 1 } },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    actionBar: { css: `div:has(> ${COPY})`, expect: { [P.two]: 2, [P.streaming]: 0 } },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: {
      css: 'form .ProseMirror[contenteditable="true"], form textarea',
      expect: { [P.two]: 1, [P.streaming]: 1 },
    },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: mistralConversationId,
};

/** `/chat/<uuid>`; `/chat` alone is a new chat. */
export function mistralConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chat\/([\w-]+)\/?$/);
}
