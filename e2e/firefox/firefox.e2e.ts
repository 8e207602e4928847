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
import { ADAPTERS } from '../../extension/content/sites/registry';
import { FIREFOX_ADDON_ID } from '../../shared/extension/extension-id';
import { chatGptPage, renderMarkdown } from '../chat-page';
import { answerIn, composerTextOf, withEditorStyle } from '../context-page';
import {
  AFTER,
  CASES,
  DRAFT,
  expectedPick,
  gitProject,
  PICKED,
  projectFiles,
  REPLY,
} from '../context-project';
import { LONG_CHECKED, LONG_FILES, LONG_REPLY, longBody } from '../long-reply';
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

/** A saved page at its real URL; its site's APIs answer 404 (ChatGPT's conversation API, as when signed out). */
async function openSaved(ff: FirefoxSession, html: string, url: string): Promise<Page> {
  const page = await ff.browser.newPage();
  await servePages(page, new URL(url).origin, (request) =>
    request.isNavigationRequest()
      ? { status: 200, contentType: 'text/html; charset=utf-8', body: html }
      : undefined,
  );
  await page.goto(url);
  return page;
}

/** Apply all in the review, and wait until it says applied. */
async function applyAllIn(review: Target): Promise<void> {
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
}

/** The folder the add-on remembers for a conversation (`site:id`), as the popup's choice stores it. */
async function rememberFolder(key: string, folder: string): Promise<void> {
  await ff.devtools.evaluate(
    await ff.background(),
    async ([k, f]: [string, string]) => {
      await chrome.storage.local.set({ folders: { last: f, recent: [f], byConversation: { [k]: f } } });
    },
    [key, folder],
  );
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
  const page = await openSaved(ff, html, fixture.url);
  await page.waitForFunction(() => document.querySelectorAll('[data-replyapply="apply"]').length === 2, {
    timeout: 15_000,
  });
  const buttons = await page.$$eval('[data-replyapply="apply"]', (els) =>
    els.map((e) => [e.getAttribute('data-message-id'), e.getAttribute('data-files')]),
  );
  expect(buttons).toEqual(fixture.replies.map((r, i) => [r.messageId, i === 0 ? '1' : '2']));
  await page.close();
});

it(`a 480 KiB reply of ${LONG_FILES} files, read by the background from its parts, is counted and applied exactly`, async () => {
  const conv = 'ff-long';
  const { root } = makeProject({ 'README.md': 'long\n' });
  await rememberFolder(`chatgpt:${conv}`, root);
  const html = chatGptPage(conv, [{ id: 'r1', markdown: LONG_REPLY }], { highlight: true });
  const page = await openSaved(ff, html, `https://chatgpt.com/c/${conv}`);
  const button = await page.waitForSelector(
    `[data-replyapply="apply"][data-message-id="r1"][data-files="${LONG_FILES}"]`,
    { timeout: 30_000 },
  );
  await button!.click();
  const review = await ff.devtools.target((u) => u.endsWith('/extension/sidepanel/index.html'), 15_000);
  await waitIn(
    ff,
    review,
    (n: number) => {
      const files = [...document.querySelectorAll('[data-replyapply-file]')];
      return files.length === n && files.every((f) => f.getAttribute('data-status') === 'ok') ? true : null;
    },
    LONG_FILES,
    'every file planned',
    30_000,
  );
  await applyAllIn(review);
  for (const f of LONG_CHECKED)
    expect(readFileSync(join(root, 'src', 'long', `f${f}.ts`), 'utf8')).toBe(longBody(f));
  await ff.devtools.evaluate(review, () => window.close());
  await page.close();
});

it('a click on Apply opens the review beside the chat, which writes the reply to disk', async () => {
  const { html, page: fixture } = saved('chatgpt-two-replies');
  const { root } = makeProject(fixture.filesBefore);
  await rememberFolder(`chatgpt:${fixture.conversationId}`, root);
  const page = await openSaved(ff, html, fixture.url);
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
  await applyAllIn(review);
  expect(readTree(root)).toEqual({
    'src/greet.ts': fixture.filesBefore['src/greet.ts'],
    'src/slugify.ts':
      "export function slugify(text: string): string {\n  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');\n}\n",
  });
  await page.close();
});

