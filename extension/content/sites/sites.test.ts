// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationCache, chatGptCache, chatgpt, fetchChatGptConversation } from './chatgpt';
import { ADAPTERS, adapterFor } from './registry';
import { listPages, loadPage, pageJson, pendingOn } from './saved-pages';
import type { FetchContext, SelectorSpec, SiteAdapter } from './types';

function specsOf(adapter: SiteAdapter): Array<[string, SelectorSpec]> {
  return Object.entries(adapter.selectors).filter(
    (e): e is [string, SelectorSpec] =>
      typeof e[1] === 'object' && !Array.isArray(e[1]) && e[1] !== null && 'expect' in e[1],
  );
}

describe.each(ADAPTERS.map((a) => [a.id, a] as const))('%s selectors on the saved pages', (_, adapter) => {
  const cases = specsOf(adapter).flatMap(([name, spec]) =>
    Object.entries(spec.expect).map(([page, count]) => [name, page, count, spec.css] as const),
  );
  it.each(cases)('%s matches %s %i times', (_name, page, count, css) => {
    expect(loadPage(page).querySelectorAll(css).length).toBe(count);
  });

  const pages = [
    ...listPages('corpus', `${adapter.id}-`),
    ...listPages('fixtures', `${adapter.id}-`),
    ...listPages('captures', `${adapter.id}-`),
  ];
  it(`has saved ${adapter.id} pages`, () => expect(pages.length).toBeGreaterThan(0));
  const checked = (page: string) => () => {
    for (const [name, spec] of specsOf(adapter))
      expect(spec.expect, `${name} on ${page}`).toHaveProperty([page]);
  };
  for (const page of pages) {
    const pending = pendingOn('selector counts', page);
    if (pending) it.fails(`${page} is checked by every selector (${pending})`, checked(page));
    else it(`${page} is checked by every selector`, checked(page));
  }
});

describe('chatgpt page structure on our fixtures', () => {
  it('puts the Copy button and the action bar inside the finished turn’s container', () => {
    const doc = loadPage('fixtures/chatgpt-two-replies');
    const { selectors: s } = chatgpt;
    const turns = Array.from(doc.querySelectorAll(s.turn.css));
    expect(turns.map((t) => t.getAttribute(s.messageIdAttribute))).toEqual(
      pageJson<{ replies: Array<{ messageId: string }> }>('fixtures/chatgpt-two-replies').replies.map(
        (r) => r.messageId,
      ),
    );
    for (const turn of turns) {
      const container = turn.closest(s.container.css)!;
      expect(container.querySelectorAll(s.copyButton!.css)).toHaveLength(1);
      expect(
        container.querySelector(s.actionBar.css)!.contains(container.querySelector(s.copyButton!.css)),
      ).toBe(true);
      expect(turn.contains(container.querySelector(s.actionBar.css))).toBe(false);
    }
  });

  it('the streaming page has no action bar in the assistant’s container', () => {
    const doc = loadPage('fixtures/chatgpt-streaming');
    const turn = doc.querySelector(chatgpt.selectors.turn.css)!;
    expect(
      turn.closest(chatgpt.selectors.container.css)!.querySelector(chatgpt.selectors.doneMarker!.css),
    ).toBeNull();
  });
});

describe('chatgpt conversation ids', () => {
  it.each([
    ['https://chatgpt.com/c/68f1c2a4-5b6e-8004-9a3c-2f1d7e0b9a11', '68f1c2a4-5b6e-8004-9a3c-2f1d7e0b9a11'],
    ['https://chatgpt.com/c/abc-123/', 'abc-123'],
    ['https://chatgpt.com/c/abc-123?model=gpt-5#x', 'abc-123'],
    ['https://chatgpt.com/g/g-p-67ab-my-gpt/c/abc-123', 'abc-123'],
    ['https://chat.openai.com/c/abc-123', 'abc-123'],
    ['https://chatgpt.com/', undefined],
    ['https://chatgpt.com/g/g-p-67ab-my-gpt', undefined],
    ['https://chatgpt.com/c/abc/extra', undefined],
    ['https://chatgpt.com/share/abc-123', undefined],
  ])('%s → %s', (url, id) => expect(chatgpt.conversationId(url)).toBe(id));
});

describe('adapterFor', () => {
  it.each([
    ['https://chatgpt.com/c/x', 'chatgpt'],
    ['https://chat.openai.com/', 'chatgpt'],
    ['https://evil-chatgpt.com/c/x', undefined],
    ['https://chatgpt.com.evil.dev/c/x', undefined],
    ['not a url', undefined],
  ])('%s → %s', (url, id) => expect(adapterFor(url)?.id).toBe(id));

  it('every adapter’s match patterns cover its hosts (under its path, for a chat that shares its host)', () => {
    for (const a of ADAPTERS)
      expect([...a.matches].sort()).toEqual(
        a.hosts.map((h) => (a.pathPrefix ? `https://${h}${a.pathPrefix}*` : `https://${h}/*`)).sort(),
      );
  });
});

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;
function fakeFetch(route: Route) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    route(String(input), init),
  ) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
}
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const conv = pageJson<{
  conversationId: string;
  api: unknown;
  replies: Array<{ messageId: string; markdown: string }>;
}>('fixtures/chatgpt-two-replies');

function chatGptServer(conversation: unknown = conv.api): Route {
  return (url, init) => {
    if (url === 'https://chatgpt.com/api/auth/session') return json({ accessToken: 'tok-1', user: {} });
    if (url === `https://chatgpt.com/backend-api/conversation/${conv.conversationId}`) {
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer tok-1' ? json(conversation) : json({ detail: 'no' }, 401);
    }
    return json({}, 404);
  };
}

