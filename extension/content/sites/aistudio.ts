/**
 * aistudio.google.com (Angular).
 *
 * Page structure (2025–26): each turn is `ms-chat-turn#turn-<id>` holding
 * `div.chat-turn-container[data-turn-role="User" | "Model"]`; the reply is its `.turn-content`
 * (`ms-prompt-chunk > ms-text-chunk > ms-cmark-node`; reasoning is in `ms-thought-chunk`, left out).
 * A code block (corpus aistudio-101) is an `ms-code-block` in an expansion panel:
 * `pre > code` of hljs spans with no language class, then `div.ignore-when-copying`
 * ("IGNORE_WHEN_COPYING_START"), a `footer` with Copy/Download buttons (named by `mattooltip`, their
 * text a Material Symbols ligature), a "Use code with caution." disclaimer and `span.language`,
 * then "IGNORE_WHEN_COPYING_END"; dom-to-markdown reads the language there and drops the rest.
 * There is no Copy button on the turn: "Copy as markdown" is an item of the turn's ⋮ menu
 * (`ms-chat-turn-options`), drawn in an overlay outside the turn, which the Copy rung cannot reach;
 * so this adapter names no Copy button and the reply comes from the DOM. `.turn-footer` is drawn
 * before the reply is complete; its Good/Bad response buttons (`button[iconname=thumb_up]`) come
 * when it is. The composer is `textarea[formcontrolname=promptText]`.
 *
 * Message ids: the `id` of `ms-chat-turn` without its `turn-` prefix.
 *
 * Sources, read 2026-11: corpus aistudio-101; CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/ai-studio.ts @584e0bd
 * (2026-08-22), "CWC" below; MCP SuperAssistant (srbhptl39/MCP-SuperAssistant)
 * pages/content/src/plugins/adapters/aistudio.adapter.ts and render_prescript/src/core/config.ts
 * @c26168e (2026-02-09), "MCP-SA"; our 2025 pages for what neither shows (unverified: the Stop
 * button).
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/aistudio-two-replies',
  streaming: 'fixtures/aistudio-streaming',
  c101: 'corpus/aistudio-101',
} as const;

export const aistudio: SiteAdapter = {
  id: 'aistudio',
  hosts: ['aistudio.google.com'],
  matches: ['https://aistudio.google.com/*'],
  selectors: {
    // MCP-SA config.ts comments (`div.turn-content`, data-turn-role); CWC `.chat-turn-container`
    turn: {
      css: '[data-turn-role="Model"] .turn-content',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.c101]: 0 },
    },
    messageIdAttribute: 'id',
    // CWC setup_observer (`ms-chat-turn .turn-footer`)
    container: { css: 'ms-chat-turn', expect: { [P.two]: 4, [P.streaming]: 2, [P.c101]: 0 } },
    // MCP-SA function_result_selector (`ms-text-chunk`)
    content: { css: 'ms-text-chunk', expect: { [P.two]: 4, [P.streaming]: 2, [P.c101]: 0 } },
    // our 2025 pages (unverified; neither peer watches it: CWC waits for the footer's buttons)
    streaming: {
      css: 'ms-run-button button.stoppable',
      expect: { [P.two]: 0, [P.streaming]: 1, [P.c101]: 0 },
    },
    // CWC: a footer counts once it holds the thumb_up button
    doneMarker: {
      css: '.turn-footer button[iconname="thumb_up"]',
      expect: { [P.two]: 2, [P.streaming]: 0, [P.c101]: 0 },
    },
    // CWC inserts its button into `.turn-footer`
    actionBar: { css: '.turn-footer', expect: { [P.two]: 2, [P.streaming]: 0, [P.c101]: 0 } },
    // corpus aistudio-101; MCP-SA targetSelectors ['pre']
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.c101]: 1 } },
    // CWC enter_message; MCP-SA CHAT_INPUT (aria-label, placeholder)
    composer: {
      css: 'textarea[formcontrolname="promptText"], textarea[aria-label="Enter a prompt"]',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.c101]: 0 },
    },
  },
  messageId: (turn) => ancestorId(turn, 'ms-chat-turn', 'id', 'turn-'),
  conversationId: aistudioConversationId,
};

/** `/prompts/<id>`; `/prompts/new_chat` is a chat not saved yet. */
export function aistudioConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^(?:\/u\/\d+)?\/prompts\/([\w-]+)\/?$/);
  return id === 'new_chat' ? undefined : id;
}
