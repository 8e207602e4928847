// @vitest-environment happy-dom
/** The quiet notice names the part of a site's layout that stopped matching, and the routes left (issue 13). */
import { describe, expect, it } from 'vitest';
import { chatgpt } from './chatgpt';
import { adapterHealth } from './health';

const page = (body: string) => new DOMParser().parseFromString(`<body>${body}</body>`, 'text/html');
const URL_ = 'https://chatgpt.com/c/abc';

describe('adapterHealth names what failed', () => {
  it.each([
    [
      'no reply matches',
      '<textarea id="prompt-textarea"></textarea>',
      'turn',
      /finds none of its replies \(nothing matches/,
    ],
    [
      'replies without an id',
      '<div data-message-author-role="assistant"><div class="markdown">x</div></div>',
      'message-id',
      /cannot tell them apart \(none has its data-message-id\)/,
    ],
    [
      'replies without their text region',
      '<div data-message-author-role="assistant" data-message-id="m1">x</div>',
      'content',
      /not their text \(nothing in them matches \.markdown\)/,
    ],
  ])('%s', (_name, body, part, message) => {
    const health = adapterHealth(chatgpt, page(body), URL_);
    expect(health).toMatchObject({ ok: false, part, message: expect.stringMatching(message) });
    if (!health.ok) expect(health.message).toMatch(/right-click menu, or paste it into the side panel/);
  });

  it('is healthy on a page whose replies it reads', () => {
    const body =
      '<div data-message-author-role="assistant" data-message-id="m1"><div class="markdown">x</div></div>';
    expect(adapterHealth(chatgpt, page(body), URL_)).toEqual({ ok: true });
  });
});
