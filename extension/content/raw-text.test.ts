// @vitest-environment happy-dom
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureViaCopyButton,
  domText,
  findCopyButton,
  installClipboardCapture,
  probeCandidates,
  readRawText,
} from './raw-text';
import { chatGptCache, chatgpt } from './sites/chatgpt';
import { deepseek } from './sites/deepseek';
import { pageHtml, pageJson } from './sites/saved-pages';

const page = pageJson<{
  url: string;
  conversationId: string;
  api: unknown;
  replies: Array<{ messageId: string; markdown: string }>;
}>('fixtures/chatgpt-two-replies');

function showFixture() {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    pageHtml('fixtures/chatgpt-two-replies'),
    'text/html',
  ).documentElement.innerHTML;
  return Array.from(document.querySelectorAll(chatgpt.selectors.turn.css));
}

/** The site's Copy button: writes the reply's markdown with the page's clipboard, as ChatGPT does. */
function wireSiteCopyButtons(how: 'writeText' | 'write' = 'writeText') {
  for (const turn of document.querySelectorAll(chatgpt.selectors.turn.css)) {
    const text = page.replies.find((r) => r.messageId === turn.getAttribute('data-message-id'))!.markdown;
    const button = turn
      .closest(chatgpt.selectors.container.css)!
      .querySelector(chatgpt.selectors.copyButton!.css)!;
    button.addEventListener('click', () => {
      if (how === 'writeText') void navigator.clipboard.writeText(text);
      else
        void navigator.clipboard.write([
          new FakeClipboardItem({ 'text/html': '<p>x</p>', 'text/plain': text }) as unknown as ClipboardItem,
        ]);
    });
  }
}

class FakeClipboardItem {
  constructor(private readonly data: Record<string, string>) {}
  get types() {
    return Object.keys(this.data);
  }
  async getType(type: string) {
    return new Blob([this.data[type]!], { type });
  }
}

const realClipboard = { writeText: vi.fn(async (_: string) => {}), write: vi.fn(async (_: unknown) => {}) };

describe('captureViaCopyButton before the MAIN-world half is installed', () => {
  it('refuses without clicking, so the click cannot reach the real clipboard', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: realClipboard, configurable: true });
    const [turn] = showFixture();
    const clicked = vi.fn();
    turn!
      .closest('article')!
      .querySelector('[data-testid="copy-turn-action-button"]')!
      .addEventListener('click', clicked);
    const result = await captureViaCopyButton(turn!, chatgpt);
    expect(result).toMatchObject({ ok: false, kind: 'not-installed' });
    expect(clicked).not.toHaveBeenCalled();
  });
});

describe('copy-button capture with both halves in one window', () => {
  beforeEach(() => {
    realClipboard.writeText.mockClear();
    realClipboard.write.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: realClipboard, configurable: true });
    installClipboardCapture();
    installClipboardCapture(); // idempotent: a second injection must not double the listeners
  });

  it.each(['writeText', 'write'] as const)(
    'captures what the site copies with clipboard.%s, without writing it',
    async (how) => {
      const turns = showFixture();
      wireSiteCopyButtons(how);
      for (const [i, turn] of turns.entries()) {
        expect(await captureViaCopyButton(turn, chatgpt)).toEqual({
          ok: true,
          text: page.replies[i]!.markdown,
        });
      }
      expect(realClipboard.writeText).not.toHaveBeenCalled();
      expect(realClipboard.write).not.toHaveBeenCalled();
    },
  );

  it('restores the real clipboard afterwards: the user’s own copies go through', async () => {
    const [turn] = showFixture();
    wireSiteCopyButtons();
    await captureViaCopyButton(turn!, chatgpt);
    await navigator.clipboard.writeText('mine');
    expect(realClipboard.writeText).toHaveBeenCalledWith('mine');
    expect(Object.hasOwn(navigator.clipboard, 'writeText')).toBe(true); // the fake's own method, not ours
    expect(navigator.clipboard.writeText).toBe(realClipboard.writeText);
  });

  it('times out (1.5 s) when the button writes nothing, and disarms', async () => {
    vi.useFakeTimers();
    try {
      const [turn] = showFixture();
      const pending = captureViaCopyButton(turn!, chatgpt);
      await vi.advanceTimersByTimeAsync(1499);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ ok: false, kind: 'timeout' });
      expect(navigator.clipboard.writeText).toBe(realClipboard.writeText);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops on abort', async () => {
    const [turn] = showFixture();
    const controller = new AbortController();
    const pending = captureViaCopyButton(turn!, chatgpt, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, kind: 'aborted' });
    expect(navigator.clipboard.writeText).toBe(realClipboard.writeText);
  });

  it('skips a turn without a Copy button (still streaming)', async () => {
    const [turn] = showFixture();
    turn!.closest('article')!.querySelector('[data-testid="copy-turn-action-button"]')!.remove();
    expect(await captureViaCopyButton(turn!, chatgpt)).toMatchObject({ ok: false, kind: 'no-button' });
  });

  it('skips a Copy button shared by several assistant messages of one turn', async () => {
    const [turn] = showFixture();
    turn!.parentElement!.append(turn!.cloneNode(true));
    expect(await captureViaCopyButton(turn!, chatgpt)).toMatchObject({ ok: false, kind: 'shared-button' });
  });
});

