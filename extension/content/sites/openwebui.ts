/**
 * Open WebUI (self-hosted: no fixed host; the user names its origin, see `adapterForOrigin`).
 *
 * Page structure (0.5/0.6 UI): each message is `div#message-<uuid>`; an assistant's body is
 * `div.chat-assistant` with the rendered markdown in `#response-content-container`; code is shown in a
 * CodeMirror editor (`.cm-editor`, one `.cm-line` per line) inside `div.language-<lang>` under a
 * header with the language and Copy/Run buttons; the message's buttons (`div.buttons`, right after
 * `.chat-assistant`) appear once it is done: the version pager's unnamed previous/next buttons when
 * there are versions, then Edit, `button.copy-response-button`, Read aloud, …, Regenerate, each in
 * a tooltip wrapper that carries its name (newer versions name the buttons too). While a reply is
 * generated the composer's send button (`#send-message-button`) becomes a Stop button: labelled
 * "Stop" in the UI's language, except in 0.10 (no aria-label, only its icon); and only while the
 * message box is empty (MessageInput.svelte `isActive && prompt === ''`): once the user types, the
 * send button is back although the reply still streams. The reply itself shows it streams: with
 * "fade streaming text" (on by default) every word of its paragraphs is a `span.fade-in-token`
 * until the message is done (ContentRenderer `done`, TextToken.svelte). The composer is
 * `#chat-input` (rich text; a textarea in older versions).
 *
 * Message ids: the uuid of `id="message-<uuid>"` (the id Open WebUI's API uses).
 *
 * API: `GET /api/v1/chats/<id>` → `{ chat: { history: { messages: { [id]: { id, role, content,
 * done } } } } }`, authenticated by the `token` cookie (and `Authorization: Bearer` with the token
 * Open WebUI keeps in localStorage, when the page has one).
 *
 * Sources, read 2026-11: CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/open-webui.ts @584e0bd
 * (2026-08-22), "CWC" below; Open WebUI (open-webui/open-webui)
 * src/lib/components/chat/Messages/ResponseMessage.svelte @0179204 (the button row), "OW"; a
 * userscript that finds the Copy button as `button[aria-label="Copy"]` in newer versions (code index
 * file 55602035480). "OW0.10" = @90eca2ac (v0.10.2, 2026-07-01) and "OW0.11" = @f9590b801 (0.11.0,
 * 2026-07-27), both read in the fork yshishenya/open-webui: ResponseMessage.svelte, CodeBlock.svelte,
 * MessageInput.svelte, Markdown/MarkdownInlineTokens/TextToken.svelte; rendered into
 * `captures/openwebui-201` (0.11.0) and `-201-streaming` (0.10.2).
 */
import { ConversationCache, type ConversationResult, getJson } from './chatgpt';
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/openwebui-two-replies',
  streaming: 'fixtures/openwebui-streaming',
  cap: 'captures/openwebui-201',
  capStreaming: 'captures/openwebui-201-streaming',
} as const;

const MESSAGE = 'div[id^="message-"]';
const COPY = 'button.copy-response-button';

