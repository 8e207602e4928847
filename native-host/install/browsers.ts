/**
 * Where each browser looks for native-messaging host manifests, per OS (user level). Chromium-family
 * browsers read `allowed_origins`; Firefox reads `allowed_extensions`. On Windows the manifest file may
 * live anywhere: the browser finds it through a registry key.
 */
import { join } from 'node:path';

export type BrowserId = 'chrome' | 'chromium' | 'edge' | 'brave' | 'vivaldi' | 'firefox';
export type Platform = 'linux' | 'darwin' | 'win32';

export interface BrowserLocation {
  id: BrowserId;
  name: string;
  kind: 'chromium' | 'firefox';
  /** The browser's own profile folder: it being there means the browser is installed for this user. */
  profileDir: string;
  /** Folder of host manifests (Linux, macOS); on Windows, where we keep the manifest file. */
  manifestDir: string;
  /** Windows: the HKCU key that points at the manifest. */
  registryKey?: string;
}

const NAMES: Record<BrowserId, string> = {
  chrome: 'Google Chrome',
  chromium: 'Chromium',
  edge: 'Microsoft Edge',
  brave: 'Brave',
  vivaldi: 'Vivaldi',
  firefox: 'Firefox',
};

export const BROWSER_IDS = Object.keys(NAMES) as BrowserId[];

export function browserLocations(
  platform: Platform,
  home: string,
  env: NodeJS.ProcessEnv = {},
): BrowserLocation[] {
  const entry = (
    id: BrowserId,
    profileDir: string,
    manifestDir: string,
    registryKey?: string,
  ): BrowserLocation => {
    const loc: BrowserLocation = {
      id,
      name: NAMES[id],
      kind: id === 'firefox' ? 'firefox' : 'chromium',
      profileDir,
      manifestDir,
    };
    if (registryKey) loc.registryKey = registryKey;
    return loc;
  };
  if (platform === 'linux') {
    const config = env.XDG_CONFIG_HOME || join(home, '.config');
    const c = (id: BrowserId, dir: string) =>
      entry(id, join(config, dir), join(config, dir, 'NativeMessagingHosts'));
    return [
      c('chrome', 'google-chrome'),
      c('chromium', 'chromium'),
      c('edge', 'microsoft-edge'),
      c('brave', 'BraveSoftware/Brave-Browser'),
      c('vivaldi', 'vivaldi'),
      // Firefox keeps its profiles in ~/.mozilla/firefox and reads host manifests from ~/.mozilla.
      entry('firefox', join(home, '.mozilla', 'firefox'), join(home, '.mozilla', 'native-messaging-hosts')),
    ];
  }
  if (platform === 'darwin') {
    const support = join(home, 'Library', 'Application Support');
    const c = (id: BrowserId, dir: string) =>
      entry(id, join(support, dir), join(support, dir, 'NativeMessagingHosts'));
    return [
      c('chrome', 'Google/Chrome'),
      c('chromium', 'Chromium'),
      c('edge', 'Microsoft Edge'),
      c('brave', 'BraveSoftware/Brave-Browser'),
      c('vivaldi', 'Vivaldi'),
      // Firefox's profiles are in Application Support/Firefox; host manifests in Application Support/Mozilla
      // (a folder Firefox does not create by itself).
      entry('firefox', join(support, 'Firefox'), join(support, 'Mozilla', 'NativeMessagingHosts')),
    ];
  }
  const local = env.LOCALAPPDATA || join(home, 'AppData', 'Local');
  const roaming = env.APPDATA || join(home, 'AppData', 'Roaming');
  const ours = join(local, 'replyapply', 'hosts');
  const w = (id: BrowserId, profile: string, vendorKey: string) =>
    entry(
      id,
      profile,
      join(ours, id),
      `HKCU\\Software\\${vendorKey}\\NativeMessagingHosts\\dev.replyapply.host`,
    );
  return [
    w('chrome', join(local, 'Google', 'Chrome', 'User Data'), 'Google\\Chrome'),
    w('chromium', join(local, 'Chromium', 'User Data'), 'Chromium'),
    w('edge', join(local, 'Microsoft', 'Edge', 'User Data'), 'Microsoft\\Edge'),
    w('brave', join(local, 'BraveSoftware', 'Brave-Browser', 'User Data'), 'BraveSoftware\\Brave-Browser'),
    w('vivaldi', join(local, 'Vivaldi', 'User Data'), 'Vivaldi'),
    w('firefox', join(roaming, 'Mozilla', 'Firefox'), 'Mozilla'),
  ];
}
