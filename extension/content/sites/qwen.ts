/**
 * Qwen Chat (chat.qwen.ai).
 *
 * Selectors come from the peers' current code, read 2026-08-22 (no real page captured yet):
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/qwen.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11); "CWC@73df562" is the commit before, whose
 *   `get_chat_turn` named the turn's element.
 * - MCP = MCP SuperAssistant, srbhptl39/MCP-SuperAssistant
 *   `pages/content/src/plugins/adapters/qwenchat.adapter.ts` (c26168ee, 2026-02-09) and
 *   `pages/content/src/render_prescript/src/core/config.ts` (762c1aac, 2026-01-17).
 *
 * Page structure, as the peers see it: a reply is a `.chat-response-message`; once done its footer
 * holds `.qwen-chat-package-comp-new-action-control-icons` with the Copy
 * `div.qwen-chat-package-comp-new-action-control-container-copy` (user messages have such a control
 * too, in their own footer). The composer is `textarea.message-input-textarea`.
 *
 * What 2026 scripts in the code index add (no page captured): a code block is
 * `pre.qwen-markdown-code` (a header `.qwen-markdown-code-header > div` naming the language, then
 * `.qwen-markdown-code-body` holding a Monaco editor, `.view-lines > .view-line`, which keeps only the
 * lines in view; files 62487300802, 54497661915, 56109985298, 68405275417). While a reply is
 * generated the composer's `.chat-prompt-send-button` holds `.stop-button` (aria-label "Stop"; files
 * 60951169641, 57483029879, 70068758670); idle it shows a voice button and no send button (issue 27),
 * so CWC's "no `.send-button.disabled`" read an idle composer as generating.
 *
 * Message ids: none the peers read; a reply's id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/qwen-two-replies', streaming: 'fixtures/qwen-streaming' } as const;

// CWC@73df562 get_chat_turn: footer.closest('.chat-response-message').
const CONTAINER = '.chat-response-message';
// Not from a peer (neither reads the text: CWC clicks Copy, MCP reads code blocks): public Qwen
// scripts in the code index (2026) read the answer as `.response-message-content.phase-answer`
// (the thinking phase is `.phase-thinking`) in `.qwen-chat-message-assistant`.
const TURN = `${CONTAINER} .response-message-content.phase-answer`;
// CWC footer_selector.
const ACTIONS = '.qwen-chat-package-comp-new-action-control-icons';
// CWC perform_copy.
const COPY = 'div.qwen-chat-package-comp-new-action-control-container-copy';

export const qwen: SiteAdapter = {
  id: 'qwen',
  hosts: ['chat.qwen.ai'],
  matches: ['https://chat.qwen.ai/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: CONTAINER, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // Not from a peer: the same public scripts read `.qwen-markdown`.
    content: { css: '.phase-answer .qwen-markdown', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // The stop button (see above). Not CWC's is_generating (`!document.querySelector('.send-button
    // .disabled')`): an idle composer has no send button at all, and a page read as generating for
    // ever never reports its replies.
    streaming: { css: '.stop-button', expect: { [P.two]: 0, [P.streaming]: 1 } },
    // CWC footer_selector: the bar is only there once the reply is done.
    doneMarker: { css: ACTIONS, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // User messages have a Copy control too, in their own footer: never in a reply's container.
    copyButton: { css: COPY, expect: { [P.two]: 4, [P.streaming]: 1 } },
    actionBar: { css: ACTIONS, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // `pre.qwen-markdown-code` (see above), once: the editor inside it (Monaco, or the CodeMirror lines
    // CWC get_code_from_block reads) is the same block, so it is not counted again.
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // MCP CHAT_INPUT `textarea.message-input-textarea`; CWC enter_message `textarea`.
    composer: { css: 'textarea.message-input-textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: qwenConversationId,
};

/** `/c/<uuid>`; `/c/new-chat` is a new chat. */
export function qwenConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^\/c\/([\w-]+)\/?$/);
  return id === 'new-chat' ? undefined : id;
}
