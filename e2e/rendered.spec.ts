/**
 * Issue 12, item 4, in the browser: a seed reply whose operations are outside code fences (the delimiter
 * blocks of scenario 119, verbatim), rendered by a real Markdown renderer into our saved 2025 ChatGPT page
 * (extension/content/rendered-page.ts), read through each rung of the text ladder. A fenced diff before it
 * is the control: exact on every rung.
 *  - the site's API: every file written exactly;
 *  - its Copy button (the API fails): written exactly, and the button on the page goes from "Review (read
 *    from the page)" to a count once the click has read the exact text;
 *  - the page itself (API and Copy button fail): the files read from the rendered prose are errors, unticked,
 *    each offering "Paste the reply instead"; Apply writes only the fenced file; the paste box receives
 *    the page's rebuild of the reply;
 *  - and the Copy button of a 2023 page (corpus chatgpt-001), which has no test id and no name: found by
 *    its place, first in its bar.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { Window } from 'happy-dom';
import { domText } from '../extension/content/raw-text';
import { ERAS, type EraId, renderedChatGptPage } from '../extension/content/rendered-page';
import { chatgpt } from '../extension/content/sites/chatgpt';
import { pageJson } from '../extension/content/sites/saved-pages';
import { chatGptApi } from './chat-page';
import { expect, REPO, test } from './fixtures';
import { applyAll, makeProject, openSidePanel, readTree, rememberFolder, type Tree } from './review';

const SCENARIO = join(REPO, 'native-host/test/scenarios/119_seed_delimiter_blocks_verbatim');

function scenarioTree(dir: string): Tree {
  const out: Tree = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[relative(dir, abs).split(sep).join('/')] = readFileSync(abs, 'utf8');
    }
  };
  walk(dir);
  return out;
}

const CONTROL = [
  'First the fenced fix:',
  '',
  '```diff',
  '--- a/src/hello.ts',
  '+++ b/src/hello.ts',
  '@@ -1 +1 @@',
  "-export const hello = 'hi';",
  "+export const hello = 'hello';",
  '```',
  '',
  'Then the rest of the change:',
  '',
].join('\n');
const REPLY = CONTROL + readFileSync(join(SCENARIO, 'reply.md'), 'utf8');
const BEFORE: Tree = {
  ...scenarioTree(join(SCENARIO, 'input')),
  'src/hello.ts': "export const hello = 'hi';\n",
};
const AFTER: Tree = {
  ...scenarioTree(join(SCENARIO, 'expected')),
  'src/hello.ts': "export const hello = 'hello';\n",
};
/** Written from the delimiter blocks, outside any fence. */
const UNFENCED = [
  'src/Services/MailerService.php',
  'templates/legacy/old_template.html.twig',
  'config/services.yaml',
];

const PAGES = { '2025': renderedChatGptPage(REPLY, '2025'), '2023': renderedChatGptPage(REPLY, '2023') };
const rendered = PAGES['2025'];
const ID = rendered.messageId;
// The page's other reply (the fixture's first), so the API knows every reply on the page.
const fixture = pageJson<{ replies: Array<{ messageId: string; markdown: string }> }>(
  'fixtures/chatgpt-two-replies',
);
const OTHER = fixture.replies[0]!;

/** The site's Copy buttons copy each reply's markdown with navigator.clipboard, as ChatGPT's do. */
function copyScript(era: EraId, texts: Record<string, string>): string {
  const data = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<script>
const TEXTS = ${data};
document.addEventListener('click', (e) => {
  const button = e.target.closest(${JSON.stringify(ERAS[era].copyButton)});
  const container = button && button.closest(${JSON.stringify(chatgpt.selectors.container.css)});
  const message = container && container.querySelector('[data-message-author-role="assistant"]');
  const text = message && TEXTS[message.getAttribute('data-message-id')];
  if (text !== undefined && text !== null) navigator.clipboard.writeText(text);
});
</script>`;
}

async function serve(
  context: BrowserContext,
  conv: string,
  opts: { api: boolean; copy: boolean; era?: keyof typeof PAGES },
) {
  const era = opts.era ?? '2025';
  const { html: pageHtml, messageId } = PAGES[era];
  const replies = [
    ...(era === '2025' ? [{ id: OTHER.messageId, markdown: OTHER.markdown }] : []),
    { id: messageId, markdown: REPLY },
  ];
  const html = opts.copy
    ? `${pageHtml}${copyScript(era, Object.fromEntries(replies.map((r) => [r.id, r.markdown])))}`
    : pageHtml;
  await context.route('https://chatgpt.com/**', (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/auth/session')
      return opts.api
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '{"accessToken":"e2e-token"}' })
        : route.fulfill({ status: 500, body: 'no' });
    if (url.pathname.startsWith('/backend-api/conversation/'))
      return opts.api
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify(chatGptApi(conv, replies)),
          })
        : route.fulfill({ status: 403, body: '{}' });
    if (route.request().resourceType() === 'document')
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    return route.fulfill({ status: 404, body: '' });
  });
  return `https://chatgpt.com/c/${conv}`;
}

const applyButton = (page: Page, id = ID) =>
  page.locator(`[data-replyapply="apply"][data-message-id="${id}"]`);
const label = (page: Page, id = ID) => applyButton(page, id).locator('.label');

