/**
 * Where the reply's raw text comes from: the site's API first, else its Copy button (captured without
 * touching the clipboard), else markdown rebuilt from the page. And when the button appears.
 */
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { applyAll, clickApply, makeProject, openSidePanel, readTree, rememberFolder } from './review';

const FENCED = [
  'Here is the fix:',
  '',
  '```diff',
  '--- a/src/greet.ts',
  '+++ b/src/greet.ts',
  '@@ -1,3 +1,3 @@',
  ' export function greet(name: string) {',
  '-  return "Hello " + name;',
  '+  return `Hello, ${name}!`;',
  ' }',
  '```',
].join('\n');
const BEFORE = { 'src/greet.ts': 'export function greet(name: string) {\n  return "Hello " + name;\n}\n' };
const AFTER = { 'src/greet.ts': 'export function greet(name: string) {\n  return `Hello, ${name}!`;\n}\n' };

for (const source of [
  { name: 'the API', api: 'ok' as const, copy: false, label: "ChatGPT's API" },
  { name: 'the Copy button, when the API fails', api: 'fail' as const, copy: true, label: 'Copy button' },
  {
    name: 'the page itself, when the API and the Copy button fail',
    api: 'fail' as const,
    copy: false,
    label: 'page',
  },
]) {
  test(`raw text from ${source.name}`, async ({ context, serviceWorker }) => {
    const { root } = makeProject(BEFORE);
    const conv = `e2e-source-${source.label.length}`;
    const url = await serveChatGpt(context, conv, [{ id: 'r1', markdown: FENCED }], {
      api: source.api,
      page: { copyButtons: source.copy },
    });
    await rememberFolder(serviceWorker, 'chatgpt', conv, root);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://chatgpt.com' });
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => navigator.clipboard.writeText('what the user copied'));
    await clickApply(page, 'r1', 1);
    const panel = await openSidePanel(context);
    await expect(panel.locator('[data-replyapply="text-source"]')).toHaveText(source.label);
    // Reading the reply through the site's Copy button never touches the user's clipboard.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('what the user copied');
    await expect(panel.locator('[data-replyapply-file="src/greet.ts"]')).toHaveAttribute('data-status', 'ok');
    await applyAll(panel);
    expect(readTree(root)).toEqual(AFTER);
  });
}

test('operations outside code fences apply exactly from the API text', async ({ context, serviceWorker }) => {
  // Rendered as markdown, `--- X ---` lines and indentation would not survive; the API text is exact.
  const reply = [
    'Creating the file:',
    '',
    '--- START-FILE: src/deep.py ---',
    'def f():',
    '    return {',
    '        "a": 1,',
    '    }',
    '--- END-FILE: src/deep.py ---',
  ].join('\n');
  const { root } = makeProject({ 'README.md': 'x\n' });
  const url = await serveChatGpt(context, 'e2e-unfenced', [{ id: 'r1', markdown: reply }]);
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-unfenced', root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 1);
  const panel = await openSidePanel(context);
  await applyAll(panel);
  expect(readTree(root)).toEqual({
    'README.md': 'x\n',
    'src/deep.py': 'def f():\n    return {\n        "a": 1,\n    }\n',
  });
});

test('a reply streamed in pieces gets its button only when it is finished', async ({ context }) => {
  const url = await serveChatGpt(
    context,
    'e2e-stream',
    [{ id: 'r1', markdown: 'Working on it…', streaming: true }],
    {
      api: 'fail',
    },
  );
  const page = await context.newPage();
  await page.goto(url);
  const button = page.locator('[data-replyapply="apply"]');
  const body = page.locator('[data-message-id="r1"] .markdown');
  // Stream the reply in pieces, the way the site appends tokens.
  const pieces = ['\n\n```diff\n--- a/a.txt\n', '+++ b/a.txt\n@@ -1 +1 @@\n', '-old\n+new\n', '```\n'];
  let text = 'Working on it…';
  for (const piece of pieces) {
    text += piece;
    await body.evaluate((el, t) => {
      el.textContent = t;
    }, text);
    await page.waitForTimeout(150);
    await expect(button).toHaveCount(0);
  }
  // Finished: render the code block, drop the stop button, show the action bar.
  await page.evaluate(() => {
    const el = document.querySelector('[data-message-id="r1"] .markdown')!;
    el.innerHTML =
      '<p>Working on it…</p><pre><code class="language-diff">--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n</code></pre>';
    document.querySelector('[data-testid="stop-button"]')!.remove();
    const bar = document.createElement('div');
    bar.innerHTML = '<button data-testid="copy-turn-action-button" aria-label="Copy">⧉</button>';
    el.closest('article')!.firstElementChild!.append(bar);
  });
  await expect(button).toHaveCount(1);
  await expect(button).toHaveAttribute('data-files', '1');
});

test('a reply without operations gets no button', async ({ context }) => {
  const url = await serveChatGpt(context, 'e2e-none', [
    { id: 'r1', markdown: 'Use `sorted()`:\n\n```python\nprint(sorted([3, 1, 2]))\n```' },
    { id: 'r2', markdown: '```diff\n--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-a\n+b\n```' },
  ]);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator('[data-replyapply="apply"][data-message-id="r2"]')).toHaveCount(1);
  await expect(page.locator('[data-replyapply="apply"][data-message-id="r1"]')).toHaveCount(0);
});
