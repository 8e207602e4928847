/** Bounds of messages that zod-free code (the content script on every chat page) checks by hand too. */

/**
 * The longest bundle of project files put into a message box, in UTF-16 units: 4 Mi, far above what any
 * site's model takes in one message (ChatGPT's and Claude's windows are a few hundred thousand tokens,
 * under 2 MiB of code), and far below what an extension message carries (64 MiB in Chromium). Past it the
 * popup refuses and says so instead of sending a part.
 */
export const MAX_BUNDLE_CHARS = 4 * 1024 * 1024;

/**
 * The largest file put into the chat, in bytes: 1 MiB, about 250,000 tokens of code, more than most sites'
 * whole window. The tree lists a larger file as too large (it cannot be ticked); the host's own read
 * limit (50 MiB) is for applying, not for a message.
 */
export const MAX_CONTEXT_FILE_BYTES = 1024 * 1024;

/** The longest part of a reply's text one `detect` message carries (UTF-16 code units, issue 44). */
export const DETECT_PART_CHARS = 256 * 1024;
/** A reply's text comes in at most this many parts: 16 MiB, the most a proposal holds. */
export const DETECT_MAX_PARTS = 64;
