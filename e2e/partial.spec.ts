/**
 * Partial apply by choice (issue 29, part 4): a reply whose SEARCH/REPLACE blocks for one file partly fit.
 * The review refuses the file as a whole, offers "Apply the 2 edits that fit, skip 1" unticked with the
 * reason for the skipped block, and — ticked — shows the partial diff and writes exactly that with the
 * other files, through the real host.
 */
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { applyAll, clickApply, makeProject, openSidePanel, readTree, rememberFolder } from './review';

const APP = [
  'def greet(name):',
  '    return "Hi " + name',
  '',
  'def add(a, b):',
  '    return a + b',
  '',
  'def sub(a, b):',
  '    return a - b',
  '',
].join('\n');
const NOTES = 'Old notes.\n';

const block = (path: string, search: string[], replace: string[]) => [
  path,
  '```python',
  '<<<<<<< SEARCH',
  ...search,
  '=======',
  ...replace,
  '>>>>>>> REPLACE',
  '```',
  '',
];
const REPLY = [
  'Three changes to app.py and one to the notes:',
  '',
  ...block('app.py', ['    return "Hi " + name'], ['    return f"Hello, {name}!"']),
  ...block('app.py', ['def add(a, b):', '    return a * b'], ['def add(a, b):', '    return b * a']),
  ...block('app.py', ['    return a - b'], ['    return b - a']),
  ...block('notes.txt', ['Old notes.'], ['New notes.']),
].join('\n');

test('a file whose edits partly fit offers those, unticked; ticked, they are written', async ({
  context,
  serviceWorker,
}, testInfo) => {
  const { root } = makeProject({ 'app.py': APP, 'notes.txt': NOTES });
  const url = await serveChatGpt(context, 'e2e-partial', [{ id: 'r1', markdown: REPLY }]);
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-partial', root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 2);
  const panel = await openSidePanel(context);

  const row = panel.locator('[data-replyapply-file="app.py"]');
  await expect(row).toHaveAttribute('data-status', 'error');
  await expect(row.locator('[data-accept]')).toBeDisabled();
  const choice = row.locator('[data-replyapply="partial-choice"]');
  await expect(choice).toContainText('Apply the 2 edits that fit, skip 1');
  const box = choice.locator('[data-partial]');
  await expect(box).not.toBeChecked();
  await expect(choice.locator('[data-replyapply="skipped-edit"]')).toHaveCount(1);
  await expect(choice.locator('[data-replyapply="skipped-edit"]')).toContainText(
    'Skipped: The search text of edit 2 of the SEARCH/REPLACE for app.py',
  );
  await expect(choice.locator('[data-replyapply="skipped-edit"] pre.nearest')).toHaveText(
    'def add(a, b):\n    return a + b',
  );
  await expect(row.locator('table.diff')).toHaveCount(0);
  // By default only the file that fits whole is ticked: all or nothing, as before.
  await expect(panel.locator('[data-replyapply-file="notes.txt"] [data-accept]')).toBeChecked();
  await expect(panel.locator('[data-replyapply="apply-all"]')).toHaveText('Apply 1 file');
  await panel.screenshot({ path: testInfo.outputPath('partial-offered.png'), fullPage: true });

  await box.check();
  await expect(row.locator('table.diff')).toContainText('return f"Hello, {name}!"');
  await expect(row.locator('table.diff')).toContainText('return b - a');
  await expect(row.locator('table.diff')).not.toContainText('return b * a');
  await expect(panel.locator('[data-replyapply="apply-all"]')).toHaveText('Apply 2 files');
  await panel.screenshot({ path: testInfo.outputPath('partial-chosen.png'), fullPage: true });

  await applyAll(panel);
  await expect(row).toHaveAttribute('data-status', 'applied');
  expect(readTree(root)).toEqual({
    'app.py': APP.replace('return "Hi " + name', 'return f"Hello, {name}!"').replace('a - b', 'b - a'),
    'notes.txt': 'New notes.\n',
  });
  await panel.screenshot({ path: testInfo.outputPath('partial-applied.png'), fullPage: true });
});
