/**
 * claude.ai.
 *
 * Page structure (2026; the corpus page claude-001 is a late-2024 excerpt of code blocks): each
 * message sits in a `div[data-test-render-count]`. An assistant's is
 * `div[data-test-render-count] > div > [div[data-is-streaming] > div.font-claude-response,
 * div (its action bar)]`: since late 2025 the action bar is no longer inside the
 * `[data-is-streaming]` element but the element after it, under the render-count wrapper, as
 * `div[role=group][aria-label="Message actions"]` with `button[data-testid="action-bar-copy"]`
 * first, then `action-bar-retry`, … (user messages have a Copy button too). The markdown is in one
 * or more `div.standard-markdown` (several when tool use or artifacts sit between text). While a
 * reply streams its wrapper says `data-is-streaming="true"` and the composer shows a Stop button.
 * The composer is a ProseMirror (tiptap) `contenteditable`.
 *
 * Message ids: the DOM carries none, so a reply's id is its position, `turn-<n>` (see
 * `positionId`); the API reader maps it to the n-th assistant message of the conversation's current
 * branch, and also answers by the message's `uuid`.
 *
 * API: the organization from the `lastActiveOrg` cookie, else `GET /api/organizations` (the first
 * one that can chat); then `GET /api/organizations/<org>/chat_conversations/<id>?tree=True&
 * rendering_mode=messages&render_all_tools=true` → `{ current_leaf_message_uuid, chat_messages: [{
 * uuid, parent_message_uuid, index, sender: 'human' | 'assistant', content: [{ type: 'text', text } |
 * { type: 'tool_use', name: 'artifacts', input }], text }] }`; a reply's artifacts are appended to its text
 * as `<antArtifact>` tags with their text after it (shared/api/documents.ts). `tree=True` returns every branch (edited prompts, retried replies); the page shows the
 * branch that ends at `current_leaf_message_uuid`.
 *
 * Sources, read 2026-11: corpus claude-001; CodeWebChat (robertpiosik/CodeWebChat)
 * apps/browser/src/content-scripts/send-prompt-content-script/chatbots/claude.ts @584e0bd
 * (2026-08-22) and its history (footer `div[data-is-streaming="false"] + div > div > div` in
 * 2026-02, `div[data-test-render-count] > div > div:nth-child(2)` since), "CWC" below; a claude.ai
 * automation script noting the 2026-05-27 DOM change and the language-free `action-bar-copy` /
 * `action-bar-retry` test ids (code index file 66553405623), "CA-script".
 */
import { type ClaudeMessage, claudeBranch, claudeMessageTexts } from '../../../shared/api/documents';
import { ConversationCache, type ConversationResult, getJson } from './chatgpt';
import { positionId } from './message-id';
import type { SiteAdapter } from './types';
import { pathMatch } from './url-path';

const P = {
  two: 'fixtures/claude-two-replies',
  streaming: 'fixtures/claude-streaming',
  c001: 'corpus/claude-001',
  // March 2026 (one capture): a whole reply with tool rows, two Markdown bodies and an artifact card;
  // its code blocks; the last reply's tail with the composer.
  c401: 'corpus/claude-401',
  c402: 'corpus/claude-402',
  c403: 'corpus/claude-403',
  // Late 2024 (one page): a reply with four old-style cards; the same with the artifact pane open.
  c406: 'corpus/claude-406',
  c407: 'corpus/claude-407',
} as const;

/** The pages of 2024–2026 (issue 42), where a selector finds nothing unless said otherwise. */
const none = { [P.c401]: 0, [P.c402]: 0, [P.c403]: 0, [P.c406]: 0, [P.c407]: 0 };

const TURN = '.font-claude-response, .font-claude-message';
const COPY = 'button[data-testid="action-bar-copy"]';

