// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentMessage } from '../../../shared/protocol/messages';
import { startContent } from '../content-app';
import { ADAPTERS } from '../sites/registry';
import { listPages, pageHtml, pageJson } from '../sites/saved-pages';
import type { SiteAdapter } from '../sites/types';
import { GENERIC_STOP, genericAdapter, REPLY_MARK, TEXT_MARK, watchGenericReplies } from './generic-adapter';

function adapterOf(page: string) {
  const name = page.split('/')[1]!;
  return ADAPTERS.filter((a) => name.startsWith(`${a.id}-`)).sort((a, b) => b.id.length - a.id.length)[0]!;
}

function show(html: string) {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
}

/**
 * The content script on the page shown, reading it with `adapter` (a generic one) as index.ts starts it:
 * the marks kept in step with the page (set at once unless `markNow` is false), and the usual tracker.
 */
function read(adapter: SiteAdapter, markNow = true) {
  const controller = new AbortController();
  const sent: ContentMessage[] = [];
  const mark = watchGenericReplies(document, controller.signal, 0);
  if (markNow) mark();
  startContent({
    adapter,
    signal: controller.signal,
    send: async (m) => void sent.push(m),
    enableCopyCapture: async () => undefined,
    stableMs: 0,
    lazy: false,
  });
  return { controller, sent };
}

/** A saved page with its site's adapter switched off. */
function run(page: string) {
  const site = adapterOf(page);
  show(pageHtml(page));
  return { site, ...read(genericAdapter(site)) };
}

const elsewhere = () => genericAdapter(undefined, 'https://chat.example.org');

const applyButtons = () => [...document.querySelectorAll('[data-replyapply="apply"]')];

interface Saved {
  replies: Array<{ messageId: string; ops: unknown[]; markdown?: string; text?: string }>;
}

describe('the generic reader in the content script, each site’s adapter switched off', () => {
  afterEach(() => {
    document.documentElement.innerHTML = '<head></head><body></body>';
  });

  // The pages with finished replies that change files: one button under each, none anywhere else.
  const pages = [...listPages('fixtures'), ...listPages('captures')].filter(
    (p) =>
      p.includes('two-replies') ||
      (p.startsWith('captures/') && !p.includes('streaming') && !p.includes('composer')),
  );
  it.each(pages)('%s: a button under each reply that changes files, and nowhere else', async (page) => {
    const { site, controller } = run(page);
    const saved = pageJson<Saved>(page);
    const withOps = saved.replies.filter((r) => r.ops.length > 0).length;
    await vi.waitFor(() => expect(applyButtons()).toHaveLength(withOps), { timeout: 3000 });
    // Each sits right after a message box that holds one of the site's assistant turns, and no user message.
    const turns = [...document.querySelectorAll(site.selectors.turn.css)];
    for (const button of applyButtons()) {
      const box = button.previousElementSibling!;
      expect(box.hasAttribute(REPLY_MARK)).toBe(true);
      expect(turns.filter((t) => box.contains(t) || t.contains(box))).toHaveLength(1);
      expect(box.matches(`[${TEXT_MARK}]`) || box.querySelector(`[${TEXT_MARK}]`) !== null).toBe(true);
    }
    // Nothing of the page was moved or removed: only marks were added.
    controller.abort();
  });

  it('the proposal says it was read with the generic reader, under the site’s own id', async () => {
    const { controller, sent } = run('fixtures/claude-two-replies');
    await vi.waitFor(() => expect(applyButtons()).toHaveLength(1));
    // Only trusted clicks count (Playwright's are); this one is made so.
    const event = new MouseEvent('click', { bubbles: true });
    Object.defineProperty(event, 'isTrusted', { value: true });
    applyButtons()[0]!.shadowRoot!.querySelector('button')!.dispatchEvent(event);
    await vi.waitFor(() => expect(sent.some((m) => m.type === 'propose')).toBe(true));
    const proposal = (sent.find((m) => m.type === 'propose') as Extract<ContentMessage, { type: 'propose' }>)
      .proposal;
    expect(proposal).toMatchObject({
      site: 'claude',
      reader: 'generic',
      textSource: 'dom',
      replyId: 'turn-0',
    });
    expect(proposal.changeSets[0]!.ops.map((o) => ('path' in o ? o.path : ''))).toEqual(['src/args.ts']);
    controller.abort();
  });

  it('one user message and one reply: exactly one button', async () => {
    show(
      '<main><div class="thread"><div class="msg"><div class="bubble"><p>Fix parseArgs as a diff, please.</p></div></div>' +
        '<div class="msg"><div class="bubble"><p>Here it is:</p><pre><code>--- a/src/args.ts\n+++ b/src/args.ts\n@@ -1,1 +1,1 @@\n-a\n+b\n</code></pre></div>' +
        '<button aria-label="Copy">c</button></div></div></main><textarea></textarea>',
    );
    const { controller } = read(elsewhere());
    await vi.waitFor(() => expect(applyButtons()).toHaveLength(1));
    expect(applyButtons()[0]!.previousElementSibling!.textContent).toContain('Here it is');
    controller.abort();
  });

  it('a reply streaming in gets its marks as it grows, and its button once the stop button is gone', async () => {
    show(
      '<main><div class="thread"><div class="msg user"><p>Fix it</p></div></div></main><button aria-label="Stop generating">s</button>',
    );
    const { controller } = read(elsewhere(), false);
    const reply = document.createElement('div');
    reply.className = 'msg';
    reply.innerHTML =
      '<div class="md"><p>Here:</p><pre><code>--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n</code></pre></div>';
    document.querySelector('.thread')!.append(reply);
    await vi.waitFor(() => expect(document.querySelector(`[${REPLY_MARK}]`)).not.toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(applyButtons()).toHaveLength(0);
    expect(document.querySelector(GENERIC_STOP)).not.toBeNull();
    document.querySelector('button[aria-label="Stop generating"]')!.remove();
    await vi.waitFor(() => expect(applyButtons()).toHaveLength(1));
    controller.abort();
  });

  it('an element a virtualized list refills with a user’s message loses its mark', async () => {
    show(
      '<main><div class="thread"><div class="msg" id="a"><div class="md"><p>Here:</p><pre><code>x</code></pre></div></div></div></main>',
    );
    const controller = new AbortController();
    const mark = watchGenericReplies(document, controller.signal, 0);
    expect(mark()).toBe(1);
    const box = document.querySelector(`[${REPLY_MARK}]`)!;
    // Streaming more text into it: still the same one reply.
    box.querySelector('.md')!.append(Object.assign(document.createElement('p'), { textContent: 'More.' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(document.querySelectorAll(`[${REPLY_MARK}]`)).toHaveLength(1);
    // The list reuses the element for a user's message (drawn at the end of the line).
    box.innerHTML =
      '<div class="flex justify-end"><div class="md"><p>my question</p><pre><code>y</code></pre></div></div>';
    await vi.waitFor(() => expect(document.querySelectorAll(`[${REPLY_MARK}]`)).toHaveLength(0));
    controller.abort();
  });
});
