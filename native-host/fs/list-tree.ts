/**
 * `listTree`: the project's files, to pick from when the project goes into the chat (protocol.ts,
 * ListTreeParams). A read like every other: it lists, it never writes, and it says what it left out.
 * - The walk never follows a symbolic link (one out of the folder must not be read; one inside reaches
 *   nothing the walk does not reach itself) and never enters a repository store (`.git/`, `.hg/`, `.jj/`
 *   and their aliases) or `node_modules/`.
 * - What git ignores is asked of git when the folder is in a work tree (`ls-files --others --ignored
 *   --exclude-standard --directory`: every rule git has, `.git/info/exclude` and the user's global
 *   excludes too, and a tracked file is never ignored); else read from the `.gitignore` files on the way,
 *   as git reads them. An ignored file is listed as ignored; an ignored folder as one entry, not entered.
 * - Only regular text files are listed (by content: no NUL and UTF-8 in the first 8 KiB); binary files,
 *   links, FIFOs, sockets and devices, what cannot be opened, and names the host would refuse to write
 *   (a newline in a name, a Windows device name…) are counted by why, never listed.
 * - Bounded: entries listed and time; the answer says which bound it stopped at.
 */
import { closeSync, constants, type Dirent, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import { looksSecret } from '../../shared/context/secrets';
import { MAX_CONTEXT_FILE_BYTES } from '../../shared/protocol/bounds';
import type { ResultOf } from '../../shared/protocol/protocol';
import { type GitOptions, runGit } from '../git/run-git';
import { workTree } from '../git/work-tree';
import { BINARY_SNIFF_BYTES, looksText } from './file-bytes';
import { ignored, type Rules, rulesIn } from './find-text';
import { validateRoot } from './root';
import { acceptableRelPath, isGitAlias } from './safe-path';

export type ListTreeResult = ResultOf<'listTree'>;
type Entry = ListTreeResult['entries'][number];
type Skipped = ListTreeResult['skipped'];

/**
 * The most a listing gives: 100,000 entries (a large monorepo's own files, git's ignored folders as one
 * entry each; past that the picker is no help and any message far over a window) within 5 s. A caller
 * may ask for less.
 */
export const TREE_LIMITS = { maxEntries: 100_000, timeoutMs: 5_000 };

export interface TreeOptions {
  maxEntries?: number;
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /** The environment git runs with (process.env when omitted; tests isolate git's configuration). */
  env?: NodeJS.ProcessEnv;
}

const NEVER = new Set(['node_modules']);
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * What git ignores below the folder: `files` and `folders` (relative to the folder, no trailing slash),
 * and `within`: folders git lists as holding only ignored files without ignoring the folder itself
 * (`build/*`); their files are all ignored, and they are entered.
 */
interface GitIgnored {
  files: Set<string>;
  folders: Set<string>;
  within: Set<string>;
}

export async function listTree(root: string, options: TreeOptions = {}): Promise<ListTreeResult> {
  const realRoot = await validateRoot(root);
  const maxEntries = Math.min(options.maxEntries ?? TREE_LIMITS.maxEntries, TREE_LIMITS.maxEntries);
  const timeoutMs = Math.min(options.timeoutMs ?? TREE_LIMITS.timeoutMs, TREE_LIMITS.timeoutMs);
  const now = options.now ?? Date.now;
  const started = now();

  const fromGit = await gitIgnored(realRoot, { timeoutMs, ...(options.env ? { env: options.env } : {}) });
  const entries: Entry[] = [];
  const skipped: Skipped = { binary: 0, links: 0, special: 0, unreadable: 0, unsafeNames: 0 };
  let stopped: ListTreeResult['stopped'];
  const head = Buffer.allocUnsafe(BINARY_SNIFF_BYTES);
  const scratch = { buf: Buffer.allocUnsafe(64 * 1024) };

  // Depth first, names in order, so that the same folder gives the same answer.
  const stack: { rel: string; abs: string; rules: Rules; allIgnored: boolean }[] = [
    { rel: '', abs: realRoot, rules: [], allIgnored: false },
  ];
  let seen = 0;
  walk: while (stack.length > 0) {
    const dir = stack.pop()!;
    let listed: Dirent[];
    try {
      listed = readdirSync(dir.abs, { withFileTypes: true });
    } catch {
      skipped.unreadable++;
      continue;
    }
    listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const rules = fromGit ? dir.rules : rulesIn(dir, listed, scratch);
    const folders: typeof stack = [];
    for (const e of listed) {
      if (++seen % 256 === 0 && now() - started > timeoutMs) {
        stopped = { bound: 'time', limit: timeoutMs };
        break walk;
      }
      if (isGitAlias(e.name)) continue;
      const rel = dir.rel === '' ? e.name : `${dir.rel}/${e.name}`;
      if (!acceptableRelPath(rel)) {
        skipped.unsafeNames++;
        continue;
      }
      if (e.isSymbolicLink()) {
        skipped.links++;
        continue;
      }
      const isDir = e.isDirectory();
      if (!isDir && !e.isFile()) {
        skipped.special++;
        continue;
      }
      const within = isDir && (fromGit?.within.has(rel) ?? false);
      const isIgnored =
        dir.allIgnored ||
        within ||
        (isDir && NEVER.has(e.name)) ||
        (fromGit ? (isDir ? fromGit.folders : fromGit.files).has(rel) : ignored(rules, rel, isDir));
      // A folder is entered unless a rule ignores it: inside one git names as holding only ignored files,
      // everything is ignored, and its folders are entered too (node_modules never).
      if (isDir && !NEVER.has(e.name) && (dir.allIgnored || within || !isIgnored)) {
        folders.push({ rel, abs: path.join(dir.abs, e.name), rules, allIgnored: dir.allIgnored || within });
        continue;
      }
      if (entries.length >= maxEntries) {
        stopped = { bound: 'entries', limit: maxEntries };
        break walk;
      }
      if (isDir) {
        entries.push({ path: rel, kind: 'folder', size: 0, ignored: true, secret: looksSecret(rel) });
        continue;
      }
      const file = sniff(path.join(dir.abs, e.name), head);
      if (file.kind !== 'text') {
        skipped[file.kind]++;
        continue;
      }
      const entry: Entry = {
        path: rel,
        kind: 'file',
        size: file.size,
        ignored: isIgnored,
        secret: looksSecret(rel),
      };
      if (file.size > MAX_CONTEXT_FILE_BYTES) entry.tooLarge = true;
      entries.push(entry);
    }
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i]!);
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const answer: ListTreeResult = { root, git: fromGit !== null, entries, skipped };
  if (stopped) answer.stopped = stopped;
  return answer;
}

