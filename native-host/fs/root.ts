/**
 * The project folder the user chose. Everything the host writes stays below it, so the root itself is
 * checked first: a reply must never be able to treat `/`, the home folder or a system folder as a project.
 */
import { realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from './failure';
import { stateDir } from './state';
import { comparable, isWithinDir } from './within';

/** Folders that are refused as a root, and so is everything below them. */
const SYSTEM_TREES_POSIX = [
  '/etc',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/boot',
  '/proc',
  '/sys',
  '/dev',
  '/run',
  '/usr/bin',
  '/usr/sbin',
  // On every user's PATH or loader path: a reply "creating" `git` there would shadow the real one.
  '/usr/local/bin',
  '/usr/local/sbin',
  '/usr/local/lib',
  '/usr/local/etc',
  '/opt/homebrew/bin',
  '/opt/homebrew/sbin',
  '/opt/homebrew/lib',
  '/nix',
  '/usr/lib',
  '/usr/lib32',
  '/usr/lib64',
  '/usr/libexec',
  '/usr/include',
  '/usr/share',
  '/var/lib',
  '/var/log',
  '/var/cache',
  '/var/spool',
  '/var/run',
  '/System',
  '/Library',
  '/private/etc',
  '/private/var/db',
];
/**
 * Folders refused themselves but whose subfolders can hold projects (/var/www, /usr/local/src,
 * /opt/app, macOS's temp folders under /private/var/folders).
 */
const SYSTEM_FOLDERS_POSIX = [
  '/usr',
  '/usr/local',
  '/var',
  '/opt',
  '/home',
  '/Users',
  '/root',
  '/tmp',
  '/private',
  '/private/var',
  '/private/tmp',
  '/var/tmp',
  // The real parent of every home folder on Fedora Silverblue and other ostree systems.
  '/var/home',
  '/mnt',
  '/media',
  '/srv',
  '/snap',
  '/Applications',
  '/Volumes',
];
const SYSTEM_TREES_WIN = ['C:\\Windows', 'C:\\Program Files', 'C:\\Program Files (x86)', 'C:\\ProgramData'];
const SYSTEM_FOLDERS_WIN = ['C:\\Users'];

function refused(root: string, why: string): HostFailure {
  return new HostFailure(
    ErrorCode.RootRefused,
    `The folder ${root} cannot be a project folder: ${why}.`,
    root,
  );
}

/** Why a real, existing folder may not be a project root, or null when it may. Exported for tests. */
export function rootRefusal(
  real: string,
  home: string = os.homedir(),
  state: string = stateDir(),
): string | null {
  if (path.parse(real).root === real) return 'it is the top of a drive or the whole file system';
  // Inside a repository's own store every path is "outside .git/" to the per-path check.
  if (real.split(/[\\/]/).some((seg) => /^\.(git|hg|jj)$/i.test(seg)))
    return 'it is inside a repository store';
  if (isWithinDir(real, home)) {
    return comparable(real) === comparable(home) ? 'it is your home folder' : 'it contains your home folder';
  }
  const win = process.platform === 'win32';
  const trees = win ? SYSTEM_TREES_WIN : SYSTEM_TREES_POSIX;
  const folders = win ? SYSTEM_FOLDERS_WIN : SYSTEM_FOLDERS_POSIX;
  for (const t of trees) if (isWithinDir(t, real)) return `it is a system folder (${t})`;
  for (const f of folders) if (comparable(f) === comparable(real)) return 'it is a system folder';
  // The journal must survive anything an apply does to the project, and must not be written through it.
  if (isWithinDir(real, state) || isWithinDir(state, real))
    return "it overlaps ReplyApply's own state folder";
  return null;
}

/**
 * Check a root sent by the extension or the CLI and return its real path (symlinks resolved), which every
 * later containment check compares against. Throws HostFailure RootRefused, NotFound or NotAFolder.
 */
export async function validateRoot(root: string, state: string = stateDir()): Promise<string> {
  if (typeof root !== 'string' || root === '' || root.includes('\0'))
    throw refused(String(root), 'it is not a path');
  if (!path.isAbsolute(root)) throw refused(root, 'it is not an absolute path');
  let real: string;
  try {
    real = await realpath(root);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new HostFailure(ErrorCode.NotFound, `The folder ${root} does not exist.`, root);
    if (code === 'ENOTDIR') throw new HostFailure(ErrorCode.NotAFolder, `${root} is not a folder.`, root);
    throw refused(root, `it cannot be read (${code ?? 'unknown error'})`);
  }
  const st = await stat(real);
  if (!st.isDirectory()) throw new HostFailure(ErrorCode.NotAFolder, `${root} is not a folder.`, root);
  // Home and state folders as the system spells them and as they really are: a home reached through a link
  // (/home → /var/home) must still be recognised, since `real` is resolved.
  const home = os.homedir();
  const why =
    rootRefusal(real, home, state) ?? rootRefusal(real, await realOrSelf(home), await realOfNearest(state));
  if (why) throw refused(root, why);
  return real;
}

async function realOrSelf(p: string): Promise<string> {
  return realpath(p).catch(() => p);
}

/** The real path of `p`, resolving its nearest existing ancestor (the state folder may not exist yet). */
async function realOfNearest(p: string): Promise<string> {
  let head = p;
  const tail: string[] = [];
  for (;;) {
    try {
      return path.join(await realpath(head), ...tail);
    } catch {
      const parent = path.dirname(head);
      if (parent === head) return p;
      tail.unshift(path.basename(head));
      head = parent;
    }
  }
}