for (const c of CASES)
  it(`"Add files to the chat" on ${c.site}'s saved page: three files with their tokens go in after the draft, and the answer applies`, async () => {
    const site = ADAPTERS.find((a) => a.id === c.site)!.selectors;
    const root = gitProject();
    const bg = await ff.background();
    await rememberFolder(`${c.site}:${c.conversationId}`, root);
    // An earlier test's review is closed, so that the one found below is this reply's.
    await ff.devtools.evaluate(bg, async () => {
      const reviews = await chrome.tabs.query({
        url: chrome.runtime.getURL('extension/sidepanel/index.html'),
      });
      await chrome.tabs.remove(reviews.map((t) => t.id!));
    });
    const page = await openSaved(ff, withEditorStyle(readFileSync(c.page, 'utf8')), c.url);
    await page.waitForSelector(`html[data-replyapply-active="${c.site}"]`, { timeout: 15_000 });
    await page.click(site.composer!.css);
    await page.keyboard.type(DRAFT);

    // The popup, as a tab of its own for the chat's tab (?tab=<id>): Firefox opens an action's popup only
    // on a click on the toolbar, which no driver reaches.
    const chatTab = await ff.devtools.evaluate(
      bg,
      async (url: string) => {
        const [chat] = await chrome.tabs.query({ url });
        await chrome.tabs.create({
          url: chrome.runtime.getURL(`extension/popup/index.html?tab=${chat!.id}`),
          active: false,
        });
        return chat!.id!;
      },
      c.url,
    );
    const popup = await ff.devtools.target(
      (u) => u.endsWith(`/extension/popup/index.html?tab=${chatTab}`),
      15_000,
    );
    await waitIn(
      ff,
      popup,
      () => {
        const open = document.querySelector<HTMLButtonElement>('[data-replyapply="context-open"]');
        open?.click();
        return open ? true : null;
      },
      null,
      'the picker button',
    );
    // Ticked by default: the plain files. The file git ignores is listed unticked, with its warning.
    const ticks = await waitIn(
      ff,
      popup,
      (paths: string[]) => {
        const boxes = paths.map((p) =>
          document.querySelector<HTMLInputElement>(`input[aria-label="Add ${p}"]`),
        );
        if (boxes.some((b) => !b)) return null;
        const warning = document.querySelector(
          '[data-replyapply="context-row"][data-path="settings.local.json"] [data-replyapply="context-warning"]',
        );
        return { ticked: boxes.map((b) => b!.checked), warning: warning?.textContent ?? null };
      },
      ['src/app.py', '.gitignore', 'settings.local.json'],
      'the tree',
    );
    expect(ticks).toEqual({ ticked: [true, true, false], warning: 'ignored by git' });
    // Ticked and unticked by hand, each click once its box shows the state it is to change (as a user sees it).
    for (const [path, want] of [
      ['.gitignore', false],
      ['settings.local.json', true],
    ] as const)
      await waitIn(
        ff,
        popup,
        ([p, on]: [string, boolean]) => {
          const box = document.querySelector<HTMLInputElement>(`input[aria-label="Add ${p}"]`)!;
          if (box.checked === on) return true;
          box.click();
          return null;
        },
        [path, want],
        `${path} ticked ${want}`,
      );
    // Each file's tokens, and the total with the bundle's own words, as the site's tokenizer counts them.
    const { bundle, ...expected } = expectedPick(c.site);
    // Once every picked row shows its count, the total is the one to check.
    const shown = await waitIn(
      ff,
      popup,
      (paths: string[]) => {
        const rows = paths.map(
          (p) =>
            document.querySelector(
              `[data-replyapply="context-row"][data-path="${p}"] [data-replyapply="context-tokens"]`,
            )?.textContent ?? '',
        );
        if (rows.some((r) => !/\d/.test(r))) return null;
        return {
          rows,
          summary: document.querySelector('[data-replyapply="context-summary"]')?.textContent ?? '',
        };
      },
      [...PICKED],
      'the counts',
    );
    expect(shown).toEqual(expected);

    await ff.devtools.evaluate(popup, () => {
      document.querySelector<HTMLButtonElement>('[data-replyapply="context-insert"]')!.click();
    });
    const status = await waitIn(
      ff,
      popup,
      () => {
        const text = document.querySelector('[data-replyapply="context-status"]')?.textContent ?? '';
        return text.includes('Inserted') || text.includes('not') ? text : null;
      },
      null,
      'the insert',
    );
    expect(status).toContain('Inserted 3 files');
    // What the box holds, as the page's own text: the draft, a blank line, the bundle — nothing sent.
    expect(await page.$eval(site.composer!.css, composerTextOf)).toBe(`${DRAFT}\n\n${bundle}`);

    await page.evaluate(answerIn, [
      readFileSync(c.template, 'utf8'),
      site.turn.css,
      site.content!.css,
      renderMarkdown(REPLY),
    ] as const);
    // The button's host (its control is in a shadow root): a trusted click on it reaches the control.
    // The answer's button, the page's last (not every site's turn carries a message id to find it by).
    const button = await page.waitForFunction(
      () => {
        const all = document.querySelectorAll('[data-replyapply="apply"]');
        const last = all[all.length - 1];
        return last?.getAttribute('data-files') === '3' ? last : null;
      },
      { timeout: 15_000 },
    );
    await (button as import('puppeteer-core').ElementHandle<Element>).click();
    const review = await ff.devtools.target((u) => u.endsWith('/extension/sidepanel/index.html'), 15_000);
    const planned = await waitIn(
      ff,
      review,
      () => {
        const files = [...document.querySelectorAll('[data-replyapply-file]')];
        if (files.length < 3 || files.some((f) => f.getAttribute('data-status') !== 'ok')) return null;
        return {
          files: files.map((f) => f.getAttribute('data-replyapply-file')).sort(),
          guess: document.body.textContent!.includes('is a guess'),
        };
      },
      null,
      'the three files planned',
    );
    expect(planned).toEqual({ files: [...PICKED], guess: false });
    // The review leaves the file git ignores unticked too, with its warning: the user ticks it here.
    const ignoredWarning = await ff.devtools.evaluate(review, () => {
      const row = document.querySelector('[data-replyapply-file="settings.local.json"]')!;
      const warned = row.querySelector('[data-replyapply="git-ignored"]') !== null;
      const accept = row.querySelector<HTMLInputElement>('input[data-accept]')!;
      if (!accept.checked) accept.click();
      return warned;
    });
    expect(ignoredWarning).toBe(true);
    await applyAllIn(review);
    expect(projectFiles(root)).toEqual(AFTER);
    await ff.devtools.evaluate(review, () => window.close());
    await ff.devtools.evaluate(popup, () => window.close());
    await page.close();
  });