describe('installClipboardCapture as injected code', () => {
  it('runs from its source text alone, in another window (as executeScript({ func }) injects it)', async () => {
    const page = new Window({ url: 'https://chatgpt.com/c/x' });
    try {
      const real = { writeText: vi.fn(async (_: string) => {}), write: vi.fn(async () => {}) };
      Object.defineProperty(page.navigator, 'clipboard', { value: real, configurable: true });
      // Only the page's own globals are visible: no module scope, no imports.
      const inject = new Function(
        'window',
        'document',
        'navigator',
        'CustomEvent',
        'setTimeout',
        'clearTimeout',
        `(${installClipboardCapture.toString()})();`,
      );
      inject(page, page.document, page.navigator, page.CustomEvent, setTimeout, clearTimeout);
      page.document.body.innerHTML =
        '<article data-testid="conversation-turn-2"><div data-message-author-role="assistant" data-message-id="m1"><div class="markdown"><p>hi</p></div></div><div><button data-testid="copy-turn-action-button">c</button></div></article>';
      const doc = page.document as unknown as Document;
      doc
        .querySelector('button')!
        .addEventListener('click', () => void page.navigator.clipboard.writeText('# hi'));
      const turn = doc.querySelector('[data-message-id="m1"]')!;
      expect(await captureViaCopyButton(turn, chatgpt)).toEqual({ ok: true, text: '# hi' });
      expect(real.writeText).not.toHaveBeenCalled();
    } finally {
      await page.happyDOM.abort();
      page.close();
    }
  });
});

