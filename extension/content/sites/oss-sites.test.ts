// @vitest-environment happy-dom
// The open-source chat UIs on their real pages (issue 27): HuggingChat, LibreChat and Open WebUI, each
// rendered from its own components at a named commit into captures/<site>-201 (a finished reply and
// the idle composer) and captures/<site>-201-streaming (the next reply streaming). Served at each
// app's URL shape: huggingface.co/chat/conversation/<id>, and a localhost origin for the self-hosted
// two. Selector counts on these pages are checked by sites.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectAll } from '../../../shared/formats/registry';
import { isApplyButton, mountApplyButton, restoreButtons } from '../button';
import { extractCodeBlock } from '../dom-to-markdown';
import { domText, findCopyButton } from '../raw-text';
import { trackReplies } from '../reply-tracker';
import { adapterHealth } from './health';
import { huggingchat } from './huggingchat';
import { librechat } from './librechat';
import { messageIdOf } from './message-id';
import { openwebui } from './openwebui';
import { adapterFor, adapterForOrigin } from './registry';
import { loadPage, pageHtml, pageJson } from './saved-pages';
import type { SiteAdapter } from './types';

interface Capture {
  url: string;
  replies: Array<{
    messageId: string;
    text: string;
    codeBlocks: Array<{ lang: string; text: string }>;
    ops: Array<{ format: string; kind: string; path: string }>;
  }>;
  userMessages: number;
  streaming?: { messageId: string };
}

/** The user's messages on each app's page (no reader may take them). */
const USER_MESSAGE = {
  huggingchat: '[data-message-type="user"]',
  librechat: '.message-render:has(> .user-turn)',
  openwebui: '.user-message',
} as const;

const SITES = [
  ['huggingchat', huggingchat],
  ['librechat', librechat],
  ['openwebui', openwebui],
] as const;
const PAGES = SITES.flatMap(([id, adapter]) =>
  [`captures/${id}-201`, `captures/${id}-201-streaming`].map((page) => [page, id, adapter] as const),
);

const turnsOf = (doc: Document, adapter: SiteAdapter) =>
  Array.from(doc.querySelectorAll(adapter.selectors.turn.css));
const turnById = (doc: Document, adapter: SiteAdapter, id: string) =>
  turnsOf(doc, adapter).find((t) => messageIdOf(t, adapter) === id)!;
const containerOf = (turn: Element, adapter: SiteAdapter) => turn.closest(adapter.selectors.container.css)!;

/** The adapter with only one way left to find the Copy button. */
function only(adapter: SiteAdapter, way: 'copyButton' | 'copyButtonNames' | 'copyButtonIndex'): SiteAdapter {
  const { copyButton, copyButtonNames, copyButtonIndex, ...rest } = adapter.selectors;
  return { ...adapter, selectors: { ...rest, [way]: { copyButton, copyButtonNames, copyButtonIndex }[way] } };
}

function show(page: string, url: string) {
  (window as unknown as { happyDOM?: { setURL(u: string): void } }).happyDOM?.setURL(url);
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    pageHtml(page),
    'text/html',
  ).documentElement.innerHTML;
}

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.innerHTML = '';
});

