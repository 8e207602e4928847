// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackReplies, watchedAttributes } from './reply-tracker';
import { chatgpt } from './sites/chatgpt';
import { pageHtml } from './sites/saved-pages';

const ACTION_BAR =
  '<div class="flex"><div class="bar"><button data-testid="copy-turn-action-button">c</button></div></div>';

function article(id: string, text: string, done = true): string {
  return `<article data-testid="conversation-turn-${id}"><div><div data-message-author-role="assistant" data-message-id="${id}"><div class="markdown"><p>${text}</p></div></div>${done ? ACTION_BAR : ''}</div></article>`;
}

function setPage(articles: string[], streaming = false) {
  document.body.innerHTML = `<main id="thread">${articles.join('')}</main><form><button data-testid="${streaming ? 'stop-button' : 'send-button'}">s</button></form>`;
}

const turnOf = (id: string) => document.querySelector(`[data-message-id="${id}"]`)!;
const markdownOf = (id: string) => turnOf(id).querySelector('.markdown')!;

function start(extra: Partial<Parameters<typeof trackReplies>[0]> = {}) {
  const controller = new AbortController();
  const finished: Array<[Element, string]> = [];
  trackReplies({
    adapter: chatgpt,
    signal: controller.signal,
    onFinished: (turn, id) => finished.push([turn, id]),
    ...extra,
  });
  return { controller, finished, ids: () => finished.map(([, id]) => id) };
}

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/c/conv-1');
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('trackReplies', () => {
  it('reports a reply streamed in pieces exactly once, after it ends', async () => {
    setPage([article('old', 'earlier answer'), article('new', '', false)], true);
    const t = start();
    await vi.advanceTimersByTimeAsync(600);
    expect(t.ids()).toEqual(['old']);
    // ChatGPT streams by rewriting the text many times a second, for longer than the stable time.
    for (let i = 0; i < 30; i++) {
      markdownOf('new').insertAdjacentHTML('beforeend', `<p>piece ${i}</p>`);
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(t.ids()).toEqual(['old']);
    // Streaming ends: the stop button turns back into the send button, then the action bar appears.
    document.querySelector('[data-testid="stop-button"]')!.setAttribute('data-testid', 'send-button');
    await vi.advanceTimersByTimeAsync(200);
    expect(t.ids()).toEqual(['old']);
    turnOf('new').parentElement!.insertAdjacentHTML('beforeend', ACTION_BAR);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ids()).toEqual(['old', 'new']);
    expect(t.finished[1]![0]).toBe(turnOf('new'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.ids()).toEqual(['old', 'new']);
    t.controller.abort();
  });

  it('waits until the text has been stable for stableMs, even without a streaming signal', async () => {
    setPage([article('a', 'x')]);
    const t = start({ stableMs: 400 });
    for (let i = 0; i < 10; i++) {
      markdownOf('a').append(`more ${i}`);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(t.ids()).toEqual([]);
    // The last change was 300 ms ago; it is noticed within one check (100 ms) and must then hold 400 ms.
    await vi.advanceTimersByTimeAsync(99);
    expect(t.ids()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(t.ids()).toEqual(['a']);
    t.controller.abort();
  });

  it('reports the replies already on the page, once each, in page order', async () => {
    setPage([article('r1', 'one'), article('r2', 'two'), article('r3', 'three')]);
    const t = start();
    await vi.advanceTimersByTimeAsync(399);
    expect(t.ids()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(t.ids()).toEqual(['r1', 'r2', 'r3']);
    // Unrelated page activity (typing in the composer) reports nothing again.
    document.querySelector('form')!.append('typing');
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.ids()).toEqual(['r1', 'r2', 'r3']);
    t.controller.abort();
  });

  it('reports the saved fixture pages: two finished replies; none while streaming', async () => {
    const show = (name: string) => {
      document.documentElement.innerHTML = new DOMParser().parseFromString(
        pageHtml(name),
        'text/html',
      ).documentElement.innerHTML;
    };
    show('fixtures/chatgpt-two-replies');
    const t = start();
    await vi.advanceTimersByTimeAsync(500);
    expect(t.ids()).toEqual(['a1f0c8e2-6d3b-4e59-8c27-5b9e1d4a7f31', 'c94d2b17-8e5a-4f03-a7d6-1e3b9c0f5a63']);
    t.controller.abort();

    show('fixtures/chatgpt-streaming');
    const s = start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.ids()).toEqual([]);
    s.controller.abort();
  });

  it('reports again when a reported reply’s text changes (regenerate), not for mutations that keep it', async () => {
    setPage([article('a', 'first')]);
    const t = start();
    await vi.advanceTimersByTimeAsync(500);
    markdownOf('a').innerHTML = '<p>first</p>'; // re-rendered, same text
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ids()).toEqual(['a']);
    markdownOf('a').innerHTML = '<p>second</p>';
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ids()).toEqual(['a', 'a']);
    t.controller.abort();
  });

  it('counts a reply as finished without its action bar only after markerGraceMs', async () => {
    setPage([article('a', 'text', false)]);
    const t = start({ markerGraceMs: 3000 });
    await vi.advanceTimersByTimeAsync(2900);
    expect(t.ids()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(t.ids()).toEqual(['a']);
    t.controller.abort();
  });

  it('judges each turn by the done marker in its own container, or in its parent on pages without one', async () => {
    setPage([article('a', 'one'), article('b', 'two', false), article('c', 'three')]);
    const t = start({ markerGraceMs: 3000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.ids()).toEqual(['a', 'c']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.ids()).toEqual(['a', 'c', 'b']);
    t.controller.abort();

    const bare = (id: string, done: boolean) =>
      `<div><div data-message-author-role="assistant" data-message-id="${id}"><p>${id}</p></div>${done ? ACTION_BAR : ''}</div>`;
    document.body.innerHTML = `<main>${bare('d', false)}${bare('e', true)}</main>`;
    const u = start({ markerGraceMs: 3000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(u.ids()).toEqual(['e']);
    u.controller.abort();
  });

  it('waits for the message id', async () => {
    setPage([article('a', 'text')]);
    turnOf('a').removeAttribute('data-message-id');
    const t = start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.ids()).toEqual([]);
    document.querySelector('[data-message-author-role]')!.setAttribute('data-message-id', 'late');
    await vi.advanceTimersByTimeAsync(600);
    expect(t.ids()).toEqual(['late']);
    t.controller.abort();
  });

  it('starts over when the page moves to another conversation', async () => {
    setPage([article('a', 'one')]);
    const navigations: Array<string | undefined> = [];
    const t = start({ onNavigate: (id) => navigations.push(id) });
    await vi.advanceTimersByTimeAsync(500);
    history.pushState(null, '', '/c/conv-2');
    document.querySelector('main')!.innerHTML = article('b', 'two');
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigations).toEqual(['conv-2']);
    expect(t.ids()).toEqual(['a', 'b']);
    // Same conversation, other URL details: no reset.
    history.pushState(null, '', '/c/conv-2?model=x');
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigations).toEqual(['conv-2']);
    // Back (popstate) to a conversation whose replies are the same elements: they are reported again.
    history.pushState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigations).toEqual(['conv-2', undefined]);
    expect(t.ids()).toEqual(['a', 'b', 'b']);
    t.controller.abort();
  });

  it('abort stops everything: no observer, no timers, no reports', async () => {
    setPage([article('a', 'one', false)], true);
    const t = start();
    await vi.advanceTimersByTimeAsync(200);
    t.controller.abort();
    expect(vi.getTimerCount()).toBe(0);
    document.querySelector('[data-testid="stop-button"]')!.remove();
    document.querySelector('main')!.insertAdjacentHTML('beforeend', article('b', 'two'));
    history.pushState(null, '', '/c/conv-3');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.ids()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing with an already aborted signal', async () => {
    setPage([article('a', 'one')]);
    const controller = new AbortController();
    controller.abort();
    const onFinished = vi.fn();
    trackReplies({ adapter: chatgpt, signal: controller.signal, onFinished });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onFinished).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('calls onPageChange after changes outside the turns only', async () => {
    setPage([article('a', 'one')]);
    const onPageChange = vi.fn();
    const t = start({ onPageChange });
    await vi.advanceTimersByTimeAsync(1000);
    const initial = onPageChange.mock.calls.length;
    expect(initial).toBeGreaterThanOrEqual(1); // the first scan
    markdownOf('a').append(' more');
    await vi.advanceTimersByTimeAsync(1000);
    expect(onPageChange).toHaveBeenCalledTimes(initial);
    turnOf('a').closest('article')!.querySelector('.bar')!.replaceWith(document.createElement('div'));
    await vi.advanceTimersByTimeAsync(200);
    expect(onPageChange).toHaveBeenCalledTimes(initial + 1);
    t.controller.abort();
  });

  it('takes adding its own UI (isOwn) for no change of the page; removing it is one', async () => {
    setPage([article('a', 'one')]);
    const onPageChange = vi.fn();
    const isOwn = (node: Node) => (node as Element).localName === 'own-ui';
    const t = start({ onPageChange, isOwn });
    await vi.advanceTimersByTimeAsync(1000);
    const initial = onPageChange.mock.calls.length;
    const bar = turnOf('a').closest('article')!.querySelector('.bar')!;
    const own = document.createElement('own-ui');
    bar.append(own);
    own.setAttribute('data-message-id', 'a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(onPageChange).toHaveBeenCalledTimes(initial);
    // Anything else added beside it is a change, and so is the site taking it away.
    bar.append(own.cloneNode(), document.createElement('span'));
    await vi.advanceTimersByTimeAsync(200);
    expect(onPageChange).toHaveBeenCalledTimes(initial + 1);
    own.remove();
    await vi.advanceTimersByTimeAsync(200);
    expect(onPageChange).toHaveBeenCalledTimes(initial + 2);
    t.controller.abort();
  });

  it('keeps going when one onFinished throws', async () => {
    setPage([article('a', 'one'), article('b', 'two')]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    const controller = new AbortController();
    trackReplies({
      adapter: chatgpt,
      signal: controller.signal,
      onFinished: (_, id) => {
        seen.push(id);
        if (id === 'a') throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual(['a', 'b']);
    expect(error).toHaveBeenCalledTimes(1);
    controller.abort();
    error.mockRestore();
  });
});

describe('watchedAttributes', () => {
  it('lists the attributes the ChatGPT selectors test', () => {
    expect(watchedAttributes(chatgpt).sort()).toEqual([
      'data-message-author-role',
      'data-message-id',
      'data-testid',
      // The stop button left disabled after a reply (`:not([disabled])`) must wake the tracker.
      'disabled',
    ]);
  });
});
