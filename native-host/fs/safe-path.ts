/**
 * Turn a project-relative path from the extension into a real path on disk, or refuse it.
 *
 * The lexical rules of shared/paths are applied again here (the caller is never trusted), then the path is
 * walked segment by segment on the real disk: every symbolic link met on the way is resolved and must stay
 * inside the real root and outside `.git/`. Reading may follow a link that stays inside; writing never goes
 * through a link at the last segment (a link there is refused, not replaced). The returned `abs` is built
 * from real folders only, so the write goes where the check looked.
 */
import { lstatSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isPlainPath, normalizePath, quotePath } from '../../shared/paths/paths';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from './failure';
import { isWithinDir } from './within';

export type Access = 'read' | 'write';
export type EntryKind = 'file' | 'dir' | 'other' | 'missing';

/**
 * Folders already checked during one call (project-relative prefix → real folder), so ten thousand files
 * in one folder do not walk that folder ten thousand times. Only for the length of one request: commit-steps
 * re-checks every target folder right before writing.
 */
export type FolderCache = Map<string, string>;

export interface ResolvedPath {
  /** The normalized project-relative path (`/`-separated). */
  rel: string;
  /** Absolute path below the real root, through real folders only. */
  abs: string;
  kind: EntryKind;
}

const WIN = process.platform === 'win32';
/** Device names Windows opens as devices in any folder and with any extension (`nul.txt` is NUL). */
const WIN_RESERVED =
  /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$|clock\$)$/i;
/**
 * Spellings that reach `.git` on some file system: Windows drops trailing dots and spaces (`.git.`), opens
 * the folder itself through an NTFS stream name (`.git::$INDEX_ALLOCATION`), and its 8.3 short name for
 * `.git` is `GIT~1`.
 */
/** A repository store under any spelling Windows or macOS also resolve to it (`.GIT.`, `.git::$DATA`, `GIT~1`). */
const GIT_ALIASES = /^(\.(git|hg|jj)([\s.]*|::.*)|(git|hg|jj)~\d+)$/i;
/** Code points HFS+ ignores in names, so `.g\u200cit` is `.git` there (git's CVE-2014-9390). */
const IGNORABLE = /\u034f|[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff]/g;

export function isGitAlias(seg: string): boolean {
  return GIT_ALIASES.test(seg.normalize('NFC').replace(IGNORABLE, ''));
}

/** The path quoted once (shortened when long: quotePath), and why it was refused. */
function unsafe(raw: string, why: string): HostFailure {
  return new HostFailure(ErrorCode.UnsafePath, `The path "${quotePath(raw)}" was refused: ${why}.`, raw);
}

/**
 * The longest absolute path the system opens, in bytes: PATH_MAX less its NUL on Linux (4096) and macOS
 * (1024). Node opens long paths on Windows through the `\\?\` prefix (32,767 UTF-16 units).
 */
export const MAX_ABS_PATH_BYTES =
  process.platform === 'darwin' ? 1023 : process.platform === 'win32' ? 32_767 : 4095;

function tooLong(raw: string, bytes: number): HostFailure {
  return unsafe(
    raw,
    `it is too long: inside the project folder it takes ${bytes} bytes, longer than ${MAX_ABS_PATH_BYTES} bytes (the most this system can open)`,
  );
}

/** A Windows device name: `con`, `aux.txt`, `nul .c` (the name up to its first dot, trailing spaces dropped). */
function isDeviceName(seg: string): boolean {
  const dot = seg.indexOf('.');
  const stem = (dot === -1 ? seg : seg.slice(0, dot)).trimEnd();
  // Every device name has three to seven characters: most names are ruled out without the expression.
  return stem.length >= 3 && stem.length <= 7 && WIN_RESERVED.test(stem);
}

/**
 * Why one normalized segment may not be used, or null. `plain`: the path is a plain one (isPlainPath),
 * whose names start with neither a dot nor hold a `~`, so none can be a repository store's alias.
 */
