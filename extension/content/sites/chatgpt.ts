/**
 * chatgpt.com (and the old chat.openai.com host, which redirects there).
 *
 * Page structure (2025 UI; the corpus pages show the 2023 eras): each turn is an
 * `article[data-testid="conversation-turn-N"]` (capture chatgpt-202, Nov 2025; a `section` with the
 * same test id in 2026: code index files 56709657804, 55137025614) holding one or more message divs
 * `[data-message-author-role][data-message-id]`; the rendered markdown is `div.markdown` inside the
 * message; the action bar (Copy, Good/Bad response, Share, …) is a sibling of the message, inside the
 * article, and only appears once the reply is complete. While a reply streams, the composer's submit
 * button becomes `button[data-testid="stop-button"]`. The turn starts with a screen-reader heading
 * (`h6.sr-only` "ChatGPT said:") outside the message: the turn is the message, never the article.
 * Code blocks in 2026 are a read-only CodeMirror viewer inside the `<pre>`, sometimes with a
 * `pre.cm-content` of its own (see dom-to-markdown.ts).
 *
 * Sources, read 2026-11: corpus chatgpt-001/-002/-005 (2023–2025 eras); CodeWebChat
 * (robertpiosik/CodeWebChat) apps/browser/src/content-scripts/send-prompt-content-script/chatbots/
 * chatgpt.ts @584e0bd (2026-08-22), "CWC" below; MCP SuperAssistant (srbhptl39/MCP-SuperAssistant)
 * pages/content/src/plugins/adapters/chatgpt.adapter.ts @c26168e (2026-02-09), "MCP-SA".
 *
 * API: `GET /api/auth/session` → `{ accessToken }`, then `GET /backend-api/conversation/<id>` with
 * `Authorization: Bearer <token>` → `{ mapping: { [node]: { message: { id, author: { role },
 * content: { content_type, parts }, status } } } }`. The parts of a text message are the exact
 * markdown the model wrote; a canvas is made and changed by `canmore.*` calls between them, replayed
 * into the text of the turn's reply as `<antArtifact>` tags (shared/api/documents.ts).
 */

import { chatGptBranch, chatGptMessageTexts } from '../../../shared/api/documents';
import type { FetchContext, RawTextResult, SiteAdapter } from './types';
import { pathMatch } from './url-path';

const CHATGPT_PAGES = {
  c001: 'corpus/chatgpt-001',
  c002: 'corpus/chatgpt-002',
  c005: 'corpus/chatgpt-005',
  two: 'fixtures/chatgpt-two-replies',
  noOps: 'fixtures/chatgpt-no-ops',
  streaming: 'fixtures/chatgpt-streaming',
  cap202: 'captures/chatgpt-202',
  // late 2024: a turn that opened a canvas — two assistant messages and the card between them, the
  // turn element only (no article around it), its bar's Copy in a span
  c401: 'corpus/chatgpt-401',
} as const;
const P = CHATGPT_PAGES;

const COPY_TURN_BUTTON = 'button[data-testid="copy-turn-action-button"]';

/**
 * The reply of a turn is the whole turn (issue 42): a reply that opened a canvas is drawn as two
 * assistant messages with the canvas card between them, outside both (corpus chatgpt-401, late 2024:
 * `div.agent-turn` > message, `div[role=button][id^="textdoc-message-"]`, message). The last message
 * of the turn reads every message's Markdown and the cards, in page order; the others read nothing (their
 * text is the last one's reply). A turn of one message reads its own Markdown, as before.
 */
const TURN_GROUP = '.agent-turn, [data-testid^="conversation-turn-"]';
const CANVAS_CARD = 'div[id^="textdoc-message-"]';

function turnRegions(turn: Element): Element[] | null {
  const group = turn.parentElement?.closest(TURN_GROUP);
  if (!group) return null;
  const messages = group.querySelectorAll('[data-message-author-role="assistant"]');
  if (messages.length < 2 && !group.querySelector(CANVAS_CARD)) return null;
  if (messages[messages.length - 1] !== turn) return [];
  return Array.from(
    group.querySelectorAll(`[data-message-author-role="assistant"] .markdown, ${CANVAS_CARD}`),
  );
}

