/** Helpers for the review flows: project folders on disk, the folder memory, the side panel page. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, extensionPage } from './fixtures';

export type Tree = Record<string, string>;

/** A project folder (with a sibling that must never be touched) holding `files`. */
export function makeProject(files: Tree): { root: string; sibling: string } {
  const base = mkdtempSync(join(tmpdir(), 'replyapply-proj-'));
  const root = join(base, 'project');
  const sibling = join(base, 'sibling');
  mkdirSync(root, { recursive: true });
  mkdirSync(sibling, { recursive: true });
  writeFileSync(join(sibling, 'keep.txt'), 'keep\n');
  writeTree(root, files);
  return { root, sibling };
}

export function writeTree(root: string, files: Tree): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

export function readTree(root: string): Tree {
  const out: Tree = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(root, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(root);
  return out;
}

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
