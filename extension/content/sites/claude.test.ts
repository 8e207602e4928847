// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRawText } from '../raw-text';
import { trackReplies } from '../reply-tracker';
import { claude, claudeCache, fetchClaudeConversation, lastActiveOrg } from './claude';
import { fetchOpenWebUiChat, openWebUiCache, openwebui } from './openwebui';
import { loadPage, pageHtml, pageJson } from './saved-pages';

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;
function fakeFetch(route: Route) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    route(String(input), init),
  ) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
}
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const ORG = '2b7e4d19-0c8a-4f35-9e61-d3a0b5c7f248';
const saved = pageJson<{
  url: string;
  conversationId: string;
  replies: Array<{ messageId: string; markdown: string }>;
}>('fixtures/claude-two-replies');
const CONV = saved.conversationId;
const ROOT = '00000000-0000-4000-8000-000000000000';

const msg = (uuid: string, parent: string, index: number, sender: string, content: unknown, text = '') => ({
  uuid,
  parent_message_uuid: parent,
  index,
  sender,
  content,
  text,
});
const textContent = (text: string) => [{ type: 'text', text }];

/** The saved page's conversation as Claude's API gives it, with a retried first reply on another branch. */
const conversation = {
  uuid: CONV,
  name: 'Fix parseArgs',
  current_leaf_message_uuid: 'a2',
  chat_messages: [
    msg('h1', ROOT, 0, 'human', textContent('parseArgs drops the first real argument. Fix it as a diff.')),
    msg('a1-old', 'h1', 1, 'assistant', textContent('An earlier attempt, replaced by Retry.')),
    msg('a1', 'h1', 1, 'assistant', textContent(saved.replies[0]!.markdown)),
    msg('h2', 'a1', 2, 'human', textContent('How do I check it?')),
    msg('a2', 'h2', 3, 'assistant', textContent(saved.replies[1]!.markdown)),
  ],
};

function claudeServer(
  body: unknown = conversation,
  orgs: unknown = [{ uuid: ORG, capabilities: ['chat'] }],
): Route {
  return (url) => {
    if (url === 'https://claude.ai/api/organizations') return json(orgs);
    if (
      url ===
      `https://claude.ai/api/organizations/${ORG}/chat_conversations/${CONV}?tree=True&rendering_mode=messages&render_all_tools=true`
    )
      return json(body);
    return json({ error: 'not found' }, 404);
  };
}