export const chatgpt: SiteAdapter = {
  id: 'chatgpt',
  regionsOf: turnRegions,
  hosts: ['chatgpt.com', 'chat.openai.com'],
  matches: ['https://chatgpt.com/*', 'https://chat.openai.com/*'],
  selectors: {
    // corpus chatgpt-001; MCP-SA function_result_selector (the user side of the same attribute)
    turn: {
      css: '[data-message-author-role="assistant"]',
      expect: {
        [P.c001]: 1,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 2,
        [P.noOps]: 1,
        [P.streaming]: 1,
        [P.cap202]: 1,
        [P.c401]: 2,
      },
    },
    messageIdAttribute: 'data-message-id',
    container: {
      // corpus chatgpt-001 (2023, a div), our 2025 pages (an article); user turns match too (they
      // are never `turn`s).
      css: '[data-testid^="conversation-turn-"]',
      expect: {
        [P.c001]: 2,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 4,
        [P.noOps]: 2,
        [P.streaming]: 2,
        [P.cap202]: 1,
        [P.c401]: 0,
      },
    },
    // corpus chatgpt-001
    content: {
      css: '.markdown',
      expect: {
        [P.c001]: 1,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 2,
        [P.noOps]: 1,
        [P.streaming]: 1,
        [P.cap202]: 1,
        [P.c401]: 2,
      },
    },
    // CWC is_generating; 2026: `button#composer-submit-button[data-testid="stop-button"]` (code index
    // file 54592269137). Not when disabled: ChatGPT leaves that button in the page, disabled, after the
    // reply ends ("regression (fatal)" in a ChatGPT script, code index file 60955912891), and a stale
    // stop button would keep the last reply from ever being reported.
    streaming: {
      css: 'button[data-testid="stop-button"]:not([disabled])',
      expect: {
        [P.c001]: 0,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 0,
        [P.noOps]: 0,
        [P.streaming]: 1,
        [P.cap202]: 0,
        [P.c401]: 0,
      },
    },
    // CWC perform_copy. User turns have the same Copy button, hence 2 per exchange; a streaming
    // reply has none yet.
    doneMarker: {
      css: COPY_TURN_BUTTON,
      expect: {
        [P.c001]: 0,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 4,
        [P.noOps]: 2,
        [P.streaming]: 1,
        [P.cap202]: 1,
        [P.c401]: 1,
      },
    },
    // capture chatgpt-202: `aria-label="Copy"`; the test id is the stable hook.
    copyButton: {
      css: COPY_TURN_BUTTON,
      expect: {
        [P.c001]: 0,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 4,
        [P.noOps]: 2,
        [P.streaming]: 1,
        [P.cap202]: 1,
        [P.c401]: 1,
      },
    },
    // Earlier pages (early 2024) had no test id on it; its name and its place (first in the bar) stay.
    // The name varies by version: "Copy" (capture chatgpt-202), "Copy message", "Copy response" (corpus
    // chatgpt-202's sidecar, code index files 54592269137, 52552301248).
    copyButtonNames: ['Copy', 'Copy to clipboard', 'Copy message', 'Copy response'],
    copyButtonIndex: 0,
    // the bar around Copy (CWC's footer, `.agent-turn > div:nth-of-type(2) > div`, is that bar)
    actionBar: {
      css: `div:has(> ${COPY_TURN_BUTTON})`,
      expect: {
        [P.c001]: 0,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 4,
        [P.noOps]: 2,
        [P.streaming]: 1,
        [P.cap202]: 1,
        [P.c401]: 0,
      },
    },
    // corpus chatgpt-002/-005; MCP-SA targetSelectors ['pre']. Not the `pre.cm-content` that 2026's
    // CodeMirror viewer nests inside a block's `<pre>` (code index files 61997575912, 55447968426): one
    // block, counted once.
    codeBlock: {
      css: 'pre:not(.cm-content)',
      expect: {
        [P.c001]: 0,
        [P.c002]: 3,
        [P.c005]: 4,
        [P.two]: 2,
        [P.noOps]: 1,
        [P.streaming]: 1,
        [P.cap202]: 0,
        [P.c401]: 0,
      },
    },
    // CWC enter_message `div#prompt-textarea`; MCP-SA CHAT_INPUT. The corpus pages are excerpts of
    // the thread only.
    composer: {
      css: '#prompt-textarea',
      expect: {
        [P.c001]: 0,
        [P.c002]: 0,
        [P.c005]: 0,
        [P.two]: 1,
        [P.noOps]: 1,
        [P.streaming]: 1,
        [P.cap202]: 0,
        [P.c401]: 0,
      },
    },
  },
  conversationId: chatGptConversationId,
  fetchRawText: (ctx) => chatGptCache.text(ctx),
};

/** `/c/<id>`, and `/g/<gizmo>/c/<id>` for custom GPTs; anything else has no conversation yet. */
export function chatGptConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/(?:g\/[^/]+\/)?c\/([\w-]+)\/?$/);
}

export type ConversationResult =
  | { ok: true; messages: Map<string, string> }
  | { ok: false; kind: 'auth' | 'http' | 'network' | 'shape' | 'aborted'; message: string };

/**
 * The finished assistant messages of one conversation, by message id, from ChatGPT's own API.
 * A message still being written (`status` other than `finished_successfully`) is left out, so the
 * cache refetches when it is asked for it later.
 */
