import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHROME_EXTENSION_ORIGINS,
  EXTENSION_ORIGIN,
  FIREFOX_ADDON_IDS,
} from '../../shared/extension/extension-id';
import { browserLocations } from './browsers';
import { installHost, launcherScript, targetOf, uninstallHost } from './install';

describe('browser locations', () => {
  it.each([
    ['linux', 'chromium', '/home/u/.config/chromium/NativeMessagingHosts'],
    ['linux', 'chrome', '/home/u/.config/google-chrome/NativeMessagingHosts'],
    ['linux', 'brave', '/home/u/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts'],
    ['linux', 'edge', '/home/u/.config/microsoft-edge/NativeMessagingHosts'],
    ['linux', 'vivaldi', '/home/u/.config/vivaldi/NativeMessagingHosts'],
    ['linux', 'firefox', '/home/u/.mozilla/native-messaging-hosts'],
    ['darwin', 'chrome', '/home/u/Library/Application Support/Google/Chrome/NativeMessagingHosts'],
    ['darwin', 'firefox', '/home/u/Library/Application Support/Mozilla/NativeMessagingHosts'],
  ] as const)('%s %s → %s', (platform, id, dir) => {
    const loc = browserLocations(platform, '/home/u').find((l) => l.id === id)!;
    expect(loc.manifestDir).toBe(dir);
  });

  it.each([
    ['linux', '/home/u/.mozilla/firefox'],
    ['darwin', '/home/u/Library/Application Support/Firefox'],
  ] as const)('%s: Firefox is found by its profiles folder %s', (platform, dir) => {
    expect(browserLocations(platform, '/home/u').find((l) => l.id === 'firefox')!.profileDir).toBe(dir);
  });

  it('Windows browsers are registered under HKCU', () => {
    const chrome = browserLocations('win32', 'C:\\Users\\u', {
      LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local',
    }).find((l) => l.id === 'chrome')!;
    expect(chrome.registryKey).toBe(
      'HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\dev.replyapply.host',
    );
    const firefox = browserLocations('win32', 'C:\\Users\\u', {
      APPDATA: 'C:\\Users\\u\\AppData\\Roaming',
    }).find((l) => l.id === 'firefox')!;
    expect(firefox.registryKey).toBe('HKCU\\Software\\Mozilla\\NativeMessagingHosts\\dev.replyapply.host');
  });
});

describe('installHost', () => {
  const opts = {
    platform: 'linux' as const,
    nodePath: process.execPath,
    hostScript: '/x/host.mjs',
    logFile: '/x/l.log',
  };

  it('writes an executable launcher and a Chromium manifest allowing only our extension ids', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ra-inst-')), 'NativeMessagingHosts');
    const r = await installHost({ name: 't', kind: 'chromium', manifestDir: dir }, opts);
    const manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8'));
    expect(manifest).toEqual({
      name: 'dev.replyapply.host',
      description: expect.any(String),
      path: r.launcherPath,
      type: 'stdio',
      allowed_origins: [...CHROME_EXTENSION_ORIGINS],
    });
    expect(statSync(r.launcherPath).mode & 0o111).not.toBe(0);
    expect(readFileSync(r.launcherPath, 'utf8')).toContain(`NODE='${process.execPath}'`);
    const gone = await uninstallHost(
      { name: 't', kind: 'chromium', manifestDir: dir },
      { platform: 'linux' },
    );
    expect(gone.removed).toHaveLength(2);
    expect(existsSync(r.manifestPath)).toBe(false);
  });

  it('writes allowed_extensions for Firefox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ra-ff-'));
    const r = await installHost({ name: 'ff', kind: 'firefox', manifestDir: dir }, opts);
    const manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8'));
    expect(manifest.allowed_extensions).toEqual([...FIREFOX_ADDON_IDS]);
    expect(manifest.allowed_origins).toBeUndefined();
  });

  it('on Windows writes a .cmd launcher and the reg command that points the browser at the manifest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ra-win-'));
    const loc = browserLocations('win32', 'C:\\Users\\u').find((l) => l.id === 'edge')!;
    const r = await installHost(
      { ...targetOf(loc), manifestDir: dir },
      { ...opts, platform: 'win32', nodePath: 'C:\\node\\node.exe', runRegistry: false },
    );
    expect(r.launcherPath.endsWith('.cmd')).toBe(true);
    const cmd = readFileSync(r.launcherPath, 'utf8');
    expect(cmd).toContain('"C:\\node\\node.exe" "/x/host.mjs" %*');
    expect(cmd).toContain('\r\n');
    expect(r.registryCommands).toEqual([
      [
        'reg',
        'add',
        'HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts\\dev.replyapply.host',
        '/ve',
        '/t',
        'REG_SZ',
        '/d',
        r.manifestPath,
        '/f',
      ],
    ]);
  });

  it('the Windows launcher keeps paths with ( ) & % inside quotes, where cmd does not act on them', () => {
    const node = 'C:\\Program Files (x86)\\nodejs\\node.exe';
    const host = 'C:\\Users\\R&D (x)\\100%\\host.mjs';
    const s = launcherScript('win32', node, host, 'C:\\Users\\R&D (x)\\l.log');
    expect(s).toContain(
      '"C:\\Program Files (x86)\\nodejs\\node.exe" "C:\\Users\\R&D (x)\\100%%\\host.mjs" %*',
    );
    for (const line of s.split('\r\n')) {
      const outside = line
        .split('"')
        .filter((_, i) => i % 2 === 0)
        .join(' ');
      // No parenthesised block (cmd parses it whole, paths included), no & | ( ) outside quotes, and
      // only cmd's own variables.
      expect(outside, line).not.toMatch(/[&|()^]/);
      expect(outside.replace(/%(\*|DATE%|TIME%|ERRORLEVEL%)/g, ''), line).not.toContain('%');
    }
  });

  it('the POSIX launcher quotes paths with spaces and quotes, and logs a readable line when node is gone', () => {
    const s = launcherScript('linux', "/opt/my node/it's/node", '/a b/host.mjs', '/l.log');
    expect(s).toContain(`NODE='/opt/my node/it'\\''s/node'`);
    expect(s).toContain('node is missing at $NODE');
  });
});

describe('the launcher', () => {
  it('exits 127 and writes a readable line to the log when node is gone', async () => {
    const { execFile } = await import('node:child_process');
    const dir = mkdtempSync(join(tmpdir(), 'ra-gone-'));
    const logFile = join(dir, 'state', 'launcher.log');
    const r = await installHost(
      { name: 't', kind: 'chromium', manifestDir: dir },
      { platform: 'linux', nodePath: join(dir, 'no-node'), hostScript: '/x/host.mjs', logFile },
    );
    const code = await new Promise<number | null>((resolve) => {
      execFile(r.launcherPath, [EXTENSION_ORIGIN], (err) =>
        resolve(err ? ((err as { code?: number }).code ?? 1) : 0),
      );
    });
    expect(code).toBe(127);
    expect(readFileSync(logFile, 'utf8')).toContain(`node is missing at ${join(dir, 'no-node')}`);
  });
});