describe.each(PAGES)('%s', (page, id, adapter) => {
  const cap = pageJson<Capture>(page);
  const s = adapter.selectors;

  it('is served at the app’s URL, which names the conversation and picks the adapter', () => {
    expect(adapter.conversationId(cap.url)).toMatch(/^[\w-]{20,}$/);
    const origin = new URL(cap.url).origin;
    const picked = id === 'huggingchat' ? adapterFor(cap.url) : adapterFor(cap.url, { [origin]: id });
    expect(picked?.id).toBe(id);
    if (id !== 'huggingchat') expect(adapterForOrigin(origin, id)?.selectors).toBe(s);
    expect(adapterHealth(adapter, loadPage(page), cap.url)).toEqual({ ok: true });
  });

  it('finds every reply, in order, under its message id (the streaming one last)', () => {
    const ids = turnsOf(loadPage(page), adapter).map((t) => messageIdOf(t, adapter));
    expect(ids).toEqual([
      ...cap.replies.map((r) => r.messageId),
      ...(cap.streaming ? [cap.streaming.messageId] : []),
    ]);
  });

  it('rebuilds each finished reply’s text, code blocks and operations from the DOM', () => {
    const doc = loadPage(page);
    for (const reply of cap.replies) {
      const turn = turnById(doc, adapter, reply.messageId);
      const text = domText(turn, adapter);
      expect(text).toBe(reply.text);
      // The CodeMirror reader ends each line with a newline, the others keep the block's own end: the
      // same fence either way.
      const blocks = Array.from(turn.querySelectorAll(s.codeBlock.css), (b) => {
        const block = extractCodeBlock(b);
        return { ...block, text: block.text.replace(/\n$/, '') };
      });
      expect(blocks).toEqual(reply.codeBlocks);
      const ops = detectAll(text).flatMap((set) =>
        set.ops.map((op) => ({
          format: set.source.format,
          kind: op.kind,
          path: 'path' in op ? op.path : '',
        })),
      );
      expect(ops).toEqual(reply.ops);
    }
  });

  it('takes no user message as a reply', () => {
    const doc = loadPage(page);
    const users = Array.from(doc.querySelectorAll(USER_MESSAGE[id]));
    expect(users).toHaveLength(cap.userMessages);
    for (const user of users) {
      expect(user.querySelector(s.turn.css)).toBeNull();
      expect(turnsOf(doc, adapter).some((t) => user.contains(t) || t.contains(user))).toBe(false);
    }
  });

  it('finds the reply’s own Copy button every way, never a code block’s or the user’s', () => {
    const doc = loadPage(page);
    const userCopies = Array.from(doc.querySelectorAll(USER_MESSAGE[id])).flatMap((u) =>
      Array.from(u.querySelectorAll('button')).filter((b) => /copy/i.test(b.outerHTML)),
    );
    if (!page.endsWith('streaming')) expect(userCopies.length, 'the user messages have a Copy').toBe(1);
    for (const reply of cap.replies) {
      const turn = turnById(doc, adapter, reply.messageId);
      const container = containerOf(turn, adapter);
      const found = findCopyButton(container, turn, adapter);
      if (id === 'huggingchat' && page.endsWith('streaming')) {
        // chat-ui: while any reply streams, the earlier ones have no bar, hence no Copy.
        expect(found).toBeNull();
        continue;
      }
      expect(found).not.toBeNull();
      expect(found!.closest(s.actionBar.css)).toBe(container.querySelector(s.actionBar.css));
      expect(turn.querySelector(s.content.css)!.contains(found!)).toBe(false);
      expect(userCopies).not.toContain(found);
      for (const way of ['copyButton', 'copyButtonNames', 'copyButtonIndex'] as const)
        if (s[way] !== undefined)
          expect(findCopyButton(container, turn, only(adapter, way)), way).toBe(found);
    }
  });

  it('shows the done marker on finished replies only, and the streaming signal while one streams', () => {
    const doc = loadPage(page);
    expect(doc.querySelector(s.streaming.css) !== null).toBe(cap.streaming !== undefined);
    for (const reply of cap.replies) {
      const done = containerOf(turnById(doc, adapter, reply.messageId), adapter).querySelector(
        s.doneMarker!.css,
      );
      // chat-ui hides every earlier reply's bar while one streams (see the HuggingChat tests below).
      expect(done !== null).toBe(!(id === 'huggingchat' && cap.streaming));
    }
    if (cap.streaming) {
      const turn = turnById(doc, adapter, cap.streaming.messageId);
      expect(containerOf(turn, adapter).querySelector(s.doneMarker!.css)).toBeNull();
      expect(findCopyButton(containerOf(turn, adapter), turn, adapter)).toBeNull();
    }
  });

  it('finds the composer: one message box, the app’s own', () => {
    const boxes = loadPage(page).querySelectorAll(s.composer!.css);
    expect(boxes).toHaveLength(1);
    expect(
      boxes[0]!.matches('textarea[placeholder="Ask anything"], textarea#prompt-textarea, #chat-input'),
    ).toBe(true);
  });

  it('the tracker reports the finished replies once, and never the streaming one', async () => {
    vi.useFakeTimers();
    show(page, cap.url);
    const controller = new AbortController();
    const ids: string[] = [];
    trackReplies({ adapter, signal: controller.signal, onFinished: (_, mid) => ids.push(mid) });
    // Past the grace for a missing done marker (HuggingChat's earlier reply has none while one streams).
    await vi.advanceTimersByTimeAsync(10_000);
    controller.abort();
    expect(ids).toEqual(cap.replies.map((r) => r.messageId));
  });
});