export const openwebui: SiteAdapter = {
  id: 'openwebui',
  hosts: [],
  matches: [],
  selectors: {
    // CWC footer_selector `.chat-assistant + div`; OW
    turn: {
      css: '.chat-assistant',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 },
    },
    messageIdAttribute: 'id',
    // OW (`id="message-<uuid>"`)
    container: {
      css: `${MESSAGE}:has(.chat-assistant, .chat-user)`,
      expect: { [P.two]: 4, [P.streaming]: 2, [P.cap]: 2, [P.capStreaming]: 4 },
    },
    // OW. Every message repeats this id.
    content: {
      css: '[id="response-content-container"]',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 },
    },
    // our 2025 pages and OW0.11 (English label); CWC is_generating and OW0.10/0.11: the stop icon's
    // path, in any language (0.10 gives the button no label); OW0.10/0.11 TextToken: the reply's own
    // words while it streams, for when the user's typing has put the send button back. Page-wide, so
    // the tracker holds back only the last reply.
    streaming: {
      css:
        '#message-input-container button[aria-label="Stop"], ' +
        'path[d^="M2.25 12c0-5.385 4.365-9.75 9.75-9.75s9.75 4.365 9.75 9.75-4.365 9.75-9.75 9.75S2.25 17.385 2.25 12zm6-2.438"], ' +
        '.chat-assistant .fade-in-token',
      expect: { [P.two]: 0, [P.streaming]: 1, [P.cap]: 0, [P.capStreaming]: 5 },
    },
    // CWC perform_copy; OW, OW0.10, OW0.11
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.cap]: 1, [P.capStreaming]: 1 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0, [P.cap]: 1, [P.capStreaming]: 1 } },
    // newer versions' aria-label (code index file 55602035480). No place: the unnamed pager buttons
    // come first when a message has versions (OW), and Edit is missing on read-only chats.
    copyButtonNames: ['Copy'],
    // CWC footer_selector; OW `div.buttons`
    actionBar: {
      css: `.buttons:has(${COPY})`,
      expect: { [P.two]: 2, [P.streaming]: 0, [P.cap]: 1, [P.capStreaming]: 1 },
    },
    // CWC get_code_from_block `.cm-line` (CodeMirror); older versions drew a <pre>
    codeBlock: {
      css: '.cm-editor, pre',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 2 },
    },
    // CWC enter_message; OW0.10/0.11 RichTextInput (the Tiptap editor's id)
    composer: {
      css: '#chat-input',
      expect: { [P.two]: 1, [P.streaming]: 1, [P.cap]: 1, [P.capStreaming]: 1 },
    },
  },
  messageId: (turn) => ancestorId(turn, MESSAGE, 'id', 'message-'),
  conversationId: openWebUiConversationId,
  fetchRawText: (ctx) => openWebUiCache.text(ctx),
};

/** `/c/<uuid>`. */
export function openWebUiConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/c\/([\w-]+)\/?$/);
}

interface OpenWebUiMessage {
  id?: unknown;
  role?: unknown;
  content?: unknown;
  done?: unknown;
}

/** The finished assistant messages of one chat, by message id. */
export async function fetchOpenWebUiChat(
  chatId: string,
  fetchFn: typeof fetch,
  options: { origin: string; signal?: AbortSignal; token?: string },
): Promise<ConversationResult> {
  const init: RequestInit = { credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.token) init.headers = { Authorization: `Bearer ${options.token}` };
  const answer = await getJson(fetchFn, `${options.origin}/api/v1/chats/${encodeURIComponent(chatId)}`, init);
  if (!answer.ok) return answer;
  const history = (answer.value as { chat?: { history?: { messages?: unknown } } } | null)?.chat?.history;
  const all = history?.messages;
  if (!all || typeof all !== 'object')
    return { ok: false, kind: 'shape', message: `Open WebUI's answer for chat ${chatId} has no messages.` };
  const messages = new Map<string, string>();
  for (const m of Object.values(all as Record<string, OpenWebUiMessage>)) {
    if (m?.role !== 'assistant' || typeof m.id !== 'string' || typeof m.content !== 'string') continue;
    // A message still being generated says done: false; older messages have no flag.
    if (m.done === false) continue;
    messages.set(m.id, m.content);
  }
  return { ok: true, messages };
}

export const openWebUiCache = new ConversationCache(
  (chatId, ctx) => {
    const options: { origin: string; signal?: AbortSignal; token?: string } = { origin: ctx.origin };
    if (ctx.signal) options.signal = ctx.signal;
    const token = storedToken();
    if (token) options.token = token;
    return fetchOpenWebUiChat(chatId, ctx.fetch, options);
  },
  { site: 'Open WebUI' },
);

function storedToken(): string | undefined {
  try {
    return globalThis.localStorage?.getItem('token') ?? undefined;
  } catch {
    // Storage can be blocked by the browser's settings; the cookie still authenticates.
    return undefined;
  }
}
