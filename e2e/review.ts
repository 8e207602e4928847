/** Helpers for the review flows: project folders on disk, the folder memory, the side panel page. */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, extensionPage } from './fixtures';

export { makeProject, readTree, type Tree, writeTree } from './project';

/** Remember `folder` for a conversation, as the folder chooser would. */
export async function rememberFolder(sw: Worker, site: string, conversationId: string, folder: string) {
  await sw.evaluate(
    async ([key, f]) => {
      await chrome.storage.local.set({ folders: { last: f, recent: [f], byConversation: { [key]: f } } });
    },
    [`${site}:${conversationId}`, folder] as const,
  );
}

export async function openSidePanel(context: BrowserContext): Promise<Page> {
  const panel = await context.newPage();
  await panel.goto(extensionPage('extension/sidepanel/index.html'));
  return panel;
}

/** Click Apply under a reply, then open the review and wait until every file is planned. */
export async function clickApply(page: Page, replyId: string, files: number): Promise<void> {
  const button = page.locator(`[data-replyapply="apply"][data-message-id="${replyId}"]`);
  await expect(button).toHaveAttribute('data-files', String(files));
  await button.locator('button').click();
}

export async function applyAll(panel: Page): Promise<void> {
  await panel.locator('[data-replyapply="apply-all"]').click();
  await expect(panel.locator('[data-replyapply="result"] [data-state="applied"]')).toBeVisible();
}
