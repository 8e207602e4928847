/**
 * LibreChat (self-hosted: no fixed host; the user names its origin, see `adapterForOrigin`).
 *
 * Page structure (0.7/0.8, from LibreChat's own components): each message is `div.message-render`
 * whose `id` is the message id; an assistant's column is `div.agent-turn` (the model's name in an
 * `h2`, the body with the markdown in `div.markdown`, then a `SubRow` with the hover buttons). The
 * hover buttons are `button.hover-button`, named only by a `title` in the UI's language and no
 * aria-label: Copy ("Copy to clipboard") first — after Read aloud when text-to-speech is on, and
 * after the unnamed previous/next buttons of a message with versions —, then Edit, Fork, feedback,
 * Regenerate, Continue. While a message is being generated its row shows a
 * placeholder instead of the buttons, and the composer shows
 * `button[data-testid="stop-generation-button"]`. Code blocks are `<pre>` around a bar with the
 * language and a Copy button, and `code.hljs.language-<lang>`. The composer is
 * `textarea#prompt-textarea`.
 *
 * Message ids: the `id` of `.message-render`.
 *
 * Sources, read 2026-11: LibreChat (danny-avila/LibreChat)
 * client/src/components/Chat/Messages/HoverButtons.tsx, SiblingSwitch.tsx and ui/MessageRender.tsx
 * (@c43ef59 and neighbours, through the code index), "LC" below; a LibreChat test naming `[data-testid="stop-generation-button"]`
 * (code index file 67449487468); our 2025 pages for the body's `data-testid="message-body"`
 * (unverified).
 */
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/librechat-two-replies', streaming: 'fixtures/librechat-streaming' } as const;

const HOVER = 'button.hover-button';

export const librechat: SiteAdapter = {
  id: 'librechat',
  hosts: [],
  matches: [],
  selectors: {
    // LC MessageRender `.agent-turn`; the body's test id from our 2025 pages
    turn: { css: '.agent-turn [data-testid="message-body"]', expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'id',
    // LC MessageRender (`id={messageId}`, class message-render)
    container: { css: '.message-render', expect: { [P.two]: 4, [P.streaming]: 2 } },
    content: { css: '.markdown', expect: { [P.two]: 2, [P.streaming]: 1 } },
    // code index file 67449487468
    streaming: {
      css: 'button[data-testid="stop-generation-button"]',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    // LC MessageRender: the hover buttons replace the placeholder once the message is complete.
    // User messages have them too.
    doneMarker: { css: HOVER, expect: { [P.two]: 12, [P.streaming]: 2 } },
    // LC HoverButtons: `title` only, translated (com_ui_copy_to_clipboard)
    copyButton: {
      css: `${HOVER}[title="Copy to clipboard"]`,
      expect: { [P.two]: 4, [P.streaming]: 1 },
    },
    // No place: the row starts with the unnamed previous/next buttons of `SiblingSwitch` when a
    // message has versions (LC SiblingSwitch.tsx), and Read aloud comes first with text-to-speech.
    copyButtonNames: ['Copy to clipboard'],
    actionBar: { css: `div:has(> ${HOVER})`, expect: { [P.two]: 4, [P.streaming]: 1 } },
    codeBlock: { css: 'pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: 'textarea#prompt-textarea', expect: { [P.two]: 1, [P.streaming]: 1 } },
  },
  messageId: (turn) => ancestorId(turn, '.message-render', 'id'),
  conversationId: libreChatConversationId,
};

/** `/c/<uuid>`; `/c/new` is a chat not saved yet. */
export function libreChatConversationId(url: string | URL): string | undefined {
  const id = pathMatch(url, /^\/c\/([\w-]+)\/?$/);
  return id === 'new' ? undefined : id;
}
