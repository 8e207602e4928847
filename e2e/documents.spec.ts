/**
 * Code that lives only in a ChatGPT canvas (issue 26): the conversation API's canmore calls are replayed
 * by the content script, the reply gets an Apply button that counts the document's file, and the review
 * writes exactly the canvas's final text — the create, then a regex update, a call the canvas refused
 * left out — to the file its name gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { applyAll, clickApply, makeProject, openSidePanel, rememberFolder } from './review';

const create = (name: string, content: string) => ({
  role: 'assistant' as const,
  recipient: 'canmore.create_textdoc',
  text: JSON.stringify({ name, type: 'code/python', content }),
});
const update = (pattern: string, replacement: string) => ({
  role: 'assistant' as const,
  recipient: 'canmore.update_textdoc',
  text: JSON.stringify({ updates: [{ pattern, multiple: false, replacement }] }),
});
const answer = (text: string, canvas: object) => ({
  role: 'tool' as const,
  name: 'canmore.update_textdoc',
  text,
  canvas,
});

test('a reply whose code is only in a canvas is applied with the canvas’s final text', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject({ 'app.py': 'print("old")\n' });
  const url = await serveChatGpt(context, 'e2e-canvas', [
    {
      id: 'r1',
      // The reply's visible text names no file and holds no code: the canvas does.
      markdown: 'I put the new version of the script in the canvas.',
      before: [
        create('app.py', 'def main():\n    print("hi")\n\nmain()\n'),
        {
          role: 'tool',
          name: 'canmore.create_textdoc',
          text: 'Successfully created text document',
          canvas: { textdoc_id: 'd1', version: 1 },
        },
        update('print\\("hi"\\)', 'print("hello")'),
        answer('Failed with error. Fix the error and try again before replying to the user.', {
          is_failure: true,
        }),
        update('print\\("hi"\\)', 'print("hi, there")'),
        answer('Successfully updated text document', { textdoc_id: 'd1', version: 2 }),
      ],
    },
  ]);
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-canvas', root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  const row = panel.locator('[data-replyapply-file="app.py"]');
  await expect(row).toHaveAttribute('data-status', 'ok');
  // Where its text came from, on the file's row.
  await expect(row).toContainText('The text of the canvas "app.py", version 2.');
  await applyAll(panel);
  expect(readFileSync(join(root, 'app.py'), 'utf8')).toBe('def main():\n    print("hi, there")\n\nmain()\n');
});
