import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_ID } from '../shared/extension/extension-id';
import { expect, extensionPage, servePage, test } from './fixtures';

test('the service worker starts with the fixed extension id', async ({ extensionId, serviceWorker }) => {
  expect(extensionId).toBe(EXTENSION_ID);
  expect(serviceWorker.url()).toContain('service-worker-loader.js');
});

test('the content script marks a routed chatgpt.com conversation page', async ({ context }) => {
  await servePage(
    context,
    'https://chatgpt.com/**',
    '<!doctype html><html><body><main>Hello</main></body></html>',
  );
  const page = await context.newPage();
  await page.goto('https://chatgpt.com/c/6740f3a1-0000-8000-9000-000000000001');
  await expect(page.locator('html')).toHaveAttribute('data-replyapply-active', 'chatgpt');
});

test('the side panel shows the connected host and its version', async ({ context, serviceWorker }) => {
  void serviceWorker;
  const page = await context.newPage();
  await page.goto(extensionPage('extension/sidepanel/index.html'));
  const status = page.locator('[data-host-state]');
  await expect(status).toHaveAttribute('data-host-state', 'connected');
  await expect(status).toHaveText(/Host connected, version \d+\.\d+\.\d+/);
});

test('without the host manifest the popup says the host is missing and how to install it', async ({
  context,
  profile,
  serviceWorker,
}) => {
  void serviceWorker;
  rmSync(join(profile.hostsDir, 'dev.replyapply.host.json'));
  const page = await context.newPage();
  await page.goto(extensionPage('extension/popup/index.html'));
  const status = page.locator('[data-host-state]');
  await expect(status).toHaveAttribute('data-host-state', 'missing');
  await expect(status).toContainText('npx replyapply install');
});

test('the bundled demo chat page opens inside the extension with ReplyApply active', async ({
  context,
  serviceWorker,
}) => {
  void serviceWorker;
  const page = await context.newPage();
  await page.goto(extensionPage('extension/demo/index.html'));
  await expect(page.locator('[data-message-author-role="assistant"]')).toHaveCount(1);
  await expect(page.locator('[data-replyapply="apply"]')).toHaveAttribute('data-files', '1');
});
