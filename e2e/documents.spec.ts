/**
 * Code that lives only in a ChatGPT canvas (issue 26): the conversation API's canmore calls are replayed
 * by the content script, the reply gets an Apply button that counts the document's file, and the review
 * writes exactly the canvas's final text — the create, then a regex update, a call the canvas refused
 * left out — to the file its name gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
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
    replies: Array<{ markdown: string }>;
  };
  // The API's replies say what the page shows (their text is checked against it: Claude's ids are places
  // on the page), and hold the artifact calls the page shows only as cards.
  const [shown1, shown2] = saved.replies.map((r) => r.markdown);
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
          text(shown1!),
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
          text(shown2!),
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

/**
 * Code that names no file (issue 26): a canvas whose name is no file name waits for the path the user
 * types on its row; a reply's method with no path is found in the one project file holding its
 * signature, offered unticked, and replaces only that method.
 */
test('a canvas that names no file is written to the path the user gives in the review', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject({ 'tools/setup.py': 'print("old")\n' });
  const url = await serveChatGpt(context, 'e2e-canvas-unnamed', [
    {
      id: 'r1',
      markdown: 'The setup script is in the canvas.',
      before: [
        {
          role: 'assistant',
          recipient: 'canmore.create_textdoc',
          text: JSON.stringify({
            name: 'Setup Script',
            type: 'code/python',
            content: 'import os\nimport sys\n\nos.makedirs("out", exist_ok=True)\nprint(sys.argv)\n',
          }),
        },
        {
          role: 'tool',
          name: 'canmore.create_textdoc',
          text: 'Successfully created text document',
          canvas: { textdoc_id: 'd1', version: 1 },
        },
      ],
    },
  ]);
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-canvas-unnamed', root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  const unnamed = panel.locator('[data-replyapply="unnamed"]');
  await expect(unnamed).toContainText('the canvas "Setup Script"');
  await expect(panel.locator('[data-replyapply="apply-all"]')).toBeDisabled();
  await unnamed.locator('[data-replyapply="unnamed-path"]').fill('tools/setup.py');
  await unnamed.locator('[data-replyapply="unnamed-use"]').click();
  const row = panel.locator('[data-replyapply-file="tools/setup.py"]');
  await expect(row).toHaveAttribute('data-status', 'ok');
  await applyAll(panel);
  expect(readFileSync(join(root, 'tools/setup.py'), 'utf8')).toBe(
    'import os\nimport sys\n\nos.makedirs("out", exist_ok=True)\nprint(sys.argv)\n',
  );
});

test('a method with no path replaces that method in the one file that holds it, once ticked', async ({
  context,
  serviceWorker,
}) => {
  const store =
    'import json\n\nclass Store:\n    def load(self, path):\n        return json.load(open(path))\n\n    def save(self, path, data):\n        json.dump(data, open(path, "w"))\n';
  const { root } = makeProject({ 'app/store.py': store, 'app/main.py': 'print("hi")\n' });
  const url = await serveChatGpt(context, 'e2e-method', [
    {
      id: 'r1',
      markdown:
        'The file is never closed. Here is the fixed method:\n\n```python\ndef load(self, path):\n    with open(path) as f:\n        return json.load(f)\n```\n',
    },
  ]);
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-method', root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  const row = panel.locator('[data-replyapply-file="app/store.py"]');
  await expect(row).toHaveAttribute('data-status', 'ok');
  await expect(row).toContainText('is the one file of the folder that holds the lines the code must fit in');
  // A guess: unticked until the user ticks it.
  const tick = row.locator('input[type="checkbox"]').first();
  await expect(tick).not.toBeChecked();
  await tick.check();
  await applyAll(panel);
  expect(readFileSync(join(root, 'app/store.py'), 'utf8')).toBe(
    store.replace(
      '        return json.load(open(path))',
      '        with open(path) as f:\n            return json.load(f)',
    ),
  );
  expect(readFileSync(join(root, 'app/main.py'), 'utf8')).toBe('print("hi")\n');
});