function segmentRefusal(seg: string, plain: boolean): string | null {
  if (!plain && isGitAlias(seg))
    return 'it is inside a repository store (.git/, .hg/, .jj/), which is never read or written';
  if (isDeviceName(seg)) return `"${quotePath(seg, 40)}" is a reserved device name on Windows`;
  if (WIN && /[:<>|?*"]/.test(seg))
    return `"${quotePath(seg, 40)}" contains a character Windows does not allow in names`;
  return null;
}

/** Check a real path found by following links: inside the root, and not in `.git`. */
function checkReal(realRoot: string, real: string, raw: string): void {
  if (!isWithinDir(realRoot, real))
    throw unsafe(raw, 'it leads through a symbolic link to outside the project');
  const rel = path.relative(realRoot, real);
  for (const seg of rel.split(path.sep)) {
    if (seg !== '' && isGitAlias(seg))
      throw unsafe(raw, 'it leads through a symbolic link into a repository store (.git/, .hg/, .jj/)');
  }
}

/** The lexical check alone: the normalized path, or a HostFailure UnsafePath. */
export function checkRelPath(raw: string): string {
  if (typeof raw !== 'string') throw unsafe(String(raw), 'it is not a string');
  const norm = normalizePath(raw);
  if (!norm.ok) throw unsafe(raw, norm.reason);
  const plain = isPlainPath(norm.path);
  for (const seg of norm.path.split('/')) {
    const why = segmentRefusal(seg, plain);
    if (why) throw unsafe(raw, why);
  }
  return norm.path;
}

/** Whether the host accepts `rel` as it is (checkRelPath's lexical rules, already normalized): a path it offers. */
export function acceptableRelPath(rel: string): boolean {
  try {
    return checkRelPath(rel) === rel;
  } catch {
    return false;
  }
}

/**
 * Resolve `raw` below `realRoot` (already validated and realpath'd, see root.ts). Throws HostFailure
 * UnsafePath (refused), or NotAFolder (a parent of the path is a file).
 */
export async function resolveInRoot(
  realRoot: string,
  raw: string,
  access: Access,
  cache?: FolderCache,
): Promise<ResolvedPath> {
  return resolveInRootSync(realRoot, raw, access, cache);
}

/**
 * Where `raw` would be below `realRoot` when every folder on the way is a real folder inside it, without
 * looking at the last segment (the caller opens it with O_NOFOLLOW and checks what it got): null when a
 * folder on the way is not in the cache of folders already checked, or is a link. The path is checked
 * as resolveInRootSync checks it (checkRelPath throws the same refusals).
 */
export function folderCheckedPathSync(
  realRoot: string,
  raw: string,
  cache: FolderCache,
): { rel: string; abs: string } | null {
  const rel = checkRelPath(raw);
  const cut = rel.lastIndexOf('/');
  if (cut < 0) return { rel, abs: below(realRoot, rel) };
  const folder = cache.get(rel.slice(0, cut));
  // A folder reached through a link is cached under its real path: only plain folders take this way.
  if (folder === undefined || folder !== below(realRoot, rel.slice(0, cut))) return null;
  return { rel, abs: below(folder, rel.slice(cut + 1)) };
}

/**
 * `path.join(dir, rel)` for a real folder and a path checkRelPath returned (no `.`, `..` or empty segment):
 * where the separator is `/`, one concatenation instead of a normalization (ten thousand files).
 */
export function below(dir: string, rel: string): string {
  if (path.sep !== '/' || rel === '') return path.join(dir, rel);
  return dir.endsWith('/') ? dir + rel : `${dir}/${rel}`;
}

/**
 * `resolveInRoot` with synchronous calls: an `lstat` takes microseconds, a promise round trip through the
 * thread pool several times that, and a reply may name ten thousand files.
 */
export function resolveInRootSync(
  realRoot: string,
  raw: string,
  access: Access,
  cache?: FolderCache,
): ResolvedPath {
  const rel = checkRelPath(raw);
  const segments = rel.split('/');
  let cur = realRoot;
  let start = 0;
  for (let i = segments.length - 1; cache && i > 0; i--) {
    const hit = cache.get(segments.slice(0, i).join('/'));
    if (hit !== undefined) {
      cur = hit;
      start = i;
      break;
    }
  }
  for (let i = start; i < segments.length; i++) {
    const last = i === segments.length - 1;
    const next = path.join(cur, segments[i]!);
    let st: Stats;
    try {
      st = lstatSync(next);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        // Nothing below a missing folder is looked at, so a path too long to create is refused here.
        const abs = path.join(next, ...segments.slice(i + 1));
        const bytes = Buffer.byteLength(abs);
        if (bytes > MAX_ABS_PATH_BYTES) throw tooLong(raw, bytes);
        return { rel, abs, kind: 'missing' };
      }
      if (code === 'ENOTDIR') throw notAFolder(raw, segments.slice(0, i).join('/'));
      if (code === 'ENAMETOOLONG') throw tooLong(raw, Buffer.byteLength(path.join(realRoot, rel)));
      throw unsafe(raw, `it cannot be checked (${code ?? 'unknown error'})`);
    }
    if (st.isSymbolicLink()) {
      if (last && access === 'write') {
        throw unsafe(raw, 'it is a symbolic link; ReplyApply does not write through links');
      }
      let target: string;
      try {
        target = realpathSync.native(next);
      } catch {
        throw unsafe(raw, 'it leads through a symbolic link that points nowhere or loops');
      }
      checkReal(realRoot, target, raw);
      const tst = lstatSync(target);
      if (last) return { rel, abs: target, kind: kindOf(tst) };
      if (!tst.isDirectory()) throw notAFolder(raw, segments.slice(0, i + 1).join('/'));
      cur = target;
      cache?.set(segments.slice(0, i + 1).join('/'), cur);
      continue;
    }
    if (last) return { rel, abs: next, kind: kindOf(st) };
    if (!st.isDirectory()) throw notAFolder(raw, segments.slice(0, i + 1).join('/'));
    cur = next;
    cache?.set(segments.slice(0, i + 1).join('/'), cur);
  }
  /* v8 ignore next */
  throw new Error('unreachable: a normalized path has at least one segment');
}

function kindOf(st: { isFile(): boolean; isDirectory(): boolean }): EntryKind {
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'dir';
  return 'other';
}

function notAFolder(raw: string, parent: string): HostFailure {
  return new HostFailure(
    ErrorCode.NotAFolder,
    `The path "${quotePath(raw)}" cannot be used: ${quotePath(parent)} is a file, not a folder.`,
    raw,
  );
}
