/**
 * Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi, with dist/firefox installed
 * as a temporary add-on and the native host registered through the real `replyapply install --browser
 * firefox` in a temp HOME (Firefox reads ~/.mozilla/native-messaging-hosts/). The add-on's own pages are
 * reached through the DevTools protocol (devtools-client.ts), which BiDi does not cover.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { DevToolsClient, type Target } from './devtools-client';

export const REPO = resolve(import.meta.dirname, '..', '..');
export const DIST_FIREFOX = join(REPO, 'dist', 'firefox');
export const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * The add-on's moz-extension:// host. Firefox picks a random one per profile unless the profile's
 * `extensions.webextensions.uuids` names it; fixed here so the tests know the pages' URLs.
 */
export const ADDON_UUID = '5e3b1a0c-7d2f-4c61-9b8e-2a4f6d1c0e57';
export const ADDON_ORIGIN = `moz-extension://${ADDON_UUID}/`;

export interface FirefoxSession {
  browser: Browser;
  devtools: DevToolsClient;
  /** The add-on id Firefox installed (the manifest's browser_specific_settings.gecko.id). */
  addonId: string;
  home: string;
  stateDir: string;
  /** The add-on's event page. */
  background(): Promise<Target>;
  close(): Promise<void>;
}

/** The Firefox add-on's manifest as built. */
export function firefoxManifest(): {
  browser_specific_settings: { gecko: { id: string; strict_min_version: string } };
  [key: string]: unknown;
} {
  const path = join(DIST_FIREFOX, 'manifest.json');
  if (!existsSync(path)) throw new Error(`Build the add-on first (npm run build): ${path}`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Register the host for Firefox in `home` exactly as a user would, through the real CLI. */
export function registerHost(home: string, stateDir: string): string {
  return execFileSync(
    process.execPath,
    [join(REPO, 'bin', 'replyapply.js'), 'install', '--browser', 'firefox'],
    { env: { ...process.env, HOME: home, REPLYAPPLY_STATE_DIR: stateDir }, encoding: 'utf8' },
  );
}

export async function launchFirefox(): Promise<FirefoxSession> {
  const manifest = firefoxManifest();
  const home = mkdtempSync(join(tmpdir(), 'replyapply-firefox-'));
  const stateDir = join(home, 'state');
  mkdirSync(stateDir, { recursive: true });
  registerHost(home, stateDir);
  const port = await freePort();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    args: ['--start-debugger-server', String(port)],
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      REPLYAPPLY_STATE_DIR: stateDir,
    },
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({
        [manifest.browser_specific_settings.gecko.id]: ADDON_UUID,
      }),
      // The DevTools server, without the prompt that asks the user to allow the connection.
      'devtools.debugger.remote-enabled': true,
      'devtools.chrome.enabled': true,
      'devtools.debugger.prompt-connection': false,
    },
  });
  let devtools: DevToolsClient | undefined;
  try {
    const addonId = await browser.installExtension(DIST_FIREFOX);
    devtools = await DevToolsClient.connect(port);
    await devtools.watchAddon(addonId);
    const client = devtools;
    return {
      browser,
      devtools: client,
      addonId,
      home,
      stateDir,
      background: () => client.target((url) => url.endsWith('/_generated_background_page.html')),
      close: async () => {
        client.close();
        await browser.close();
        rmSync(home, { recursive: true, force: true });
      },
    };
  } catch (err) {
    devtools?.close();
    await browser.close();
    rmSync(home, { recursive: true, force: true });
    throw err;
  }
}

export type Responder = (
  request: HTTPRequest,
) => { status: number; contentType?: string; body: string } | undefined;

/**
 * Answer every request of `page` to `origin` with `respond` (404 when it returns nothing), through BiDi's
 * network interception: the page itself and the fetches of the add-on's content script on it.
 * Other origins are refused: the tests never reach the network.
 */
export async function servePages(page: Page, origin: string, respond: Responder): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = new URL(request.url());
    if (url.origin !== origin) {
      void request.abort('blockedbyclient');
      return;
    }
    const answer = respond(request) ?? { status: 404, body: '' };
    void request.respond({
      status: answer.status,
      contentType: answer.contentType ?? 'text/plain',
      body: answer.body,
    });
  });
}