export const claude: SiteAdapter = {
  id: 'claude',
  hosts: ['claude.ai'],
  matches: ['https://claude.ai/*'],
  selectors: {
    // CA-script and others (`[data-test-render-count] .font-claude-response`); older: -message
    turn: {
      css: TURN,
      expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0, ...none, [P.c401]: 1, [P.c406]: 1, [P.c407]: 1 },
    },
    messageIdAttribute: 'data-message-id',
    // CWC footer_selector: the bar is under the render-count wrapper, beside [data-is-streaming]
    container: {
      css: '[data-test-render-count]',
      expect: { [P.two]: 4, [P.streaming]: 2, [P.c001]: 0, ...none, [P.c401]: 1, [P.c406]: 1, [P.c407]: 1 },
    },
    // our 2025 pages; a Claude/Grok watcher reads `.standard-markdown` too (code index file 23601934321);
    // a 2026 exporter's selectors add `.progressive-markdown` (code index file 59711714988). A reply
    // may have several (claude-401: two, with tool rows and an artifact card between them, all outside).
    // The late-2024 pages have neither: the whole turn is read.
    content: {
      css: '.standard-markdown, .progressive-markdown',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 0, ...none, [P.c401]: 2 },
    },
    // The streaming wrapper (CA-script, others) and the Stop button: either one is enough.
    streaming: {
      css: '[data-is-streaming="true"], button[aria-label="Stop response"]',
      expect: { [P.two]: 0, [P.streaming]: 2, [P.c001]: 0, ...none },
    },
    // CA-script (language-free test ids). User messages have a Copy button too, hence 2 per exchange.
    // The late-2024 bar's buttons have no test ids (" Copy" as text): no done marker there.
    doneMarker: {
      css: COPY,
      expect: { [P.two]: 4, [P.streaming]: 1, [P.c001]: 0, ...none, [P.c401]: 1, [P.c403]: 1 },
    },
    copyButton: {
      css: COPY,
      expect: { [P.two]: 4, [P.streaming]: 1, [P.c001]: 0, ...none, [P.c401]: 1, [P.c403]: 1 },
    },
    // its aria-label in English and Japanese (CA-script, and a multi-site script's `コピー`)
    copyButtonNames: ['Copy', 'コピー'],
    // CWC perform_copy: the footer's `button:first-child` (since 2026-08-10)
    copyButtonIndex: 0,
    // issue 13 (`div[role=group][aria-label="Message actions"]`, English only), or the div around Copy
    actionBar: {
      css: `div[role="group"][aria-label="Message actions"], div:has(> ${COPY})`,
      // 2026: the group and the div around Copy inside it are two elements
      expect: { [P.two]: 4, [P.streaming]: 1, [P.c001]: 0, ...none, [P.c401]: 2, [P.c403]: 2 },
    },
    // corpus claude-001; claude-402 (`pre.code-block__code` in `div[role=group][aria-label="… code"]`)
    codeBlock: {
      css: 'pre',
      expect: { [P.two]: 2, [P.streaming]: 1, [P.c001]: 3, ...none, [P.c402]: 2 },
    },
    // The 2026 artifact card (claude-401, -403): `div[role=button][aria-label="<Title>. Open artifact."]`
    // around `div.artifact-block-cell` (a 2026 exporter's selectors, code index file 59711714988, and a
    // DOM audit of 2026-02, file 22518409204, key on that cell), with a Download button; its text is not
    // on the page. The late-2024 cards (claude-406: `button[aria-label="Preview contents"]`) have none.
    artifactCard: {
      css: 'div[role="button"][aria-label$=". Open artifact."]',
      download: 'button[aria-label="Download"]',
      title: (card) => (card.getAttribute('aria-label') ?? '').replace(/\.\s*Open artifact\.$/, '').trim(),
      expect: { [P.two]: 0, [P.streaming]: 0, [P.c001]: 0, ...none, [P.c401]: 1, [P.c403]: 1 },
    },
    // A reply that hit a limit ends with a Continue button: an auto-continue script for claude.ai finds
    // it as any `button, [role="button"]` whose text starts with "Continue" (code index file
    // 62265381071, with "This response reached its tool use limit."); refined-claude (ezyang) clicks
    // the same "Continue". No saved page shows it.
    cutOffControl: { css: 'button, [role="button"]', name: /^\s*Continue\b/ },
    // CWC enter_message `div[contenteditable=true]`; our 2025 pages (ProseMirror)
    composer: {
      css: 'div.ProseMirror[contenteditable="true"]',
      // claude-403: the 2026 TipTap composer (`div[data-testid=chat-input]`, a ProseMirror)
      expect: { [P.two]: 1, [P.streaming]: 1, [P.c001]: 0, ...none, [P.c403]: 1 },
    },
  },
  messageId: (turn) => positionId(turn, TURN),
  conversationId: claudeConversationId,
  fetchRawText: (ctx) => claudeCache.text(ctx),
};

