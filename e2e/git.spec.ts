/**
 * Git in the review (issue 29), in Chromium with the real native host and a real temporary repository:
 * each file row shows its git state, an ignored file is unticked, "Commit these files" commits the written
 * files (not the one with uncommitted changes before), and Undo reverts with a new commit. A folder that
 * is not a git work tree shows none of it. Screenshots go to this test's output folder under test-results/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { makeRepo, type TestRepo } from '../native-host/git/test-repo';
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { clickApply, makeProject, openSidePanel, rememberFolder } from './review';

const REPLY = [
  'Shout the second line. Notes follow.',
  '',
  '```diff',
  '--- a/app.txt',
  '+++ b/app.txt',
  '@@ -1,2 +1,2 @@',
  ' one',
  '-two',
  '+TWO',
  '```',
  '',
  '--- START-FILE: notes.txt ---',
  'notes from the reply',
  '--- END-FILE: notes.txt ---',
  '',
  '--- START-FILE: src/new.txt ---',
  'new',
  '--- END-FILE: src/new.txt ---',
  '',
  '--- START-FILE: .env ---',
  'TOKEN=from-the-reply',
  '--- END-FILE: .env ---',
].join('\n');

async function openReview(
  context: BrowserContext,
  serviceWorker: Worker,
  conv: string,
  root: string,
): Promise<Page> {
  const url = await serveChatGpt(context, conv, [{ id: 'r1', markdown: REPLY }]);
  await rememberFolder(serviceWorker, 'chatgpt', conv, root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 4);
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply-file]')).toHaveCount(4);
  await expect(panel.locator('[data-replyapply="apply-all"]')).toBeEnabled();
  return panel;
}

const row = (panel: Page, path: string) => panel.locator(`[data-replyapply-file="${path}"]`);

let repo: TestRepo | undefined;
test.afterEach(() => {
  repo?.remove();
  repo = undefined;
});

test('in a git work tree: states per file, ignored unticked, commit these files, undo reverts with a commit', async ({
  context,
  serviceWorker,
}, testInfo) => {
  repo = makeRepo({ '.gitignore': '.env\n', 'app.txt': 'one\ntwo\n', 'notes.txt': 'old notes\n' });
  repo.write({ 'notes.txt': 'my own uncommitted edit\n' });
  const panel = await openReview(context, serviceWorker, 'e2e-git', repo.dir);

  await expect(row(panel, 'notes.txt').locator('[data-replyapply-git]')).toHaveAttribute(
    'data-replyapply-git',
    'modified',
  );
  await expect(row(panel, '.env').locator('[data-replyapply-git]')).toHaveAttribute(
    'data-replyapply-git',
    'ignored',
  );
  await expect(row(panel, '.env').locator('[data-replyapply="git-ignored"]')).toContainText(
    'git ignores this file',
  );
  await expect(row(panel, 'app.txt').locator('[data-replyapply-git]')).toHaveCount(0);
  await expect(row(panel, 'src/new.txt').locator('[data-replyapply-git]')).toHaveCount(0);
  await expect(row(panel, '.env').locator('input[data-accept]')).not.toBeChecked();
  await expect(row(panel, 'app.txt').locator('input[data-accept]')).toBeChecked();

  const option = panel.locator('[data-replyapply="commit-option"]');
  await expect(option).toContainText('Commit these files on main');
  await option.locator('[data-replyapply="commit"]').check();
  await expect(option.locator('[data-commit-file="app.txt"]')).toBeChecked();
  await expect(option.locator('[data-commit-file="src/new.txt"]')).toBeChecked();
  await expect(option.locator('[data-commit-file="notes.txt"]')).not.toBeChecked();
  await expect(option).toContainText('replyapply: Shout the second line');
  await panel.screenshot({ path: testInfo.outputPath('git-review.png'), fullPage: true });

  await panel.locator('[data-replyapply="apply-all"]').click();
  await expect(panel.locator('[data-replyapply="result"] [data-state="applied"]')).toBeVisible();
  await expect(panel.locator('[data-replyapply="commit-result"]')).toHaveAttribute('data-state', 'committed');
  await panel.screenshot({ path: testInfo.outputPath('git-committed.png'), fullPage: true });

  expect(repo.git('log', '--format=%s').trim().split('\n')).toEqual([
    'replyapply: Shout the second line',
    'initial',
  ]);
  expect(repo.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([
    'app.txt',
    'src/new.txt',
  ]);
  expect(repo.git('log', '-1', '--format=%an <%ae>').trim()).toBe('Ada Test <ada@example.com>');
  // Written but not committed: the file that had the user's own changes; not written: the ignored one.
  expect(readFileSync(join(repo.dir, 'notes.txt'), 'utf8')).toBe('notes from the reply\n');
  expect(repo.git('status', '--porcelain').trim()).toBe('M notes.txt');
  expect(existsSync(join(repo.dir, '.env'))).toBe(false);

  await panel.locator('[data-replyapply="result"] [data-replyapply="undo"]').click();
  await expect(panel.locator('[data-replyapply="result"] [data-state="undone"]')).toBeVisible();
  await expect(panel.locator('[data-replyapply="revert-result"]')).toContainText('Undone in a new commit');
  expect(repo.git('log', '-1', '--format=%s').trim()).toBe('Revert "replyapply: Shout the second line"');
  expect(readFileSync(join(repo.dir, 'app.txt'), 'utf8')).toBe('one\ntwo\n');
  expect(readFileSync(join(repo.dir, 'notes.txt'), 'utf8')).toBe('my own uncommitted edit\n');
  expect(repo.git('status', '--porcelain').trim()).toBe('M notes.txt');
  await panel.screenshot({ path: testInfo.outputPath('git-undone.png'), fullPage: true });
});

test('outside a git work tree: no git state, no commit option, every file ticked as before', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject({ 'app.txt': 'one\ntwo\n', 'notes.txt': 'old notes\n' });
  const panel = await openReview(context, serviceWorker, 'e2e-nogit', root);
  await expect(panel.locator('[data-replyapply-git]')).toHaveCount(0);
  await expect(panel.locator('[data-replyapply="commit-option"]')).toHaveCount(0);
  await expect(row(panel, '.env').locator('input[data-accept]')).toBeChecked();
});
