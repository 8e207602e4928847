/**
 * Lexical path rules, shared by every parser and checked again by the host against the real disk.
 * A path in a reply is hostile input: it is normalized once here and refused with a reason when it
 * could reach outside the project folder or into places we never write, when it would be shown as
 * something other than what is written, or when no file system could hold it as written.
 * native-host/PROTOCOL.md lists these rules (UnsafePath); keep the two in step.
 */

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Folders we never write into, whatever the reply says: a version-control store whose hooks or config run
 * code at the user's next command (`.git/hooks`, Mercurial's `.hg/hgrc` `[hooks]`, Jujutsu's `.jj/repo`).
 */
const FORBIDDEN_SEGMENTS = new Set(['.git', '.hg', '.jj']);

/** The longest name most file systems hold (ext4, XFS, Btrfs, APFS, NTFS in UTF-16), in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;
/** Linux's PATH_MAX: no path longer than this can be opened there, whatever the folder in front of it. */
export const MAX_PATH_BYTES = 4096;

/**
 * Code points that render like `/`, `\` or `.` and could disguise a traversal (`..╱outside╱x` reads as a
 * climb out of the project but is one literal name). Those whose compatibility form (NFKC) holds a slash
 * or a dot — fullwidth `／` and `．`, small `﹒`, leaders `․ ‥ …` — are found by `lookalike` without
 * being listed; these have no such form:
 * - slashes: ⁄ U+2044 fraction slash, ∕ U+2215 division slash, ╱ U+2571 box drawing, ⟋ U+27CB rising
 *   diagonal, ⧸ U+29F8 big solidus, ᜵ U+1735 Philippine single punctuation, ⼃ U+2F03 Kangxi radical
 *   slash, 〳 U+3033, and the combining overlays U+0337 and U+0338;
 * - backslashes: ∖ U+2216 set minus, ╲ U+2572 box drawing, ⟍ U+27CD falling diagonal, ⧵ U+29F5 reverse
 *   solidus operator, ⧹ U+29F9 big reverse solidus;
 * - full stops: 。 U+3002 ideographic, ｡ U+FF61 halfwidth ideographic, ︒ U+FE12 vertical ideographic,
 *   ܁ U+0701 and ܂ U+0702 Syriac, ۔ U+06D4 Arabic, ꓸ U+A4F8 Lisu tone mark, ꘎ U+A60E Vai, 𐩐 U+10A50
 *   Kharoshthi.
 */
const LOOKALIKES =
  /[\u0337\u0338\u06d4\u0701\u0702\u1735\u2044\u2215\u2216\u2571\u2572\u27cb\u27cd\u29f5\u29f8\u29f9\u2f03\u3002\u3033\ufe12\uff61\ua4f8\ua60e]|\u{10a50}/u;

/**
 * Code points that change how a name is shown without showing themselves, so the review would show a
 * different path than the one written: bidi controls reorder it (`src/\u202Egnp.js` reads as `src/sj.png`,
 * the Trojan Source trick), zero-width and other invisible ones hide inside it (`.g\u200cit` is `.git`
 * on HFS+), and the line and paragraph separators break it over two lines.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is refused on its own, combining or not
const INVISIBLE = /[\u00ad\u034f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;

/** The first character of `p` that looks like a slash, a backslash or a dot without being one, or null. */
function lookalike(p: string): string | null {
  if (!/[^\u0000-\u007f]/.test(p)) return null;
  for (const ch of p) {
    if (ch.charCodeAt(0) < 0x80) continue;
    if (LOOKALIKES.test(ch) || /[./\\]/.test(ch.normalize('NFKC'))) return ch;
  }
  return null;
}

/** `"╱" (U+2571)`: a character named so a reader can find it. */
function named(ch: string): string {
  const hex = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return /\p{M}/u.test(ch) ? `U+${hex}` : `"${ch}" (U+${hex})`;
}

/** Length in UTF-8 bytes (shared/ has no Buffer). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * A path as it can be quoted in a message: control characters made visible, and a long one shortened to
 * its start and end (`src/dddd…dddd/x.txt`), so a message quotes it once and stays readable.
 */
