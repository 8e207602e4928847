/**
 * The extension's fixed id, derived from the public key in manifest.json `key` (the first 32 hex digits
 * of the SHA-256 of the SPKI DER, 0–f mapped to a–p). The one place the installer, the host's origin
 * check and the tests read it; a unit test checks it against the manifest.
 */
export const EXTENSION_ID = 'ofhedhiaibjahonnlbcibhmedgedmjmi';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}/`;
/** Firefox add-on id (used by the Firefox host manifest's allowed_extensions). */
export const FIREFOX_ADDON_ID = 'replyapply@replyapply.dev';
