import { describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN, FIREFOX_ADDON_ID } from '../../shared/extension/extension-id';
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
