/**
 * Test support (issue 12, item 4): a reply's markdown rendered the way ChatGPT renders it, inside a saved
 * ChatGPT page, so the text ladder (API → Copy button → DOM rebuild) is tested on what a user's browser
 * holds rather than on HTML written for the test. Imported by unit tests and the e2e, never by the
 * content script. Strings only (no DOM needed), so the e2e can serve the page from Node.
 *
 * The renderer is `marked` (CommonMark + GFM) with raw HTML shown as text, as ChatGPT shows it: its
 * react-markdown turns every raw HTML node into a text node, so `<FILE_CHANGES>` appears literally — and,
 * since an HTML block runs to the next blank line (or `<?php` to the end of the reply), the lines after it
 * reach the page as one text node, indentation and all, never as a code block.
 *
 * Each era is one saved page's turn and action bar plus one saved page's code block, copied from them:
 *  - `2023`: corpus chatgpt-001 (Dec 2023: `div[data-testid=conversation-turn-N]`, `div.markdown.prose`,
 *    an action bar whose first button has no name) with the code block of corpus chatgpt-002 (autumn 2023:
 *    `<pre>` holding a header with `<span>lang</span>` and a "Copy code" button, then `code.hljs`). The
 *    001 excerpt has no code block and the 002 excerpt no turn: together they are one page of that UI.
 *  - `2025-excerpt`: the code block of corpus chatgpt-005 (2025: no label, an empty button bar, token
 *    `<span>`s) in the turn of our fixture chatgpt-two-replies (the same UI generation; 005 has no turn).
 *  - `2025`: our fixture chatgpt-two-replies, turn and code block (a label div, "Copy code" and "Edit"
 *    buttons inside `<pre>`, the action bar's Copy button with its test id).
 * The reply replaces the markdown of the page's last assistant turn; the rest of the page is kept.
 *
 * Not reproduced: `data-start`/`data-end` source offsets (nothing reads them), syntax highlighting (token
 * spans split text, which `domToMarkdown` joins; one span per line stands for them), and a fence without
 * a language: labelled "plaintext" here, as ChatGPT 2025 does (2023 guessed one with highlight.js).
 */
import { Marked, type Tokens } from 'marked';
import { pageHtml } from './sites/saved-pages';

export type EraId = '2023' | '2025-excerpt' | '2025';

export interface Era {
  id: EraId;
  /** The saved pages its parts come from. */
  pages: { turn: string; codeBlock: string };
  /** The saved page's assistant message the reply goes into (its `data-message-id`). */
  messageId: string;
  /** The turn's own Copy button inside its container, as this era draws it (for the tests' site script). */
  copyButton: string;
  /** A `<pre>` as this era draws it: `lang` is never empty, `code` is already escaped and ends in "\n". */
  codeBlock(lang: string, code: string): string;
}

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One span per line, newline included, as ChatGPT 2025 wraps highlighted tokens. */
const lineSpans = (code: string) =>
  code
    .split(/(?<=\n)/)
    .map((line) => `<span>${line}</span>`)
    .join('');

// corpus chatgpt-002: the copy icon of the 2023 code header, verbatim.
const SVG_2023 =
  '<svg stroke="currentColor" fill="none" stroke-width="2" viewBox="0 0 24 24" stroke-linecap="round" stroke-linejoin="round" class="icon-sm" height="1em" width="1em" xmlns="http://www.w3.org/2000/svg"><path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2"></path><rect x="8" y="2" width="8" height="4" rx="1" ry="1"></rect></svg>';
// fixtures/chatgpt-two-replies (generate.mjs SMALL_SVG).
const SVG_2025 =
  '<svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" xmlns="http://www.w3.org/2000/svg" class="icon-sm" aria-hidden="true"><path d="M4 4h8v8H4z"></path></svg>';

const STICKY_2025 =
  '<div class="sticky top-[calc(--spacing(9)+var(--header-height))] @w-xl/main:top-9"><div class="absolute end-0 bottom-0 flex h-9 items-center pe-2"><div class="bg-token-bg-elevated-secondary text-token-text-secondary flex items-center gap-4 rounded-sm px-2 font-sans text-xs">';

const FIXTURE = 'fixtures/chatgpt-two-replies';
const FIXTURE_REPLY = 'c94d2b17-8e5a-4f03-a7d6-1e3b9c0f5a63';
const FIXTURE_COPY = 'button[data-testid="copy-turn-action-button"]';

