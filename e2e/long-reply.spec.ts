/**
 * A long reply (over the 64 KiB the page reads itself) is read by the background, its text sent in
 * parts (issue 44): the button counts its files, and the review writes exactly what it says. Read from
 * the API and, with the API failing, from the page's highlighted code blocks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { LONG_CHECKED, LONG_FILES, LONG_REPLY, longBody } from './long-reply';
import { applyAll, clickApply, makeProject, openSidePanel, rememberFolder } from './review';

for (const api of ['ok', 'fail'] as const) {
  test(`a 480 KiB reply of ${LONG_FILES} files is counted and applied exactly (${api === 'ok' ? 'API' : 'page'})`, async ({
    context,
    serviceWorker,
  }) => {
    expect(LONG_REPLY.length).toBeGreaterThan(4 * 64 * 1024);
    const conv = `e2e-long-${api}`;
    const { root } = makeProject({ 'README.md': 'long\n' });
    // The page read needs the page as sites draw it (a span per token); the API read does not.
    const url = await serveChatGpt(context, conv, [{ id: 'r1', markdown: LONG_REPLY }], {
      api,
      page: { highlight: api === 'fail' },
    });
    await rememberFolder(serviceWorker, 'chatgpt', conv, root);
    const page = await context.newPage();
    await page.goto(url);
    // Half a megabyte of page takes Chromium seconds to lay out beside the suite's other worker.
    await page.locator('[data-replyapply="apply"][data-message-id="r1"]').waitFor({ timeout: 30_000 });
    await clickApply(page, 'r1', LONG_FILES);
    const panel = await openSidePanel(context);
    await expect(panel.locator('[data-replyapply-file]')).toHaveCount(LONG_FILES, { timeout: 30_000 });
    await applyAll(panel);
    for (const f of LONG_CHECKED)
      expect(readFileSync(join(root, 'src', 'long', `f${f}.ts`), 'utf8')).toBe(longBody(f));
  });
}
