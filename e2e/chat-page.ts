/**
 * ChatGPT-shaped pages for the e2e, built from reply markdown: the same structure as the saved fixture
 * pages (article per turn, message div with author role and id, `.markdown` body, code blocks with the
 * site's chrome, an action bar with the Copy button once a reply is done), and the answer the site's
 * conversation API gives for them.
 */
import type { BrowserContext, Route } from '@playwright/test';

export interface Reply {
  id: string;
  markdown: string;
  /**
   * Messages of the turn before its text, as the conversation API gives them: canvas calls
   * (`canmore.create_textdoc` / `update_textdoc`, author assistant) and the tool's answers (author tool).
   */
  before?: Array<{
    role: 'assistant' | 'tool';
    name?: string;
    recipient?: string;
    text: string;
    canvas?: object;
  }>;
  /** Still streaming: no action bar, and the composer shows the stop button. */
  streaming?: boolean;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A deliberately small markdown renderer: fences, headings, paragraphs, inline code, bold. */
export function renderMarkdown(md: string, opts: { highlight?: boolean } = {}): string {
  const lines = md.split('\n');
  const out: string[] = [];
  let para: string[] = [];
  const inline = (s: string) =>
    esc(s)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join('\n'))}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
    if (fence) {
      flush();
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i]!.startsWith(marker) && lines[i]!.trim() === marker))
        body.push(lines[i++]!);
      const lang = fence[2] || 'plaintext';
      out.push(
        `<pre class="overflow-visible!"><div class="contain-inline-size rounded-2xl relative"><div class="flex items-center px-4 py-2 text-xs">${esc(lang)}</div>` +
          `<div class="sticky"><div class="absolute end-0"><button aria-label="Copy">Copy code</button></div></div>` +
          `<div class="overflow-y-auto p-4" dir="ltr"><code class="whitespace-pre! language-${esc(lang)}">${opts.highlight ? highlighted(body) : esc(body.join('\n'))}${body.length ? '\n' : ''}</code></div></div></pre>`,
      );
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      out.push(`<h${h[1]!.length}>${inline(h[2]!)}</h${h[1]!.length}>`);
    } else if (line.trim() === '') flush();
    else para.push(line);
  }
  flush();
  return out.join('');
}

/**
 * Code as highlighters draw it (highlight.js, Shiki, Prism: a span per token, as the saved pages show):
 * each word and each run of punctuation in its own span, spaces between them as text.
 */
function highlighted(lines: string[]): string {
  const kinds = ['hljs-keyword', 'hljs-title', 'hljs-string', 'hljs-number', 'hljs-comment'];
  let k = 0;
  return lines
    .map((line) =>
      line.replace(/[^\s]+/g, (token) => `<span class="${kinds[k++ % kinds.length]}">${esc(token)}</span>`),
    )
    .join('\n');
}

const COPY =
  '<button aria-label="Copy" data-testid="copy-turn-action-button" data-state="closed"><span>⧉</span></button>';

function turn(n: number, role: 'user' | 'assistant', id: string, body: string, done: boolean): string {
  const bar = done
    ? `<div class="z-0 flex min-h-[46px] justify-start"><div class="flex items-center">${COPY}<button aria-label="Good response" data-testid="good-response-turn-action-button">👍</button></div></div>`
    : '';
  const content =
    role === 'user'
      ? `<div class="whitespace-pre-wrap">${esc(body)}</div>`
      : `<div class="markdown prose w-full break-words">${body}</div>`;
  return (
    `<article data-turn-id="${id}" data-testid="conversation-turn-${n}" data-turn="${role}"><div class="mx-auto flex flex-col">` +
    `<div data-message-author-role="${role}" data-message-id="${id}" dir="auto">${content}</div>${bar}</div></article>`
  );
}

export interface PageOptions {
  /** The page's own Copy buttons copy each reply's markdown with navigator.clipboard, as ChatGPT's do. */
  copyButtons?: boolean;
  /** Code blocks drawn with a span per token, as the sites' highlighters do. */
  highlight?: boolean;
}

