/**
 * HuggingChat (huggingface.co/chat; the rest of huggingface.co is not a chat).
 *
 * One peer covers it; the app is open source, so its page was read at the source:
 * - CWC = Code Web Chat, robertpiosik/CodeWebChat
 *   `apps/browser/src/content-scripts/send-prompt-content-script/chatbots/hugging-chat.ts` at 584e0bde
 *   (file last changed 25d353db, 2026-08-11); "CWC@73df562" is the commit before, whose
 *   `get_chat_turn` named the turn's element. MCP SuperAssistant has no HuggingChat adapter.
 * - chat-ui = huggingface/chat-ui at c100c162 (2026-08-21): `src/lib/components/chat/ChatMessage.svelte`,
 *   `CopyToClipBoardBtn.svelte`, `StopGeneratingBtn.svelte`, `CodeBlock.svelte`.
 *
 * Page structure (chat-ui): a reply is `div[data-message-role="assistant"][data-message-id]` whose
 * children are the avatar `<svg>`, the bubble (the markdown in `div.prose`; reasoning and tool panels
 * beside it are `[data-exclude-from-copy]`, not `.prose`) and, once done, the bar: Copy (`title="Copy to
 * clipboard"`), Retry. While a reply streams, `button.stop-generating-btn`. Code blocks are a bare
 * `<pre><code>` with a Copy button above: no language class or label, so the DOM rung's fences name
 * no language (the Copy button's text has it).
 *
 * The bar is drawn only while the conversation is idle: `loading` is conversation-wide, so while ANY
 * reply streams every earlier reply loses its whole bar (ChatMessage.svelte `{#if
 * message.routerMetadata || (!loading && message.content)}`), our button in it with it, and the bar
 * comes back after the stream, behind wherever our button was put meanwhile (right after the
 * bubble). The bar is therefore found as the `<div>` after the bubble, never by its position.
 * Captures: `captures/huggingchat-201` (a finished reply), `-201-streaming` (an earlier reply without
 * its bar while the next one streams), rendered from chat-ui @c100c16.
 *
 * Message ids: the message's `data-message-id` (chat-ui's id).
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/huggingchat-two-replies',
  streaming: 'fixtures/huggingchat-streaming',
  cap: 'captures/huggingchat-201',
  capStreaming: 'captures/huggingchat-201-streaming',
} as const;

// CWC@73df562 get_chat_turn: footer.closest('div[data-message-role="assistant"]').
const MESSAGE = 'div[data-message-role="assistant"]';
// chat-ui: the bubble, the message's second child (CWC's footer is its third).
const TURN = `${MESSAGE} > div:nth-child(2)`;
// chat-ui ChatMessage.svelte: the message's <div>s are the bubble and the bar (the avatar is an <svg>).
// Not CWC's `> div:nth-child(3)`: our button, put after the bubble while the bar is gone, would push
// the returning bar to the fourth place.
const BAR = `${MESSAGE} > div ~ div`;
// chat-ui CopyToClipBoardBtn: title "Copy to clipboard" (code blocks and the user's Copy use it too:
// only the bar's counts). Its text is the tooltip's "Copied".
const COPY = `${BAR} > button[title="Copy to clipboard"]`;

export const huggingchat: SiteAdapter = {
  id: 'huggingchat',
  hosts: ['huggingface.co'],
  pathPrefix: '/chat',
  matches: ['https://huggingface.co/chat*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 } },
    messageIdAttribute: 'data-message-id',
    container: { css: MESSAGE, expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 } },
    // chat-ui proseClasses start with "prose".
    content: { css: '.prose', expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 } },
    // CWC is_generating; chat-ui StopGeneratingBtn.
    streaming: {
      css: 'button.stop-generating-btn',
      expect: { [P.two]: 0, [P.streaming]: 1, [P.cap]: 0, [P.capStreaming]: 1 },
    },
    // chat-ui shows Copy in the bar only when the message is not the one loading (and, without
    // routerMetadata, only while nothing loads).
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.cap]: 1, [P.capStreaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.cap]: 1, [P.capStreaming]: 0 } },
    // chat-ui: Copy, then Retry. CWC perform_copy clicks `button:nth-of-type(2)` of the bar: a bar
    // with router details first, or an older order; the name decides, and index 0 is only taken
    // when that button is named for copying.
    copyButtonNames: ['Copy to clipboard'],
    copyButtonIndex: 0,
    actionBar: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 0, [P.cap]: 1, [P.capStreaming]: 0 } },
    // chat-ui CodeBlock.svelte.
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 } },
    // CWC enter_message `textarea`; chat-ui ChatInput.svelte's is `inputmode="text"`: a user message
    // being edited holds a <textarea> in a <form> too (ChatMessage.svelte, rows="5", no inputmode),
    // and it comes first in the page.
    composer: {
      css: 'form textarea[inputmode="text"]',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 1 },
    },
  },
  messageId: (turn) => ancestorId(turn, MESSAGE, 'data-message-id'),
  conversationId: huggingChatConversationId,
};

/** `/chat/conversation/<id>` (chat-ui's route under HuggingChat's `/chat` base). */
export function huggingChatConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chat\/conversation\/([\w-]+)\/?$/);
}
