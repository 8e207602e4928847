// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeHosts } from '../dom-to-markdown';
import { domText, findCopyButton } from '../raw-text';
import { trackReplies } from '../reply-tracker';
import { chatgpt } from './chatgpt';
import { messageIdOf } from './message-id';
import { pageHtml, pageJson } from './saved-pages';

interface Capture {
  url: string;
  replies: Array<{ messageId: string; text: string }>;
}

const CAPTURE = 'captures/chatgpt-202';
const saved = pageJson<Capture>(CAPTURE);
const s = chatgpt.selectors;

/** The capture in the test's document, at the site's real URL, with `extra` after it (the composer). */
function show(html: string, extra = ''): Document {
  history.replaceState(null, '', new URL(saved.url).pathname);
  document.body.innerHTML = `<main>${html}</main>${extra}`;
  return document;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('ChatGPT on its real page (capture chatgpt-202, Nov 2025)', () => {
  it('is served by the adapter at its URL, and finds the one reply by its message id', () => {
    expect(chatgpt.conversationId(saved.url)).toBeDefined();
    const doc = show(pageHtml(CAPTURE));
    const turns = Array.from(doc.querySelectorAll(s.turn.css));
    expect(turns.map((t) => messageIdOf(t, chatgpt))).toEqual(saved.replies.map((r) => r.messageId));
  });

  it('rebuilds the reply’s text from the DOM without the screen-reader heading "ChatGPT said:"', () => {
    const doc = show(pageHtml(CAPTURE));
    const turn = doc.querySelector(s.turn.css)!;
    expect(doc.querySelector('h6.sr-only')?.textContent).toBe('ChatGPT said:');
    const text = domText(turn, chatgpt);
    expect(text).toBe(saved.replies[0]!.text);
    expect(text).not.toContain('ChatGPT said');
  });

  it('finds the done marker and the Copy button (by its test id) in the turn’s container; no streaming', () => {
    const doc = show(pageHtml(CAPTURE));
    const turn = doc.querySelector(s.turn.css)!;
    const container = turn.closest(s.container.css)!;
    expect(container.localName).toBe('article');
    expect(container.querySelector(s.doneMarker!.css)).not.toBeNull();
    const copy = findCopyButton(container, turn, chatgpt);
    expect(copy?.getAttribute('aria-label')).toBe('Copy');
    expect(copy?.getAttribute('data-testid')).toBe('copy-turn-action-button');
    expect(turn.contains(container.querySelector(s.actionBar.css))).toBe(false);
    expect(doc.querySelector(s.streaming.css)).toBeNull();
  });

  it('2026 turns are <section>s with the same test id: container, done marker and Copy still found', () => {
    const doc = show(pageHtml(CAPTURE).replace('<article ', '<section ').replace('</article>', '</section>'));
    const turn = doc.querySelector(s.turn.css)!;
    const container = turn.closest(s.container.css)!;
    expect(container.localName).toBe('section');
    expect(container.querySelector(s.doneMarker!.css)).not.toBeNull();
    expect(findCopyButton(container, turn, chatgpt)?.getAttribute('data-testid')).toBe(
      'copy-turn-action-button',
    );
  });

  it('a Copy button that lost its test id is found by the name "Copy response"', () => {
    const doc = show(
      pageHtml(CAPTURE).replace(
        'aria-label="Copy" aria-pressed="false" data-testid="copy-turn-action-button"',
        'aria-label="Copy response"',
      ),
    );
    const turn = doc.querySelector(s.turn.css)!;
    expect(findCopyButton(turn.closest(s.container.css)!, turn, chatgpt)?.getAttribute('aria-label')).toBe(
      'Copy response',
    );
  });

  // The composer's stop button of 2026 (code index file 54592269137), and the same button left
  // disabled once the reply has ended (code index file 60955912891).
  const STOP =
    '<form><button type="button" id="composer-submit-button" data-testid="stop-button" aria-label="Stop streaming"';
  it.each([
    ['the stop button while the reply streams', `${STOP}></button></form>`, true],
    ['the stop button left disabled after the reply ended', `${STOP} disabled></button></form>`, false],
  ])('streaming signal: %s', (_, composer, streaming) => {
    const doc = show(pageHtml(CAPTURE), composer);
    expect(doc.querySelector(s.streaming.css) !== null).toBe(streaming);
  });

  it('the tracker reports the finished reply even with a disabled stop button left in the composer', async () => {
    vi.useFakeTimers();
    show(pageHtml(CAPTURE), `${STOP} disabled></button></form>`);
    const controller = new AbortController();
    const ids: string[] = [];
    trackReplies({ adapter: chatgpt, signal: controller.signal, onFinished: (_, id) => ids.push(id) });
    await vi.advanceTimersByTimeAsync(5000);
    controller.abort();
    expect(ids).toEqual([saved.replies[0]!.messageId]);
  });
});

describe('ChatGPT 2026 code blocks', () => {
  // Shortened from an exported conversation (code index file 55447968426): the block's <pre> holds
  // the CodeMirror viewer, whose content is a <pre> of its own.
  const NESTED =
    '<div data-message-author-role="assistant" data-message-id="m1"><div class="markdown prose"><p>Recall is slightly lower</p><pre class="overflow-visible! px-0!"><div class="relative w-full mt-4 mb-1"><div class="relative z-0 flex max-w-full"><div id="code-block-viewer" dir="ltr" class="q9tKkq_viewer cm-editor z-10"><div class="cm-scroller"><pre class="cm-content q9tKkq_readonly m-0"><code><span>recall: -0.017</span><br><span>f1: 0.91</span></code></pre></div></div></div></div></pre></div></div>';

  it('a <pre> nested in the block’s <pre> is one code block for the selector and in the text', () => {
    const doc = show(NESTED);
    const turn = doc.querySelector(s.turn.css)!;
    expect(turn.querySelectorAll(s.codeBlock.css)).toHaveLength(1);
    expect(codeHosts(turn)).toHaveLength(1);
    expect(domText(turn, chatgpt)).toBe('Recall is slightly lower\n\n```\nrecall: -0.017\nf1: 0.91\n```');
  });
});
