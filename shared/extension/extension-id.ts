/**
 * The extension's fixed id, derived from the public key in manifest.json `key` (the first 32 hex digits
 * of the SHA-256 of the SPKI DER, 0–f mapped to a–p). The one place the installer, the host's origin
 * check and the tests read it; a unit test checks it against the manifest.
 */
export const EXTENSION_ID = 'ofhedhiaibjahonnlbcibhmedgedmjmi';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}/`;
/** Firefox add-on id (used by the Firefox host manifest's allowed_extensions). */
export const FIREFOX_ADDON_ID = 'replyapply@replyapply.dev';

/**
 * Every Chrome-family extension id the host accepts and `replyapply install` writes into `allowed_origins`:
 * the development id above (an unpacked dist/extension, fixed by the manifest's `key`), then the ids the
 * stores assign to the published extension (the store zip has no `key`, so the store picks the id).
 */
export const CHROME_EXTENSION_IDS: readonly string[] = [
  EXTENSION_ID,
  // STORE IDS: add the Chrome Web Store id (and the Microsoft Edge Add-ons id) here once the stores have
  // assigned them. None is known yet; do not guess one.
];
export const CHROME_EXTENSION_ORIGINS: readonly string[] = CHROME_EXTENSION_IDS.map(
  (id) => `chrome-extension://${id}/`,
);
/**
 * Every Firefox add-on id the host accepts and `replyapply install` writes into `allowed_extensions`.
 * addons.mozilla.org keeps the id the manifest sets (`browser_specific_settings.gecko.id`), so the
 * published add-on and a temporary one loaded from dist/firefox share it.
 */
export const FIREFOX_ADDON_IDS: readonly string[] = [
  FIREFOX_ADDON_ID,
  // STORE IDS: add an addons.mozilla.org id here only if it ever differs from the manifest's.
];
