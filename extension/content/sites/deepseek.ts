/**
 * chat.deepseek.com.
 *
 * Page structure (Sept 2026, corpus deepseek-101/-103, a SingleFile capture): class names are hashed
 * except the design system's `ds-*` ones, which are the hooks here. The conversation is a virtual
 * list (`div[data-virtual-list-item-key]`, older items unmounted); every message is a `div.ds-message`
 * in its item; an assistant's answer is its direct child `div.ds-markdown.ds-assistant-message-main-content`
 * (DeepThink's reasoning is a `.ds-markdown` too, nested in `.ds-think-content`, so it is left out).
 * Once the reply is complete the item gets, right after the message, `div.ds-flex > div.ds-flex` of
 * `div.ds-button[role=button]`: Copy first, then Regenerate, Like, Dislike, Read aloud and one more —
 * no names (only Read aloud has an aria-label, translated: 朗读). There is no `.ds-icon-button` any
 * more.
 * Code blocks: `div.md-code-block` with a banner (language `span`, Copy/Download as `ds-button`s)
 * above a bare `<pre>` (one `<span>` per line); a Mermaid block in its chart view has a chart/code
 * switch instead of the language and no `<pre>` at all (dom-to-markdown leaves it out). The composer
 * is a bare `<textarea name="search">` (no id); its send button is a `div[role=button]` right after
 * the hidden file input, disabled while the box is empty and enabled while a reply streams.
 *
 * Message ids: none in the DOM (`data-virtual-list-item-key` is a list index); a reply's id is its
 * position, `turn-<n>`.
 *
 * Sources, read 2026-11: corpus deepseek-101/-103 and the rest of the same capture
 * (NIyueeE/deepseek-user-message-renderer test/fixtures/deepseek-chat.html @1b12263, saved
 * 2026-09-15: the Mermaid blocks, the send button); CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/deepseek.ts @584e0bd
 * (2026-08-22), "CWC" below; a DeepSeek code block's HTML in a public selector test (code index
 * file 55386314666).
 */
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/deepseek-two-replies',
  streaming: 'fixtures/deepseek-streaming',
  c101: 'corpus/deepseek-101',
  c103: 'corpus/deepseek-103',
} as const;

const TURN = '.ds-message:has(> .ds-markdown)';
/** The reply's own bar: CWC's footer, `div.ds-message + div > div.ds-flex` (user bars sit deeper). */
const BAR = '.ds-message + div > .ds-flex';

export const deepseek: SiteAdapter = {
  id: 'deepseek',
  hosts: ['chat.deepseek.com'],
  matches: ['https://chat.deepseek.com/*'],
  selectors: {
    // corpus deepseek-101 (the answer is the direct .ds-markdown child; the user message's nested one,
    // added by the capture's userscript, is not)
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1, [P.c101]: 1, [P.c103]: 0 } },
    messageIdAttribute: 'data-message-id',
    // corpus deepseek-101: the message and its bar share the list item; user items match too
    container: {
      css: 'div:has(> .ds-message)',
      expect: { [P.two]: 4, [P.streaming]: 2, [P.c101]: 2, [P.c103]: 0 },
    },
    // corpus deepseek-101 (.ds-markdown.ds-assistant-message-main-content)
    content: {
      css: '.ds-message > .ds-markdown',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.c101]: 1, [P.c103]: 0 },
    },
    // CWC is_generating: the send button after the file input is enabled (`aria-disabled=false`)
    // while the box is empty. CSS cannot read the box, so a typed draft also counts as streaming:
    // that only holds back the last reply, which was reported before the user started typing.
    // The second form is the button as the Sept 2026 capture draws it, in a wrapper, when enabled.
    streaming: {
      css:
        'input[type="file"] + div[role="button"][aria-disabled="false"], ' +
        'input[type="file"] ~ div .ds-button--primary[role="button"]:not(.ds-button--disabled)',
      expect: { [P.two]: 0, [P.streaming]: 1, [P.c101]: 0, [P.c103]: 0 },
    },
    // CWC footer_selector; corpus deepseek-101 ("exists only once the reply is complete")
    doneMarker: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 0, [P.c101]: 1, [P.c103]: 0 } },
    // CWC perform_copy: the bar's first div[role=button]; corpus deepseek-101
    copyButton: {
      css: `${BAR} > div[role="button"]:first-child`,
      expect: { [P.two]: 2, [P.streaming]: 0, [P.c101]: 1, [P.c103]: 0 },
    },
    // No names: the bar's icons carry none (corpus deepseek-101). Copy is first (CWC, corpus).
    copyButtonIndex: 0,
    actionBar: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 0, [P.c101]: 1, [P.c103]: 0 } },
    // code index file 55386314666: `div.md-code-block > … > pre` (no <code>)
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.c101]: 0, [P.c103]: 0 } },
    // corpus deepseek-103: `textarea[name=search]`, no id (CWC takes the page's first textarea)
    composer: {
      css: 'textarea[name="search"], textarea[placeholder*="DeepSeek"]',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.c101]: 0, [P.c103]: 1 },
    },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: deepseekConversationId,
};

/** `/a/chat/s/<uuid>` (2025 on; the corpus capture's URL), `/chat/s/<uuid>` (before). */
export function deepseekConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^(?:\/a)?\/chat\/s\/([\w-]+)\/?$/);
}