/** The reply as the DOM rung rebuilds it from this page (happy-dom here, the same code as the extension). */
function rebuilt(): string {
  const win = new Window({ url: 'https://chatgpt.com/' });
  const doc = new win.DOMParser().parseFromString(rendered.html, 'text/html');
  const turn = doc.querySelector(`[data-message-id="${ID}"]`) as unknown as Element;
  const text = domText(turn, chatgpt);
  void win.happyDOM.close();
  return text;
}

test('a rendered page, read through the API: every file written exactly', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject(BEFORE);
  const url = await serve(context, 'e2e-rendered-api', { api: true, copy: false });
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-rendered-api', root);
  const page = await context.newPage();
  await page.goto(url);
  await expect(label(page)).toHaveText('Apply 5 files');
  await applyButton(page).locator('button').click();
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply="text-source"]')).toHaveText("ChatGPT's API");
  for (const path of [...UNFENCED, 'src/hello.ts'])
    await expect(panel.locator(`[data-replyapply-file="${path}"]`)).toHaveAttribute('data-status', 'ok');
  await applyAll(panel);
  expect(readTree(root)).toEqual(AFTER);
});

test('a rendered page, read through the Copy button when the API fails: written exactly', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject(BEFORE);
  const url = await serve(context, 'e2e-rendered-copy', { api: false, copy: true });
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-rendered-copy', root);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://chatgpt.com' });
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.clipboard.writeText('what the user copied'));
  // Before the click all there is is the page's rebuild: the button says only that.
  await expect(label(page)).toHaveText('Review (read from the page)');
  await expect(applyButton(page)).toHaveAttribute('data-from-page', '');
  await applyButton(page).locator('button').click();
  // The click read the exact text through the site's Copy button: now a count.
  await expect(label(page)).toHaveText('Apply 5 files');
  await expect(applyButton(page)).not.toHaveAttribute('data-from-page', '');
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply="text-source"]')).toHaveText('Copy button');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('what the user copied');
  for (const path of [...UNFENCED, 'src/hello.ts'])
    await expect(panel.locator(`[data-replyapply-file="${path}"]`)).toHaveAttribute('data-status', 'ok');
  await applyAll(panel);
  expect(readTree(root)).toEqual(AFTER);
});

test('a rendered page, read from the page itself: prose-borne files are not written, the reply can be pasted', async ({
  context,
  serviceWorker,
}) => {
  const { root } = makeProject(BEFORE);
  const url = await serve(context, 'e2e-rendered-page', { api: false, copy: false });
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-rendered-page', root);
  const page = await context.newPage();
  await page.goto(url);
  await expect(label(page)).toHaveText('Review (read from the page)');
  await applyButton(page).locator('button').click();
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply="text-source"]')).toHaveText('page');

  // The fenced diff is exact: ok and ticked.
  const control = panel.locator('[data-replyapply-file="src/hello.ts"]');
  await expect(control).toHaveAttribute('data-status', 'ok');
  await expect(control.locator('input[data-accept]')).toBeChecked();
  // The delimiter blocks were read from rendered prose: errors, unticked, each offering the paste box.
  for (const path of UNFENCED) {
    const row = panel.locator(`[data-replyapply-file="${path}"]`);
    await expect(row).toHaveAttribute('data-status', 'error');
    await expect(row.locator('input[data-accept]')).not.toBeChecked();
    await expect(row.locator('[data-replyapply="paste-instead"]')).toHaveText('Paste the reply instead');
  }
  // The START-PATCH block lost its hunks in the rendering: no file for it at all.
  await expect(panel.locator('[data-replyapply-file="src/Entity/User.php"]')).toHaveCount(0);

  await applyAll(panel);
  expect(readTree(root)).toEqual({ ...BEFORE, 'src/hello.ts': AFTER['src/hello.ts']! });
  // The button on the page still says where its text came from.
  await expect(label(page)).toHaveText('Review (read from the page)');

  await panel.locator(`[data-replyapply-file="${UNFENCED[0]}"] [data-replyapply="paste-instead"]`).click();
  const paste = panel.locator('[data-replyapply="paste"]');
  await expect(paste).toHaveValue(rebuilt());
  expect(await paste.inputValue()).not.toBe(REPLY);
});

test('a rendered 2023 page, whose Copy button has no test id and no name: found first in its bar', async ({
  context,
  serviceWorker,
}) => {
  // corpus chatgpt-001: the action bar's first button is the Copy button, drawn with nothing to name it.
  const { root } = makeProject(BEFORE);
  const id = PAGES['2023'].messageId;
  const url = await serve(context, 'e2e-rendered-2023', { api: false, copy: true, era: '2023' });
  await rememberFolder(serviceWorker, 'chatgpt', 'e2e-rendered-2023', root);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://chatgpt.com' });
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.clipboard.writeText('what the user copied'));
  await expect(label(page, id)).toHaveText('Review (read from the page)');
  await applyButton(page, id).locator('button').click();
  await expect(label(page, id)).toHaveText('Apply 5 files');
  const panel = await openSidePanel(context);
  await expect(panel.locator('[data-replyapply="text-source"]')).toHaveText('Copy button');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('what the user copied');
  await applyAll(panel);
  expect(readTree(root)).toEqual(AFTER);
});
