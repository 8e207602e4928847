/**
 * Diffs people can read, in the side panel at its real width (480 px): the words that changed inside a
 * changed line are marked, long lines wrap instead of being cut off, a big diff starts folded to its size,
 * and j/k, space and a move, tick and apply. Screenshots are saved in each test's output folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { serveChatGpt } from './chat-page';
import { expect, test } from './fixtures';
import { clickApply, makeProject, openSidePanel, rememberFolder } from './review';

const CART_OLD = 'let total = 0;\nconst sum = price * count;\nreturn sum;\n';
const CART_NEW = 'let total = 0;\nconst sum = price * quantity;\nreturn sum;\n';
/** Prose of about 700 characters (over the word diff's limit), and a token of 300 with no space to break at. */
const PROSE = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
const TOKEN = 'QUJD'.repeat(75);
const LONG_OLD = `short\n${PROSE}\n${TOKEN}\n`;
const LONG_NEW = `short\n${PROSE} end\n${TOKEN}Zz\n`;
const BIG_OLD = Array.from({ length: 300 }, (_, i) => `line ${i}\n`).join('');
const BIG_NEW = Array.from({ length: 300 }, (_, i) => `LINE ${i}\n`).join('');

const block = (path: string, text: string) =>
  [`--- START-FILE: ${path} ---`, text.replace(/\n$/, ''), `--- END-FILE: ${path} ---`].join('\n');
const REPLY = [block('cart.js', CART_NEW), block('long.txt', LONG_NEW), block('big.txt', BIG_NEW)].join(
  '\n\n',
);

async function review(context: BrowserContext, serviceWorker: Worker, conv: string) {
  const project = makeProject({ 'cart.js': CART_OLD, 'long.txt': LONG_OLD, 'big.txt': BIG_OLD });
  const url = await serveChatGpt(context, conv, [{ id: 'r1', markdown: REPLY }]);
  await rememberFolder(serviceWorker, 'chatgpt', conv, project.root);
  const page = await context.newPage();
  await page.goto(url);
  await clickApply(page, 'r1', 3);
  const panel = await openSidePanel(context);
  await panel.setViewportSize({ width: 480, height: 900 });
  await expect(panel.locator('[data-replyapply-file][data-status="ok"]')).toHaveCount(3);
  return { ...project, panel };
}

const row = (panel: Page, path: string) => panel.locator(`[data-replyapply-file="${path}"]`);

test('the changed words are marked, long lines wrap in the 480-px panel, and a big diff is folded', async ({
  context,
  serviceWorker,
}, testInfo) => {
  const { panel } = await review(context, serviceWorker, 'e2e-reading');

  const cart = row(panel, 'cart.js');
  await expect(cart.locator('tr.del mark.changed')).toHaveText(['count']);
  await expect(cart.locator('tr.add mark.changed')).toHaveText(['quantity']);
  await expect(cart.locator('tr.add td.code')).toHaveText('const sum = price * quantity;');

  const long = row(panel, 'long.txt');
  await expect(long.locator('table.diff')).toBeVisible();
  const fit = await long.locator('.diff-scroll').evaluate((scroller) => {
    const cells = [...scroller.querySelectorAll<HTMLElement>('td.code')];
    return {
      // The block does not scroll sideways, and no cell holds more than it shows.
      blockOverflow: scroller.scrollWidth - scroller.clientWidth,
      cellOverflow: Math.max(...cells.map((c) => c.scrollWidth - c.clientWidth)),
      blockWidth: scroller.getBoundingClientRect().width,
      // Every line of text is there, wrapped: the token's row is several lines tall.
      text: cells.map((c) => c.textContent).join('\n'),
      rows: [...scroller.querySelectorAll('tr')]
        .filter((tr) => tr.textContent?.includes('QUJD'))
        .map((tr) => {
          const [num, , , code] = [...tr.querySelectorAll('td')].map((td) => td.getBoundingClientRect());
          return { height: code!.height, numTop: num!.top, codeTop: code!.top };
        }),
    };
  });
  expect(fit.blockOverflow).toBeLessThanOrEqual(0);
  expect(fit.cellOverflow).toBeLessThanOrEqual(0);
  expect(fit.blockWidth).toBeLessThan(480);
  expect(fit.text).toContain(`${PROSE} end`);
  expect(fit.text).toContain(`${TOKEN}Zz`);
  expect(fit.rows).toHaveLength(2);
  for (const r of fit.rows) {
    expect(r.height).toBeGreaterThan(40);
    // The line numbers stay beside the line's first row.
    expect(Math.abs(r.numTop - r.codeTop)).toBeLessThan(1);
  }

  const big = row(panel, 'big.txt');
  const fold = big.locator('[data-replyapply="show-big-diff"]');
  await expect(fold).toHaveText('+300 −300, 600 lines — show');
  await expect(big.locator('table.diff')).toHaveCount(0);
  await panel.screenshot({ path: testInfo.outputPath('reading.png'), fullPage: true });
  await long.screenshot({ path: testInfo.outputPath('long-lines.png') });
  await fold.click();
  await expect(big.locator('table.diff tr.add')).toHaveCount(300);
  await expect(fold).toHaveCount(0);
  await big.screenshot({ path: testInfo.outputPath('big-diff-open.png') });
  await panel.emulateMedia({ colorScheme: 'dark' });
  await cart.screenshot({ path: testInfo.outputPath('changed-words-dark.png') });
});

test('j and k move between the files, space unticks one, and a applies the rest', async ({
  context,
  serviceWorker,
}, testInfo) => {
  const { root, panel } = await review(context, serviceWorker, 'e2e-reading-keys');
  await expect(panel.locator('[data-replyapply="keys-help"]')).toHaveText('j/k move · space tick · a apply');
  const focused = () => panel.evaluate(() => document.activeElement?.getAttribute('data-replyapply-file'));

  await panel.keyboard.press('j');
  expect(await focused()).toBe('cart.js');
  await panel.keyboard.press('j');
  expect(await focused()).toBe('long.txt');
  await panel.keyboard.press('k');
  expect(await focused()).toBe('cart.js');
  await panel.keyboard.press('j');
  await panel.keyboard.press('j');
  const big = row(panel, 'big.txt');
  await expect(big).toBeFocused();
  // Its head is in sight, not under the sticky Apply bar.
  const head = await big.locator('.file-head').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const bar = document.querySelector('.apply-bar')!.getBoundingClientRect();
    return { bottom: r.bottom, top: r.top, barTop: bar.top };
  });
  expect(head.top).toBeGreaterThanOrEqual(0);
  expect(head.bottom).toBeLessThanOrEqual(head.barTop);
  // The ring of the file in focus.
  expect(await big.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

  const bigBox = big.locator('input[data-accept]');
  await expect(bigBox).toBeChecked();
  await panel.keyboard.press(' ');
  await expect(bigBox).not.toBeChecked();
  await expect(panel.locator('[data-replyapply="apply-all"]')).toHaveText('Apply 2 files');
  await panel.screenshot({ path: testInfo.outputPath('keys.png') });

  await panel.keyboard.press('a');
  await expect(panel.locator('[data-replyapply="result"] [data-state="applied"]')).toBeVisible();
  expect(readFileSync(join(root, 'cart.js'), 'utf8')).toBe(CART_NEW);
  expect(readFileSync(join(root, 'long.txt'), 'utf8')).toBe(LONG_NEW);
  expect(readFileSync(join(root, 'big.txt'), 'utf8')).toBe(BIG_OLD);
  await panel.screenshot({ path: testInfo.outputPath('keys-applied.png') });
});
