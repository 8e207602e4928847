/**
 * chat.mistral.ai (Le Chat).
 *
 * Page structure (2026): each message is a `div[data-message-author-role="user" | "assistant"]`
 * carrying the message's `data-message-id`; an assistant's answer is its
 * `div[data-message-part-type="answer"]` (reasoning and tool parts have other types and are left
 * out), the markdown in `div.markdown-container-style`. The message's buttons follow its parts once
 * it is complete: `message > div + div > div:last-child > div:first-child`, Copy ("Copy to
 * clipboard") the 6th. Code blocks: `[data-testid="code-block"]`, a header with the language and a
 * Copy button above the `<pre>`. While a reply streams the composer's button shows a stop square
 * (`form rect[rx="2"]`). The composer is a ProseMirror contenteditable (a textarea on older pages).
 * Conversations live at `/chat/<id>`, and in a workspace at `/work/<id>`.
 *
 * Message ids: the message's `data-message-id`; pages without one fall back to the position,
 * `turn-<n>`.
 *
 * Sources, read 2026-11: CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/mistral.ts @584e0bd
 * (2026-08-22; selectors updated there 2026-08-11), "CWC" below; MCP SuperAssistant
 * (srbhptl39/MCP-SuperAssistant) pages/content/src/plugins/adapters/mistral.adapter.ts and
 * render_prescript/src/core/config.ts @c26168e (2026-02-09), "MCP-SA"; the Le Chat Exporter
 * content script (code index file 29545144692), "LCE"; our 2025 pages for the markdown class
 * (unverified: when it misses, the DOM rung reads the whole answer part, which holds nothing else).
 */
import { ancestorId, positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/mistral-two-replies', streaming: 'fixtures/mistral-streaming' } as const;

const MESSAGE = '[data-message-author-role="assistant"]';
const TURN = `${MESSAGE} [data-message-part-type="answer"]`;
/** CWC footer_selector. */
const BAR = `${MESSAGE} > div + div > div:last-child > div:first-child`;
const COPY = 'button[aria-label="Copy to clipboard"]';

export const mistral: SiteAdapter = {
  id: 'mistral',
  hosts: ['chat.mistral.ai'],
  matches: ['https://chat.mistral.ai/*'],
  selectors: {
    // LCE ASSISTANT_MESSAGE + RESPONSE_CONTENT; MCP-SA function_result_selector
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // LCE MESSAGE_CONTAINER `[data-message-id]`, on the message (an ancestor of the answer part)
    messageIdAttribute: 'data-message-id',
    container: { css: MESSAGE, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // our 2025 pages (unverified)
    content: { css: '.markdown-container-style', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating `form rect[rx="2"]`; the English label from our 2025 pages; "Stop generating":
    // the 2026 label issue 27 reports from other projects' dated selectors (no page of it seen)
    streaming: {
      css: 'form rect[rx="2"], button[aria-label="Stop generation"], button[aria-label="Stop generating"]',
      expect: { [P.two]: 0, [P.streaming]: 2 },
    },
    // CWC footer_selector (it also counts a message without one as still generating)
    doneMarker: { css: `${BAR}:has(button)`, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // LCE COPY_BUTTON (English UI)
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButtonNames: ['Copy to clipboard'],
    // CWC perform_copy `button:nth-child(6)` of the bar (2026-08-11; `:last-child` before)
    copyButtonIndex: 5,
    actionBar: { css: `${BAR}:has(button)`, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // LCE CODE_BLOCK `[data-testid="code-block"]` holds it; MCP-SA targetSelectors ['pre']
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC enter_message `div[contenteditable="true"]`; MCP-SA CHAT_INPUT (ProseMirror, textarea)
    composer: {
      css: 'form .ProseMirror[contenteditable="true"], textarea[name="message.text"]',
      expect: { [P.two]: 1, [P.streaming]: 1 },
    },
  },
  messageId: (turn) => ancestorId(turn, '[data-message-id]', 'data-message-id') ?? positionId(turn, TURN),
  conversationId: mistralConversationId,
};

/** `/chat/<uuid>`, `/work/<uuid>` (a workspace's chat); `/chat` alone is a new chat. */
export function mistralConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/(?:chat|work)\/([\w-]+)\/?$/);
}
