/**
 * The demo chat: a page inside the extension (so the extension needs no access to local pages) built
 * like a ChatGPT conversation, with one finished assistant reply that holds file operations.
 */
import { startContent } from '../content/content-app';
import { installDownloadCapture } from '../content/download-capture';
import { installClipboardCapture } from '../content/raw-text';
import { chatgpt } from '../content/sites/chatgpt';

const REPLY = [
  'Here is the change: a greeting module and its use.',
  '',
  '--- START-FILE: src/greet.js ---',
  'export function greet(name) {',
  '  return `Hello, ${name}!`;',
  '}',
  '--- END-FILE: src/greet.js ---',
].join('\n');

const thread = document.getElementById('thread')!;
thread.innerHTML = `
  <div class="turn user" data-message-author-role="user"><span class="bubble">Add a greet() helper in src/greet.js</span></div>
  <article class="turn" data-testid="conversation-turn-2">
    <div data-message-author-role="assistant" data-message-id="demo-reply-1">
      <div class="markdown prose"></div>
    </div>
    <div class="actions"><button data-testid="copy-turn-action-button" aria-label="Copy">Copy</button></div>
  </article>`;
const prose = thread.querySelector('.markdown')!;
// Like the site's own Copy button: it copies the reply's markdown.
thread.querySelector('[data-testid="copy-turn-action-button"]')!.addEventListener('click', () => {
  navigator.clipboard?.writeText(REPLY).catch(() => undefined);
});
const [intro, ...code] = REPLY.split('\n\n');
const p = document.createElement('p');
p.textContent = intro ?? '';
const pre = document.createElement('pre');
const codeEl = document.createElement('code');
codeEl.className = 'language-text';
codeEl.textContent = `${code.join('\n\n')}\n`;
pre.append(codeEl);
prose.append(p, pre);

// The page is built like a ChatGPT conversation, so the ChatGPT adapter reads it; it runs in this
// page's own world, where the Copy-button capture can be installed directly.
document.documentElement.setAttribute('data-replyapply-active', 'demo');
startContent({
  adapter: chatgpt,
  signal: new AbortController().signal,
  send: (message) => chrome.runtime.sendMessage(message),
  enableCopyCapture: async () => {
    installClipboardCapture();
    installDownloadCapture();
  },
});
