/**
 * `findText`: the text files of the project whose text holds every needle of a query (protocol.ts,
 * FindTextParams), to find the file a SEARCH/REPLACE edit that names none is meant for
 * (shared/engine/locate-by-content.ts). It reads the project, never writes it, and tells the caller
 * where it stopped instead of guessing:
 * - the walk never follows a symbolic link (a link to a file or folder inside the project reaches
 *   nothing the walk does not reach itself; one out of it must not be read), and never enters a
 *   repository store (`.git/`, `.hg/`, `.jj/`) or `node_modules/`;
 * - what a `.gitignore` on the way ignores is left out, as git reads them (the deepest file that has
 *   an opinion about a path decides; a folder left out is not entered);
 * - a name the host would refuse to write (shared/paths, safe-path.ts) is left out: the files found
 *   are only ever offered for writing;
 * - text files only: a NUL in the first 8 KiB, or bytes that are not UTF-8, and the file is skipped;
 * - bounded: files read, bytes read and time; at the first bound reached the search stops and the
 *   answer says which (`stopped`), so that the plan chooses no file on a partial search.
 */
import { closeSync, constants, type Dirent, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { holdsNeedles, MAX_CANDIDATES, searchKey } from '../../shared/engine/locate-by-content';
import type { ResultOf } from '../../shared/protocol/protocol';
import { BINARY_SNIFF_BYTES, decodeText } from './file-bytes';
import { validateRoot } from './root';
import { acceptableRelPath, isGitAlias } from './safe-path';
import { DEFAULT_MAX_BYTES } from './snapshots';

export type FindTextResult = ResultOf<'findText'>;

/** The most a search may read; a caller may ask for less. */
export const FIND_LIMITS = { maxFiles: 20_000, maxBytes: 64 * 1024 * 1024, timeoutMs: 5_000 };

export interface FindOptions {
  maxFiles?: number;
  maxBytes?: number;
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** Folders never entered, whatever `.gitignore` says (besides the repository stores). */
const NEVER = new Set(['node_modules']);

/** The `.gitignore` files on the way to a folder, shallowest first, each with the folder it lies in. */
export type Rules = { dir: string; ig: Ignore }[];

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Per query (its needles, as the reply wrote them), the files below `root` whose text holds them all,
 * compared by `searchKey`. Throws HostFailure only for the root (RootRefused, NotFound, NotAFolder).
 */
export async function findText(
  root: string,
  queries: readonly (readonly string[])[],
  options: FindOptions = {},
): Promise<FindTextResult> {
  const realRoot = await validateRoot(root);
  const limits = {
    maxFiles: Math.min(options.maxFiles ?? FIND_LIMITS.maxFiles, FIND_LIMITS.maxFiles),
    maxBytes: Math.min(options.maxBytes ?? FIND_LIMITS.maxBytes, FIND_LIMITS.maxBytes),
    timeoutMs: Math.min(options.timeoutMs ?? FIND_LIMITS.timeoutMs, FIND_LIMITS.timeoutMs),
  };
  const now = options.now ?? Date.now;
  const started = now();
  const needles = queries.map((q) => q.map(searchKey).filter((k) => k !== ''));
  const found: string[][] = queries.map(() => []);
  let files = 0;
  let bytes = 0;
  let stopped: FindTextResult['stopped'];
  const stop = (bound: 'files' | 'bytes' | 'time') => {
    stopped = {
      bound,
      limit: bound === 'time' ? limits.timeoutMs : limits[bound === 'files' ? 'maxFiles' : 'maxBytes'],
    };
  };
  const scratch = { buf: Buffer.allocUnsafe(64 * 1024) };

  // Depth first, names in order, so that the same folder gives the same answer.
  const stack: { rel: string; abs: string; rules: Rules }[] = [{ rel: '', abs: realRoot, rules: [] }];
  let sinceYield = 0;
  walk: while (stack.length > 0) {
    const dir = stack.pop()!;
    if (now() - started > limits.timeoutMs) {
      stop('time');
      break;
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(dir.abs, { withFileTypes: true });
    } catch {
      continue; // A folder that cannot be listed holds nothing the plan could read either.
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const rules = rulesIn(dir, entries, scratch);
    const folders: typeof stack = [];
    for (const e of entries) {
      if (e.isSymbolicLink() || NEVER.has(e.name) || isGitAlias(e.name)) continue;
      const rel = dir.rel === '' ? e.name : `${dir.rel}/${e.name}`;
      if (!acceptableRelPath(rel)) continue;
      const isDir = e.isDirectory();
      if (!isDir && !e.isFile()) continue;
      if (ignored(rules, rel, isDir)) continue;
      if (isDir) {
        folders.push({ rel, abs: path.join(dir.abs, e.name), rules });
        continue;
      }
      if (files >= limits.maxFiles) {
        stop('files');
        break walk;
      }
      if (now() - started > limits.timeoutMs) {
        stop('time');
        break walk;
      }
      const read = readCandidate(path.join(dir.abs, e.name), limits.maxBytes - bytes, scratch);
      bytes += read.bytes;
      if (read.kind === 'over') {
        stop('bytes');
        break walk;
      }
      if (read.kind !== 'text') continue;
      files++;
      const key = searchKey(read.text);
      needles.forEach((n, q) => {
        if (n.length > 0 && holdsNeedles(key, n)) found[q]!.push(rel);
      });
      // Give the host's other requests a turn now and then.
      if (++sinceYield >= 200) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i]!);
  }
  const answer: FindTextResult = {
    root,
    queries: found.map((paths) => {
      paths.sort();
      return { paths: paths.slice(0, MAX_CANDIDATES), matched: paths.length };
    }),
    files,
  };
  if (stopped) answer.stopped = stopped;
  return answer;
}

/** git's rule: the deepest `.gitignore` with a pattern for the path decides; none, and it is kept. */
export function ignored(rules: Rules, rel: string, isDir: boolean): boolean {
  for (let i = rules.length - 1; i >= 0; i--) {
    const { dir, ig } = rules[i]!;
    const sub = dir === '' ? rel : rel.slice(dir.length + 1);
    try {
      const t = ig.test(isDir ? `${sub}/` : sub);
      if (t.ignored) return true;
      if (t.unignored) return false;
    } catch {
      // A name the library cannot test (it checks its own idea of a relative path): no rule for it.
    }
  }
  return false;
}

type Candidate = { kind: 'text'; text: string; bytes: number } | { kind: 'skip' | 'over'; bytes: number };

/**
 * A file's text when it is a regular text file that fits in `budget` bytes. Opened without following a
 * link (a link swapped in after the listing is not read) and without blocking on a FIFO; a binary file
 * costs only its first 8 KiB.
 */
function readCandidate(abs: string, budget: number, scratch: { buf: Buffer }): Candidate {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch {
    return { kind: 'skip', bytes: 0 };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: 'skip', bytes: 0 };
    const head = Math.min(st.size, BINARY_SNIFF_BYTES);
    if (head > budget) return { kind: 'over', bytes: 0 };
    if (scratch.buf.length < st.size + 1) scratch.buf = Buffer.allocUnsafe(st.size + 1);
    const buf = scratch.buf;
    let length = readFully(fd, buf, 0, head);
    if (buf.subarray(0, length).includes(0)) return { kind: 'skip', bytes: length };
    // A text file the plan could not read (over the snapshot limit) or that the budget cannot take.
    if (st.size > budget || st.size > DEFAULT_MAX_BYTES) return { kind: 'over', bytes: length };
    length += readFully(fd, buf, length, st.size - length);
    const text = decodeText(buf.subarray(0, length));
    return text.ok ? { kind: 'text', text: text.text, bytes: length } : { kind: 'skip', bytes: length };
  } catch {
    return { kind: 'skip', bytes: 0 };
  } finally {
    closeSync(fd);
  }
}

function readFully(fd: number, buf: Buffer, at: number, want: number): number {
  let got = 0;
  while (got < want) {
    const n = readSync(fd, buf, at + got, want - got, null);
    if (n === 0) break;
    got += n;
  }
  return got;
}

/**
 * The rules on the way to a folder and below it: `dir.rules`, and the folder's own `.gitignore` (at most
 * 1 MiB of text) when `entries`, its listing, holds one.
 */
export function rulesIn(
  dir: { rel: string; abs: string; rules: Rules },
  entries: readonly Dirent[],
  scratch: { buf: Buffer } = { buf: Buffer.allocUnsafe(64 * 1024) },
): Rules {
  const gitignore = entries.find((e) => e.name === '.gitignore' && e.isFile());
  if (!gitignore) return dir.rules;
  const r = readCandidate(path.join(dir.abs, gitignore.name), 1024 * 1024, scratch);
  if (r.kind !== 'text') return dir.rules;
  // Case as git compares names by default where the file system does (core.ignorecase).
  const ig = ignore({ ignorecase: process.platform !== 'linux' }).add(r.text);
  return [...dir.rules, { dir: dir.rel, ig }];
}
