// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ContentMessage } from '../../shared/protocol/messages';
import { startContent } from './content-app';
import { installDownloadCapture } from './download-capture';
import { installClipboardCapture } from './raw-text';
import { claude } from './sites/claude';
import { pageHtml } from './sites/saved-pages';

const ARTIFACT = 'import statsapi\n\n\ndef main():\n    print("⚾ today\'s games")\n';

/** The saved 2026 claude.ai reply (corpus claude-401), its Download button answering as a site's does. */
function claudePage(from = 'blob') {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    pageHtml('corpus/claude-401'),
    'text/html',
  ).documentElement.innerHTML;
  const download = document.querySelector<HTMLElement>(
    'div[role="button"][aria-label$=". Open artifact."] button[aria-label="Download"]',
  )!;
  download.addEventListener('click', (e) => {
    e.stopPropagation();
    const a = document.createElement('a');
    a.href =
      from === 'blob'
        ? URL.createObjectURL(new Blob([ARTIFACT], { type: 'text/x-python' }))
        : 'https://files.elsewhere.example/mlb_bot.py';
    a.download = 'mlb_bot.py';
    a.click();
  });
}

function start() {
  const controller = new AbortController();
  const sent: ContentMessage[] = [];
  startContent({
    adapter: claude,
    signal: controller.signal,
    send: async (m) => void sent.push(m),
    enableCopyCapture: async () => {
      installClipboardCapture();
      installDownloadCapture();
    },
    fetch: (async () => new Response('', { status: 404 })) as typeof fetch,
    stableMs: 0,
    lazy: false,
  });
  return Object.assign(controller, { sent });
}

function clickApply(host: Element) {
  const event = new MouseEvent('click', { bubbles: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  host.shadowRoot!.querySelector('button')!.dispatchEvent(event);
}

describe('a Claude reply whose code is an artifact card (corpus claude-401, issue 42)', () => {
  it('gets its button, and the click reads the artifact through its Download button', async () => {
    claudePage();
    const controller = start();
    await expect
      .poll(() => document.querySelector('[data-replyapply="apply"]'), { timeout: 5000 })
      .not.toBeNull();
    const host = document.querySelector('[data-replyapply="apply"]')!;
    // Nothing exact yet: the button says it reads from the page.
    expect(host.hasAttribute('data-from-page')).toBe(true);
    clickApply(host);
    await expect
      .poll(() => controller.sent.filter((m) => m.type === 'propose').length, { timeout: 8000 })
      .toBe(2);
    const last = controller.sent.filter((m) => m.type === 'propose').at(-1)!;
    if (last.type !== 'propose') throw new Error('no proposal');
    const ops = last.proposal.changeSets.flatMap((s) => s.ops);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      kind: 'create',
      path: 'mlb_bot.py',
      content: ARTIFACT,
      guess: true,
      document: 'artifact "Mlb bot", read with its Download button',
    });
    controller.abort();
  }, 15_000);
});

describe('an artifact card that cannot be read', () => {
  it('is an error in the review, not left out', async () => {
    claudePage('elsewhere');
    const controller = start();
    await expect
      .poll(() => document.querySelector('[data-replyapply="apply"]'), { timeout: 5000 })
      .not.toBeNull();
    clickApply(document.querySelector('[data-replyapply="apply"]')!);
    await expect
      .poll(() => controller.sent.filter((m) => m.type === 'propose').length, { timeout: 8000 })
      .toBe(2);
    const last = controller.sent.filter((m) => m.type === 'propose').at(-1)!;
    if (last.type !== 'propose') throw new Error('no proposal');
    expect(last.proposal.changeSets.flatMap((s) => s.ops)).toEqual([]);
    const errors = last.proposal.changeSets
      .flatMap((s) => s.diagnostics)
      .filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.message).join(' ')).toMatch(
      /artifact "Mlb bot" could not be read: .*another site/,
    );
    controller.abort();
  }, 15_000);
});

describe('a Claude 2026 reply of two Markdown bodies with tool rows between them (corpus claude-401)', () => {
  it('is one reply: both bodies, in order, and none of the tool rows or their screen-reader copies', async () => {
    claudePage();
    const { domText } = await import('./raw-text');
    const turns = document.querySelectorAll(claude.selectors.turn.css);
    expect(turns).toHaveLength(1);
    const text = domText(turns[0]!, claude);
    const bodies = Array.from(document.querySelectorAll(claude.selectors.content.css), (b) =>
      (b.textContent ?? '').trim().slice(0, 30),
    );
    expect(bodies).toHaveLength(2);
    const at = bodies.map((b) => text.indexOf(b.split(/\s+/).slice(0, 3).join(' ')));
    expect(at[0]).toBeGreaterThanOrEqual(0);
    expect(at[1]).toBeGreaterThan(at[0]!);
    for (const row of ['Reading frontend design skill', 'Created a file, read a file'])
      expect(text).not.toContain(row);
  });
});

describe('a Claude reply cut off at a limit (its Continue button shown, issue 42)', () => {
  const reply =
    '<div class="standard-markdown"><p>src/app.py</p><pre><code class="language-python">def main():\n    print(1)\n</code></pre></div>';
  const page = (extra: string) => {
    document.body.innerHTML = `<main><div data-test-render-count="2"><div><div data-is-streaming="false"><div class="font-claude-response">${reply}</div></div><div role="group" aria-label="Message actions"><button data-testid="action-bar-copy" aria-label="Copy">c</button></div></div>${extra}</div></main>`;
    return document.querySelector(claude.selectors.turn.css)!;
  };

  it('offers no file read from the page: its last block looks whole, cut or not', async () => {
    const { readRawText, cutOffBy } = await import('./raw-text');
    const turn = page('<div><button>Continue</button></div>');
    expect(cutOffBy(turn, claude)).toMatch(/stopped before its end/);
    const raw = await readRawText(turn, claude, { url: 'https://claude.ai/chat/x', useCopyButton: false });
    expect(raw.source).toBe('dom');
    expect(raw.unreadable?.join(' ')).toMatch(/Continue button/);
  });

  it('a finished reply, or a Continue in the composer, is not cut off', async () => {
    const { cutOffBy } = await import('./raw-text');
    expect(cutOffBy(page(''), claude)).toBeNull();
    const turn = page('');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<fieldset><div class="ProseMirror" contenteditable="true"></div><button>Continue with Google Drive</button></fieldset>',
    );
    expect(cutOffBy(turn, claude)).toBeNull();
  });
});