/** `html` as every page of `origin`; anything else there (its API) answers 404, as when signed out. */
async function servePage(context: BrowserContext, origin: string, html: string): Promise<void> {
  await context.route(`${origin}/**`, (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      : route.fulfill({ status: 404, body: '' }),
  );
}

/**
 * A 2026 Claude reply whose only code is an artifact card (issue 42): the saved claude.ai page of March
 * 2026 (corpus claude-401) at a real conversation URL, signed out (its API answers 404), its own script
 * answering the card's Download and the reply's Copy as the site does (a Blob in an `<a download>`; the
 * clipboard). The button shows though nothing on the page is code; its click reads the artifact through
 * Download, which saves no file, and the review writes it to the file the download names, once ticked.
 */
test('a Claude artifact card is read through its Download button and written, with no file downloaded', async ({
  context,
  serviceWorker,
}) => {
  const ARTIFACT = 'import statsapi\n\n\ndef main():\n    print(statsapi.schedule())\n';
  const fragment = readFileSync(join(REPO, '..', 'shared', 'corpus', 'pages', 'claude-401.html'), 'utf8');
  const site = `<script>
document.addEventListener('click', (e) => {
  const download = e.target.closest('button[aria-label="Download"]');
  if (download) {
    e.stopPropagation();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([${JSON.stringify(ARTIFACT)}], { type: 'text/x-python' }));
    a.download = 'mlb_bot.py';
    a.click();
    return;
  }
  if (e.target.closest('button[data-testid="action-bar-copy"]'))
    navigator.clipboard.writeText('I built the bot as an artifact.');
}, true);
</script>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mlb bot - Claude</title></head><body><main>${fragment}</main>${site}</body></html>`;
  const id = '7d1e2a4c-0b6f-4c35-9a8e-2f1d7e0b9a11';
  await servePage(context, 'https://claude.ai', html);
  const { root } = makeProject({ 'mlb_bot.py': 'print("todo")\n' });
  await rememberFolder(serviceWorker, 'claude', id, root);
  const page = await context.newPage();
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.goto(`https://claude.ai/chat/${id}`);
  const button = page.locator('[data-replyapply="apply"]');
  await expect(button).toHaveAttribute('data-from-page', '');
  await button.locator('button').click();
  const panel = await openSidePanel(context);
  const row = panel.locator('[data-replyapply-file="mlb_bot.py"]');
  await expect(row).toHaveAttribute('data-status', 'ok', { timeout: 15_000 });
  await expect(row).toContainText('read with its Download button');
  const box = row.locator('[data-accept]');
  await expect(box).not.toBeChecked();
  await box.check();
  await applyAll(panel);
  expect(readFileSync(join(root, 'mlb_bot.py'), 'utf8')).toBe(ARTIFACT);
  expect(downloads).toEqual([]);
});

/**
 * A ChatGPT reply that opened a canvas, read from the page (issue 42): the saved late-2024 turn (corpus
 * chatgpt-401, two assistant messages with the canvas card between them) in its article at a real
 * conversation URL, signed out. The turn is one reply; the card's code viewer gives the canvas's exact
 * text, a whole page that names no file, written to the path the user gives.
 */
test('a ChatGPT canvas card read from the page is written, exactly, to the path the user gives', async ({
  context,
  serviceWorker,
}) => {
  const corpus = join(REPO, '..', 'shared', 'corpus', 'pages');
  const fragment = readFileSync(join(corpus, 'chatgpt-401.html'), 'utf8');
  const canvas = (
    JSON.parse(readFileSync(join(corpus, 'chatgpt-401.json'), 'utf8')) as {
      code_blocks: Array<{ text: string }>;
    }
  ).code_blocks[0]!.text;
  const id = '67468520-aaaa-8004-9a3c-2f1d7e0b9a11';
  // The site's own utility classes the card's layout rests on (Tailwind's): without them its 24rem of
  // code spills over the turn's action bar.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Canvas</title><style>.overflow-hidden{overflow:hidden}.relative{position:relative}</style></head><body><main><article data-testid="conversation-turn-3">${fragment}</article></main><form><div id="prompt-textarea" contenteditable="true"></div></form></body></html>`;
  await servePage(context, 'https://chatgpt.com', html);
  const { root } = makeProject({ 'README.md': 'widget\n' });
  await rememberFolder(serviceWorker, 'chatgpt', id, root);
  const page = await context.newPage();
  await page.goto(`https://chatgpt.com/c/${id}`);
  // One button for the turn: under its last message.
  const buttons = page.locator('[data-replyapply="apply"]');
  await expect(buttons).toHaveCount(1);
  await buttons.locator('button').click();
  const panel = await openSidePanel(context);
  const unnamed = panel.locator('[data-replyapply="unnamed"]');
  await unnamed.locator('[data-replyapply="unnamed-path"]').fill('widget.html');
  await unnamed.locator('[data-replyapply="unnamed-use"]').click();
  await expect(panel.locator('[data-replyapply-file="widget.html"]')).toHaveAttribute('data-status', 'ok');
  await applyAll(panel);
  expect(readFileSync(join(root, 'widget.html'), 'utf8')).toBe(canvas);
});

/**
 * A code block whose page text lost characters (issue 42): the saved Perplexity block (corpus
 * perplexity-401, its whitespace tokens empty: `SELECT*`) in a reply at perplexity.ai, whose own Copy
 * gives the exact text. Nothing read from the page is offered; the click reads the reply through Copy
 * and writes exactly that.
 */
test('a Perplexity block whose page text lost its spaces is written from the reply’s Copy, not the page', async ({
  context,
  serviceWorker,
}) => {
  const block = readFileSync(join(REPO, '..', 'shared', 'corpus', 'pages', 'perplexity-401.html'), 'utf8');
  const exact = 'SELECT *\nFROM table1\nINNER JOIN table2\nON table1.column = table2.column;\n';
  const markdown = `queries/join.sql\n\n\`\`\`sql\n${exact}\`\`\`\n`;
  const id = 'join-queries-e2e';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Perplexity</title></head><body><main>
<div class="max-w-threadContentWidth"><div id="markdown-content-0"><div class="prose"><p>queries/join.sql</p>${block}</div></div>
<div><button aria-label="Copy">c</button></div></div></main><textarea id="ask-input"></textarea>
<script>document.addEventListener('click', (e) => { if (e.target.closest('button[aria-label="Copy"]')) navigator.clipboard.writeText(${JSON.stringify(markdown)}); }, true);</script>
</body></html>`;
  await servePage(context, 'https://www.perplexity.ai', html);
  const { root } = makeProject({ 'queries/join.sql': 'SELECT 1;\n' });
  await rememberFolder(serviceWorker, 'perplexity', id, root);
  const page = await context.newPage();
  await page.goto(`https://www.perplexity.ai/search/${id}`);
  const button = page.locator('[data-replyapply="apply"]');
  // Withheld: the page's text is not used, so the button offers no count of files yet.
  await expect(button).toHaveAttribute('data-ops', '0');
  await button.locator('button').click();
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply-file="queries/join.sql"]')).toHaveAttribute(
    'data-status',
    'ok',
    {
      timeout: 15_000,
    },
  );
  await applyAll(panel);
  expect(readFileSync(join(root, 'queries/join.sql'), 'utf8')).toBe(exact);
});

