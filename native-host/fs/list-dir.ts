/**
 * `listDir`: the folders in one folder, for the extension's folder browser. Browsing is read-only and may
 * go anywhere the user can (choosing a root is checked separately, in root.ts), but the path must be an
 * absolute, already normalized path: no `..`, no NUL, no `~`, nothing a reply could have smuggled in.
 */
import { accessSync, constants, type Dirent, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from './failure';

export interface DirEntry {
  name: string;
  isGitRepo: boolean;
  readable: boolean;
}

export interface DirListing {
  path: string;
  parent: string | null;
  entries: DirEntry[];
}

function refused(p: string, why: string): HostFailure {
  return new HostFailure(ErrorCode.InvalidParams, `The folder path "${p}" was refused: ${why}.`, p);
}

/** Check a folder path for listing; returns it resolved (trailing separators dropped). */
export function checkListPath(p: string): string {
  if (/[\u0000-\u001f\u007f]/.test(p))
    return reject(refused(p.replace(/\0/g, '\\0'), 'it contains a control character'));
  if (!path.isAbsolute(p)) return reject(refused(p, 'it must be an absolute path'));
  if (p.split(/[\\/]/).some((s) => s === '..' || s === '.'))
    return reject(refused(p, 'it contains "." or ".." parts'));
  if (/%2e|%2f|%5c/i.test(p)) return reject(refused(p, 'it contains URL-encoded separators or dots'));
  return path.resolve(p);
}

function reject(err: HostFailure): never {
  throw err;
}

/**
 * Whether an entry is a folder: known from the listing itself, except for a link, which is followed.
 * Synchronous calls, as elsewhere in the host: a folder of thousands of folders was thousands of
 * thread-pool round trips, one after another (170 ms for a /tmp of 4,000 folders).
 */
function isDir(dir: string, d: Dirent): boolean {
  if (d.isDirectory()) return true;
  try {
    return statSync(path.join(dir, d.name)).isDirectory();
  } catch {
    return false;
  }
}

function canRead(p: string): boolean {
  try {
    accessSync(p, constants.R_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function exists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** List the folders of `folder` (the home folder when omitted). Throws HostFailure InvalidParams/NotFound/NotAFolder. */
export async function listDir(folder?: string, showHidden = false): Promise<DirListing> {
  const dir = folder === undefined ? os.homedir() : checkListPath(folder);
  let st: Awaited<ReturnType<typeof stat>>;
  try {
    st = await stat(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new HostFailure(ErrorCode.NotFound, `The folder ${dir} does not exist.`, dir);
    if (code === 'ENOTDIR') throw new HostFailure(ErrorCode.NotAFolder, `${dir} is not a folder.`, dir);
    throw new HostFailure(ErrorCode.NotFound, `The folder ${dir} cannot be opened (${code}).`, dir);
  }
  if (!st.isDirectory()) throw new HostFailure(ErrorCode.NotAFolder, `${dir} is not a folder.`, dir);
  let listed: Dirent[];
  try {
    listed = (await readdir(dir, { withFileTypes: true })).filter(
      (d) => d.isDirectory() || d.isSymbolicLink(),
    );
  } catch (err) {
    throw new HostFailure(
      ErrorCode.NotFound,
      `The folder ${dir} cannot be read (${(err as NodeJS.ErrnoException).code}).`,
      dir,
    );
  }
  const entries: DirEntry[] = [];
  for (const d of listed) {
    const { name } = d;
    if (!showHidden && name.startsWith('.')) continue;
    const full = path.join(dir, name);
    // A link is listed when it leads to a folder (a linked workspace is a common project location).
    if (!isDir(dir, d)) continue;
    const readable = canRead(full);
    entries.push({ name, isGitRepo: readable && exists(path.join(full, '.git')), readable });
  }
  entries.sort((a, b) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
  const parent = path.dirname(dir);
  return { path: dir, parent: parent === dir ? null : parent, entries };
}
