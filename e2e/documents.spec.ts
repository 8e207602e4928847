/**
 * Code that lives only in a ChatGPT canvas (issue 26): the conversation API's canmore calls are replayed
 * by the content script, the reply gets an Apply button that counts the document's file, and the review
 * writes exactly the canvas's final text — the create, then a regex update, a call the canvas refused
 * left out — to the file its name gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveChatGpt } from './chat-page';
import { expect, REPO, test } from './fixtures';
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

/**
 * Code that lives only in Claude artifacts: the conversation API's `artifacts` tool calls, replayed by
 * the content script over the branch the page shows. The second reply updates the artifact the first
 * created; its Apply button writes the artifact's text after the update. The page is the saved Claude
 * page (extension/content/sites/fixtures/claude-two-replies), its API answered here.
 */
test('a Claude reply that updates an earlier artifact writes the artifact’s text after the update', async ({
  context,
  serviceWorker,
}) => {
  const FIXTURES = join(REPO, 'extension', 'content', 'sites', 'fixtures');
  const html = readFileSync(join(FIXTURES, 'claude-two-replies.html'), 'utf8');
  const saved = JSON.parse(readFileSync(join(FIXTURES, 'claude-two-replies.json'), 'utf8')) as {
    url: string;
    conversationId: string;
  };
  const tool = (input: object) => ({ type: 'tool_use', name: 'artifacts', input });
  const text = (t: string) => ({ type: 'text', text: t });
  const convo = {
    current_leaf_message_uuid: 'a2',
    chat_messages: [
      { uuid: 'h1', index: 0, sender: 'human', content: [text('Write the script.')] },
      {
        uuid: 'a1',
        index: 1,
        parent_message_uuid: 'h1',
        sender: 'assistant',
        content: [
          text('Here is the script.'),
          tool({
            id: 'script',
            command: 'create',
            type: 'application/vnd.ant.code',
            language: 'python',
            title: 'src/report.py - monthly report',
            content: 'def report(rows):\n    return len(rows)\n',
          }),
        ],
      },
      {
        uuid: 'h2',
        index: 2,
        parent_message_uuid: 'a1',
        sender: 'human',
        content: [text('Sum the amounts.')],
      },
      {
        uuid: 'a2',
        index: 3,
        parent_message_uuid: 'h2',
        sender: 'assistant',
        content: [
          text('Updated.'),
          tool({
            id: 'script',
            command: 'update',
            old_str: 'return len(rows)',
            new_str: 'return sum(r.amount for r in rows)',
          }),
        ],
      },
    ],
  };
  await context.route('https://claude.ai/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/organizations')
      return route.fulfill({ json: [{ uuid: 'org-e2e', capabilities: ['chat'] }] });
    if (url.pathname === `/api/organizations/org-e2e/chat_conversations/${saved.conversationId}`)
      return route.fulfill({ json: convo });
    if (route.request().resourceType() === 'document')
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    return route.fulfill({ status: 404, body: '' });
  });
  const { root } = makeProject({ 'src/report.py': 'print("todo")\n' });
  await rememberFolder(serviceWorker, 'claude', saved.conversationId, root);
  const page = await context.newPage();
  await page.goto(saved.url);
  await clickApply(page, 'turn-1', 1);
  const panel = await openSidePanel(context);
  const row = panel.locator('[data-replyapply-file="src/report.py"]');
  await expect(row).toHaveAttribute('data-status', 'ok');
  await expect(row).toContainText('The text of the artifact "src/report.py - monthly report", version 2.');
  await applyAll(panel);
  expect(readFileSync(join(root, 'src/report.py'), 'utf8')).toBe(
    'def report(rows):\n    return sum(r.amount for r in rows)\n',
  );
});
