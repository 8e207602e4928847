/**
 * Beyond ChatGPT: every other site's saved page at its real URL, a self-hosted chat added in the
 * options page and allowed on the browser's real prompt, selected text through the context menu's action,
 * a pasted reply, and format instructions put into the chat's message box.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Worker } from '@playwright/test';
import { ADAPTERS } from '../extension/content/sites/registry';
import { expect, extensionPage, REPO, servePage, test } from './fixtures';
import { answerPermissionPrompt, promptTest } from './permission-prompt';
import { applyAll, makeProject, openSidePanel, readTree, rememberFolder } from './review';

const FIXTURES = join(REPO, 'extension', 'content', 'sites', 'fixtures');

interface SavedPage {
  url: string;
  conversationId: string;
  filesBefore: Record<string, string>;
  filesAfter: Record<string, string>;
  replies: Array<{ messageId: string; markdown: string }>;
}

function saved(name: string): { html: string; page: SavedPage } {
  return {
    html: readFileSync(join(FIXTURES, `${name}.html`), 'utf8'),
    page: JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')),
  };
}

/**
 * A saved page served at `url`: the one reply with changes gets Apply, and the review writes exactly the
 * page's `filesAfter` into a project holding its `filesBefore` (the folder remembered for `site`).
 */
async function applyFromSavedPage(
  { context, serviceWorker }: { context: BrowserContext; serviceWorker: Worker },
  site: string,
  url: string,
  { html, page: fixture }: { html: string; page: SavedPage },
): Promise<void> {
  const { root } = makeProject(fixture.filesBefore);
  await servePage(context, `${new URL(url).origin}/**`, html);
  await rememberFolder(serviceWorker, site, fixture.conversationId, root);
  const tab = await context.newPage();
  await tab.goto(url);
  const button = tab.locator('[data-replyapply="apply"]');
  await expect(button).toHaveCount(1);
  await button.locator('button').click();
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply-file]')).toHaveCount(Object.keys(fixture.filesAfter).length);
  await applyAll(panel);
  expect(readTree(root)).toEqual(fixture.filesAfter);
}

// Every site with a fixed host, on its saved page at its real URL (the manifest's match patterns decide
// whether the content script runs there). ChatGPT's pages have their own flows (flows.spec.ts).
for (const site of ADAPTERS.filter((a) => a.hosts.length > 0 && a.id !== 'chatgpt').map((a) => a.id)) {
  test(`full flow on a saved ${site} page`, async ({ context, serviceWorker }) => {
    const page = saved(`${site}-two-replies`);
    await applyFromSavedPage({ context, serviceWorker }, site, page.page.url, page);
  });
}

promptTest(
  'a self-hosted chat added in the options page, allowed on the real prompt, gets Apply and writes files',
  async ({ context, serviceWorker, profile }) => {
    const { html, page: fixture } = saved('openwebui-two-replies');
    const origin = 'http://chat.example.test:3000';
    const granted = () =>
      serviceWorker.evaluate(async () => ((await chrome.permissions.getAll()).origins ?? []).sort());
    const registered = () =>
      serviceWorker.evaluate(async () =>
        (await chrome.scripting.getRegisteredContentScripts()).map((s) => ({ js: s.js, matches: s.matches })),
      );
    const manifestOrigins = await granted();
    const options = await context.newPage();
    await options.goto(extensionPage('extension/options/index.html'));
    const add = async () => {
      await options.locator('[data-replyapply="origin-input"]').fill('HTTP://Chat.Example.test:3000/c/123');
      await options.locator('[data-replyapply="origin-kind"]').selectOption('openwebui');
      await options.locator('[data-replyapply="origin-add"]').click();
    };

    // Deny: nothing is stored and the user is told why.
    const asked = await answerPermissionPrompt(profile.dir, 'Deny', add);
    expect(asked).toContain('Read and change your data on chat.example.test');
    await expect(options.locator('[data-replyapply="options-status"]')).toContainText('was not given');
    await expect(options.locator('[data-origin]')).toHaveCount(0);
    expect(await granted()).toEqual(manifestOrigins);

    // Allow: exactly that origin is granted, stored, and gets the self-contained content script.
    await answerPermissionPrompt(profile.dir, 'Allow', add);
    await expect(options.locator(`[data-origin="${origin}"]`)).toHaveCount(1);
    expect(await granted()).toEqual([...manifestOrigins, `${origin}/*`].sort());
    expect(
      await serviceWorker.evaluate(async () => (await chrome.storage.local.get('selfHosted')).selfHosted),
    ).toEqual({ [origin]: 'openwebui' });
    await expect.poll(registered).toEqual([{ js: ['content-standalone.js'], matches: [`${origin}/*`] }]);

    // The saved Open WebUI page at that origin: Apply under the reply with changes, and the review writes.
    await applyFromSavedPage(
      { context, serviceWorker },
      'openwebui',
      `${origin}/c/${fixture.conversationId}`,
      {
        html,
        page: fixture,
      },
    );

    // The real Open WebUI page (captures/openwebui-201, rendered from its components) at that origin.
    await servePage(
      context,
      `${origin}/c/capture`,
      readFileSync(join(REPO, 'extension', 'content', 'sites', 'captures', 'openwebui-201.html'), 'utf8'),
    );
    const capture = await context.newPage();
    await capture.goto(`${origin}/c/capture`);
    await expect(capture.locator('[data-replyapply="apply"]')).toHaveCount(1);
    await expect(capture.locator('[data-replyapply="apply"]')).toHaveAttribute('data-files', '1');

    // Removing the chat gives the permission back and unregisters the script.
    await options.locator(`[data-origin="${origin}"] button`).click();
    await expect(options.locator('[data-origin]')).toHaveCount(0);
    await expect.poll(granted).toEqual(manifestOrigins);
    await expect.poll(registered).toEqual([]);
  },
);

