/**
 * Issue 27 in the browser: the captured pages (real markup, `extension/content/sites/captures/`) at their
 * sites' real URLs, and the generic reader reading a site whose adapter is switched off — in the options,
 * or because the site's markup is not what its adapter knows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Worker } from '@playwright/test';
import { expect, extensionPage, REPO, servePage, test } from './fixtures';
import { applyAll, makeProject, openSidePanel, readTree, rememberFolder } from './review';

const SITES = join(REPO, 'extension', 'content', 'sites');

interface Saved {
  url: string;
  conversationId?: string;
  filesBefore?: Record<string, string>;
  filesAfter?: Record<string, string>;
  replies: Array<{ messageId: string; ops: unknown[] }>;
  streaming?: { messageId: string };
}

function saved(folder: 'captures' | 'fixtures', name: string): { html: string; page: Saved } {
  return {
    html: readFileSync(join(SITES, folder, `${name}.html`), 'utf8'),
    page: JSON.parse(readFileSync(join(SITES, folder, `${name}.json`), 'utf8')),
  };
}

const MARK = '[data-replyapply-reply]';

// The captures of sites with a fixed host. The self-hosted apps' captures are checked in the unit tests
// (their content script needs an origin the user added; sites.spec.ts runs that flow).
for (const [name, site] of [
  ['chatgpt-202', 'chatgpt'],
  ['kimi-202', 'kimi'],
  ['huggingchat-201', 'huggingchat'],
  ['huggingchat-201-streaming', 'huggingchat'],
] as const) {
  test(`the real ${name} page at its URL is read by the ${site} adapter`, async ({ context }) => {
    const { html, page } = saved('captures', name);
    await servePage(context, `${new URL(page.url).origin}/**`, html);
    const tab = await context.newPage();
    await tab.goto(page.url);
    await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', site);
    // A reply still streaming gets none; an earlier one, whose bar the site hides meanwhile, gets its own.
    const withOps = page.replies.filter(
      (r) => r.ops.length > 0 && r.messageId !== page.streaming?.messageId,
    ).length;
    await expect(tab.locator('[data-replyapply="apply"]')).toHaveCount(withOps, { timeout: 5_000 });
    // The adapter found the page's replies itself: five seconds on, the generic reader has not had to
    // take over (it marks the replies it reads).
    await tab.waitForTimeout(5_500);
    await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', site);
    await expect(tab.locator(MARK)).toHaveCount(0);
    await expect(tab.locator('[data-replyapply="apply"]')).toHaveCount(withOps);
  });
}

/** The page's one reply with changes gets Apply, and the review — saying how it was read — writes `filesAfter`. */
async function applyThroughGeneric(
  { context, serviceWorker }: { context: BrowserContext; serviceWorker: Worker },
  site: string,
  url: string,
  conversationId: string,
  { html, page }: { html: string; page: Saved },
): Promise<void> {
  const { root } = makeProject(page.filesBefore!);
  await servePage(context, `${new URL(url).origin}/**`, html);
  await rememberFolder(serviceWorker, site, conversationId, root);
  const tab = await context.newPage();
  await tab.goto(url);
  const button = tab.locator('[data-replyapply="apply"]');
  await expect(button).toHaveCount(1, { timeout: 15_000 });
  await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', `${site} generic`);
  // Under the reply with the diff, never under a user's message.
  await expect(tab.locator(`${MARK}:has(+ [data-replyapply="apply"])`)).toContainText('Here is the fix for');
  await button.locator('button').click();
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply="reader"]')).toContainText('generic reader');
  await expect(panel.locator('[data-replyapply-file]')).toHaveCount(Object.keys(page.filesAfter!).length);
  await applyAll(panel);
  expect(readTree(root)).toEqual(page.filesAfter);
}

test('a site whose adapter is switched off in the options is read with the generic reader', async ({
  context,
  serviceWorker,
}) => {
  const options = await context.newPage();
  await options.goto(extensionPage('extension/options/index.html'));
  await options.locator('[data-replyapply-site="claude"]').check();
  await expect
    .poll(() =>
      serviceWorker.evaluate(async () => (await chrome.storage.local.get('adaptersOff')).adaptersOff),
    )
    .toEqual(['claude']);
  const page = saved('fixtures', 'claude-two-replies');
  await applyThroughGeneric(
    { context, serviceWorker },
    'claude',
    page.page.url,
    page.page.conversationId!,
    page,
  );
});

test('a site whose markup its adapter no longer knows: the generic reader takes over by itself', async ({
  context,
  serviceWorker,
}) => {
  // Claude "changed its layout": its page now looks like nothing the Claude adapter reads (Gemini's markup).
  const page = saved('fixtures', 'gemini-two-replies');
  const url = 'https://claude.ai/chat/7b1e0c55-2d4f-4a8e-9c63-5f0a1b2c3d4e';
  await applyThroughGeneric(
    { context, serviceWorker },
    'claude',
    url,
    '7b1e0c55-2d4f-4a8e-9c63-5f0a1b2c3d4e',
    page,
  );
});

test('the generic reader takes over after the page moves to a conversation its adapter cannot read', async ({
  context,
  serviceWorker,
}) => {
  // Chat sites are single-page apps: the user opens a conversation from the new-chat page, no page load.
  const page = saved('fixtures', 'gemini-two-replies');
  const id = '2c4e6a80-1b3d-4f5a-8c7e-9d0f1a2b3c4d';
  const { root } = makeProject(page.page.filesBefore!);
  await servePage(context, 'https://claude.ai/**', page.html);
  await rememberFolder(serviceWorker, 'claude', id, root);
  const tab = await context.newPage();
  await tab.goto('https://claude.ai/new');
  await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', 'claude');
  // A new chat has no replies to find: nothing is taken over, and both checks of this URL are past.
  await tab.waitForTimeout(16_000);
  await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', 'claude');
  await tab.evaluate((to) => history.pushState({}, '', to), `/chat/${id}`);
  await expect(tab.locator('[data-replyapply="apply"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', 'claude generic');
});
