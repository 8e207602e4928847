/**
 * Lexical path rules, shared by every parser and checked again by the host against the real disk.
 * A path in a reply is hostile input: it is normalized once here and refused with a reason when it
 * could reach outside the project folder or into places we never write.
 */

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Folders we never write into, whatever the reply says: a version-control store whose hooks or config run
 * code at the user's next command (`.git/hooks`, Mercurial's `.hg/hgrc` `[hooks]`, Jujutsu's `.jj/repo`).
 */
const FORBIDDEN_SEGMENTS = new Set(['.git', '.hg', '.jj']);

/** Code points that render like `/` or `.` and could disguise a traversal. */
const LOOKALIKES = /[\u2024\u2025\u2026\u2215\u2044\u29F8\uFF0E\uFF0F\uFF3C\u2216\uFE52\uFE68]/;

/**
 * Code points that change how a name is shown without showing themselves, so the review would show a
 * different path than the one written: bidi controls reorder it (`src/\u202Egnp.js` reads as `src/sj.png`,
 * the Trojan Source trick), zero-width and other invisible ones hide inside it (`.g\u200cit` is `.git`
 * on HFS+), and the line and paragraph separators break it over two lines.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is refused on its own, combining or not
const INVISIBLE = /[\u00ad\u034f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;

/**
 * Normalize a path as written in a reply: trim, strip surrounding quotes or backticks, turn `\` into
 * `/`, drop `./` and `a/`-style diff prefixes only where the caller asks (see `stripDiffPrefix`),
 * collapse repeated slashes. Then check it. Never touches the disk.
 */
export function normalizePath(raw: string): PathCheck {
  let p = raw.trim();
  // Models wrap paths in quotes, backticks or bold markers; none of those belong to the name.
  p = p.replace(/^(\*\*|__|[`'"])(.*)\1$/, '$2').trim();
  if (p === '') return { ok: false, reason: 'the path is empty' };
  if (p.includes('\0')) return { ok: false, reason: 'the path contains a NUL byte' };
  // C1 controls too: U+009B is an 8-bit CSI, which some terminals obey when the CLI prints the path.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(p))
    return { ok: false, reason: 'the path contains a control character' };
  if (INVISIBLE.test(p))
    return { ok: false, reason: 'the path contains an invisible or text-direction character' };
  if (LOOKALIKES.test(p)) {
    return { ok: false, reason: 'the path contains a character that looks like a slash or dot' };
  }
  if (/%2e|%2f|%5c/i.test(p))
    return { ok: false, reason: 'the path contains URL-encoded separators or dots' };
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
    segments.push(seg);
  }
  if (segments.length === 0)
    return { ok: false, reason: 'the path names the project folder itself, not a file' };
  return { ok: true, path: segments.join('/') };
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
