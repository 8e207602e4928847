// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DETECT_PART_CHARS } from '../../shared/protocol/bounds';
import type { ContentMessage } from '../../shared/protocol/messages';
import { DetectParts } from '../background/detect-parts';
import { PAGE_DETECT_CHARS, startContent } from './content-app';
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
  return Object.assign(controller, { sent });
}

/** What the content script proposed, in order. */
const proposalsIn = (sent: ContentMessage[]) =>
  sent.flatMap((m) => (m.type === 'propose' ? [m.proposal] : []));

/** A click on a reply's Apply button as a user's: only trusted clicks count (Playwright's are), this one is made so. */
function clickApply(host = document.querySelector('[data-replyapply="apply"]')!) {
  const event = new MouseEvent('click', { bubbles: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  host.shadowRoot!.querySelector('button')!.dispatchEvent(event);
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

describe('startContent: a virtualized list recycles a turn’s element for another message', () => {
  const recycle = (el: Element, id: string, html: string) => {
    el.setAttribute('data-message-id', id);
    el.querySelector('.markdown')!.innerHTML = html;
  };

  it('the button follows the message: gone when the new one changes no file, the new one’s when it does', async () => {
    setPage(2);
    const controller = start(false);
    await vi.waitFor(() => expect(buttons()).toEqual(['r0', 'r1']));
    const second = document.querySelectorAll('[data-message-author-role="assistant"]')[1]!;
    // The site scrolled: the same element now shows an older message with no file operation.
    recycle(second, 'old-7', '<p>Sure, here is an explanation without code.</p>');
    await vi.waitFor(() => expect(buttons()).toEqual(['r0']));
    // And then one with an operation: its own button, with its own id.
    recycle(second, 'old-8', reply(8));
    await vi.waitFor(() => expect(buttons()).toEqual(['r0', 'old-8']));
    controller.abort();
  });

  it('a message shown again with the same text under another id is reported again', async () => {
    setPage(1);
    const controller = start(false);
    await vi.waitFor(() => expect(buttons()).toEqual(['r0']));
    document.querySelector('[data-message-author-role="assistant"]')!.setAttribute('data-message-id', 'r9');
    await vi.waitFor(() => expect(buttons()).toEqual(['r9']));
    controller.abort();
  });

  it('a click on a button whose element now shows another message proposes nothing, and reads that one', async () => {
    setPage(1);
    const controller = start(false);
    const { sent } = controller;
    await vi.waitFor(() => expect(buttons()).toEqual(['r0']));
    const proposals = () => proposalsIn(sent).map((p) => [p.replyId, p.text.slice(0, 30)]);
    const turn = document.querySelector('[data-message-author-role="assistant"]')!;
    // Recycled right before the click, before the tracker saw the new message settle: nothing proposed.
    turn.setAttribute('data-message-id', 'other');
    turn.querySelector('.markdown')!.innerHTML = reply(7);
    clickApply();
    await new Promise((r) => setTimeout(r, 20));
    expect(proposals()).toEqual([]);
    // The message it shows now gets its own button, which proposes it.
    await vi.waitFor(() => expect(buttons()).toEqual(['other']));
    clickApply();
    await vi.waitFor(() => expect(proposals()).toEqual([['other', expect.stringContaining('src/f7.ts')]]));
    controller.abort();
  });

  it('the same message whose place moved (ids that are places) is proposed under its id of now', async () => {
    setPage(1);
    const controller = start(false);
    await vi.waitFor(() => expect(buttons()).toEqual(['r0']));
    document.querySelector('[data-message-author-role="assistant"]')!.setAttribute('data-message-id', 'r5');
    clickApply();
    await vi.waitFor(() => expect(proposalsIn(controller.sent)).toHaveLength(1));
    const proposal = proposalsIn(controller.sent)[0]!;
    expect(proposal.replyId).toBe('r5');
    expect(proposal.text).toContain('src/f0.ts');
    controller.abort();
  });
});

describe('startContent: a code block whose whole text is not on the page', () => {
  it('its operations are withheld with the reason; the button asks for a review', async () => {
    // A Monaco editor (Qwen) draws only the lines in view: the page's text of the block may be cut off.
    document.body.innerHTML = `<main><article data-testid="conversation-turn-m"><div><div data-message-author-role="assistant" data-message-id="m1"><div class="markdown"><p>Here:</p><pre><div class="monaco-editor"><div class="view-lines"><div class="view-line">--- a/src/f.ts</div><div class="view-line">+++ b/src/f.ts</div><div class="view-line">@@ -1,3 +1,3 @@</div><div class="view-line"> a</div><div class="view-line">-b</div><div class="view-line">+B</div><div class="view-line"> c</div></div></div></pre></div></div>${ACTION_BAR}</div></article></main><form><button data-testid="send-button">s</button></form>`;
    const controller = start(false);
    const { sent } = controller;
    await vi.waitFor(() => expect(buttons()).toEqual(['m1']));
    const host = document.querySelector('[data-replyapply="apply"]')!;
    expect(host.getAttribute('data-ops')).toBe('0');
    expect(Number(host.getAttribute('data-errors'))).toBeGreaterThan(0);
    clickApply(host);
    await vi.waitFor(() => expect(proposalsIn(sent).length).toBeGreaterThan(0));
    const proposal = proposalsIn(sent)[0]!;
    expect(proposal.changeSets.flatMap((s) => s.ops)).toEqual([]);
    expect(proposal.changeSets.flatMap((s) => s.diagnostics.map((d) => d.message)).join(' ')).toMatch(
      /Monaco editor.*not used.*Copy button/,
    );
    controller.abort();
  });
});

describe('startContent: a long reply is read off the page’s thread (issue 44)', () => {
  /** A reply of `files` diffs, over PAGE_DETECT_CHARS when the files are many. */
  const longPage = (files: number) => {
    const body = Array.from({ length: files }, (_, i) => reply(i)).join('<p>and</p>');
    document.body.innerHTML = `<main><article data-testid="conversation-turn-l"><div><div data-message-author-role="assistant" data-message-id="l1"><div class="markdown">${body}</div></div>${ACTION_BAR}</div></article></main><form><button data-testid="send-button">s</button></form>`;
  };

  function startWith(send: (m: ContentMessage) => Promise<unknown>) {
    const controller = new AbortController();
    startContent({
      adapter: chatgpt,
      signal: controller.signal,
      send,
      enableCopyCapture: async () => undefined,
      fetch: (async () => new Response('', { status: 404 })) as typeof fetch,
      stableMs: 0,
      lazy: false,
    });
    return controller;
  }

  it('sends a reply over PAGE_DETECT_CHARS to the background, in parts, and shows what it found', async () => {
    longPage(4000);
    const background = new DetectParts();
    const asked: Extract<ContentMessage, { type: 'detect' }>[] = [];
    const all: ContentMessage[] = [];
    const controller = startWith(async (m) => {
      all.push(m);
      if (m.type !== 'detect') return undefined;
      asked.push(m);
      return background.take(m, '1:0', Date.now());
    });
    await vi.waitFor(() => expect(buttons()).toEqual(['l1']), { timeout: 10_000 });
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.every((m) => m.text.length <= DETECT_PART_CHARS && m.parts === asked.length)).toBe(true);
    expect(asked.map((m) => m.text).join('').length).toBeGreaterThan(PAGE_DETECT_CHARS);
    expect(asked[0]!.meta).toMatchObject({ site: 'chatgpt', replyId: 'l1', textSource: 'dom' });
    expect(document.querySelector('[data-replyapply="apply"]')!.getAttribute('data-files')).toBe('4000');
    // The proposal a click sends holds the text the page read, which the background was not sent back.
    clickApply();
    await vi.waitFor(() => expect(proposalsIn(all)).toHaveLength(1));
    const proposal = proposalsIn(all)[0]!;
    expect(proposal.text).toBe(asked.map((m) => m.text).join(''));
    expect(proposal.changeSets.flatMap((c) => c.ops)).toHaveLength(4000);
    controller.abort();
  });

  it('reads a short reply itself, asking the background nothing', async () => {
    longPage(3);
    const kinds: string[] = [];
    const controller = startWith(async (m) => void kinds.push(m.type));
    await vi.waitFor(() => expect(buttons()).toEqual(['l1']));
    expect(kinds).not.toContain('detect');
    controller.abort();
  });

  it('reads a long reply itself when the background does not answer', async () => {
    longPage(1200);
    const controller = startWith(async (m) => {
      if (m.type === 'detect') throw new Error('Extension context invalidated.');
    });
    await vi.waitFor(() => expect(buttons()).toEqual(['l1']));
    expect(document.querySelector('[data-replyapply="apply"]')!.getAttribute('data-files')).toBe('1200');
    controller.abort();
  });
});
