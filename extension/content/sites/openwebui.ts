/**
 * Open WebUI (self-hosted: no fixed host; the user names its origin, see `adapterForOrigin`).
 *
 * Page structure (0.5/0.6 UI): each message is `div#message-<uuid>`; an assistant's body is
 * `div.chat-assistant` with the rendered markdown in `#response-content-container`; code is shown in a
 * CodeMirror editor (`.cm-editor`, one `.cm-line` per line) inside `div.language-<lang>` under a
 * header with the language and Copy/Run buttons; the message's buttons (`div.buttons` with
 * `button.copy-response-button`, `regenerate-response-button`, …) appear once it is done. While a
 * reply is generated the composer's send button (`#send-message-button`) becomes
 * `button[aria-label="Stop"]` (the label is translated with the UI language). The composer is
 * `#chat-input` (rich text; a textarea in older versions).
 *
 * Message ids: the uuid of `id="message-<uuid>"` (the id Open WebUI's API uses).
 *
 * API: `GET /api/v1/chats/<id>` → `{ chat: { history: { messages: { [id]: { id, role, content,
 * done } } } } }`, authenticated by the `token` cookie (and `Authorization: Bearer` with the token
 * Open WebUI keeps in localStorage, when the page has one).
 */
import { ConversationCache, type ConversationResult, getJson } from './chatgpt';
import { ancestorId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = { two: 'fixtures/openwebui-two-replies', streaming: 'fixtures/openwebui-streaming' } as const;

const MESSAGE = 'div[id^="message-"]';
const COPY = 'button.copy-response-button';

export const openwebui: SiteAdapter = {
  id: 'openwebui',
  hosts: [],
  matches: [],
  selectors: {
    turn: { css: '.chat-assistant', expect: { [P.two]: 2, [P.streaming]: 1 } },
    messageIdAttribute: 'id',
    container: {
      css: `${MESSAGE}:has(.chat-assistant, .chat-user)`,
      expect: { [P.two]: 4, [P.streaming]: 2 },
    },
    // Every message repeats this id.
    content: { css: '[id="response-content-container"]', expect: { [P.two]: 2, [P.streaming]: 1 } },
    streaming: {
      css: '#message-input-container button[aria-label="Stop"]',
      expect: { [P.two]: 0, [P.streaming]: 1 },
    },
    doneMarker: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    copyButton: { css: COPY, expect: { [P.two]: 2, [P.streaming]: 0 } },
    actionBar: { css: `.buttons:has(${COPY})`, expect: { [P.two]: 2, [P.streaming]: 0 } },
    codeBlock: { css: '.cm-editor, pre', expect: { [P.two]: 2, [P.streaming]: 1 } },
    composer: { css: '#chat-input', expect: { [P.two]: 1, [P.streaming]: 1 } },
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
