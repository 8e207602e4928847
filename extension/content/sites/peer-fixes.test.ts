// @vitest-environment happy-dom
// Issue 27 for the sites added from the peers: each adapter on the real markup found for it (a capture
// under captures/, or its fixture pages rebuilt after a real source), at the site's real URL.
import { describe, expect, it } from 'vitest';
import { insertIntoComposer } from '../composer';
import { unreadableCodeBlocks } from '../dom-to-markdown';
import { domText, findCopyButton } from '../raw-text';
import { kimi } from './kimi';
import { messageIdOf } from './message-id';
import { qwen } from './qwen';
import { adapterFor } from './registry';
import { loadPage, pageJson } from './saved-pages';
import { t3chat } from './t3chat';
import type { SiteAdapter } from './types';

interface SavedReply {
  messageId: string;
  text?: string;
  markdown?: string;
}
interface SavedPage {
  url: string;
  replies: SavedReply[];
  userMessages?: number;
  streaming?: { messageId: string };
}

/** The turns an adapter finds on a page, with their ids and the DOM rung's text. */
function readPage(adapter: SiteAdapter, page: string) {
  const doc = loadPage(page);
  const turns = Array.from(doc.querySelectorAll(adapter.selectors.turn.css));
  return {
    doc,
    turns,
    replies: turns.map((t) => ({ messageId: messageIdOf(t, adapter), text: domText(t, adapter) })),
  };
}

const containerOf = (turn: Element, adapter: SiteAdapter) => turn.closest(adapter.selectors.container.css)!;
/**
 * The page's turns inside `container`, as a browser's `container.querySelectorAll(turn.css)` finds
 * them (happy-dom matches the whole selector inside the element, so an ancestor in it never matches).
 */
const turnsIn = (container: Element, adapter: SiteAdapter) =>
  Array.from(container.ownerDocument.querySelectorAll(adapter.selectors.turn.css)).filter((t) =>
    container.contains(t),
  );
const isDone = (turn: Element, adapter: SiteAdapter) =>
  containerOf(turn, adapter).querySelector(adapter.selectors.doneMarker!.css) !== null;

describe('kimi on captures/kimi-202 (kimi.com, ~Nov 2025)', () => {
  const page = 'captures/kimi-202';
  const saved = pageJson<SavedPage>(page);

  it('is served by the kimi adapter at its real URL', () => {
    expect(adapterFor(saved.url)).toBe(kimi);
    expect(kimi.conversationId(saved.url)).toBe('19b9669f-a572-8d79-8000-09ef2d189203');
  });

  it('finds each answer once, not the reasoning panel ahead of the second one', () => {
    const { replies } = readPage(kimi, page);
    expect(replies.map((r) => r.messageId)).toEqual(saved.replies.map((r) => r.messageId));
  });

  it('rebuilds each answer’s text from the page, without the reasoning', () => {
    const { replies } = readPage(kimi, page);
    expect(replies.map((r) => r.text)).toEqual(saved.replies.map((r) => r.text));
    for (const r of replies) expect(r.text).not.toContain('The user is asking about identity');
  });

  it('takes no user turn', () => {
    const { doc, turns } = readPage(kimi, page);
    expect(doc.querySelectorAll('.chat-content-item-user')).toHaveLength(saved.userMessages!);
    for (const t of turns) expect(t.closest('.chat-content-item-user')).toBeNull();
  });

  it('sees both replies finished (their action bar) and nothing streaming', () => {
    const { doc, turns } = readPage(kimi, page);
    for (const t of turns) expect(isDone(t, kimi)).toBe(true);
    expect(doc.querySelector(kimi.selectors.streaming.css)).toBeNull();
  });

  it('finds each reply’s own Copy control, an icon-only div, and it covers that reply alone', () => {
    const { turns } = readPage(kimi, page);
    for (const t of turns) {
      const container = containerOf(t, kimi);
      const copy = findCopyButton(container, t, kimi);
      expect(copy?.localName).toBe('div');
      expect(copy?.querySelector(':scope > svg')?.getAttribute('name')).toBe('Copy');
      expect(copy?.closest('.segment-assistant')).toBe(t.closest('.segment-assistant'));
      // The Copy rung refuses a container that holds several turns ("covers several messages"); the
      // reasoning panel counted as a turn made it refuse the second reply.
      expect(turnsIn(container, kimi)).toEqual([t]);
    }
  });

  it('types into the real composer (captures/kimi-202-composer), idle: not streaming', () => {
    const page = loadPage('captures/kimi-202-composer');
    expect(page.querySelector(kimi.selectors.streaming.css)).toBeNull();
    document.body.innerHTML = page.body.innerHTML;
    expect(insertIntoComposer(document, kimi.selectors.composer!.css, 'Answer with a diff.')).toMatchObject({
      ok: true,
    });
    expect(document.querySelector('.chat-input-editor')!.textContent).toContain('Answer with a diff.');
    document.body.innerHTML = '';
  });
});