describe('fetchChatGptConversation', () => {
  it('reads the assistant messages of the saved API answer, by message id', async () => {
    const fetchFn = fakeFetch(chatGptServer());
    const result = await fetchChatGptConversation(conv.conversationId, fetchFn);
    expect(result).toEqual({
      ok: true,
      messages: new Map(conv.replies.map((r) => [r.messageId, r.markdown])),
    });
    expect(fetchFn.mock.calls.map((c) => String(c[0]))).toEqual([
      'https://chatgpt.com/api/auth/session',
      `https://chatgpt.com/backend-api/conversation/${conv.conversationId}`,
    ]);
  });

  it('joins string parts with newlines; skips user, tool, non-text and unfinished messages', async () => {
    const msg = (id: string, role: string, content: unknown, status?: string) => ({
      message: { id, author: { role }, content, ...(status ? { status } : {}) },
    });
    const api = {
      mapping: {
        root: { message: null },
        a: msg('a', 'assistant', { content_type: 'text', parts: ['one', { asset: 'img' }, 'two'] }),
        b: msg('b', 'user', { content_type: 'text', parts: ['question'] }),
        c: msg('c', 'tool', { content_type: 'text', parts: ['tool output'] }),
        d: msg('d', 'assistant', { content_type: 'code', text: 'print(1)' }),
        e: msg('e', 'assistant', { content_type: 'text', parts: ['half'] }, 'in_progress'),
        f: msg('f', 'assistant', { content_type: 'text', parts: ['done'] }, 'finished_successfully'),
      },
    };
    const result = await fetchChatGptConversation(conv.conversationId, fakeFetch(chatGptServer(api)));
    expect(result).toEqual({
      ok: true,
      messages: new Map([
        ['a', 'one\ntwo'],
        ['f', 'done'],
      ]),
    });
  });

  it.each([
    ['signed out', (u: string) => (u.endsWith('/session') ? json({}) : json({})), 'auth'],
    [
      'token refused',
      (u: string) => (u.endsWith('/session') ? json({ accessToken: 't' }) : json({}, 403)),
      'auth',
    ],
    [
      'server error',
      (u: string) => (u.endsWith('/session') ? json({ accessToken: 't' }) : json({}, 500)),
      'http',
    ],
    [
      'not JSON',
      (u: string) => (u.endsWith('/session') ? json({ accessToken: 't' }) : new Response('<html>')),
      'shape',
    ],
    [
      'no mapping',
      (u: string) => (u.endsWith('/session') ? json({ accessToken: 't' }) : json({ detail: 'x' })),
      'shape',
    ],
    ['network down', () => Promise.reject(new TypeError('Failed to fetch')), 'network'],
  ] as Array<[string, Route, string]>)('%s → a failure value', async (_, route, kind) => {
    const result = await fetchChatGptConversation('c1', fakeFetch(route));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.kind).toBe(kind);
  });

  it('uses the page origin for chat.openai.com', async () => {
    const fetchFn = fakeFetch(() => json({}));
    await fetchChatGptConversation('c1', fetchFn, { origin: 'https://chat.openai.com' });
    expect(String(fetchFn.mock.calls[0]![0])).toBe('https://chat.openai.com/api/auth/session');
  });
});

describe('ConversationCache', () => {
  afterEach(() => chatGptCache.invalidate());
  const ctx = (messageId: string, fetchFn: typeof fetch): FetchContext => ({
    conversationId: conv.conversationId,
    messageId,
    origin: 'https://chatgpt.com',
    fetch: fetchFn,
  });

  it('answers every reply of a conversation from one API call', async () => {
    const fetchFn = fakeFetch(chatGptServer());
    for (const r of conv.replies)
      expect(await chatgpt.fetchRawText!(ctx(r.messageId, fetchFn))).toEqual({ ok: true, text: r.markdown });
    expect(fetchFn).toHaveBeenCalledTimes(2); // session + conversation, once
  });

  it('refetches when asked for a reply that finished after the last fetch; one refetch for many misses', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const cache = new ConversationCache(async () => {
        n++;
        return {
          ok: true,
          messages: new Map(
            n === 1
              ? [['a', 'A']]
              : [
                  ['a', 'A'],
                  ['b', 'B'],
                ],
          ),
        };
      });
      const c = (id: string) => ctx(id, fetch);
      expect(await cache.text(c('a'))).toEqual({ ok: true, text: 'A' });
      // Right after the fetch, a miss is a message without text (an image): no request storm.
      expect(await Promise.all([cache.text(c('img1')), cache.text(c('img2'))])).toMatchObject([
        { ok: false, kind: 'missing' },
        { ok: false, kind: 'missing' },
      ]);
      expect(n).toBe(1);
      vi.advanceTimersByTime(5000);
      const [b, img] = await Promise.all([cache.text(c('b')), cache.text(c('img1'))]);
      expect(b).toEqual({ ok: true, text: 'B' });
      expect(img).toMatchObject({ ok: false, kind: 'missing' });
      expect(n).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep failures, and invalidate() forgets a conversation', async () => {
    let n = 0;
    const cache = new ConversationCache(async () =>
      ++n === 1
        ? { ok: false, kind: 'network', message: 'down' }
        : { ok: true, messages: new Map([['a', `A${n}`]]) },
    );
    const c = ctx('a', fetch);
    expect((await cache.text(c)).ok).toBe(false);
    expect(await cache.text(c)).toEqual({ ok: true, text: 'A2' });
    expect(await cache.text(c)).toEqual({ ok: true, text: 'A2' });
    cache.invalidate(conv.conversationId);
    expect(await cache.text(c)).toEqual({ ok: true, text: 'A3' });
  });
});
