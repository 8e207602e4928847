/**
 * The e2e fixture: Debian's Chromium, headless, with the built extension in a fresh temp profile whose
 * NativeMessagingHosts/ holds the host registered through the real `replyapply install --dir`. Chat
 * sites are served from saved pages with context.route, so the real match patterns are exercised.
 */
import { rmSync } from 'node:fs';
import { type BrowserContext, test as base, type Worker } from '@playwright/test';
import { EXTENSION_ID } from '../shared/extension/extension-id';
import { launchExtension, makeProfile, type Profile } from './browser';

export { REPO } from './browser';

export const test = base.extend<{
  profile: Profile;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  profile: async ({}, use) => {
    const profile = makeProfile();
    await use(profile);
    rmSync(profile.dir, { recursive: true, force: true });
  },
  context: async ({ profile }, use) => {
    const context = await launchExtension(profile);
    await use(context);
    await context.close();
  },
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
});

export const expect = test.expect;

export function extensionPage(path: string): string {
  return `chrome-extension://${EXTENSION_ID}/${path}`;
}

/** Serve a saved page (or any HTML) at a real chat-site URL. */
export async function servePage(context: BrowserContext, urlPattern: string, html: string): Promise<void> {
  await context.route(urlPattern, (route) => {
    if (route.request().resourceType() === 'document') {
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    }
    return route.fulfill({ status: 404, body: '' });
  });
}
