/**
 * Content-script benchmark, for the lead's bench script (Node; not part of the extension bundle):
 * a 200-reply ChatGPT conversation in happy-dom, timed through what the content script does on a
 * page load — the tracker finding every finished reply, the DOM rebuild of each, and format
 * detection on each — plus a streaming burst on the last reply.
 */
import { Window } from 'happy-dom';
import { detectAll } from '../../shared/formats/registry';
import { domText } from './raw-text';
import { trackReplies } from './reply-tracker';
import { chatgpt } from './sites/chatgpt';

export interface ContentBench {
  turns: number;
  /** Start of the tracker until every reply was reported (stable time 0). */
  trackerMs: number;
  /** DOM → markdown for every reply. */
  markdownMs: number;
  /** detectAll on every reply's text. */
  detectMs: number;
  /** 500 text mutations on the last reply, until the tracker has handled them all. */
  streamingBurstMs: number;
  opsFound: number;
  totalMs: number;
}

export interface ContentBenchOptions {
  turns?: number;
  /** A saved page whose `article` turns are repeated to build the conversation (default: built in). */
  templateHtml?: string;
}

export async function benchContent(options: ContentBenchOptions = {}): Promise<ContentBench> {
  const turns = options.turns ?? 200;
  const window = new Window({ url: 'https://chatgpt.com/c/bench-conversation' });
  const doc = window.document as unknown as Document;
  try {
    doc.documentElement.innerHTML = conversationHtml(
      turns,
      options.templateHtml,
      window as unknown as typeof globalThis,
    );
    const t0 = performance.now();

    const controller = new AbortController();
    const found: Element[] = [];
    await new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(
        () => reject(new Error(`Only ${found.length} of ${turns} replies were reported.`)),
        30_000,
      );
      trackReplies({
        adapter: chatgpt,
        document: doc,
        signal: controller.signal,
        stableMs: 0,
        markerGraceMs: 0,
        onFinished: (turn) => {
          found.push(turn);
          if (found.length === turns) {
            clearTimeout(timeout);
            resolve();
          }
        },
      });
    });
    const t1 = performance.now();

    const texts = found.map((turn) => domText(turn, chatgpt));
    const t2 = performance.now();
    let opsFound = 0;
    for (const text of texts) for (const set of detectAll(text)) opsFound += set.ops.length;
    const t3 = performance.now();

    const last = found[found.length - 1]!;
    const target = last.querySelector('p') ?? last;
    const before = found.length;
    const again = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (found.length > before) {
          clearInterval(check);
          resolve();
        }
      }, 1);
    });
    for (let i = 0; i < 500; i++) target.append(` token${i}`);
    await again;
    const t4 = performance.now();
    controller.abort();

    return {
      turns,
      trackerMs: t1 - t0,
      markdownMs: t2 - t1,
      detectMs: t3 - t2,
      streamingBurstMs: t4 - t3,
      opsFound,
      totalMs: t4 - t0,
    };
  } finally {
    await window.happyDOM.abort();
    window.close();
  }
}

/** `turns` assistant replies, each after a user turn, with unique message ids. */
export function conversationHtml(
  turns: number,
  templateHtml: string | undefined,
  win: typeof globalThis,
): string {
  const pair = templateHtml ? articlesOf(templateHtml, win) : [USER_TURN, ASSISTANT_TURN];
  const assistants = pair.filter((a) => a.includes('data-message-author-role="assistant"'));
  const users = pair.filter((a) => !a.includes('data-message-author-role="assistant"'));
  const body: string[] = [];
  for (let i = 0; i < turns; i++) {
    const user = users[i % Math.max(1, users.length)] ?? '';
    const assistant = assistants[i % assistants.length]!;
    body.push(uniqueIds(user, `u${i}`), uniqueIds(assistant, `a${i}`));
  }
  return `<head><title>bench</title></head><body><main><div id="thread">${body.join('\n')}</div><form><button data-testid="send-button">Send</button></form></main></body>`;
}

function articlesOf(html: string, win: typeof globalThis): string[] {
  const doc = new win.DOMParser().parseFromString(html, 'text/html');
  const found = Array.from(doc.querySelectorAll('article'), (a) => a.outerHTML);
  if (!found.some((a) => a.includes('data-message-author-role="assistant"')))
    throw new Error('The template page has no assistant article.');
  return found;
}

function uniqueIds(html: string, suffix: string): string {
  return html.replace(/(data-message-id|data-turn-id)="([^"]+)"/g, `$1="$2-${suffix}"`);
}

const USER_TURN =
  '<article data-testid="conversation-turn-1" data-turn="user"><div><div data-message-author-role="user" data-message-id="u"><div class="whitespace-pre-wrap">Change greet().</div></div><div><button data-testid="copy-turn-action-button">c</button></div></div></article>';

const ASSISTANT_TURN = `<article data-testid="conversation-turn-2" data-turn="assistant"><div class="agent-turn"><div data-message-author-role="assistant" data-message-id="a"><div class="markdown prose"><p>Here is the change:</p><pre class="overflow-visible!"><div class="contain-inline-size"><div class="flex items-center">diff</div><div class="sticky"><div><button>Copy code</button><span><button>Edit</button></span></div></div><div class="overflow-y-auto p-4"><code class="whitespace-pre! language-diff"><span><span class="hljs-comment">--- a/src/greet.ts
</span><span class="hljs-comment">+++ b/src/greet.ts
</span><span class="hljs-meta">@@ -1,3 +1,3 @@
</span><span class="hljs-deletion">-export function greet(name: string): string {
</span><span class="hljs-deletion">-  return \`Hello, \${name}!\`;
</span><span class="hljs-addition">+export function greet(name: string, greeting = 'Hello'): string {
</span><span class="hljs-addition">+  return \`\${greeting}, \${name}!\`;
</span><span> }
</span></span></code></div></div></pre><p>Callers that pass <strong>one</strong> argument keep working.</p></div></div><div><div><button data-testid="copy-turn-action-button">c</button><button>Good response</button></div></div></div></article>`;