/**
 * A Claude reply cut off at a limit (issue 42): its Continue button shown under it. Read from the page,
 * its last code block would look whole (the page closes its fence); nothing read so is offered, and the
 * reply's own Copy, whose text ends inside the block, shows the cut file with the reason, never ticked.
 */
test('a Claude reply cut off at its Continue button: nothing from the page, and the file it cut never ticked', async ({
  context,
  serviceWorker,
}) => {
  const cut = 'src/app.py\n\n```python\ndef main():\n    print("start")\n    for i in range(';
  const id = '0c1f2a4c-0b6f-4c35-9a8e-2f1d7e0b9a22';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Claude</title></head><body><main>
<div data-test-render-count="2"><div><div data-is-streaming="false"><div class="font-claude-response"><div class="standard-markdown"><p>src/app.py</p><pre><code class="language-python">def main():
    print("start")
    for i in range(</code></pre></div></div></div>
<div role="group" aria-label="Message actions"><button data-testid="action-bar-copy" aria-label="Copy">c</button></div></div></div>
<div><button>Continue</button></div></main>
<script>document.addEventListener('click', (e) => { if (e.target.closest('button[data-testid="action-bar-copy"]')) navigator.clipboard.writeText(${JSON.stringify(cut)}); }, true);</script>
</body></html>`;
  await servePage(context, 'https://claude.ai', html);
  const { root } = makeProject({ 'src/app.py': 'print("old")\n' });
  await rememberFolder(serviceWorker, 'claude', id, root);
  const page = await context.newPage();
  await page.goto(`https://claude.ai/chat/${id}`);
  const button = page.locator('[data-replyapply="apply"]');
  await expect(button).toHaveAttribute('data-ops', '0');
  await button.locator('button').click();
  const panel = await openSidePanel(context);
  await expect(panel.locator('body')).toContainText(/cut off|never closed/i, { timeout: 15_000 });
  // The exact text ends inside the block: the review says so, and never ticks the file it cut.
  const row = panel.locator('[data-replyapply-file="src/app.py"]');
  await expect(row.locator('[data-accept]')).not.toBeChecked();
  await expect(panel.locator('[data-replyapply="apply-all"]')).toBeDisabled();
  expect(readFileSync(join(root, 'src/app.py'), 'utf8')).toBe('print("old")\n');
});