export function quotePath(p: string, max = 80): string {
  const shown = p.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const chars = Array.from(shown);
  if (chars.length <= max) return shown;
  const head = Math.ceil((max - 1) * 0.6);
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - 1 - head)).join('')}`;
}

/**
 * Normalize a path as written in a reply: strip surrounding quotes, backticks or bold markers, turn `\`
 * into `/`, drop `.` segments (`./src/a.ts`), collapse repeated slashes. Then check it. Never touches the
 * disk. Whitespace is never trimmed: a name that begins or ends with a space would be written under
 * another name than the one shown (Windows drops trailing spaces and dots, some layers trim), so it is
 * refused instead; parsers hand over paths without the reply's layout around them.
 */
export function normalizePath(raw: string): PathCheck {
  // A reply's paths are checked many times over (parsers, path rules, the plan): 30,000 times for a
  // 10,000-file diff. The answer depends on the text alone, so the recent ones are kept (frozen: shared).
  let known = checked.get(raw);
  if (known === undefined) {
    if (checked.size >= CHECKED_MAX) checked.clear();
    known = Object.freeze(checkPath(raw));
    checked.set(raw, known);
  }
  return known;
}
const checked = new Map<string, PathCheck>();
const CHECKED_MAX = 50_000;

/**
 * A path every rule of `checkPath` lets through unchanged: ASCII names of letters, digits and `_ + @ = , -`
 * with single dots inside them, joined by single slashes, the first starting with a letter or digit (so
 * no wrapping quote, bold marker, dot segment, hidden `.git`, drive, home or absolute path). Most paths
 * of a reply are such; checking them takes one regular expression instead of a dozen.
 */
const PLAIN_PATH = /^[A-Za-z0-9][\w+@=,-]*(?:\.[\w+@=,-]+)*(?:\/[\w+@=,-]+(?:\.[\w+@=,-]+)*)*$/;

/** `p` is a PLAIN_PATH within the length limits (ASCII: a character is a byte). */
export function isPlainPath(p: string): boolean {
  if (p.length > MAX_PATH_BYTES || !PLAIN_PATH.test(p)) return false;
  let name = 0;
  for (let i = 0; i < p.length; i++) {
    if (p.charCodeAt(i) === 47 /* / */) name = 0;
    else if (++name > MAX_NAME_BYTES) return false;
  }
  return true;
}

function checkPath(raw: string): PathCheck {
  if (isPlainPath(raw)) return { ok: true, path: raw };
  return checkPathFully(raw);
}

/** `checkPath` without its shortcut (exported for the test that holds the two to each other). */
export function checkPathFully(raw: string): PathCheck {
  // Models wrap paths in quotes, backticks or bold markers; none of those belong to the name.
  let p = raw.replace(/^(\*\*|__|[`'"])(.*)\1$/, '$2');
  if (p.trim() === '') return { ok: false, reason: 'the path is empty' };
  if (p.includes('\0')) return { ok: false, reason: 'the path contains a NUL byte' };
  // C1 controls too: U+009B is an 8-bit CSI, which some terminals obey when the CLI prints the path.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(p))
    return { ok: false, reason: 'the path contains a control character' };
  if (INVISIBLE.test(p))
    return { ok: false, reason: 'the path contains an invisible or text-direction character' };
  const look = lookalike(p);
  if (look !== null)
    return { ok: false, reason: `the path contains ${named(look)}, which looks like a slash or a dot` };
  if (/%2e|%2f|%5c/i.test(p))
    return { ok: false, reason: 'the path contains URL-encoded separators or dots' };
  if (/^\s/.test(p)) return { ok: false, reason: 'the path begins with a space' };
  if (p.startsWith('\\\\') || p.startsWith('//'))
    return { ok: false, reason: 'the path is a network (UNC) path' };
  if (/^[a-zA-Z]:/.test(p)) return { ok: false, reason: 'the path starts with a drive letter' };
  p = p.replace(/\\/g, '/');
  if (p.startsWith('/'))
    return { ok: false, reason: 'the path is absolute; paths must be relative to the project folder' };
  if (p === '~' || p.startsWith('~/'))
    return { ok: false, reason: 'the path starts with ~ (the home folder)' };
  const segments: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') return { ok: false, reason: 'the path contains a ".." segment' };
    if (/^\.\.?\s+$|^\s+\.\.?$/.test(seg))
      return { ok: false, reason: 'the path contains a dot segment padded with spaces' };
    if (FORBIDDEN_SEGMENTS.has(seg.toLowerCase()))
      return { ok: false, reason: `the path is inside ${seg}/, which is never written` };
    // Windows cannot hold such a name and drops the end; other layers trim it.
    if (/\s$/.test(seg)) return { ok: false, reason: `the name "${quotePath(seg, 40)}" ends with a space` };
    if (seg.endsWith('.')) return { ok: false, reason: `the name "${quotePath(seg, 40)}" ends with a dot` };
    if (utf8Length(seg) > MAX_NAME_BYTES)
      return {
        ok: false,
        reason: `the name "${quotePath(seg, 40)}" is too long: ${utf8Length(seg)} bytes, longer than ${MAX_NAME_BYTES} bytes (the most a file system holds in one name)`,
      };
    segments.push(seg);
  }
  if (segments.length === 0)
    return { ok: false, reason: 'the path names the project folder itself, not a file' };
  const path = segments.join('/');
  if (utf8Length(path) > MAX_PATH_BYTES)
    return {
      ok: false,
      reason: `the path is too long: ${utf8Length(path)} bytes, longer than ${MAX_PATH_BYTES} bytes (the most a system can open)`,
    };
  return { ok: true, path };
}

/** Strip one `a/` or `b/` prefix as git writes them (`--- a/src/x.ts`). */
export function stripDiffPrefix(p: string): string {
  return /^[ab]\//.test(p) ? p.slice(2) : p;
}

/** True when `child` is `parent` or lies below it (both normalized, `/`-separated). */
export function isWithin(parent: string, child: string): boolean {
  if (parent === child) return true;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return child.startsWith(base);
}