describe('HuggingChat: the code block’s, the reply’s and the user’s Copy buttons look alike', () => {
  it('all are titled "Copy to clipboard"; the one found is the bar’s, whose text is the tooltip’s "Copied"', () => {
    const doc = loadPage('captures/huggingchat-201');
    const titled = Array.from(doc.querySelectorAll('button[title="Copy to clipboard"]'));
    expect(titled).toHaveLength(3);
    const turn = turnsOf(doc, huggingchat)[0]!;
    const found = findCopyButton(containerOf(turn, huggingchat), turn, huggingchat)!;
    const [code, user] = [
      titled.find((b) => b.closest('.prose')),
      titled.find((b) => b.closest('[data-message-type]')),
    ];
    expect(new Set([code, user, found]).size).toBe(3);
    expect(found.textContent).toBe('Copied');
    expect(code!.textContent).toBe('Copied');
  });

  it('the composer is the message box even while a user message is being edited', () => {
    const doc = loadPage('captures/huggingchat-201');
    // chat-ui ChatMessage.svelte @c100c16: editMode replaces the user message's <p> with this form.
    doc.querySelector('[data-message-type="user"] p')!.outerHTML =
      '<form class="mt-3 flex w-full flex-col"><textarea class="w-full rounded-xl bg-gray-100 px-5 py-3.5 wrap-break-word whitespace-break-spaces text-gray-500 *:h-max focus:outline-hidden dark:bg-gray-800 dark:text-gray-400" rows="5" required=""></textarea><div class="flex w-full flex-row flex-nowrap items-center justify-center gap-2 pt-2"><button type="submit" class="btn rounded-lg px-3 py-1.5 text-sm">Send</button><button type="button" class="btn rounded-xs p-2 text-sm text-gray-400">Cancel</button></div></form>';
    expect(doc.querySelectorAll('form textarea')).toHaveLength(2);
    expect(doc.querySelector(huggingchat.selectors.composer!.css)?.getAttribute('placeholder')).toBe(
      'Ask anything',
    );
  });
});

describe('HuggingChat: earlier replies lose their action bar while another streams', () => {
  const cap = pageJson<Capture>('captures/huggingchat-201');
  const streamingCap = pageJson<Capture>('captures/huggingchat-201-streaming');
  const first = cap.replies[0]!.messageId;
  const second = streamingCap.streaming!.messageId;
  const s = huggingchat.selectors;
  const streamingDoc = loadPage('captures/huggingchat-201-streaming');
  /** A node of the streaming page, ready to go into the live document. */
  const fromStreaming = (css: string) => document.importNode(streamingDoc.querySelector(css)!, true);
  const messageEl = (id: string) => document.querySelector(`[data-message-id="${id}"]`)!;
  const barOf = (id: string) => messageEl(id).querySelector(':scope > div ~ div');
  const buttonsIn = (id: string) => messageEl(id).querySelectorAll('replyapply-button');

  /** The content script's wiring (content-app.ts): a button per reported reply, put back on page changes. */
  function track() {
    const controller = new AbortController();
    const reported: string[] = [];
    trackReplies({
      adapter: huggingchat,
      signal: controller.signal,
      isOwn: isApplyButton,
      onPageChange: () => restoreButtons(huggingchat),
      onFinished: (turn, mid) => {
        reported.push(mid);
        mountApplyButton(turn, huggingchat, { ops: 1, files: 1, errors: 0, onClick: () => undefined });
      },
    });
    return { reported, stop: () => controller.abort() };
  }
  /** chat-ui's composer: the stop button while loading, else the send button. */
  const setLoading = (loading: boolean, sendButton: Element) => {
    const form = document.querySelector('form[tabindex="-1"] > div')!;
    form.querySelector('button.stop-generating-btn, button[name="submit"]')!.remove();
    form.append(loading ? fromStreaming('button.stop-generating-btn') : sendButton);
  };
  /** The bar chat-ui draws again when loading ends: the finished page's, with the message's own Copy. */
  const barFor = () =>
    document.importNode(loadPage('captures/huggingchat-201').querySelector(`${s.actionBar.css}`)!, true);

  it('a reply already shown keeps exactly one Apply button, is not reported again, and gets its bar back', async () => {
    vi.useFakeTimers();
    show('captures/huggingchat-201', cap.url);
    const tracker = track();
    await vi.advanceTimersByTimeAsync(500);
    expect(tracker.reported).toEqual([first]);
    expect(barOf(first)!.querySelectorAll('replyapply-button')).toHaveLength(1);

    // The user asks again: loading starts, the first reply's bar (our button in it) and the user's
    // Edit/Copy go, the next question and the streaming reply arrive.
    const sendButton = document.querySelector('button[name="submit"]')!;
    barOf(first)!.remove();
    for (const b of Array.from(document.querySelectorAll('[data-message-type="user"] button'))) b.remove();
    const list = messageEl(first).parentElement!;
    list.append(document.importNode(streamingDoc.querySelectorAll('[data-message-type="user"]')[1]!, true));
    list.append(fromStreaming(`[data-message-id="${second}"]`));
    setLoading(true, sendButton);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tracker.reported).toEqual([first]);
    expect(buttonsIn(first)).toHaveLength(1);
    expect(buttonsIn(second)).toHaveLength(0);

    // The stream ends: chat-ui draws both bars again (after everything in the message, so after our
    // button), the send button is back.
    messageEl(first).append(barFor());
    messageEl(second).append(barFor());
    setLoading(false, sendButton);
    await vi.advanceTimersByTimeAsync(1000);
    tracker.stop();
    expect(tracker.reported).toEqual([first, second]);
    expect(buttonsIn(first)).toHaveLength(1);
    expect(buttonsIn(second)).toHaveLength(1);
    // The first reply's bar is its bar again: done marker, Copy (by its selector) and bar found.
    const turn = turnById(document, huggingchat, first);
    const container = containerOf(turn, huggingchat);
    expect(container.querySelector(s.doneMarker!.css)).not.toBeNull();
    expect(container.querySelector(s.actionBar.css)).toBe(barOf(first));
    expect(findCopyButton(container, turn, only(huggingchat, 'copyButton'))).toBe(
      barOf(first)!.querySelector('button[title="Copy to clipboard"]'),
    );
    // Our button never goes into the reply's text (its text decides when the reply is finished), and it
    // is back in the bar that came back (restoreButtons moves it there).
    expect(turn.querySelector('replyapply-button')).toBeNull();
    expect(buttonsIn(first)[0]!.parentElement).toBe(barOf(first));
  });

  it('on a page loaded mid-stream, the streaming reply is reported once it has finished, the earlier one once', async () => {
    vi.useFakeTimers();
    show('captures/huggingchat-201-streaming', streamingCap.url);
    const tracker = track();
    await vi.advanceTimersByTimeAsync(10_000);
    // The earlier reply has no bar while the other streams: reported after the tracker's grace.
    expect(tracker.reported).toEqual([first]);

    const sendButton = document.importNode(
      loadPage('captures/huggingchat-201').querySelector('button[name="submit"]')!,
      true,
    );
    messageEl(first).append(barFor());
    messageEl(second).append(barFor());
    setLoading(false, sendButton);
    await vi.advanceTimersByTimeAsync(1000);
    tracker.stop();
    expect(tracker.reported).toEqual([first, second]);
    expect(buttonsIn(first)).toHaveLength(1);
    expect(buttonsIn(second)).toHaveLength(1);
    expect(barOf(second)!.querySelector('replyapply-button')).not.toBeNull();
  });
});