describe('qwen: the stop button, and a code block counted once', () => {
  it('an idle composer (no send button) is not streaming; a .stop-button is', () => {
    const idle = loadPage('fixtures/qwen-two-replies');
    expect(idle.querySelector('.message-input-container')).not.toBeNull();
    expect(idle.querySelector('.send-button')).toBeNull();
    expect(idle.querySelector(qwen.selectors.streaming.css)).toBeNull();
    const busy = loadPage('fixtures/qwen-streaming');
    expect(busy.querySelector(qwen.selectors.streaming.css)).not.toBeNull();
  });

  it('the finished replies are reported done, with their own Copy control', () => {
    const { turns } = readPage(qwen, 'fixtures/qwen-two-replies');
    expect(turns).toHaveLength(2);
    for (const t of turns) {
      expect(isDone(t, qwen)).toBe(true);
      expect(findCopyButton(containerOf(t, qwen), t, qwen)?.className).toContain('container-copy');
    }
  });

  it('counts pre.qwen-markdown-code once, not again for the editor inside it', () => {
    const { turns } = readPage(qwen, 'fixtures/qwen-two-replies');
    for (const t of turns) expect(t.querySelectorAll(qwen.selectors.codeBlock.css)).toHaveLength(1);
  });

  it('a Monaco block (the 2026 scripts’ markup) is one block, and one the DOM cannot read in full', () => {
    // Built from code index files 54497661915 (pre > header-wrapper > header > div, body > section >
    // div > .monaco-editor > … > .view-lines > .view-line > span > span.mtk1, spaces as &nbsp;) and
    // 68405275417 (.margin-view-overlays, the line numbers): not a capture.
    document.body.innerHTML = `<div class="response-message-content phase-answer"><div class="custom-qwen-markdown"><div class="qwen-markdown qwen-markdown-loose"><pre class="qwen-markdown-code"><div class="qwen-markdown-code-header-wrapper"><div class="qwen-markdown-code-header"><div>ts</div></div></div><div class="qwen-markdown-code-body"><section><div><div class="monaco-editor" data-mode-id="typescript"><div class="margin"><div class="margin-view-overlays"><div>1</div><div>2</div></div></div><div class="monaco-scrollable-element"><div class="lines-content"><div class="view-lines monaco-mouse-cursor-text"><div class="view-line"><span><span class="mtk1">const&nbsp;n&nbsp;=&nbsp;1;</span></span></div><div class="view-line"><span><span class="mtk1">export&nbsp;{&nbsp;n&nbsp;};</span></span></div></div></div></div></div></div></section></div></pre></div></div></div>`;
    const turn = document.querySelector(qwen.selectors.turn.css.split(' ').pop()!)!;
    expect(turn.querySelectorAll(qwen.selectors.codeBlock.css)).toHaveLength(1);
    expect(unreadableCodeBlocks(turn)).toHaveLength(1);
    document.body.innerHTML = '';
  });
});

describe('t3chat: replies are the messages not marked "Your message"', () => {
  const page = 'fixtures/t3chat-two-replies';
  const saved = pageJson<SavedPage & { replies: Array<{ markdown: string }> }>(page);

  it('finds both replies, under their message ids, and never a user message', () => {
    const { doc, turns, replies } = readPage(t3chat, page);
    expect(doc.querySelector('[aria-label="Assistant message"]')).toBeNull();
    expect(replies.map((r) => r.messageId)).toEqual(saved.replies.map((r) => r.messageId));
    for (const t of turns) expect(t.querySelector('[aria-label="Your message"]')).toBeNull();
    expect(replies.map((r) => r.text)).toEqual(saved.replies.map((r) => r.markdown));
  });

  it('each reply has its own Copy button and is done; the streaming one is not', () => {
    const { turns } = readPage(t3chat, page);
    for (const t of turns) {
      expect(findCopyButton(containerOf(t, t3chat), t, t3chat)?.getAttribute('aria-label')).toBe(
        'Copy response to clipboard',
      );
      expect(isDone(t, t3chat)).toBe(true);
    }
    const streaming = readPage(t3chat, 'fixtures/t3chat-streaming');
    expect(streaming.turns).toHaveLength(1);
    expect(isDone(streaming.turns[0]!, t3chat)).toBe(false);
  });
});