/** `/chat/<uuid>`; a new chat (`/new`), projects and settings have none. */
export function claudeConversationId(url: string | URL): string | undefined {
  return pathMatch(url, /^\/chat\/([\w-]+)\/?$/);
}

/** The organization named by the `lastActiveOrg` cookie of a `document.cookie` string. */
export function lastActiveOrg(cookie: string): string | undefined {
  const m = /(?:^|;\s*)lastActiveOrg=([^;]+)/.exec(cookie);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/**
 * The assistant messages of one conversation, by position on the current branch (`turn-<n>`) and by
 * uuid. Failures are values, like ChatGPT's reader.
 */
export async function fetchClaudeConversation(
  conversationId: string,
  fetchFn: typeof fetch,
  options: { origin?: string; signal?: AbortSignal; cookie?: string } = {},
): Promise<ConversationResult> {
  const origin = options.origin ?? 'https://claude.ai';
  const init: RequestInit = { credentials: 'include' };
  if (options.signal) init.signal = options.signal;

  let org = options.cookie ? lastActiveOrg(options.cookie) : undefined;
  if (!org) {
    const orgs = await getJson(fetchFn, `${origin}/api/organizations`, init);
    if (!orgs.ok) return orgs;
    const list = Array.isArray(orgs.value)
      ? (orgs.value as Array<{ uuid?: unknown; capabilities?: unknown }>)
      : [];
    const chat =
      list.find((o) => Array.isArray(o?.capabilities) && o.capabilities.includes('chat')) ?? list[0];
    if (typeof chat?.uuid !== 'string')
      return { ok: false, kind: 'auth', message: 'Claude listed no organization (signed out?).' };
    org = chat.uuid;
  }

  const url =
    `${origin}/api/organizations/${encodeURIComponent(org)}/chat_conversations/` +
    `${encodeURIComponent(conversationId)}?tree=True&rendering_mode=messages&render_all_tools=true`;
  const convo = await getJson(fetchFn, url, init);
  if (!convo.ok) return convo;
  const body = convo.value as { chat_messages?: unknown; current_leaf_message_uuid?: unknown } | null;
  if (!Array.isArray(body?.chat_messages))
    return {
      ok: false,
      kind: 'shape',
      message: `Claude's answer for conversation ${conversationId} has no chat_messages.`,
    };

  const messages = new Map<string, string>();
  const branch = claudeBranch(body.chat_messages as ClaudeMessage[], body.current_leaf_message_uuid);
  // Each reply's text with the artifacts it created or changed (their text after it) as tags.
  let n = 0;
  for (const { uuid, text } of claudeMessageTexts(branch)) {
    if (uuid) messages.set(uuid, text);
    messages.set(`turn-${n++}`, text);
  }
  return { ok: true, messages };
}

/**
 * Ids are positions: a retried reply keeps its id, so a cached answer older than a few seconds is
 * not trusted (the tracker reports a retried reply once its new text is stable, well after that).
 */
export const claudeCache = new ConversationCache(
  (conversationId, ctx) => {
    const options: { origin: string; signal?: AbortSignal; cookie?: string } = { origin: ctx.origin };
    if (ctx.signal) options.signal = ctx.signal;
    const cookie = globalThis.document?.cookie;
    if (cookie) options.cookie = cookie;
    return fetchClaudeConversation(conversationId, ctx.fetch, options);
  },
  { site: 'Claude', maxAgeMs: 3000 },
);
