import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROME_EXTENSION_ORIGINS, FIREFOX_ADDON_IDS } from '../../shared/extension/extension-id';
import { buildTempHost } from '../test/built-host';
import type { CliIO } from './io';
import { main } from './main';

let hostScript: string;
beforeAll(async () => {
  hostScript = (await buildTempHost()).host;
});

function io(env: NodeJS.ProcessEnv): CliIO & { out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let o = '';
  let e = '';
  stdout.on('data', (c) => {
    o += c;
  });
  stderr.on('data', (c) => {
    e += c;
  });
  return { stdin: new PassThrough(), stdout, stderr, cwd: process.cwd(), env, out: () => o, err: () => e };
}

describe('replyapply install / doctor / uninstall', () => {
  it('registers into a folder, doctor starts the host and checks its version, uninstall removes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ra-cli-'));
    const env = {
      ...process.env,
      REPLYAPPLY_STATE_DIR: join(dir, 'state'),
      REPLYAPPLY_HOST_SCRIPT: hostScript,
    };
    const hosts = join(dir, 'NativeMessagingHosts');
    const a = io(env);
    expect(await main(['install', '--dir', hosts], a)).toBe(0);
    expect(a.out()).toContain('registered dev.replyapply.host');

    const b = io(env);
    expect(await main(['doctor', '--dir', hosts, '--json'], b)).toBe(0);
    expect(JSON.parse(b.out())).toEqual([
      { name: hosts, registered: true, starts: true, version: expect.any(String), versionMatches: true },
    ]);

    const c = io(env);
    expect(await main(['uninstall', '--dir', hosts], c)).toBe(0);
    const d = io(env);
    expect(await main(['doctor', '--dir', hosts], d)).toBe(1);
    expect(d.out()).toContain('not registered');
  });

  it('doctor finds a host that answers hello but whose server is missing (it loads after start-up)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ra-cli-'));
    // host.mjs alone, without the host-server.mjs it imports once asked more than hello.
    const lone = join(dir, 'host.mjs');
    copyFileSync(hostScript, lone);
    expect(readFileSync(lone, 'utf8')).toContain('host-server.mjs');
    const env = { ...process.env, REPLYAPPLY_STATE_DIR: join(dir, 'state'), REPLYAPPLY_HOST_SCRIPT: lone };
    const hosts = join(dir, 'NativeMessagingHosts');
    expect(await main(['install', '--dir', hosts], io(env))).toBe(0);
    const d = io(env);
    expect(await main(['doctor', '--dir', hosts, '--json'], d)).toBe(1);
    expect(JSON.parse(d.out())).toEqual([
      expect.objectContaining({
        name: hosts,
        registered: true,
        starts: false,
        problem: expect.stringMatching(/exited with code 1/),
      }),
    ]);
    // With the server beside it, the same host passes.
    copyFileSync(join(dirname(hostScript), 'host-server.mjs'), join(dir, 'host-server.mjs'));
    expect(await main(['doctor', '--dir', hosts], io(env))).toBe(0);
  });

  it('installs into every browser profile found under HOME, and says so when there is none', async () => {
    const home = mkdtempSync(join(tmpdir(), 'ra-home-'));
    const env = {
      HOME: home,
      REPLYAPPLY_STATE_DIR: join(home, 'state'),
      REPLYAPPLY_HOST_SCRIPT: hostScript,
      REPLYAPPLY_PLATFORM: 'linux',
    };
    const none = io(env);
    expect(await main(['install'], none)).toBe(1);
    expect(none.err()).toContain('No browser profile found');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(home, '.config', 'chromium'), { recursive: true });
    mkdirSync(join(home, '.config', 'BraveSoftware', 'Brave-Browser'), { recursive: true });
    const two = io(env);
    expect(await main(['install'], two)).toBe(0);
    expect(two.out()).toContain('Chromium: registered');
    expect(two.out()).toContain('Brave: registered');
    const doc = io(env);
    await main(['doctor'], doc);
    expect(doc.out()).toMatch(/Chromium: registered, starts, version/);
    expect(doc.out()).toMatch(/Google Chrome: not registered/);
  });

  it('install --firefox registers in ~/.mozilla/native-messaging-hosts, and doctor --firefox starts it as Firefox does', async () => {
    const home = mkdtempSync(join(tmpdir(), 'ra-ff-home-'));
    const env = {
      HOME: home,
      REPLYAPPLY_STATE_DIR: join(home, 'state'),
      REPLYAPPLY_HOST_SCRIPT: hostScript,
      REPLYAPPLY_PLATFORM: 'linux',
    };
    const dir = join(home, '.mozilla', 'native-messaging-hosts');
    for (const args of [
      ['install', '--firefox'],
      ['install', '--browser', 'firefox'],
    ]) {
      const a = io(env);
      expect(await main(args, a), a.err()).toBe(0);
      expect(a.out()).toContain(
        `Firefox: registered dev.replyapply.host (${join(dir, 'dev.replyapply.host.json')})`,
      );
      expect(a.out()).toContain(`allowed: ${FIREFOX_ADDON_IDS.join(', ')}`);
      expect(a.out()).not.toContain('Chromium');
      const manifest = JSON.parse(readFileSync(join(dir, 'dev.replyapply.host.json'), 'utf8'));
      expect(manifest.allowed_extensions).toEqual([...FIREFOX_ADDON_IDS]);
      expect(manifest.allowed_origins).toBeUndefined();
    }
    const d = io(env);
    expect(await main(['doctor', '--firefox', '--json'], d)).toBe(0);
    expect(JSON.parse(d.out())).toEqual([
      { name: 'Firefox', registered: true, starts: true, version: expect.any(String), versionMatches: true },
    ]);
    // Plain doctor lists every browser, Firefox among them.
    const all = io(env);
    expect(await main(['doctor'], all)).toBe(0);
    expect(all.out()).toMatch(/Firefox: registered, starts, version/);
    expect(all.out()).toMatch(/Chromium: not registered/);
  });

  it('doctor says which id a manifest lacks (one written before a store id was added)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ra-old-'));
    const env = {
      ...process.env,
      REPLYAPPLY_STATE_DIR: join(dir, 'state'),
      REPLYAPPLY_HOST_SCRIPT: hostScript,
    };
    expect(await main(['install', '--dir', dir], io(env))).toBe(0);
    const path = join(dir, 'dev.replyapply.host.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    expect(manifest.allowed_origins).toEqual([...CHROME_EXTENSION_ORIGINS]);
    writeFileSync(path, JSON.stringify({ ...manifest, allowed_origins: ['chrome-extension://x/'] }));
    const d = io(env);
    expect(await main(['doctor', '--dir', dir], d)).toBe(1);
    expect(d.out()).toContain(
      `does not allow ${CHROME_EXTENSION_ORIGINS.join(', ')}: run replyapply install`,
    );
  });

  it('rejects unknown options and browsers with usage (exit 2)', async () => {
    const x = io(process.env);
    expect(await main(['install', '--browser', 'netscape'], x)).toBe(2);
    expect(x.err()).toContain('unknown browser');
    const y = io(process.env);
    expect(await main(['install', '--bogus'], y)).toBe(2);
  });
});
