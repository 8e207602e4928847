/** Bounds of messages that zod-free code (the content script on every chat page) checks by hand too. */

/**
 * The longest bundle of project files put into a message box, in UTF-16 units: 4 Mi, far above what any
 * site's model takes in one message (ChatGPT's and Claude's windows are a few hundred thousand tokens,
 * under 2 MiB of code), and far below what an extension message carries (64 MiB in Chromium). Past it the
 * popup refuses and says so instead of sending a part.
 */
export const MAX_BUNDLE_CHARS = 4 * 1024 * 1024;
