// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentMessage } from '../../shared/protocol/messages';
import { startContent } from './content-app';
import { chatgpt } from './sites/chatgpt';

const ACTION_BAR =
  '<div class="flex"><div class="bar"><button data-testid="copy-turn-action-button">c</button></div></div>';
const reply = (i: number) =>
  `<pre><code class="language-diff">--- a/src/f${i}.ts\n+++ b/src/f${i}.ts\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n</code></pre>`;

function setPage(n: number) {
  document.body.innerHTML = `<main>${Array.from(
    { length: n },
    (_, i) =>
      `<article data-testid="conversation-turn-r${i}"><div><div data-message-author-role="assistant" data-message-id="r${i}"><div class="markdown">${reply(i)}</div></div>${ACTION_BAR}</div></article>`,
  ).join('')}</main><form><button data-testid="send-button">s</button></form>`;
}

/** An IntersectionObserver whose "viewport" the test moves by hand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  static visible = new Set<string>();
  targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Report every watched element whose message id is "visible". */
  flush() {
    const entries = [...this.targets].map((target) => ({
      target,
      isIntersecting: FakeObserver.visible.has(target.getAttribute('data-message-id') ?? ''),
    }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as never);
  }
}

const buttons = () =>
  [...document.querySelectorAll('[data-replyapply="apply"]')].map((b) => b.getAttribute('data-message-id'));

function start(lazy?: boolean) {
  const controller = new AbortController();
  const sent: ContentMessage[] = [];
  startContent({
    adapter: chatgpt,
    signal: controller.signal,
    send: async (m) => void sent.push(m),
    enableCopyCapture: async () => undefined,
    // No conversation API here: the text comes from the page.
    fetch: (async () => new Response('', { status: 404 })) as typeof fetch,
    stableMs: 0,
    ...(lazy === undefined ? {} : { lazy }),
  });
  return controller;
}

describe('startContent: replies far from the viewport wait (issue 16)', () => {
  afterEach(() => {
    FakeObserver.all = [];
    FakeObserver.visible.clear();
    vi.unstubAllGlobals();
  });

  it('reads and shows only the replies near the viewport, then the others as they are scrolled to', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    setPage(6);
    const controller = start();
    await vi.waitFor(() => expect(FakeObserver.all[0]?.targets.size).toBe(6));
    FakeObserver.visible = new Set(['r4', 'r5']);
    FakeObserver.all[0]!.flush();
    await vi.waitFor(() => expect(buttons().sort()).toEqual(['r4', 'r5']));
    // Nothing else was read: the others still wait for the viewport.
    expect(FakeObserver.all[0]!.targets.size).toBe(4);
    FakeObserver.visible = new Set(['r0']);
    FakeObserver.all[0]!.flush();
    await vi.waitFor(() => expect(buttons().sort()).toEqual(['r0', 'r4', 'r5']));
    controller.abort();
    expect(FakeObserver.all[0]!.targets.size).toBe(0);
  });

  it('reads every reply at once where the page has no IntersectionObserver, or when asked to', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    setPage(4);
    const controller = start(false);
    await vi.waitFor(() => expect(buttons()).toHaveLength(4));
    expect(FakeObserver.all).toHaveLength(0);
    controller.abort();
  });
});