describe('readRawText: the ladder', () => {
  afterEach(() => chatGptCache.invalidate());
  const api = (ok: boolean) =>
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (!ok) return new Response('', { status: 500 });
      if (url.endsWith('/api/auth/session')) return Response.json({ accessToken: 't' });
      return Response.json(page.api);
    }) as unknown as typeof fetch;

  beforeEach(() => {
    realClipboard.writeText.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: realClipboard, configurable: true });
    installClipboardCapture();
  });

  it('1. the API when it answers', async () => {
    const [, turn] = showFixture();
    const got = await readRawText(turn!, chatgpt, { url: page.url, fetch: api(true) });
    expect(got).toEqual({ text: page.replies[1]!.markdown, source: 'api', notes: [] });
  });

  it('2. the Copy button when the API fails', async () => {
    const [turn] = showFixture();
    wireSiteCopyButtons();
    const got = await readRawText(turn!, chatgpt, { url: page.url, fetch: api(false) });
    expect(got.source).toBe('copy-button');
    expect(got.text).toBe(page.replies[0]!.markdown);
    expect(got.notes).toEqual([expect.stringContaining('HTTP 500')]);
    expect(realClipboard.writeText).not.toHaveBeenCalled();
  });

  it('3. the DOM when neither works, with the reasons', async () => {
    const [turn] = showFixture();
    const got = await readRawText(turn!, chatgpt, {
      url: 'https://chatgpt.com/',
      fetch: api(true),
      copyTimeoutMs: 20,
    });
    expect(got.source).toBe('dom');
    expect(got.text).toBe(page.replies[0]!.markdown);
    expect(got.notes).toEqual([
      'This page shows no saved conversation yet.',
      expect.stringContaining('wrote nothing'),
    ]);
  });

  it('1b. not the API’s message at a place the page’s list has moved (a virtualized list dropped older ones)', async () => {
    // Claude's replies have no id in the page: `turn-<n>` is the n-th on the page, which is the n-th of
    // the chat only while the site keeps every message in the page.
    const [, turn] = showFixture();
    const byPlace = (texts: string[]) => ({
      ...chatgpt,
      messageId: (t: Element) =>
        `turn-${[...document.querySelectorAll(chatgpt.selectors.turn.css)].indexOf(t)}`,
      fetchRawText: async ({ messageId }: { messageId: string }) => {
        const text = texts[Number(messageId.slice(5))];
        return text === undefined
          ? { ok: false as const, kind: 'missing' as const, message: `no ${messageId}` }
          : { ok: true as const, text };
      },
    });
    const older =
      'Sure. Here is how the config loader works:\n\n```ts\nexport function load(path: string) {\n  return JSON.parse(read(path));\n}\n```\n\nIt throws when the file is missing.';
    const shifted = await readRawText(turn!, byPlace([page.replies[0]!.markdown, older]), {
      url: page.url,
      fetch: api(true),
      useCopyButton: false,
    });
    expect(shifted.source).toBe('dom');
    expect(shifted.text).toBe(page.replies[1]!.markdown);
    expect(shifted.notes).toEqual([expect.stringContaining('is not the one on the page')]);
    // The page dropped the chat's first two replies: the second on the page is the API's fourth, the one
    // later reply whose text holds the page's.
    const r = (i: number) => page.replies[i]!.markdown;
    const later = await readRawText(turn!, byPlace([older, `${older} again`, r(0), `${r(1)}\n`]), {
      url: page.url,
      fetch: api(true),
      useCopyButton: false,
    });
    expect(later).toEqual({ text: `${r(1)}\n`, source: 'api', notes: [] });
    // Two later replies hold it: which one cannot be told, so not the API.
    const twice = await readRawText(turn!, byPlace([older, older, r(1), r(1)]), {
      url: page.url,
      fetch: api(true),
      useCopyButton: false,
    });
    expect(twice.source).toBe('dom');
    expect(twice.notes).toEqual([expect.stringContaining('2 later replies')]);
    // The same reply, with more than the page shows (Claude appends its artifacts): the API's.
    const right = await readRawText(
      turn!,
      byPlace(['', `${page.replies[1]!.markdown}\n\n<antArtifact>x</antArtifact>`]),
      {
        url: page.url,
        fetch: api(true),
        useCopyButton: false,
      },
    );
    expect(right.source).toBe('api');
  });

  it('domText falls back to the whole turn when it has no markdown region', () => {
    const div = document.createElement('div');
    div.innerHTML = '<p>just <em>text</em></p>';
    expect(domText(div, chatgpt)).toBe('just *text*');
  });
});

describe('findCopyButton: the ladder of ways to find the reply’s Copy button (issue 12)', () => {
  const turnHtml = (bar: string) =>
    `<div data-testid="conversation-turn-2"><div data-message-author-role="assistant" data-message-id="m1"><div class="markdown"><pre><button>Copy code</button><code>x</code></pre></div></div><div class="bar">${bar}</div></div>`;
  const find = (bar: string) => {
    document.body.innerHTML = turnHtml(bar);
    const turn = document.querySelector(chatgpt.selectors.turn.css)!;
    const container = turn.closest(chatgpt.selectors.container.css)!;
    return findCopyButton(container, turn, chatgpt)?.getAttribute('data-which') ?? null;
  };

  it.each([
    ['by its test id', '<button data-which="id" data-testid="copy-turn-action-button"></button>', 'id'],
    [
      'by its accessible name when the test id is gone',
      '<button data-which="a">x</button><button data-which="b" aria-label="Copy"></button>',
      'b',
    ],
    ['by its title', '<button data-which="t" title="Copy to clipboard"></button>', 't'],
    [
      'by its place when it has no name (first in the bar)',
      '<button data-which="first"><svg></svg></button><button aria-label="Good response"></button>',
      'first',
    ],
  ])('finds it %s', (_how, bar, which) => {
    expect(find(bar)).toBe(which);
  });

  it.each([
    ['a code block’s "Copy code" button, inside the reply', '<button aria-label="Share"></button>'],
    [
      'a first button named for something else (it would act on the chat)',
      '<button aria-label="Good response"></button><button aria-label="Read aloud"></button>',
    ],
    ['a button whose name mentions code', '<button aria-label="Copy code"></button>'],
  ])('never takes %s', (_what, bar) => {
    expect(find(bar)).toBeNull();
  });
});

