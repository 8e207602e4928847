/**
 * A reply that names a file in another letter case (issue 25): the real host answers readFiles with the
 * missing name's case variant, the review shows the project's file as matched in another case, unticked,
 * and writes it — never a second file beside it — only once the user ticks it.
 */
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { applyAll, clickApply, makeProject, openSidePanel, readTree, rememberFolder } from './review';

const README = '# Dream Analyst\n\nOld text.\n';
const REPLY = [
  'Update the readme:',
  '',
  'README.md',
  '```markdown',
  '<<<<<<< SEARCH',
  'Old text.',
  '=======',
  'New text.',
  '>>>>>>> REPLACE',
  '```',
].join('\n');

test('a file named in another case is offered, unticked, under its own name', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject({ 'readme.md': README });
  const url = await serveChatGpt(context, 'e2e-by-case', [{ id: 'r1', markdown: REPLY }]);
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-by-case', root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);

  const row = panel.locator('[data-replyapply-file="readme.md"]');
  await expect(row).toHaveAttribute('data-status', 'ok');
  await expect(row.locator('[data-replyapply="matched-in-case"]')).toContainText(
    'Matched in another case: the reply names README.md, which does not exist;',
  );
  await expect(row).toContainText('readme.md is the file of the project with that name in another case');
  const box = row.locator('[data-accept]');
  await expect(box).not.toBeChecked();
  await expect(panel.locator('[data-replyapply="apply-all"]')).toBeDisabled();
  expect(readTree(root)).toEqual({ 'readme.md': README });

  await box.check();
  await applyAll(panel);
  expect(readTree(root)).toEqual({ 'readme.md': '# Dream Analyst\n\nNew text.\n' });
});
