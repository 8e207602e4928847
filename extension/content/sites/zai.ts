/**
 * Z.ai (chat.z.ai), whose chat is built on Open WebUI: the names the peers use (`#chat-input`,
 * `#send-message-button`, `.chat-assistant`, `.chat-user`, `copy-response-button`) are Open WebUI's.
 *
 * Selectors come from the peers' current code, read 2026-08-22 (no real page captured yet):
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/z-ai.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11); "CWC@73df562" is the commit before, whose
 *   `get_chat_turn` named the turn's element.
 * - MCP = MCP SuperAssistant, srbhptl39/MCP-SuperAssistant
 *   `pages/content/src/plugins/adapters/z.adapter.ts` (e92fc55e, 2025-08-17) and
 *   `pages/content/src/render_prescript/src/core/config.ts` (762c1aac, 2026-01-17).
 *
 * Page structure, as the peers see it: a reply is `.chat-assistant`; once done, the `div` right after
 * it holds the message's buttons, `button.copy-response-button` among them. Code blocks are CodeMirror
 * editors (`.cm-line`). The composer is a form with `#chat-input` (a textarea) and
 * `#send-message-button`, which is gone while a reply is generated.
 *
 * Message ids: none the peers read; a reply's id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/zai-two-replies', streaming: 'fixtures/zai-streaming' } as const;

// CWC@73df562 get_chat_turn: footer.parentElement.querySelector('.chat-assistant').
const TURN = '.chat-assistant';
// CWC footer_selector.
const BAR = `${TURN} + div`;
// CWC perform_copy.
const COPY = 'button.copy-response-button';

export const zai: SiteAdapter = {
  id: 'zai',
  hosts: ['chat.z.ai'],
  matches: ['https://chat.z.ai/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    // The parent of the reply and its bar (CWC: `footer.parentElement` holds both).
    container: { css: `div:has(> ${TURN})`, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // Not from a peer (neither reads the text): Open WebUI's `#response-content-container`, repeated
    // in every message. When it misses, the whole reply is read.
    content: { css: '[id="response-content-container"]', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating: `!document.querySelector('button[id="send-message-button"]')`. Scoped to the
    // composer form (MCP MAIN_PANEL is a form; CHAT_INPUT `#chat-input`), so a page without the
    // composer counts as not generating and finishing falls back on stable text.
    streaming: {
      css: 'form:has(#chat-input):not(:has(#send-message-button))',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    actionBar: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // CWC get_code_from_block reads `.cm-line`; MCP config for chat.z.ai: CodeMirror extraction.
    // `.cm-editor` is CodeMirror 6's editor around those lines; `pre` for plain blocks.
    codeBlock: { css: '.cm-editor, pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // MCP CHAT_INPUT `#chat-input`; CWC enter_message `textarea`.
    composer: { css: '#chat-input', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: zaiConversationId,
};

/** `/c/<uuid>`; `/` is a new chat. */
export function zaiConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/c\/([\w-]+)\/?$/);
}
