/**
 * The e2e fixture: Debian's Chromium, headless, with the built extension in a fresh temp profile whose
 * NativeMessagingHosts/ holds the host registered through the real `replyapply install --dir`. Chat
 * sites are served from saved pages with context.route, so the real match patterns are exercised.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, test as base, chromium, type Worker } from '@playwright/test';
import { EXTENSION_ID } from '../shared/extension/extension-id';

export const REPO = resolve(import.meta.dirname, '..');
export const DIST = join(REPO, 'dist', 'extension');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface Profile {
  dir: string;
  hostsDir: string;
  stateDir: string;
}

export const test = base.extend<{
  profile: Profile;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  profile: async ({}, use) => {
    if (!existsSync(join(DIST, 'manifest.json')))
      throw new Error(`Build the extension first (npm run build): ${DIST}`);
    const dir = mkdtempSync(join(tmpdir(), 'replyapply-e2e-'));
    const profile = { dir, hostsDir: join(dir, 'NativeMessagingHosts'), stateDir: join(dir, 'state') };
    mkdirSync(profile.stateDir, { recursive: true });
    registerHost(profile);
    await use(profile);
    rmSync(dir, { recursive: true, force: true });
  },
  context: async ({ profile }, use) => {
    const context = await chromium.launchPersistentContext(profile.dir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        `--disable-extensions-except=${DIST}`,
        `--load-extension=${DIST}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      env: {
        ...process.env,
        XDG_CONFIG_HOME: join(profile.dir, 'xdg-config'),
        XDG_CACHE_HOME: join(profile.dir, 'xdg-cache'),
        REPLYAPPLY_STATE_DIR: profile.stateDir,
      },
    });
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

/** Register the host for a profile exactly as a user would, through the real CLI. */
export function registerHost(profile: Profile): string {
  return execFileSync(
    process.execPath,
    [join(REPO, 'bin', 'replyapply.js'), 'install', '--dir', profile.hostsDir],
    {
      env: { ...process.env, REPLYAPPLY_STATE_DIR: profile.stateDir },
      encoding: 'utf8',
    },
  );
}

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
