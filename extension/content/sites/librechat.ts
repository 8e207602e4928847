/**
 * LibreChat (self-hosted: no fixed host; the user names its origin, see `adapterForOrigin`).
 *
 * Page structure (0.7/0.8 UI): each message is `div.message-render[role=group]` whose `id` is the
 * message id; an assistant's body is `.agent-turn [data-testid="message-body"]` (the model's name is
 * an `h2` above it) with the markdown in `div.markdown`; the footer's buttons (Copy to clipboard,
 * Regenerate, …; user messages have Copy and Edit) appear once the reply is done. Code blocks are
 * `<pre>` around a bar with the language and a Copy button, and `code.hljs.language-<lang>`. While
 * a reply is generated: `button[data-testid="stop-generation-button"]`. The composer is
 * `textarea#prompt-textarea`.
 *
 * Message ids: the `id` of `.message-render`.
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/librechat-two-replies', streaming: 'fixtures/librechat-streaming' } as const;

const COPY = 'button[aria-label="Copy to clipboard"]';

export const librechat: SiteAdapter = {
  id: 'librechat',
  hosts: [],
  matches: [],
  selectors: {
    turn: { css: '.agent-turn [data-testid="message-body"]', expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'id',
    container: { css: '.message-render', expect: { [P.two]: 4, [P.streaming]: 2 } },
    content: { css: '.markdown', expect: { [P.two]: 2, [P.streaming]: 1 } },
    streaming: {
      css: 'button[data-testid="stop-generation-button"]',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    // User messages have the Copy button too.
    doneMarker: { css: COPY, expect: { [P.two]: 4, [P.streaming]: 1 } },
    copyButton: { css: COPY, expect: { [P.two]: 4, [P.streaming]: 1 } },
    actionBar: { css: `div:has(> ${COPY})`, expect: { [P.two]: 4, [P.streaming]: 1 } },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: 'textarea#prompt-textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => ancestorId(turn, '.message-render', 'id'),
  conversationId: libreChatConversationId,
};

/** `/c/<uuid>`; `/c/new` is a chat not saved yet. */
export function libreChatConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^\/c\/([\w-]+)\/?$/);
  return id === 'new' ? undefined : id;
}
