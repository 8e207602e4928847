// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../sites/registry';
import { listPages, loadPage, pageJson, pendingOn } from '../sites/saved-pages';
import { boxOf, classifyRegions, findReplies, regionIndex, wordsOf } from './find-replies';

/**
 * Every saved page of every site, read with its adapter switched off: the generic reader finds exactly
 * the replies the adapter finds (each once), so never a user's message. A reply still streaming may not
 * be one yet (its code block not drawn): it is found once it is.
 */
function adapterOf(page: string) {
  const name = page.split('/')[1]!;
  return ADAPTERS.filter((a) => name.startsWith(`${a.id}-`)).sort((a, b) => b.id.length - a.id.length)[0]!;
}

const pages = [
  ...listPages('fixtures'),
  ...listPages('captures'),
  // The corpus's excerpts that hold whole turns (the others are code blocks cut out of a reply).
  ...listPages('corpus').filter((p) => {
    const adapter = adapterOf(p);
    return adapter !== undefined && loadPage(p).querySelector(adapter.selectors.turn.css) !== null;
  }),
];

describe.each(pages)('the generic reader on %s', (page) => {
  const pending = pendingOn('generic reader', page);
  (pending ? it.fails : it)(
    `finds exactly the replies the site adapter finds, each once, and no user message${pending ? ` (${pending})` : ''}`,
    () => {
      const doc = loadPage(page);
      const adapter = adapterOf(page);
      const turns = Array.from(doc.querySelectorAll(adapter.selectors.turn.css));
      const streaming =
        pageJson<{ streaming?: unknown }>(page).streaming !== undefined || page.includes('streaming');
      const found = findReplies(doc.body);
      const why = classifyRegions(doc.body)
        .map((r) => `${r.author}: ${r.why}: ${r.el.textContent?.slice(0, 50)}`)
        .join('\n');
      const matched = turns.map(
        (t) => found.filter((f) => f.region.contains(t) || t.contains(f.region)).length,
      );
      // Every reply found is one of the adapter's; each of the adapter's is found once.
      expect(
        found.every((f) => turns.some((t) => f.region.contains(t) || t.contains(f.region))),
        why,
      ).toBe(true);
      if (streaming)
        expect(
          matched.every((n) => n <= 1),
          why,
        ).toBe(true);
      else expect(matched, why).toEqual(turns.map(() => 1));
      // A reply's box never holds another message's text.
      for (const f of found)
        for (const t of turns)
          if (!f.box.contains(t) && !t.contains(f.box)) expect(f.box.contains(t)).toBe(false);
    },
  );
});

describe('who wrote a region', () => {
  const page = (body: string) => new DOMParser().parseFromString(`<main>${body}</main>`, 'text/html').body;
  it.each([
    [
      'explicit user words beat Markdown classes',
      '<div data-message-author-role="user"><div class="markdown"><p>a</p><p>b</p></div></div>',
      'user',
    ],
    [
      'the assistant’s words',
      '<div data-message-author-role="assistant"><div><p>a</p></div></div>',
      'assistant',
    ],
    [
      'a reasoning panel is no reply',
      '<div class="thinking-container"><div class="markdown"><p>a</p><pre>x</pre></div></div>',
      'reasoning',
    ],
    [
      'a row at the end of the line is the user’s (Grok)',
      '<div class="flex items-end"><div class="response-content-markdown"><p>a</p><pre>x</pre></div></div>',
      'user',
    ],
    ['rich Markdown without words', '<div><div><p>a</p><pre>x</pre></div></div>', 'assistant'],
    ['a lone paragraph without words says nothing', '<div><div><p>hello</p></div></div>', 'unknown'],
    ['a lone heading is a title', '<div><h1>Fix parseArgs</h1></div>', 'unknown'],
  ])('%s', (_, html, author) => {
    expect(classifyRegions(page(html)).map((r) => r.author)).toEqual([author]);
  });

  it('a list of messages is layout, not Markdown (Arena’s ol > li)', () => {
    const body = page(
      '<ol><li class="flex justify-end"><div><p>question</p></div></li><li><div><div class="prose"><p>a</p><pre>x</pre></div></div></li></ol>',
    );
    expect(classifyRegions(body).map((r) => r.author)).toEqual(['user', 'assistant']);
    expect(findReplies(body)).toHaveLength(1);
  });

  it('navigation, the composer and screen-reader labels are not regions', () => {
    const body = page(
      '<nav><ul><li><a href="/c/1">Chat one</a></li></ul></nav><div><ul><li><a href="/c/2">Chat two</a></li></ul></div>' +
        '<h6 class="sr-only">ChatGPT said:</h6><form><div contenteditable="true"><p>draft</p><pre>x</pre></div></form>',
    );
    expect(classifyRegions(body)).toEqual([]);
  });

  it('a message’s box stops before its neighbour and before the composer', () => {
    const body = page(
      '<div id="col"><div id="u"><p>question one</p></div><div id="a"><div id="r"><p>a</p><pre>x</pre></div><button aria-label="Copy">c</button></div></div><textarea></textarea>',
    );
    const regions = classifyRegions(body).map((r) => r.el);
    expect(boxOf(body.querySelector('#r')!, regionIndex(regions)).id).toBe('a');
  });

  it('words: tag, classes, labels and data values, never utility values or ids', () => {
    const el = page(
      '<user-query class="me-2 self-end chatItem" data-x="conversation-turn-3" aria-label="Your message"></user-query>',
    ).querySelector('user-query')!;
    expect(wordsOf(el)).toEqual(['user', 'query', 'self', 'end', 'chat', 'item', 'your', 'message']);
  });
});

describe('the regions of one message are one reply (step 6)', () => {
  const found = (body: string) =>
    findReplies(new DOMParser().parseFromString(`<main>${body}</main>`, 'text/html').body).map((f) =>
      (f.region.textContent ?? '').replace(/\s+/g, ' ').trim(),
    );
  const tool =
    '<div class="row"><span>Reading a file</span><span class="sr-only">Reading a file</span></div>';
  it.each([
    [
      'two bodies with a tool row between them, in the assistant’s message: one reply',
      `<div class="font-claude-response"><div><div class="body"><p>One.</p></div></div>${tool}<div><div class="body"><p>Two.</p></div></div></div>`,
      ['One.Reading a fileReading a fileTwo.'],
    ],
    [
      'three lone paragraphs with cards between them: one reply, though none alone says who wrote it',
      '<div class="font-claude-message"><div><p>A.</p></div><button>Card</button><div><p>B.</p></div><div><p>C.</p></div></div>',
      ['A.CardB.C.'],
    ],
    [
      'a user’s message between them: never merged into the reply',
      '<div class="messages assistant-thread"><div class="user-message"><div><p>Fix it.</p></div></div><div class="markdown"><p>Done.</p></div></div>',
      ['Done.'],
    ],
    [
      'lone paragraphs in an element that says nothing: no reply',
      '<div class="wrapper"><div><p>A.</p></div><div><p>B.</p></div></div>',
      [],
    ],
  ])('%s', (_, body, replies) => expect(found(body)).toEqual(replies));
});
