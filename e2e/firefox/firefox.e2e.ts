/**
 * ReplyApply in a real Firefox (Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core): the
 * add-on built in dist/firefox, installed as a temporary add-on, with the real native host registered by
 * `replyapply install --browser firefox` in a temp HOME. The add-on's own pages are driven through the
 * DevTools protocol (devtools-client.ts); the chat page through BiDi, whose clicks are trusted input.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIREFOX_ADDON_ID } from '../../shared/extension/extension-id';
import { makeProject, readTree, type Tree } from '../project';
import type { Target } from './devtools-client';
import { type FirefoxSession, launchFirefox, REPO, servePages } from './firefox';

interface SavedPage {
  url: string;
  conversationId: string;
  filesBefore: Tree;
  replies: Array<{ messageId: string; markdown: string }>;
}

const FIXTURES = join(REPO, 'extension', 'content', 'sites', 'fixtures');
const saved = (name: string) => ({
  html: readFileSync(join(FIXTURES, `${name}.html`), 'utf8'),
  page: JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as SavedPage,
});

/** Poll `fn` in an add-on document until it returns something other than null. */
async function waitIn<A, R>(
  ff: FirefoxSession,
  target: Target,
  fn: (arg: A) => R | null,
  arg: A,
  what: string,
  timeoutMs = 15_000,
): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ff.devtools.evaluate(target, fn, arg);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} in ${target.url}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The saved ChatGPT page at its real URL; its conversation API answers 404, as when signed out. */
async function openSavedChatGpt(ff: FirefoxSession, html: string, url: string): Promise<Page> {
  const page = await ff.browser.newPage();
  await servePages(page, 'https://chatgpt.com', (request) =>
    request.isNavigationRequest()
      ? { status: 200, contentType: 'text/html; charset=utf-8', body: html }
      : undefined,
  );
  await page.goto(url);
  return page;
}

let ff: FirefoxSession;
beforeAll(async () => {
  ff = await launchFirefox();
});
afterAll(async () => {
  await ff?.close();
});

it('the add-on loads with its id, and its background reaches the real host registered for Firefox', async () => {
  expect(ff.addonId).toBe(FIREFOX_ADDON_ID);
  const bg = await ff.background();
  const manifest = await ff.devtools.evaluate(bg, () => {
    const m = chrome.runtime.getManifest() as chrome.runtime.Manifest & { sidebar_action?: unknown };
    return { version: m.manifest_version, sidebar: m.sidebar_action !== undefined };
  });
  expect(manifest).toEqual({ version: 3, sidebar: true });
  // The review page asks the background for the host's state; the background speaks to the host.
  await ff.devtools.evaluate(bg, async () => {
    await chrome.tabs.create({ url: chrome.runtime.getURL('extension/sidepanel/index.html') });
  });
  const review = await ff.devtools.target((u) => u.endsWith('/extension/sidepanel/index.html'));
  const status = await waitIn(
    ff,
    review,
    () => {
      const el = document.querySelector('[data-host-state]');
      return el?.getAttribute('data-host-state') === 'connected' ? (el.textContent ?? '') : null;
    },
    null,
    'the host to connect',
  );
  expect(status).toMatch(/Host connected, version \d+\.\d+\.\d+/);
  await ff.devtools.evaluate(review, () => window.close());
});

it('on a saved ChatGPT page at its real URL, each reply with changes gets its Apply button', async () => {
  const { html, page: fixture } = saved('chatgpt-two-replies');
  const page = await openSavedChatGpt(ff, html, fixture.url);
  await page.waitForFunction(() => document.querySelectorAll('[data-replyapply="apply"]').length === 2, {
    timeout: 15_000,
  });
  const buttons = await page.$$eval('[data-replyapply="apply"]', (els) =>
    els.map((e) => [e.getAttribute('data-message-id'), e.getAttribute('data-files')]),
  );
  expect(buttons).toEqual(fixture.replies.map((r, i) => [r.messageId, i === 0 ? '1' : '2']));
  await page.close();
});

it('a click on Apply opens the review beside the chat, which writes the reply to disk', async () => {
  const { html, page: fixture } = saved('chatgpt-two-replies');
  const { root } = makeProject(fixture.filesBefore);
  const bg = await ff.background();
  await ff.devtools.evaluate(
    bg,
    async ([key, folder]: [string, string]) => {
      await chrome.storage.local.set({
        folders: { last: folder, recent: [folder], byConversation: { [key]: folder } },
      });
    },
    [`chatgpt:${fixture.conversationId}`, root],
  );
  const page = await openSavedChatGpt(ff, html, fixture.url);
  const reply = fixture.replies[1]!.messageId;
  const button = await page.waitForSelector(`[data-replyapply="apply"][data-message-id="${reply}"]`, {
    timeout: 15_000,
  });
  // A trusted click (BiDi input): the page's own synthetic clicks are ignored by the button.
  await button!.click();
  // Firefox opens a sidebar only for an action on the add-on itself: the review opens as a tab.
  const review = await ff.devtools.target((u) => u.endsWith('/extension/sidepanel/index.html'), 15_000);
  const planned = await waitIn(
    ff,
    review,
    () => {
      const files = [...document.querySelectorAll('[data-replyapply-file]')];
      if (files.length < 2 || files.some((f) => f.getAttribute('data-status') !== 'ok')) return null;
      return files.map((f) => f.getAttribute('data-replyapply-file')).sort();
    },
    null,
    'both files planned',
  );
  expect(planned).toEqual(['src/old-slug.ts', 'src/slugify.ts']);
  await ff.devtools.evaluate(review, () => {
    (document.querySelector('[data-replyapply="apply-all"]') as HTMLButtonElement).click();
  });
  await waitIn(
    ff,
    review,
    () => (document.querySelector('[data-replyapply="result"] [data-state="applied"]') ? true : null),
    null,
    'the apply to finish',
  );
  expect(readTree(root)).toEqual({
    'src/greet.ts': fixture.filesBefore['src/greet.ts'],
    'src/slugify.ts':
      "export function slugify(text: string): string {\n  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');\n}\n",
  });
  await page.close();
});