describe('an icon-only Copy control found by what it does (issue 27)', () => {
  // The real DeepSeek markup (corpus deepseek-101, Sept 2026): the bar's controls are div[role=button]
  // with no name; only "Read aloud" has one.
  function showDeepseek() {
    document.documentElement.innerHTML = new DOMParser().parseFromString(
      pageHtml('corpus/deepseek-101'),
      'text/html',
    ).documentElement.innerHTML;
    const turn = document.querySelector(deepseek.selectors.turn.css)!;
    const container = turn.closest(deepseek.selectors.container.css)!;
    const bar = container.querySelector(deepseek.selectors.actionBar.css)!;
    return { turn, container, bar };
  }
  /** The adapter as it would be the day DeepSeek renames the hooks its Copy selector reads. */
  const broken = {
    ...deepseek,
    selectors: { ...deepseek.selectors, copyButton: undefined, copyButtonIndex: undefined },
  } as unknown as typeof deepseek;
  const memory = (start?: number | null) => {
    const store = new Map<string, number | null>();
    if (start !== undefined) store.set('deepseek', start);
    return {
      store,
      get: vi.fn(async (site: string) => (store.has(site) ? store.get(site) : undefined)),
      set: vi.fn(async (site: string, at: number | null) => void store.set(site, at)),
    };
  };

  beforeEach(() => {
    realClipboard.writeText.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: realClipboard, configurable: true });
    installClipboardCapture();
  });

  it('the adapter finds DeepSeek’s Copy on its real markup: the bar’s first control', () => {
    const { turn, container, bar } = showDeepseek();
    const copy = findCopyButton(container, turn, deepseek);
    expect(copy).toBe(bar.querySelector('div[role="button"]'));
    expect(copy!.getAttribute('aria-label')).toBeNull();
  });

  it('with its hooks gone, the first unnamed control of the bar is tried once, and remembered when it copies', async () => {
    const { turn, bar } = showDeepseek();
    const controls = [...bar.querySelectorAll<HTMLElement>('[role="button"]')];
    const clicks = controls.map((c) => {
      const spy = vi.fn();
      c.addEventListener('click', spy);
      return spy;
    });
    controls[0]!.addEventListener('click', () => void navigator.clipboard.writeText('the reply'));
    const mem = memory();
    expect(await captureViaCopyButton(turn, broken, undefined, 200, mem)).toEqual({
      ok: true,
      text: 'the reply',
    });
    expect(mem.store.get('deepseek')).toBe(0);
    expect(clicks.map((c) => c.mock.calls.length)).toEqual(controls.map((_, i) => (i === 0 ? 1 : 0)));
    // Next time: the remembered control, no new probe.
    expect(await captureViaCopyButton(turn, broken, undefined, 200, mem)).toEqual({
      ok: true,
      text: 'the reply',
    });
    expect(mem.set).toHaveBeenCalledTimes(1);
    expect(realClipboard.writeText).not.toHaveBeenCalled();
    // Never a control with another name ("Read aloud").
    expect(
      probeCandidates(turn.closest(deepseek.selectors.container.css)!, turn, broken).some((b) =>
        b.hasAttribute('aria-label'),
      ),
    ).toBe(false);
  });

  it('a probe that copies nothing is remembered, and nothing is clicked again on that site', async () => {
    const { turn, bar } = showDeepseek();
    const first = bar.querySelector<HTMLElement>('[role="button"]')!;
    const spy = vi.fn();
    first.addEventListener('click', spy);
    const mem = memory();
    const got = await captureViaCopyButton(turn, broken, undefined, 30, mem);
    expect(got).toMatchObject({ ok: false, kind: 'timeout' });
    expect(mem.store.get('deepseek')).toBeNull();
    expect(await captureViaCopyButton(turn, broken, undefined, 30, mem)).toMatchObject({
      ok: false,
      kind: 'no-button',
    });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('only controls of the reply’s own bar, never named ones, never a menu; copy-like icons first', () => {
    document.body.innerHTML =
      '<div class="box"><div class="md"><p>x</p><pre><button>copy code</button></pre></div>' +
      '<div class="bar"><button aria-label="Regenerate"></button><button aria-haspopup="menu"></button>' +
      '<button id="plain"><svg></svg></button><div role="button" id="icon"><svg name="Copy"></svg></div></div></div>' +
      '<button id="outside"></button>';
    const adapter = {
      ...deepseek,
      selectors: {
        ...deepseek.selectors,
        container: { css: '.box', expect: {} },
        content: { css: '.md', expect: {} },
        actionBar: { css: '.bar', expect: {} },
      },
    };
    const box = document.querySelector('.box')!;
    expect(probeCandidates(box, box.querySelector('.md')!, adapter).map((b) => b.id)).toEqual([
      'icon',
      'plain',
    ]);
  });
});
