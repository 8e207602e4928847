/**
 * Beyond ChatGPT: saved Claude and Gemini pages at their real URLs, a self-hosted chat added in the
 * options page, selected text through the context menu's action, a pasted reply, and format instructions
 * put into the chat's message box.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, extensionPage, REPO, servePage, test } from './fixtures';
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

for (const site of ['claude', 'gemini'] as const) {
  test(`full flow on a saved ${site} page`, async ({ context, serviceWorker }) => {
    const { html, page: fixture } = saved(`${site}-two-replies`);
    const { root } = makeProject(fixture.filesBefore);
    const origin = new URL(fixture.url).origin;
    await servePage(context, `${origin}/**`, html);
    await rememberFolder(serviceWorker, site, fixture.conversationId, root);
    const tab = await context.newPage();
    await tab.goto(fixture.url);
    const button = tab.locator('[data-replyapply="apply"]');
    await expect(button).toHaveCount(1);
    await button.locator('button').click();
    const panel = await openSidePanel(context);
    await expect(panel.locator('[data-replyapply-file]')).toHaveCount(Object.keys(fixture.filesAfter).length);
    await applyAll(panel);
    expect(readTree(root)).toEqual(fixture.filesAfter);
  });
}

test('a self-hosted chat is added in the options page for exactly its origin', async ({
  context,
  serviceWorker,
}) => {
  const options = await context.newPage();
  await options.goto(extensionPage('extension/options/index.html'));
  // Playwright cannot answer the browser's permission prompt; this stands in for the user's "Allow" and
  // records what was asked. (The content script for such an origin is covered by the adapter tests.)
  await options.evaluate(() => {
    const asked: unknown[] = [];
    (globalThis as { asked?: unknown[] }).asked = asked;
    chrome.permissions.request = (async (p: unknown) => {
      asked.push(p);
      return true;
    }) as typeof chrome.permissions.request;
  });
  await options.locator('[data-replyapply="origin-input"]').fill('HTTP://Chat.Example.test:3000/c/123');
  await options.locator('[data-replyapply="origin-kind"]').selectOption('openwebui');
  await options.locator('[data-replyapply="origin-add"]').click();
  await expect(options.locator('[data-origin="http://chat.example.test:3000"]')).toHaveCount(1);
  expect(await options.evaluate(() => (globalThis as { asked?: unknown[] }).asked)).toEqual([
    { origins: ['http://chat.example.test:3000/*'] },
  ]);
  const stored = await serviceWorker.evaluate(
    async () => (await chrome.storage.local.get('selfHosted')).selfHosted,
  );
  expect(stored).toEqual({ 'http://chat.example.test:3000': 'openwebui' });
  await options.locator('[data-origin="http://chat.example.test:3000"] button').click();
  await expect(options.locator('[data-origin]')).toHaveCount(0);
});

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