/**
 * git's list of what it ignores below `realRoot`, or null when the folder is not in a work tree or git
 * does not answer (the `.gitignore` files are read instead). Paths come relative to the folder, NUL-ended
 * (`-z`: a name with a newline or a quote comes as it is).
 */
async function gitIgnored(realRoot: string, git: GitOptions): Promise<GitIgnored | null> {
  const tree = await workTree(realRoot, git);
  if (!tree.ok) return null;
  const r = await runGit(
    realRoot,
    ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory'],
    git,
  );
  if (!r.ok) return null;
  const found: GitIgnored = { files: new Set(), folders: new Set(), within: new Set() };
  const dirs: string[] = [];
  for (const p of r.stdout.split('\0')) {
    if (p === '') continue;
    // `./`: the work tree above ignores the whole folder (a project kept inside an ignored folder): its
    // git has no say on the project's own files, which its own `.gitignore` files decide.
    if (p === './') return null;
    if (p.endsWith('/')) dirs.push(p.slice(0, -1));
    else found.files.add(p);
  }
  if (dirs.length === 0) return found;
  // `--directory` names a folder that holds only ignored files even when no rule ignores the folder
  // itself (`build/*`, or one `*.log` file alone in it). Asked which folders a rule names; the others are
  // entered, their files listed as ignored (the user may still tick one by hand).
  found.folders = new Set(dirs);
  const check = await runGit(realRoot, ['check-ignore', '-z', '--stdin'], {
    ...git,
    // Without the slash: `build/` would match `build/*`; git itself sees that `dist` is a folder.
    input: dirs.map((d) => `${d}\0`).join(''),
    literal: false,
  });
  // Exit 1: none of them is ignored by a rule of its own.
  if (check.ok || check.exitCode === 1) {
    const named = new Set(check.stdout.split('\0').map((p) => p.replace(/\/$/, '')));
    for (const d of dirs) {
      if (named.has(d)) continue;
      found.folders.delete(d);
      found.within.add(d);
    }
  }
  return found;
}

type Sniffed = { kind: 'text'; size: number } | { kind: 'binary' | 'special' | 'unreadable' };

/**
 * A regular file's size when its first bytes are text. Opened without following a link (one swapped in
 * after the listing is not read) and without blocking on a FIFO.
 */
function sniff(abs: string, head: Buffer): Sniffed {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { kind: code === 'ELOOP' || code === 'ENXIO' ? 'special' : 'unreadable' };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: 'special' };
    let length = 0;
    const want = Math.min(st.size, head.length);
    while (length < want) {
      const n = readSync(fd, head, length, want - length, null);
      if (n === 0) break;
      length += n;
    }
    return looksText(head.subarray(0, length), length >= st.size)
      ? { kind: 'text', size: st.size }
      : { kind: 'binary' };
  } catch {
    return { kind: 'unreadable' };
  } finally {
    closeSync(fd);
  }
}
