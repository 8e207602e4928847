/**
 * Launching Debian's Chromium with the built extension in a fresh profile whose NativeMessagingHosts/
 * holds the host, registered through the real `replyapply install --dir`. Used by the e2e fixture and by
 * the browser benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';

export const REPO = resolve(import.meta.dirname, '..');
export const DIST = join(REPO, 'dist', 'extension');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface Profile {
  dir: string;
  hostsDir: string;
  stateDir: string;
}

/** A fresh profile with the host registered through the real CLI (the caller removes `dir`). */
export function makeProfile(): Profile {
  if (!existsSync(join(DIST, 'manifest.json')))
    throw new Error(`Build the extension first (npm run build): ${DIST}`);
  const dir = mkdtempSync(join(tmpdir(), 'replyapply-e2e-'));
  const profile = { dir, hostsDir: join(dir, 'NativeMessagingHosts'), stateDir: join(dir, 'state') };
  mkdirSync(profile.stateDir, { recursive: true });
  registerHost(profile);
  return profile;
}

/**
 * Debian's Chromium, headless, with the built extension loaded into `profile` (and any extra `args`, `env`;
 * `dist`: another build of it, such as the benchmark's copy with a static side panel).
 */
export function launchExtension(
  profile: Profile,
  options: { args?: string[]; env?: Record<string, string>; dist?: string } = {},
): Promise<BrowserContext> {
  const dist = options.dist ?? DIST;
  return chromium.launchPersistentContext(profile.dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--disable-extensions-except=${dist}`,
      `--load-extension=${dist}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.args ?? []),
    ],
    env: {
      ...process.env,
      XDG_CONFIG_HOME: join(profile.dir, 'xdg-config'),
      XDG_CACHE_HOME: join(profile.dir, 'xdg-cache'),
      REPLYAPPLY_STATE_DIR: profile.stateDir,
      ...options.env,
    },
  });
}

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
