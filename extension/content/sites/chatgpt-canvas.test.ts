// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { detectAll } from '../../../shared/formats/registry';
import { domText } from '../raw-text';
import { chatgpt } from './chatgpt';
import { pageHtml, pageJson } from './saved-pages';

/**
 * A ChatGPT reply that opened a canvas (corpus chatgpt-401, late 2024): two assistant messages with the
 * canvas card between them, outside both. The excerpt is the turn element; on the page it sits in the
 * conversation's article, as here.
 */
function canvasTurn() {
  document.body.innerHTML = `<main><article data-testid="conversation-turn-3">${pageHtml('corpus/chatgpt-401')}</article></main>`;
  return Array.from(document.querySelectorAll(chatgpt.selectors.turn.css));
}

describe('ChatGPT: the reply is the whole turn (issue 42)', () => {
  it('the last message reads both messages and the canvas card between them, in page order', () => {
    const [first, last] = canvasTurn();
    expect(domText(first!, chatgpt)).toBe('');
    const text = domText(last!, chatgpt);
    const code = pageJson<{ code_blocks: Array<{ text: string }> }>('corpus/chatgpt-401').code_blocks[0]!
      .text;
    const intro = text.indexOf('Here');
    const fence = text.indexOf('```html\n');
    expect(intro).toBeGreaterThanOrEqual(0);
    expect(fence).toBeGreaterThan(intro);
    expect(text.slice(fence + '```html\n'.length)).toContain(code);
    // The closing message comes after the card.
    expect(text.lastIndexOf('```')).toBeLessThan(text.length - 10);
    // The card's title and line numbers are not text of the reply.
    expect(text).not.toMatch(/Positive Message Widget\n|\b99123/);
  });

  it('a turn of one message reads its own Markdown, as before', () => {
    document.body.innerHTML =
      '<article data-testid="conversation-turn-2"><div data-message-author-role="assistant" data-message-id="m"><div class="markdown"><p>Hi</p></div></div></article>';
    expect(domText(document.querySelector(chatgpt.selectors.turn.css)!, chatgpt)).toBe('Hi');
  });

  it('the canvas text found in the reply is a code block that names no file: nothing is written without a path', () => {
    const [, last] = canvasTurn();
    const ops = detectAll(domText(last!, chatgpt), { textSource: 'dom' }).flatMap((s) => s.ops);
    for (const op of ops) {
      expect(op.kind).not.toBe('shell');
      const path = (op as { path?: string }).path ?? '';
      expect(path === '' || op.guess === true, `${op.kind} ${path}`).toBe(true);
    }
  });
});
