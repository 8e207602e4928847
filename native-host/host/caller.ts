/**
 * Who started the host: exactly the arguments each browser passes, nothing looser.
 * - Chrome and the browsers built on Chromium pass the caller's origin as the first argument,
 *   `chrome-extension://<id>/`, and on Windows a second one, `--parent-window=<decimal handle>`
 *   (developer.chrome.com/docs/extensions/develop/concepts/native-messaging: "The first argument to the
 *   native messaging host is the origin of the caller … On Windows, the native messaging host is also
 *   passed a command line argument with a handle to the calling Chrome native window").
 * - Firefox passes two: the absolute path of the host manifest, then the add-on id — the add-on id second,
 *   never anywhere else (toolkit/components/extensions/NativeMessaging.sys.mjs starts the host with
 *   `arguments: [hostInfo.path, context.extension.id]`; MDN, Native messaging: "the complete path to the
 *   app manifest" and "the ID … of the add-on that started it"). On Linux and macOS the manifest's file
 *   name must be the host's name (`dev.replyapply.host.json`); on Windows the registry may point anywhere.
 * The ids accepted are those of shared/extension/extension-id.ts (the development id and the stores' ids),
 * compared exactly.
 */
import path from 'node:path';
import { CHROME_EXTENSION_ORIGINS, FIREFOX_ADDON_IDS } from '../../shared/extension/extension-id';
import { HOST_NAME } from '../../shared/protocol/names';

export type Caller = 'chromium' | 'firefox';

export interface AcceptedIds {
  /** Chrome-family caller origins, `chrome-extension://<id>/`. */
  origins: readonly string[];
  /** Firefox add-on ids. */
  addons: readonly string[];
}

const ACCEPTED: AcceptedIds = { origins: CHROME_EXTENSION_ORIGINS, addons: FIREFOX_ADDON_IDS };

/** Which browser's form `args` (process.argv after the script) is, or null when it is none of them. */
export function callerOf(
  args: readonly string[],
  platform: NodeJS.Platform = process.platform,
  ids: AcceptedIds = ACCEPTED,
): Caller | null {
  const win = platform === 'win32';
  const [first, second, ...rest] = args;
  if (rest.length > 0) return null;
  if (first !== undefined && ids.origins.includes(first)) {
    if (second === undefined) return 'chromium';
    return win && /^--parent-window=\d+$/.test(second) ? 'chromium' : null;
  }
  if (second === undefined || !ids.addons.includes(second) || first === undefined) return null;
  const p = win ? path.win32 : path.posix;
  if (!p.isAbsolute(first) || !first.toLowerCase().endsWith('.json')) return null;
  return win || p.basename(first) === `${HOST_NAME}.json` ? 'firefox' : null;
}
