import { describe, expect, it } from 'vitest';
import {
  CHROME_EXTENSION_ORIGINS,
  EXTENSION_ORIGIN,
  FIREFOX_ADDON_ID,
  FIREFOX_ADDON_IDS,
} from '../../shared/extension/extension-id';
import { callerOf } from './caller';

const LINUX_MANIFEST = '/home/ada/.mozilla/native-messaging-hosts/dev.replyapply.host.json';
const WIN_MANIFEST = 'C:\\Users\\ada\\AppData\\Roaming\\ReplyApply\\firefox-host.json';

describe('callerOf', () => {
  it.each([
    ['linux', [EXTENSION_ORIGIN], 'chromium'],
    ['darwin', [EXTENSION_ORIGIN], 'chromium'],
    ['win32', [EXTENSION_ORIGIN, '--parent-window=1234567'], 'chromium'],
    ['win32', [EXTENSION_ORIGIN], 'chromium'],
    ['linux', [LINUX_MANIFEST, FIREFOX_ADDON_ID], 'firefox'],
    ['win32', [WIN_MANIFEST, FIREFOX_ADDON_ID], 'firefox'],
    ['linux', [EXTENSION_ORIGIN, '--parent-window=1'], null],
    ['win32', [EXTENSION_ORIGIN, '--parent-window=x'], null],
    ['linux', ['/tmp/other.json', FIREFOX_ADDON_ID], null],
    ['linux', ['relative/dev.replyapply.host.json', FIREFOX_ADDON_ID], null],
    ['win32', ['C:\\x\\host.exe', FIREFOX_ADDON_ID], null],
    ['linux', [LINUX_MANIFEST, FIREFOX_ADDON_ID, 'extra'], null],
    ['linux', [FIREFOX_ADDON_ID], null],
    ['linux', [], null],
    ['linux', [`${EXTENSION_ORIGIN}x`], null],
  ] as const)('%s %j → %s', (platform, args, want) => {
    expect(callerOf(args, platform)).toBe(want);
  });
});

describe('callerOf with store ids', () => {
  const STORE_ORIGIN = `chrome-extension://${'b'.repeat(32)}/`;
  const ids = { origins: [EXTENSION_ORIGIN, STORE_ORIGIN], addons: [FIREFOX_ADDON_ID, 'listed@example.org'] };

  it.each([
    ['linux', [EXTENSION_ORIGIN], 'chromium'],
    ['linux', [STORE_ORIGIN], 'chromium'],
    ['win32', [STORE_ORIGIN, '--parent-window=42'], 'chromium'],
    ['linux', [LINUX_MANIFEST, 'listed@example.org'], 'firefox'],
    ['linux', [LINUX_MANIFEST, FIREFOX_ADDON_ID], 'firefox'],
    ['linux', [`chrome-extension://${'c'.repeat(32)}/`], null],
    ['linux', [STORE_ORIGIN.slice(0, -1)], null],
    ['linux', [LINUX_MANIFEST, 'other@example.org'], null],
    ['linux', [STORE_ORIGIN, 'listed@example.org'], null],
  ] as const)('%s %j → %s', (platform, args, want) => {
    expect(callerOf(args, platform, ids)).toBe(want);
  });

  it('the default lists are those of extension-id.ts', () => {
    for (const origin of CHROME_EXTENSION_ORIGINS) expect(callerOf([origin], 'linux')).toBe('chromium');
    for (const id of FIREFOX_ADDON_IDS) expect(callerOf([LINUX_MANIFEST, id], 'linux')).toBe('firefox');
  });
});