describe('LibreChat 2026-08: the reply’s Copy button lost its title', () => {
  it('its test id finds it, and not the user’s (which has none); its aria-label names it', () => {
    const doc = loadPage('captures/librechat-201');
    const turn = turnsOf(doc, librechat)[0]!;
    const container = containerOf(turn, librechat);
    const byId = findCopyButton(container, turn, only(librechat, 'copyButton'));
    expect(byId?.getAttribute('data-testid')).toBe('copy-response-button');
    expect(byId?.hasAttribute('title')).toBe(false);
    expect(findCopyButton(container, turn, only(librechat, 'copyButtonNames'))).toBe(byId);
    const user = doc.querySelector(USER_MESSAGE.librechat)!;
    expect(user.querySelector('button[aria-label="Copy to clipboard"]')).not.toBeNull();
    expect(user.querySelector(librechat.selectors.copyButton!.css)).toBeNull();
  });
});

describe.each([
  // LibreChat ChatForm.tsx: with steering, typing during a run shows the send button instead of Stop.
  ['captures/librechat-201-streaming', librechat, 'button[data-testid="stop-generation-button"]'],
  // Open WebUI MessageInput.svelte: Stop only while `prompt === ''`; the send button is back once the
  // user types. 0.10 gives the Stop button no aria-label.
  ['captures/openwebui-201-streaming', openwebui, '#message-input-container button:has(path[fill-rule])'],
] as const)('%s after the user typed during the run (no Stop button)', (page, adapter, stopCss) => {
  const cap = pageJson<Capture>(page);

  it('the streaming reply still shows it streams, and is not reported', async () => {
    vi.useFakeTimers();
    show(page, cap.url);
    const stop = document.querySelector(stopCss)!;
    expect(stop.hasAttribute('aria-label')).toBe(adapter === librechat);
    stop.remove();
    expect(document.querySelector(adapter.selectors.streaming.css)).not.toBeNull();
    const controller = new AbortController();
    const ids: string[] = [];
    trackReplies({ adapter, signal: controller.signal, onFinished: (_, mid) => ids.push(mid) });
    await vi.advanceTimersByTimeAsync(10_000);
    controller.abort();
    expect(ids).toEqual(cap.replies.map((r) => r.messageId));
  });
});
