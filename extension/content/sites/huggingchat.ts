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
 * Message ids: the message's `data-message-id` (chat-ui's id).
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/huggingchat-two-replies', streaming: 'fixtures/huggingchat-streaming' } as const;

// CWC@73df562 get_chat_turn: footer.closest('div[data-message-role="assistant"]').
const MESSAGE = 'div[data-message-role="assistant"]';
// chat-ui: the bubble, the message's second child (CWC's footer is its third).
const TURN = `${MESSAGE} > div:nth-child(2)`;
// CWC footer_selector.
const BAR = `${MESSAGE} > div:nth-child(3)`;
// chat-ui CopyToClipBoardBtn: title "Copy to clipboard" (code blocks use it too: only the bar's counts).
const COPY = `${BAR} > button[title="Copy to clipboard"]`;

export const huggingchat: SiteAdapter = {
  id: 'huggingchat',
  hosts: ['huggingface.co'],
  pathPrefix: '/chat',
  matches: ['https://huggingface.co/chat*'],
  selectors: {
    turn: { css: TURN, expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'data-message-id',
    container: { css: MESSAGE, expect: { [P.two]: 2, [P.streaming]: 1 } },
    // chat-ui proseClasses start with "prose".
    content: { css: '.prose', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC is_generating; chat-ui StopGeneratingBtn.
    streaming: { css: 'button.stop-generating-btn', expect: { [P.two]: 0, [P.streaming]: 1 } },
    // chat-ui shows Copy in the bar only when the message is not the one loading.
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // chat-ui: Copy, then Retry. CWC perform_copy clicks `button:nth-of-type(2)` of the bar: a bar
    // with router details first, or an older order; the name decides, and index 0 is only taken
    // when that button is named for copying.
    copyButtonNames: ['Copy to clipboard'],
    copyButtonIndex: 0,
    actionBar: { css: BAR, expect: { [P.two]: 2, [P.streaming]: 0 } },
    // chat-ui CodeBlock.svelte.
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // CWC enter_message `textarea` (chat-ui ChatInput.svelte: the only one, unless a message is edited).
    composer: { css: 'form textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => ancestorId(turn, MESSAGE, 'data-message-id'),
  conversationId: huggingChatConversationId,
};

/** `/chat/conversation/<id>` (chat-ui's route under HuggingChat's `/chat` base). */
export function huggingChatConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chat\/conversation\/([\w-]+)\/?$/);
}
