// dist/firefox/: the Chrome build (dist/extension/) with a Firefox manifest. Pages, the background and the
// assets are the same files; only the manifest differs:
// - the background is an event page (`background.scripts`), loading the same module crxjs emits for the
//   service worker;
// - the review opens in the sidebar (`sidebar_action`) where Chrome has the side panel;
// - content scripts are the self-contained build (scripts/build-content.mjs): crxjs's loader imports its
//   chunks as web-accessible resources, which Firefox exposes under a random per-profile origin;
// - the add-on id (browser_specific_settings.gecko.id) is the one the host accepts
//   (shared/extension/extension-id.ts).
// What the code does differently at run time is in extension/browser-differences.ts.
import { existsSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const chrome = join(root, 'dist', 'extension');
const out = join(root, 'dist', 'firefox');

/**
 * Firefox 140 (an ESR) has everything the add-on uses (scripting's MAIN world, storage.session, MV3 menus)
 * and reads `data_collection_permissions`, which addons.mozilla.org asks new add-ons for. Firefox for Android
 * reads that key from 142 on (the add-on does nothing there: Android has no native messaging).
 */
export const FIREFOX_MIN_VERSION = '140.0';
export const FIREFOX_ANDROID_MIN_VERSION = '142.0';

/** The Firefox add-on id, read from its one source (a TypeScript module, bundled here on the fly). */
async function firefoxAddonId() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['shared/extension/extension-id.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].text;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  if (typeof mod.FIREFOX_ADDON_ID !== 'string') throw new Error('FIREFOX_ADDON_ID is missing');
  return mod.FIREFOX_ADDON_ID;
}

/** The Firefox manifest made from the built Chrome one. */
export function firefoxManifest(chromeManifest, addonId) {
  const {
    key: _key,
    minimum_chrome_version: _min,
    side_panel: sidePanel,
    background,
    web_accessible_resources: _war,
    content_scripts: contentScripts,
    permissions,
    ...rest
  } = chromeManifest;
  return {
    ...rest,
    permissions: permissions.filter((p) => p !== 'sidePanel'),
    background: { scripts: [background.service_worker], type: background.type },
    content_scripts: contentScripts.map((c) => ({ ...c, js: ['content-standalone.js'] })),
    sidebar_action: {
      default_panel: sidePanel.default_path,
      default_title: 'ReplyApply review',
      open_at_install: false,
    },
    browser_specific_settings: {
      gecko: {
        id: addonId,
        strict_min_version: FIREFOX_MIN_VERSION,
        data_collection_permissions: { required: ['none'] },
      },
      gecko_android: { strict_min_version: FIREFOX_ANDROID_MIN_VERSION },
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of ['manifest.json', 'content-standalone.js']) {
    if (!existsSync(join(chrome, f))) {
      console.error(`build the Chrome extension first (vite build, scripts/build-content.mjs): ${f}`);
      process.exit(1);
    }
  }
  await rm(out, { recursive: true, force: true });
  await cp(chrome, out, { recursive: true });
  const manifest = JSON.parse(await readFile(join(chrome, 'manifest.json'), 'utf8'));
  await writeFile(
    join(out, 'manifest.json'),
    `${JSON.stringify(firefoxManifest(manifest, await firefoxAddonId()), null, 2)}\n`,
  );
  console.log(`built ${out}`);
}