export const ERAS: Record<EraId, Era> = {
  '2023': {
    id: '2023',
    pages: { turn: 'corpus/chatgpt-001', codeBlock: 'corpus/chatgpt-002' },
    messageId: '8dcabe18-7b20-4a86-876b-04d37d85185a',
    copyButton: '.agent-turn .mt-1 button',
    codeBlock: (lang, code) =>
      `<pre><div class="bg-black rounded-md mb-4"><div class="flex items-center relative text-gray-200 bg-gray-800 gizmo:dark:bg-token-surface-primary px-4 py-2 text-xs font-sans justify-between rounded-t-md"><span>${escapeHtml(lang)}</span><button class="flex ml-auto gizmo:ml-0 gap-2 items-center">${SVG_2023}Copy code</button></div><div class="p-4 overflow-y-auto"><code class="!whitespace-pre hljs language-${escapeHtml(lang)}">${code}</code></div></div></pre>`,
  },
  '2025-excerpt': {
    id: '2025-excerpt',
    pages: { turn: FIXTURE, codeBlock: 'corpus/chatgpt-005' },
    messageId: FIXTURE_REPLY,
    copyButton: FIXTURE_COPY,
    codeBlock: (lang, code) =>
      `<pre class="overflow-visible! px-0!"><div class="contain-inline-size rounded-2xl corner-superellipse/1.1 relative bg-token-sidebar-surface-primary">${STICKY_2025}</div></div></div><div class="overflow-y-auto p-4" dir="ltr"><code class="whitespace-pre! language-${escapeHtml(lang)}"><span>${lineSpans(code)}</span></code></div></div></pre>`,
  },
  '2025': {
    id: '2025',
    pages: { turn: FIXTURE, codeBlock: FIXTURE },
    messageId: FIXTURE_REPLY,
    copyButton: FIXTURE_COPY,
    codeBlock: (lang, code) =>
      `<pre class="overflow-visible!"><div class="contain-inline-size rounded-2xl corner-superellipse/1.1 relative bg-token-sidebar-surface-primary"><div class="flex items-center text-token-text-secondary px-4 py-2 text-xs font-sans justify-between h-9 bg-token-sidebar-surface-primary select-none rounded-t-2xl">${escapeHtml(lang)}</div>${STICKY_2025}<button class="flex gap-1 items-center select-none py-1" aria-label="Copy">${SVG_2025}Copy code</button><span class="" data-state="closed"><button class="flex items-center gap-1 py-1 select-none">${SVG_2025}Edit</button></span></div></div></div><div class="overflow-y-auto p-4" dir="ltr"><code class="whitespace-pre! language-${escapeHtml(lang)}"><span>${lineSpans(code)}</span></code></div></div></pre>`,
  },
};

export const ERA_IDS = Object.keys(ERAS) as EraId[];

/** The reply's markdown as the era's `.markdown` element holds it. */
export function renderReply(markdown: string, era: Era): string {
  const marked = new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      // react-markdown (ChatGPT) makes raw HTML a text node: shown, never interpreted.
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      code: ({ text, lang }: Tokens.Code) => {
        const name = /^\S+/.exec(lang ?? '')?.[0] || 'plaintext';
        const body = text.endsWith('\n') || text === '' ? text : `${text}\n`;
        return era.codeBlock(name, escapeHtml(body));
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

export interface RenderedPage {
  /** The whole page, to parse (unit tests) or serve (e2e). */
  html: string;
  /** The assistant message holding the reply. */
  messageId: string;
  /** The reply's rendered markdown alone. */
  body: string;
}

/** The saved page of `era` with its last assistant turn's markdown replaced by the rendered reply. */
export function renderedChatGptPage(markdown: string, eraId: EraId): RenderedPage {
  const era = ERAS[eraId];
  const page = pageHtml(era.pages.turn);
  const body = renderReply(markdown, era);
  const message = page.indexOf(`data-message-id="${era.messageId}"`);
  if (message < 0) throw new Error(`${era.pages.turn} has no message ${era.messageId}.`);
  const open = page.indexOf('<div class="markdown', message);
  if (open < 0) throw new Error(`${era.pages.turn}: message ${era.messageId} has no .markdown element.`);
  const inner = page.indexOf('>', open) + 1;
  const close = matchingClose(page, open);
  return { html: page.slice(0, inner) + body + page.slice(close), messageId: era.messageId, body };
}

/** Where the `</div>` that closes the `<div` at `open` starts (saved pages: no divs in comments or scripts). */
function matchingClose(html: string, open: number): number {
  const tag = /<(\/?)div\b[^>]*>/g;
  tag.lastIndex = open;
  let depth = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  throw new Error('Unbalanced <div> in a saved page.');
}
