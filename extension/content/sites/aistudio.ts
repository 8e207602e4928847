/**
 * aistudio.google.com (Angular).
 *
 * Page structure (2025 UI): each turn is `ms-chat-turn#turn-<id>` holding
 * `div.chat-turn-container[data-turn-role="User" | "Model"]`; the reply is its `.turn-content`
 * (`ms-prompt-chunk > ms-text-chunk > ms-cmark-node`; reasoning is in `ms-thought-chunk`, left out);
 * code blocks are `ms-code-block`, an expansion panel whose header (role=button) names the language,
 * around `<pre><code>`. There is no Copy button on the turn (Copy is in its ⋮ menu); the feedback
 * buttons in `.turn-footer` appear once the reply is complete. While a reply runs, the Run button
 * becomes Stop (`button.stoppable` in `ms-run-button`). The composer is a textarea.
 *
 * Message ids: the `id` of `ms-chat-turn` without its `turn-` prefix.
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/aistudio-two-replies', streaming: 'fixtures/aistudio-streaming' } as const;

export const aistudio: SiteAdapter = {
  id: 'aistudio',
  hosts: ['aistudio.google.com'],
  matches: ['https://aistudio.google.com/*'],
  selectors: {
    turn: { css: '[data-turn-role="Model"] .turn-content', expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'id',
    container: { css: 'ms-chat-turn', expect: { [P.two]: 4, [P.streaming]: 2 } },
    content: { css: 'ms-text-chunk', expect: { [P.two]: 4, [P.streaming]: 2 } },
    streaming: { css: 'ms-run-button button.stoppable', expect: { [P.two]: 0, [P.streaming]: 1 } },
    doneMarker: { css: '.turn-footer', expect: { [P.two]: 2, [P.streaming]: 0 } },
    actionBar: { css: '.turn-footer', expect: { [P.two]: 2, [P.streaming]: 0 } },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: 'ms-chunk-input textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => ancestorId(turn, 'ms-chat-turn', 'id', 'turn-'),
  conversationId: aistudioConversationId,
};

/** `/prompts/<id>`; `/prompts/new_chat` is a chat not saved yet. */
export function aistudioConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^(?:\/u\/\d+)?\/prompts\/([\w-]+)\/?$/);
  return id === 'new_chat' ? undefined : id;
}