test('the self-contained content script used for self-hosted chats runs on its own', async ({
  context,
  serviceWorker,
}) => {
  // Self-hosted origins get content-standalone.js (the manifest's loader imports chunks only the manifest's
  // sites may load). Injected into a page the manifest script also runs on, it must add its own buttons.
  const { html, page: fixture } = saved('chatgpt-two-replies');
  await servePage(context, 'https://chatgpt.com/**', html);
  const tab = await context.newPage();
  await tab.goto(fixture.url);
  await expect(tab.locator('[data-replyapply="apply"]')).toHaveCount(2);
  await serviceWorker.evaluate(async (url) => {
    const [t] = await chrome.tabs.query({ url });
    await chrome.scripting.executeScript({ target: { tabId: t!.id! }, files: ['content-standalone.js'] });
  }, fixture.url);
  await expect(tab.locator('[data-replyapply="apply"]')).toHaveCount(4);
});

test('selected text on any page is reviewed through "Apply with ReplyApply"', async ({
  context,
  serviceWorker,
}) => {
  const reply =
    '--- START-FILE: docs/hello.md ---\n# Hello\n\nFrom a forum post.\n--- END-FILE: docs/hello.md ---';
  await servePage(
    context,
    'https://forum.example.org/**',
    `<!doctype html><html><body><p>Someone wrote:</p><pre id="post">${reply}</pre></body></html>`,
  );
  const { root } = makeProject({ 'README.md': 'r\n' });
  // The selection has no conversation: the folder comes from the last one used.
  await serviceWorker.evaluate(async (f) => {
    await chrome.storage.local.set({ folders: { last: f, recent: [f], byConversation: {} } });
  }, root);
  const tab = await context.newPage();
  await tab.goto('https://forum.example.org/t/1');
  await tab.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('post')!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await tab.bringToFront();
  // Playwright cannot open a context menu: call what the menu item's click calls, with the tab and the
  // selection text it passes. (Without the click there is no activeTab grant, so the page's own selection
  // cannot be read and the menu's text is used.)
  const selectionText = await tab.evaluate(() => getSelection()!.toString());
  await serviceWorker.evaluate(async (text) => {
    const [t] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    const api = (
      globalThis as unknown as { replyApplyTest: { applySelection(t: unknown, s: string): Promise<void> } }
    ).replyApplyTest;
    await api.applySelection(t, text);
  }, selectionText);
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply="text-source"]')).toHaveText('selected text');
  await applyAll(panel);
  expect(readTree(root)).toEqual({ 'README.md': 'r\n', 'docs/hello.md': '# Hello\n\nFrom a forum post.\n' });
});

test('a reply pasted into the side panel is reviewed and applied', async ({ context, serviceWorker }) => {
  void serviceWorker;
  const { root } = makeProject({ 'a.py': 'def f():\n    return 1\n' });
  const panel = await openSidePanel(context);
  await panel
    .locator('[data-replyapply="paste"]')
    .fill('a.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```');
  await panel.locator('[data-replyapply="paste-review"]').click();
  await panel.locator('[data-replyapply="folder-input"]').fill(root);
  await panel.locator('[data-replyapply="folder-use"]').click();
  await expect(panel.locator('[data-replyapply-file="a.py"]')).toHaveAttribute('data-status', 'ok');
  await applyAll(panel);
  expect(readTree(root)).toEqual({ 'a.py': 'def f():\n    return 2\n' });
});

test('format instructions go into the chat message box, unsent', async ({ context, serviceWorker }) => {
  const { html, page: fixture } = saved('chatgpt-two-replies');
  await servePage(context, 'https://chatgpt.com/**', html);
  const tab = await context.newPage();
  await tab.goto(fixture.url);
  await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', 'chatgpt');
  const answer = await serviceWorker.evaluate(async (url) => {
    const [t] = await chrome.tabs.query({ url });
    return chrome.tabs.sendMessage(t!.id!, {
      type: 'insert-instructions',
      text: 'Answer with SEARCH/REPLACE blocks.',
    });
  }, fixture.url);
  expect(answer).toMatchObject({ ok: true });
  await expect(tab.locator('#prompt-textarea')).toContainText('Answer with SEARCH/REPLACE blocks.');
});
