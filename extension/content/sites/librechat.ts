/**
 * LibreChat (self-hosted: no fixed host; the user names its origin, see `adapterForOrigin`).
 *
 * Page structure (0.7/0.8, from LibreChat's own components): each message is `div.message-render`
 * whose `id` is the message id; an assistant's column is `div.agent-turn` (the model's name in an
 * `h2`, the body with the markdown in `div.markdown`, then a `SubRow` with the hover buttons). The
 * hover buttons are `button.hover-button`: Copy first — after Read aloud when text-to-speech is on,
 * and after the unnamed previous/next buttons of a message with versions —, then Edit, Fork,
 * feedback, Regenerate, Continue. Until 2026-08 they were named only by a `title` in the UI's
 * language; since 4f5c9fec4 (2026-08-06) by an `aria-label` (the same words) and no title, and the
 * reply's Copy has `data-testid="copy-response-button"` (since ebb4f15db, 2026-06-22; not on user
 * messages). While a message is being generated its row holds none of its buttons, the composer
 * shows `button[data-testid="stop-generation-button"]` and the reply's markdown `<div>` carries
 * `submitting`. Code blocks are `<pre>` around a bar with the language and icon-only Download/Copy
 * code buttons, and `code.hljs.language-<lang>`. The composer is `textarea#prompt-textarea`.
 *
 * Message ids: the `id` of `.message-render`.
 *
 * Sources, read 2026-11: LibreChat (danny-avila/LibreChat)
 * client/src/components/Chat/Messages/HoverButtons.tsx, SiblingSwitch.tsx and ui/MessageRender.tsx
 * (@c43ef59 and neighbours, through the code index), "LC" below; a LibreChat test naming `[data-testid="stop-generation-button"]`
 * (code index file 67449487468); our 2025 pages for the body's `data-testid="message-body"`.
 * "LC@a0fda2c": danny-avila/LibreChat @a0fda2cab (2026-08-18, v0.8.8-rc1, read in the fork
 * spotifynetflixyu/LibreChat): ui/MessageRow.tsx (`data-testid="message-body"` confirmed),
 * HoverButtons.tsx, hooks/useGenerationsByLatest.ts, Content/MessageContent.tsx, Input/StopButton.tsx;
 * rendered into `captures/librechat-201` and `-201-streaming`.
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/librechat-two-replies',
  streaming: 'fixtures/librechat-streaming',
  cap: 'captures/librechat-201',
  capStreaming: 'captures/librechat-201-streaming',
} as const;

const HOVER = 'button.hover-button';

export const librechat: SiteAdapter = {
  id: 'librechat',
  hosts: [],
  matches: [],
  selectors: {
    // LC MessageRender `.agent-turn`; the body's test id from our 2025 pages
    turn: {
      css: '.agent-turn [data-testid="message-body"]',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 },
    },
    messageIdAttribute: 'id',
    // LC MessageRender (`id={messageId}`, class message-render)
    container: {
      css: '.message-render',
      expect: { [P.two]: 4, [P.streaming]: 2, [P.cap]: 2, [P.capStreaming]: 4 },
    },
    content: { css: '.markdown', expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 2, [P.capStreaming]: 4 } },
    // code index file 67449487468; LC@a0fda2c StopButton.tsx. The stop button is not enough: while a
    // run is active and the user has typed, the composer shows the send button for steering
    // instead (ChatForm.tsx DuringRunSendButton), so the streaming reply's own mark counts too: its
    // markdown <div> carries `submitting` (LC@a0fda2c MessageContent.tsx, the latest message only).
    streaming: {
      css: 'button[data-testid="stop-generation-button"], .agent-turn .markdown.submitting',
      expect: { [P.two]: 0, [P.streaming]: 2, [P.cap]: 0, [P.capStreaming]: 2 },
    },
    // LC MessageRender: the hover buttons replace the placeholder once the message is complete.
    // User messages have them too.
    doneMarker: { css: HOVER, expect: { [P.two]: 12, [P.streaming]: 2, [P.cap]: 5, [P.capStreaming]: 6 } },
    // LC@a0fda2c HoverButtons: the reply's Copy has a test id (user messages' Copy has none). Before
    // 2026-08 it was found by its `title` (now an aria-label): copyButtonNames still finds that one.
    copyButton: {
      css: 'button[data-testid="copy-response-button"]',
      expect: { [P.two]: 2, [P.streaming]: 0, [P.cap]: 1, [P.capStreaming]: 1 },
    },
    // No place: the row starts with the unnamed previous/next buttons of `SiblingSwitch` when a
    // message has versions (LC SiblingSwitch.tsx), and Read aloud comes first with text-to-speech.
    // The name is the `title` (before 2026-08) or the `aria-label` (since), translated
    // (com_ui_copy_to_clipboard).
    copyButtonNames: ['Copy to clipboard'],
    actionBar: {
      css: `div:has(> ${HOVER})`,
      expect: { [P.two]: 4, [P.streaming]: 1, [P.cap]: 2, [P.capStreaming]: 3 },
    },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 } },
    composer: {
      css: 'textarea#prompt-textarea',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 1 },
    },
  },
  messageId: (turn) => ancestorId(turn, '.message-render', 'id'),
  conversationId: libreChatConversationId,
};

/** `/c/<uuid>`; `/c/new` is a chat not saved yet. */
export function libreChatConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^\/c\/([\w-]+)\/?$/);
  return id === 'new' ? undefined : id;
}