export async function fetchChatGptConversation(
  conversationId: string,
  fetchFn: typeof fetch,
  options: { origin?: string; signal?: AbortSignal } = {},
): Promise<ConversationResult> {
  const origin = options.origin ?? 'https://chatgpt.com';
  const init: RequestInit = { credentials: 'include' };
  if (options.signal) init.signal = options.signal;

  const session = await getJson(fetchFn, `${origin}/api/auth/session`, init);
  if (!session.ok) return session;
  const token = (session.value as { accessToken?: unknown } | null)?.accessToken;
  if (typeof token !== 'string' || token === '')
    return { ok: false, kind: 'auth', message: 'ChatGPT gave no access token (signed out?).' };

  const convo = await getJson(
    fetchFn,
    `${origin}/backend-api/conversation/${encodeURIComponent(conversationId)}`,
    {
      ...init,
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  if (!convo.ok) return convo;
  const mapping = (convo.value as { mapping?: unknown } | null)?.mapping;
  if (!mapping || typeof mapping !== 'object')
    return {
      ok: false,
      kind: 'shape',
      message: `ChatGPT's answer for conversation ${conversationId} has no mapping.`,
    };

  // Each reply's text, with the canvas documents its turn created or changed as tags (their text after
  // it): shared/api/documents.ts.
  const messages = chatGptMessageTexts(
    chatGptBranch(convo.value as { mapping: unknown; current_node?: unknown }),
  );
  return { ok: true, messages };
}

export async function getJson(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<{ ok: true; value: unknown } | Extract<ConversationResult, { ok: false }>> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (err) {
    if (init.signal?.aborted) return { ok: false, kind: 'aborted', message: `Stopped reading ${url}.` };
    return { ok: false, kind: 'network', message: `Could not reach ${url}: ${String(err)}` };
  }
  if (response.status === 401 || response.status === 403)
    return { ok: false, kind: 'auth', message: `${url} refused the request (HTTP ${response.status}).` };
  if (!response.ok) return { ok: false, kind: 'http', message: `${url} answered HTTP ${response.status}.` };
  try {
    return { ok: true, value: await response.json() };
  } catch {
    return { ok: false, kind: 'shape', message: `${url} did not answer JSON.` };
  }
}

/**
 * One API call per conversation, not per reply: the answer holds every message. A reply missing
 * from a cached answer that is older than `refetchAfterMs` finished after the fetch, so the
 * conversation is fetched again; a miss on a fresh answer is a message the API has no text for
 * (an image, a tool call), and refetching for each of those at page load would be a request storm.
 * `invalidate` is for the caller to use when it knows a new turn finished. Failures are not cached.
 * `maxAgeMs` is for sites whose message ids are positions (Claude): a regenerated reply keeps its id,
 * so a cached text for it may be stale and an answer older than that is not trusted even on a hit.
 */
export class ConversationCache {
  readonly #entries = new Map<string, { at: number; result: Promise<ConversationResult> }>();
  readonly #load: (conversationId: string, ctx: FetchContext) => Promise<ConversationResult>;
  readonly #max: number;
  readonly #refetchAfterMs: number;
  readonly #maxAgeMs: number;
  readonly #site: string;

  constructor(
    load: (conversationId: string, ctx: FetchContext) => Promise<ConversationResult>,
    options: { maxConversations?: number; refetchAfterMs?: number; maxAgeMs?: number; site?: string } = {},
  ) {
    this.#load = load;
    this.#max = options.maxConversations ?? 4;
    this.#refetchAfterMs = options.refetchAfterMs ?? 1000;
    this.#maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
    this.#site = options.site ?? 'ChatGPT';
  }

  async text(ctx: FetchContext): Promise<RawTextResult> {
    const entry = this.#get(ctx, false);
    let result = await entry.result;
    if (result.ok && !result.messages.has(ctx.messageId) && Date.now() - entry.at >= this.#refetchAfterMs)
      result = await this.#get(ctx, true).result;
    if (!result.ok) return result;
    const text = result.messages.get(ctx.messageId);
    if (text === undefined)
      return {
        ok: false,
        kind: 'missing',
        message: `${this.#site}'s conversation ${ctx.conversationId} has no finished message ${ctx.messageId}.`,
      };
    return { ok: true, text };
  }

  invalidate(conversationId?: string): void {
    if (conversationId === undefined) this.#entries.clear();
    else this.#entries.delete(conversationId);
  }

  #get(ctx: FetchContext, fresh: boolean): { at: number; result: Promise<ConversationResult> } {
    const id = ctx.conversationId;
    const cached = this.#entries.get(id);
    const age = cached ? Date.now() - cached.at : 0;
    // Several replies missing at once share one refetch.
    if (cached && age < this.#maxAgeMs && (!fresh || age < this.#refetchAfterMs)) return cached;
    const entry = { at: Date.now(), result: this.#load(id, ctx) };
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    while (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    entry.result.then(
      (r) => {
        if (!r.ok && this.#entries.get(id) === entry) this.#entries.delete(id);
      },
      () => {
        if (this.#entries.get(id) === entry) this.#entries.delete(id);
      },
    );
    return entry;
  }
}

export const chatGptCache = new ConversationCache((conversationId, ctx) => {
  const options: { origin: string; signal?: AbortSignal } = { origin: ctx.origin };
  if (ctx.signal) options.signal = ctx.signal;
  return fetchChatGptConversation(conversationId, ctx.fetch, options);
});
