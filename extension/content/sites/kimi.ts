/**
 * Kimi (www.kimi.com; kimi.com and the older kimi.moonshot.cn host the same app).
 *
 * Selectors come from the peers' current code, read 2026-08-22 (no real page captured yet):
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/kimi.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11); "CWC@73df562" is the commit before, whose
 *   `get_chat_turn` named the turn's element.
 * - MCP = MCP SuperAssistant, srbhptl39/MCP-SuperAssistant
 *   `pages/content/src/plugins/adapters/kimi.adapter.ts` (79c8661a, 2025-10-27) and
 *   `pages/content/src/render_prescript/src/core/config.ts` (762c1aac, 2026-01-17).
 * Neither peer reads the reply's text: MCP reads every `<pre>`, CWC clicks Copy. The text's element
 * (`.markdown-container > .markdown`) follows public Kimi scripts in the code index, not a peer.
 *
 * Page structure, as the peers see it: a reply is a `.segment-assistant` whose `.segment-content`
 * holds the markdown and, once done, `.segment-assistant-actions-content` (plain `div` buttons, Copy
 * first). While a reply streams the send button shows a stop icon (an `<svg>` path).
 *
 * A real page confirms it: captures/kimi-202 (kimi.com ~Nov 2025, read again from a saved outerHTML,
 * code index file 29272322017). Its action bar is `div.icon-button`s known only by their icon's
 * `svg[name]` (Copy, Refresh, Share_a, Like, Dislike); paragraphs are `div.paragraph`. The same file
 * keeps a reasoning panel, `.toolcall-container.thinking-container`, whose text is a second
 * `.markdown-container` (with `.toolcall-content-text`) in the turn, ahead of the answer's: a
 * live-verified 2026-08 config (code index file 62226456305) found 1045 characters of reasoning
 * there. The turn is the answer's container alone.
 *
 * Message ids: none the peers read; a reply's id is its position, `turn-<n>`.
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/kimi-two-replies',
  streaming: 'fixtures/kimi-streaming',
  capture: 'captures/kimi-202',
  composer: 'captures/kimi-202-composer',
} as const;

// CWC@73df562 get_chat_turn: footer.closest('.segment-content'); `.segment-assistant` is the block
// its footer class (`segment-assistant-actions-content`) belongs to.
const CONTAINER = '.segment-assistant .segment-content';
// Not from a peer (neither reads the text): public Kimi scripts, 2026-07, read `.segment-assistant
// .markdown-container .markdown`. The reasoning panel's text is a `.markdown-container` too, with
// `.toolcall-content-text` (captures/kimi-202, from the file's thinking-panel scrape), and comes first:
// left in, it would be taken as a reply of its own and shift every reply's position id.
const ANSWER = '.markdown-container:not(.toolcall-content-text)';
const TURN = `.segment-assistant ${ANSWER}`;
// CWC footer_selector.
const ACTIONS = '.segment-assistant-actions-content';
// captures/kimi-202: the bar's buttons are `div.icon-button`s with no name; Copy is the one whose icon
// is `svg[name="Copy"]` (CWC perform_copy takes the bar's first child, which it is there too).
const COPY = `${ACTIONS} > div:has(> svg[name="Copy"])`;
// CWC is_generating: the stop icon of the send button, by its path.
const STOP_ICON =
  'M331.946667 379.904c-11.946667 23.466667-11.946667 54.186667-11.946667 115.626667v32.938666c0 61.44 0 92.16 11.946667 115.626667 10.538667 20.650667 27.306667 37.418667 47.957333 47.957333 23.466667 11.946667 54.186667 11.946667 115.626667 11.946667h32.938666c61.44 0 92.16 0 115.626667-11.946667 20.650667-10.538667 37.418667-27.306667 47.957333-47.957333 11.946667-23.466667 11.946667-54.186667 11.946667-115.626667v-32.938666c0-61.44 0-92.16-11.946667-115.626667a109.696 109.696 0 0 0-47.957333-47.957333c-23.466667-11.946667-54.186667-11.946667-115.626667-11.946667h-32.938666c-61.44 0-92.16 0-115.626667 11.946667-20.650667 10.538667-37.418667 27.306667-47.957333 47.957333z';

export const kimi: SiteAdapter = {
  id: 'kimi',
  hosts: ['www.kimi.com', 'kimi.com', 'kimi.moonshot.cn'],
  matches: ['https://www.kimi.com/*', 'https://kimi.com/*', 'https://kimi.moonshot.cn/*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1, [P.capture]: 2, [P.composer]: 0 } },
    messageIdAttribute: 'data-message-id',
    container: { css: CONTAINER, expect: { [P.two]: 2, [P.streaming]: 1, [P.capture]: 2, [P.composer]: 0 } },
    // See TURN.
    content: {
      css: `${ANSWER} > .markdown`,
      expect: { [P.two]: 2, [P.streaming]: 1, [P.capture]: 2, [P.composer]: 0 },
    },
    // See STOP_ICON. Not in the capture (idle: `.send-button-container.disabled`).
    streaming: {
      css: `path[d="${STOP_ICON}"]`,
      expect: { [P.two]: 0, [P.streaming]: 1, [P.capture]: 0, [P.composer]: 0 },
    },
    // CWC footer_selector: the bar is only there once the reply is done.
    doneMarker: { css: ACTIONS, expect: { [P.two]: 2, [P.streaming]: 0, [P.capture]: 2, [P.composer]: 0 } },
    // A div with no name and no role: only this selector finds it.
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.capture]: 2, [P.composer]: 0 } },
    actionBar: { css: ACTIONS, expect: { [P.two]: 2, [P.streaming]: 0, [P.capture]: 2, [P.composer]: 0 } },
    // MCP render_prescript config for kimi.com: targetSelectors ['pre']. The capture has no code block.
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.capture]: 0, [P.composer]: 0 } },
    // MCP CHAT_INPUT `.chat-input-editor[contenteditable="true"]` (a Lexical editor); CWC
    // enter_message `div[contenteditable=true]`; captures/kimi-202-composer.
    composer: {
      css: '.chat-input-editor[contenteditable="true"]',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.capture]: 0, [P.composer]: 1 },
    },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: kimiConversationId,
};

/** `/chat/<id>` (a uuid-like id, or an older short one); `/chat/history` is the list of chats. */
export function kimiConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^\/chat\/([\w-]+)\/?$/);
  return id === 'history' ? undefined : id;
}