describe('fetchClaudeConversation', () => {
  it('reads the assistant messages of the current branch, by position and by uuid', async () => {
    const fetchFn = fakeFetch(claudeServer());
    const result = await fetchClaudeConversation(CONV, fetchFn);
    expect(result).toEqual({
      ok: true,
      messages: new Map([
        ['a1', saved.replies[0]!.markdown],
        ['turn-0', saved.replies[0]!.markdown],
        ['a2', saved.replies[1]!.markdown],
        ['turn-1', saved.replies[1]!.markdown],
      ]),
    });
    expect(fetchFn.mock.calls.map((c) => String(c[0]))).toEqual([
      'https://claude.ai/api/organizations',
      expect.stringContaining(`/chat_conversations/${CONV}?tree=True`),
    ]);
    expect(fetchFn.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('takes the organization from the lastActiveOrg cookie, without listing organizations', async () => {
    const fetchFn = fakeFetch(claudeServer());
    const result = await fetchClaudeConversation(CONV, fetchFn, { cookie: `a=1; lastActiveOrg=${ORG}; b=2` });
    expect(result.ok).toBe(true);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('prefers an organization that can chat over the first one', async () => {
    const orgs = [
      { uuid: 'api-org', capabilities: ['api'] },
      { uuid: ORG, capabilities: ['chat', 'claude_pro'] },
    ];
    expect((await fetchClaudeConversation(CONV, fakeFetch(claudeServer(conversation, orgs)))).ok).toBe(true);
  });

  it('joins a message’s text blocks and skips its tool calls; falls back to `text`; index order without a leaf', async () => {
    const body = {
      chat_messages: [
        msg('a2', 'h2', 3, 'assistant', [], 'old-style text'),
        msg('h1', ROOT, 0, 'human', textContent('q')),
        msg('a1', 'h1', 1, 'assistant', [
          { type: 'text', text: 'Before the tool.' },
          { type: 'tool_use', name: 'web_search', input: {} },
          { type: 'tool_result', content: [{ type: 'text', text: 'result' }] },
          { type: 'text', text: 'After it.' },
        ]),
        msg('h2', 'a1', 2, 'human', textContent('q2')),
      ],
    };
    const result = await fetchClaudeConversation(CONV, fakeFetch(claudeServer(body)));
    expect(result.ok && [...result.messages]).toEqual([
      ['a1', 'Before the tool.\n\nAfter it.'],
      ['turn-0', 'Before the tool.\n\nAfter it.'],
      ['a2', 'old-style text'],
      ['turn-1', 'old-style text'],
    ]);
  });

  it.each([
    ['signed out (no organization)', claudeServer(conversation, []), 'auth'],
    ['refused', () => json({ error: 'permission' }, 403), 'auth'],
    [
      'server error',
      (u: string) => (u.endsWith('/organizations') ? json([{ uuid: ORG }]) : json({}, 500)),
      'http',
    ],
    [
      'not JSON',
      (u: string) => (u.endsWith('/organizations') ? json([{ uuid: ORG }]) : new Response('<html>')),
      'shape',
    ],
    ['no chat_messages', claudeServer({ detail: 'x' }), 'shape'],
    ['network down', () => Promise.reject(new TypeError('Failed to fetch')), 'network'],
  ] as Array<[string, Route, string]>)('%s → a failure value', async (_, route, kind) => {
    const result = await fetchClaudeConversation(CONV, fakeFetch(route));
    expect(result).toMatchObject({ ok: false, kind });
  });

  it('reads the lastActiveOrg cookie', () => {
    expect(lastActiveOrg(`lastActiveOrg=${ORG}`)).toBe(ORG);
    expect(lastActiveOrg('xlastActiveOrg=nope; other=1')).toBeUndefined();
  });
});

describe('claude raw text ladder', () => {
  afterEach(() => {
    claudeCache.invalidate();
    vi.useRealTimers();
  });

  it('reads each reply of the saved page from the API with one call, by position', async () => {
    const fetchFn = fakeFetch(claudeServer());
    const turns = Array.from(
      loadPage('fixtures/claude-two-replies').querySelectorAll(claude.selectors.turn.css),
    );
    const texts = [];
    for (const turn of turns)
      texts.push(await readRawText(turn, claude, { url: saved.url, fetch: fetchFn, useCopyButton: false }));
    expect(texts.map((t) => [t.source, t.text])).toEqual(saved.replies.map((r) => ['api', r.markdown]));
    expect(fetchFn).toHaveBeenCalledTimes(2); // organizations + conversation, once
  });

  it('does not trust an old answer for a position (a retried reply keeps its id)', async () => {
    vi.useFakeTimers();
    let answer = 'first version';
    const server = (url: string) =>
      url.endsWith('/organizations')
        ? json([{ uuid: ORG }])
        : json({ chat_messages: [msg('a1', ROOT, 1, 'assistant', textContent(answer))] });
    const fetchFn = fakeFetch(server);
    const ctx = { conversationId: CONV, messageId: 'turn-0', origin: 'https://claude.ai', fetch: fetchFn };
    expect(await claude.fetchRawText!(ctx)).toEqual({ ok: true, text: 'first version' });
    answer = 'retried version';
    expect(await claude.fetchRawText!(ctx)).toEqual({ ok: true, text: 'first version' });
    vi.advanceTimersByTime(5000);
    expect(await claude.fetchRawText!(ctx)).toEqual({ ok: true, text: 'retried version' });
  });
});

describe('Open WebUI API reader', () => {
  afterEach(() => openWebUiCache.invalidate());
  const chat = {
    id: 'c1',
    chat: {
      history: {
        currentId: 'a2',
        messages: {
          u1: { id: 'u1', role: 'user', content: 'q' },
          a1: { id: 'a1', role: 'assistant', content: 'first reply', done: true },
          a2: { id: 'a2', role: 'assistant', content: 'half', done: false },
          a0: { id: 'a0', role: 'assistant', content: 'older, no flag' },
        },
      },
    },
  };

  it('reads finished assistant messages by id, at the page’s origin, with the stored token', async () => {
    const fetchFn = fakeFetch((url, init) =>
      url === 'http://localhost:3000/api/v1/chats/c1' &&
      new Headers(init?.headers).get('authorization') === 'Bearer tok'
        ? json(chat)
        : json({ detail: 'Not authenticated' }, 401),
    );
    const result = await fetchOpenWebUiChat('c1', fetchFn, { origin: 'http://localhost:3000', token: 'tok' });
    expect(result).toEqual({
      ok: true,
      messages: new Map([
        ['a1', 'first reply'],
        ['a0', 'older, no flag'],
      ]),
    });
    expect(await fetchOpenWebUiChat('c1', fetchFn, { origin: 'http://localhost:3000' })).toMatchObject({
      ok: false,
      kind: 'auth',
    });
    expect(
      await fetchOpenWebUiChat(
        'c1',
        fakeFetch(() => json({ id: 'c1' })),
        { origin: 'http://x.test' },
      ),
    ).toMatchObject({ ok: false, kind: 'shape' });
  });

  it('answers the ladder with the token Open WebUI keeps in localStorage', async () => {
    localStorage.setItem('token', 'tok');
    try {
      const fetchFn = fakeFetch((_, init) =>
        new Headers(init?.headers).get('authorization') === 'Bearer tok' ? json(chat) : json({}, 401),
      );
      const ctx = { conversationId: 'c1', messageId: 'a1', origin: 'http://localhost:3000', fetch: fetchFn };
      expect(await openwebui.fetchRawText!(ctx)).toEqual({ ok: true, text: 'first reply' });
      expect(await openwebui.fetchRawText!({ ...ctx, messageId: 'a2' })).toMatchObject({
        ok: false,
        kind: 'missing',
        message: expect.stringContaining("Open WebUI's conversation c1"),
      });
    } finally {
      localStorage.removeItem('token');
    }
  });
});

describe('claude: a new reply before it says it streams', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  // For its first ~170 ms a new reply carries no `data-is-streaming` (issue 27) and the composer may
  // not show its Stop button yet: nothing says it streams. What keeps it from being reported is the
  // done marker: the reply has no action bar (`action-bar-copy`) until it is complete.
  it('is not reported while it has no action bar, and is reported once it has one', async () => {
    vi.useFakeTimers();
    history.replaceState(null, '', new URL(saved.url).pathname);
    document.body.innerHTML = pageHtml('fixtures/claude-two-replies');
    const last = Array.from(document.querySelectorAll('[data-test-render-count]')).at(-1)!;
    last.insertAdjacentHTML(
      'afterend',
      '<div data-test-render-count="1"><div><div class="group relative pb-3"><div class="font-claude-response"><div><div class="standard-markdown"><p>Sure, here</p></div></div></div></div></div></div>',
    );
    const reply = document.querySelectorAll(claude.selectors.turn.css)[2]!;
    expect(document.querySelector(claude.selectors.streaming.css)).toBeNull();

    const controller = new AbortController();
    const ids: string[] = [];
    trackReplies({ adapter: claude, signal: controller.signal, onFinished: (_, id) => ids.push(id) });
    await vi.advanceTimersByTimeAsync(1000); // well past the tracker's 400 ms of stable text
    expect(ids).toEqual(['turn-0', 'turn-1']);

    // Then it streams, ends, and its action bar appears.
    const wrapper = reply.parentElement!;
    wrapper.setAttribute('data-is-streaming', 'true');
    reply.querySelector('.standard-markdown')!.insertAdjacentHTML('beforeend', '<p>is the fix.</p>');
    await vi.advanceTimersByTimeAsync(1000);
    expect(ids).toEqual(['turn-0', 'turn-1']);
    wrapper.setAttribute('data-is-streaming', 'false');
    wrapper.insertAdjacentHTML(
      'afterend',
      '<div role="group" aria-label="Message actions"><button type="button" data-testid="action-bar-copy" aria-label="Copy"></button></div>',
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(ids).toEqual(['turn-0', 'turn-1', 'turn-2']);
  });
});
