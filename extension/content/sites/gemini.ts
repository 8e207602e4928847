/**
 * gemini.google.com (Angular; custom elements are the stable hooks).
 *
 * Page structure (2025 UI): each exchange is a `div.conversation-container` holding `user-query` and
 * `model-response`; the reply is `message-content#message-content-id-r_<id>` with the markdown in
 * `div.markdown.markdown-main-panel`; code blocks are `code-block > div.code-block` with the language
 * in `div.code-block-decoration` outside the `<pre>` (as in the corpus page gemini-001); the action
 * bar is `message-actions` (its Copy is `copy-button > button`), present once the reply is complete.
 * While a reply streams, the composer's send button shows the `stop` icon
 * (`mat-icon[data-mat-icon-name="stop"]`). The composer is the Quill editor in `rich-textarea`.
 *
 * Message ids: the `id` of `message-content` without its `message-content-id-` prefix (`r_…`, the
 * response id Gemini's own API uses).
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/gemini-two-replies',
  streaming: 'fixtures/gemini-streaming',
  c001: 'corpus/gemini-001',
} as const;

const TURN = 'model-response message-content';
const COPY = 'message-actions copy-button > button';

export const gemini: SiteAdapter = {
  id: 'gemini',
  hosts: ['gemini.google.com'],
  matches: ['https://gemini.google.com/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0 } },
    messageIdAttribute: 'id',
    container: { css: 'model-response', expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0 } },
    content: { css: '.markdown', expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0 } },
    streaming: {
      css: 'mat-icon[data-mat-icon-name="stop"]',
      expect: { [P.two]: 0, [P.streaming]: 1, [P.c001]: 0 },
    },
    doneMarker: { css: 'message-actions', expect: { [P.two]: 2, [P.streaming]: 0, [P.c001]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.c001]: 0 } },
    actionBar: {
      css: 'message-actions div:has(> copy-button)',
      expect: { [P.two]: 2, [P.streaming]: 0, [P.c001]: 0 },
    },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 3 } },
    composer: {
      css: 'rich-textarea [contenteditable="true"]',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.c001]: 0 },
    },
  },
  messageId: (turn) => ancestorId(turn, 'message-content', 'id', 'message-content-id-'),
  conversationId: geminiConversationId,
};

/** `/app/<hex>`, `/u/<n>/app/<hex>` (second account), `/gem/<gem>/<hex>` (a Gem's chat). */
export function geminiConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^(?:\/u\/\d+)?\/(?:app|gem\/[^/]+)\/([0-9a-f]+)\/?$/);
}
