/**
 * Issue 41 in the browser: "Add files to the chat" on saved pages at their real URLs — ChatGPT's, Claude's
 * 2026 composer (corpus claude-403) and Kimi's (captures/kimi-202-composer). A user picks three files of a
 * real git project (one that git ignores, shown unticked and ticked by hand), sees each file's tokens and
 * the total, inserts after their own draft, and the message box holds exactly the bundle; then the page
 * answers with a reply that edits those files by the bundle's paths, and Apply writes it with no guess.
 */
import { readFileSync } from 'node:fs';
import { ADAPTERS } from '../extension/content/sites/registry';
import { renderMarkdown } from './chat-page';
import { answerIn, composerTextOf, withEditorStyle } from './context-page';
import {
  AFTER,
  CASES,
  DRAFT,
  expectedPick,
  gitProject,
  PICKED,
  projectFiles,
  REPLY,
} from './context-project';
import { expect, extensionPage, servePage, test } from './fixtures';
import { applyAll, openSidePanel, rememberFolder } from './review';

const adapterById = (id: string) => ADAPTERS.find((a) => a.id === id);

/** The page answers `markdown` in the markup of `template`'s last assistant turn (context-page.ts). */
async function pageAnswers(
  tab: import('@playwright/test').Page,
  site: string,
  template: string,
  markdown: string,
) {
  const { selectors } = adapterById(site)!;
  await tab.evaluate(answerIn, [
    readFileSync(template, 'utf8'),
    selectors.turn.css,
    selectors.content!.css,
    renderMarkdown(markdown),
  ] as const);
}

async function tabIdOf(serviceWorker: import('@playwright/test').Worker, url: string): Promise<number> {
  return serviceWorker.evaluate(async (u) => {
    const [t] = await chrome.tabs.query({ url: u });
    return t!.id!;
  }, url);
}

for (const c of CASES) {
  test(`on ${c.site}'s saved page: three files picked with their tokens go in after the draft, and the answer applies`, async ({
    context,
    serviceWorker,
  }) => {
    const root = gitProject();
    await rememberFolder(serviceWorker, c.site, c.conversationId, root);
    await servePage(context, `${new URL(c.url).origin}/**`, withEditorStyle(readFileSync(c.page, 'utf8')));
    const tab = await context.newPage();
    await tab.goto(c.url);
    await expect(tab.locator('html')).toHaveAttribute('data-replyapply-active', c.site);
    const composer = tab.locator(adapterById(c.site)!.selectors.composer!.css).first();
    await composer.click();
    await tab.keyboard.type(DRAFT);

    const popup = await context.newPage();
    await popup.goto(extensionPage(`extension/popup/index.html?tab=${await tabIdOf(serviceWorker, c.url)}`));
    await popup.locator('[data-replyapply="context-open"]').click();
    const row = (path: string) => popup.locator(`[data-replyapply="context-row"][data-path="${path}"]`);
    const box = (path: string) => popup.getByRole('checkbox', { name: `Add ${path}`, exact: true });
    // Ticked by default: the plain files. The file git ignores is listed unticked, with a warning.
    await expect(box('src/app.py')).toBeChecked();
    await expect(box('.gitignore')).toBeChecked();
    await expect(box('settings.local.json')).not.toBeChecked();
    await expect(row('settings.local.json').locator('[data-replyapply="context-warning"]')).toHaveText(
      'ignored by git',
    );
    await box('.gitignore').uncheck();
    await box('settings.local.json').check();

    // Each file's tokens, and the total with the bundle's own words, as the site's tokenizer counts them.
    const expected = expectedPick(c.site);
    for (const [i, p] of PICKED.entries())
      await expect(row(p).locator('[data-replyapply="context-tokens"]')).toHaveText(expected.rows[i]!);
    await expect(popup.locator('[data-replyapply="context-summary"]')).toHaveText(expected.summary);

    await popup.locator('[data-replyapply="context-insert"]').click();
    await expect(popup.locator('[data-replyapply="context-status"]')).toContainText('Inserted 3 files');
    // What the box holds, as the page's own text: the draft, a blank line, the bundle — nothing sent.
    expect(await composer.evaluate(composerTextOf)).toBe(`${DRAFT}\n\n${expected.bundle}`);

    await pageAnswers(tab, c.site, c.template, REPLY);
    const button = tab.locator('[data-replyapply="apply"]').last();
    await expect(button).toHaveAttribute('data-files', '3', { timeout: 15_000 });
    await button.locator('button').click();
    const panel = await openSidePanel(context);
    for (const p of PICKED)
      await expect(panel.locator(`[data-replyapply-file="${p}"]`)).toHaveAttribute('data-status', 'ok');
    await expect(panel.getByText('is a guess')).toHaveCount(0);
    // The review leaves a file git ignores unticked too, with its warning: the user ticks it again here.
    const ignored = panel.locator('[data-replyapply-file="settings.local.json"]');
    await expect(ignored.locator('[data-replyapply="git-ignored"]')).toBeVisible();
    await ignored.locator('input[data-accept]').first().check();
    await applyAll(panel);
    expect(projectFiles(root)).toEqual(AFTER);
  });
}
