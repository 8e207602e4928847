/**
 * A long reply (over the 64 KiB the page reads itself) is read by the background, its text sent in
 * parts (issue 44): the button counts its files, and the review writes exactly what it says. Read from
 * the API and, with the API failing, from the page's highlighted code blocks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { applyAll, clickApply, makeProject, openSidePanel, rememberFolder } from './review';

const FILES = 40;
/** Each file ~12 KiB of lines with characters outside the BMP, so a part's cut can fall inside a pair. */
const body = (f: number) =>
  `${Array.from({ length: 250 }, (_, k) => `export const v${k} = "𝒳 ${f}:${k}"; // 😀 line ${k}`).join('\n')}\n`;

for (const api of ['ok', 'fail'] as const) {
  test(`a 480 KiB reply of ${FILES} files is counted and applied exactly (${api === 'ok' ? 'API' : 'page'})`, async ({
    context,
    serviceWorker,
  }) => {
    const markdown = `All ${FILES} files:\n\n${Array.from(
      { length: FILES },
      (_, f) => `src/long/f${f}.ts\n\n\`\`\`ts\n${body(f)}\`\`\``,
    ).join('\n\n')}`;
    expect(markdown.length).toBeGreaterThan(4 * 64 * 1024);
    const conv = `e2e-long-${api}`;
    const { root } = makeProject({ 'README.md': 'long\n' });
    const url = await serveChatGpt(context, conv, [{ id: 'r1', markdown }], {
      api,
      page: { highlight: true },
    });
    await rememberFolder(serviceWorker, 'chatgpt', conv, root);
    const page = await context.newPage();
    await page.goto(url);
    await clickApply(page, 'r1', FILES);
    const panel = await openSidePanel(context);
    await expect(panel.locator('[data-replyapply-file]')).toHaveCount(FILES);
    await applyAll(panel);
    for (const f of [0, 17, FILES - 1])
      expect(readFileSync(join(root, 'src', 'long', `f${f}.ts`), 'utf8')).toBe(body(f));
  });
}