export function chatGptPage(conversationId: string, replies: Reply[], opts: PageOptions = {}): string {
  const title = 'ReplyApply e2e';
  const turns: string[] = [];
  replies.forEach((r, i) => {
    turns.push(turn(2 * i + 1, 'user', `user-${r.id}`, 'Please change the code.', true));
    turns.push(turn(2 * i + 2, 'assistant', r.id, renderMarkdown(r.markdown, opts), !r.streaming));
  });
  const streaming = replies.some((r) => r.streaming);
  const submit = streaming
    ? '<button data-testid="stop-button" aria-label="Stop streaming">■</button>'
    : '<button data-testid="send-button" aria-label="Send prompt" disabled>↑</button>';
  return `<!doctype html><html lang="en" class="light"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>
<nav aria-label="Chat history"><a href="/c/${conversationId}">${esc(title)}</a></nav>
<main id="main"><div id="thread"><div class="flex flex-col text-sm">${turns.join('\n')}</div>
<form data-type="unified-composer"><div class="ProseMirror" id="prompt-textarea" contenteditable="true"><p></p></div>${submit}</form></div></main>${opts.copyButtons ? copyScript(replies) : ''}</body></html>`;
}

function copyScript(replies: Reply[]): string {
  const texts = Object.fromEntries(replies.map((r) => [r.id, r.markdown]));
  // JSON inside a <script>: escape "<" so a reply cannot close the script element.
  const data = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<script>
const TEXTS = ${data};
document.addEventListener('click', (e) => {
  const button = e.target.closest('[data-testid="copy-turn-action-button"]');
  if (!button) return;
  const id = button.closest('article').querySelector('[data-message-author-role]').getAttribute('data-message-id');
  if (TEXTS[id] !== undefined) navigator.clipboard.writeText(TEXTS[id]);
});
</script>`;
}

export function chatGptApi(conversationId: string, replies: Reply[]) {
  const mapping: Record<string, unknown> = {};
  let parent = 'root';
  mapping.root = { id: 'root', message: null, parent: null, children: [] };
  const add = (id: string, role: string, text: string) => {
    mapping[id] = {
      id,
      message: {
        id,
        author: { role },
        content: { content_type: 'text', parts: [text] },
        status: 'finished_successfully',
      },
      parent,
      children: [],
    };
    (mapping[parent] as { children: string[] }).children.push(id);
    parent = id;
  };
  for (const r of replies) {
    add(`user-${r.id}`, 'user', 'Please change the code.');
    (r.before ?? []).forEach((m, i) => {
      const id = `${r.id}-call-${i}`;
      mapping[id] = {
        id,
        message: {
          id,
          author: { role: m.role, ...(m.name ? { name: m.name } : {}) },
          recipient: m.recipient ?? 'all',
          content:
            m.role === 'assistant'
              ? { content_type: 'code', text: m.text }
              : { content_type: 'text', parts: [m.text] },
          status: 'finished_successfully',
          metadata: m.canvas ? { canvas: m.canvas } : {},
        },
        parent,
        children: [],
      };
      (mapping[parent] as { children: string[] }).children.push(id);
      parent = id;
    });
    add(r.id, 'assistant', r.markdown);
  }
  return { conversation_id: conversationId, title: 'ReplyApply e2e', mapping, current_node: parent };
}

export interface ServeOptions {
  /** Make the conversation API fail, forcing the next raw-text source. */
  api?: 'ok' | 'fail';
  /** Count of API requests served, for assertions. */
  onApi?: () => void;
  page?: PageOptions;
}

/** Serve a conversation at https://chatgpt.com/c/<id>, with its session and conversation API. */
export async function serveChatGpt(
  context: BrowserContext,
  conversationId: string,
  replies: Reply[],
  opts: ServeOptions = {},
): Promise<string> {
  const handler = (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/auth/session') {
      if (opts.api === 'fail') return route.fulfill({ status: 500, body: 'no' });
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ accessToken: 'e2e-token' }),
      });
    }
    if (url.pathname.startsWith('/backend-api/conversation/')) {
      opts.onApi?.();
      if (opts.api === 'fail' || route.request().headers().authorization !== 'Bearer e2e-token') {
        return route.fulfill({ status: 403, body: '{}' });
      }
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(chatGptApi(conversationId, replies)),
      });
    }
    if (route.request().resourceType() === 'document') {
      return route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: chatGptPage(conversationId, replies, opts.page),
      });
    }
    return route.fulfill({ status: 404, body: '' });
  };
  await context.route('https://chatgpt.com/**', handler);
  return `https://chatgpt.com/c/${conversationId}`;
}
