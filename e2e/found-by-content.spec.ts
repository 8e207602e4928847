/**
 * A SEARCH/REPLACE block that names no file (issue 25): the button counts it, the review asks the real host
 * to search the folder (findText), shows the one file that holds its search text as found by its content,
 * unticked, and writes it only once the user ticks it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { applyAll, clickApply, makeProject, openSidePanel, readTree, rememberFolder } from './review';

const ERRORS = "import logger from './logger.js';\n\nexport class ApiError extends Error {}\n";
const REPLY = [
  'Use the logger from its new place:',
  '',
  '```javascript',
  '<<<<<<< SEARCH',
  "import logger from './logger.js';",
  '=======',
  "import logger from '../config/logger.js';",
  '>>>>>>> REPLACE',
  '```',
].join('\n');

test('a block that names no file is offered, unticked, in the one file that holds its search text', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject({
    'utils/errors.js': ERRORS,
    'utils/logger.js': 'export default console;\n',
    'node_modules/old/errors.js': ERRORS,
  });
  const url = await serveChatGpt(context, 'e2e-by-content', [{ id: 'r1', markdown: REPLY }]);
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-by-content', root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);

  const row = panel.locator('[data-replyapply-file="utils/errors.js"]');
  await expect(row).toHaveAttribute('data-status', 'ok');
  await expect(row.locator('[data-replyapply="found-by-content"]')).toContainText(
    'Found by its content: the reply names no file for it.',
  );
  await expect(row).toContainText('utils/errors.js is the one file of the folder that holds its search text');
  const box = row.locator('[data-accept]');
  await expect(box).not.toBeChecked();
  await expect(panel.locator('[data-replyapply="apply-all"]')).toBeDisabled();
  expect(readFileSync(join(root, 'utils/errors.js'), 'utf8')).toBe(ERRORS);

  await box.check();
  await applyAll(panel);
  expect(readTree(root)).toEqual({
    'utils/errors.js': ERRORS.replace('./logger.js', '../config/logger.js'),
    'utils/logger.js': 'export default console;\n',
    'node_modules/old/errors.js': ERRORS,
  });
});
