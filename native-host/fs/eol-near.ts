/**
 * readFiles' `eolNear`: for a path that does not exist, the line endings of a few existing files near
 * it — the deepest existing folder on its way, and up to two folders above when that one has none — so
 * the plan writes a new file with the project's line endings (shared/engine/new-file-eol.ts decides).
 *
 * Files with the new file's extension are looked for first; only when a folder has none with a line
 * break are its other files named. Each file says what its first 8 KiB show (binary files and files
 * without a line break say nothing). Links are never followed and repository stores never entered
 * (case-variants.ts `listing`, whose listings this shares); folders are walked name by name from the root,
 * so a folder reached through a link is not read. Once per folder and extension for a reader's life: ten
 * thousand new files in one folder cost one look.
 */
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { type EolEvidence, eolOf, extensionOf } from '../../shared/engine/new-file-eol';
import { caseKey } from '../../shared/paths/case';
import { type Listings, listing } from './case-variants';
import { BINARY_SNIFF_BYTES } from './file-bytes';
import { below } from './safe-path';

/** Files named per folder at most. */
export const MAX_EOL_EVIDENCE = 4;
/** Folders looked at, from the deepest existing one up. */
const MAX_LEVELS = 3;

/** Per folder and extension (`abs\0ext`), what it showed. */
export type EolCache = Map<string, EolEvidence[]>;

export function eolNearOf(realRoot: string, rel: string, listings: Listings, cache: EolCache): EolEvidence[] {
  const segments = rel.split('/');
  const ext = extensionOf(rel);
  // The folders on the way that exist as real folders (not links), from the root down.
  const folders = [{ rel: '', abs: realRoot }];
  for (let i = 0; i < segments.length - 1; i++) {
    const here = folders[folders.length - 1]!;
    const name = segments[i]!;
    const entry = listing(here.abs, listings)
      ?.get(caseKey(name))
      ?.find((e) => e.dir && e.name === name);
    if (!entry) break;
    folders.push({ rel: here.rel === '' ? name : `${here.rel}/${name}`, abs: below(here.abs, name) });
  }
  for (let level = 0; level < MAX_LEVELS && folders.length > 0; level++) {
    const folder = folders.pop()!;
    const found = evidenceIn(folder, ext, listings, cache);
    if (found.length > 0) return found;
  }
  return [];
}

function evidenceIn(
  folder: { rel: string; abs: string },
  ext: string,
  listings: Listings,
  cache: EolCache,
): EolEvidence[] {
  const key = `${folder.abs}\0${ext}`;
  const known = cache.get(key);
  if (known) return known;
  const files = [...(listing(folder.abs, listings)?.values() ?? [])]
    .flat()
    .filter((e) => !e.dir)
    .map((e) => e.name)
    .sort();
  const look = (names: string[]): EolEvidence[] => {
    const out: EolEvidence[] = [];
    for (const name of names) {
      if (out.length >= MAX_EOL_EVIDENCE) break;
      const eol = headEol(below(folder.abs, name));
      if (eol) out.push({ path: folder.rel === '' ? name : `${folder.rel}/${name}`, eol });
    }
    return out;
  };
  const same = ext === '' ? [] : look(files.filter((n) => extensionOf(n) === ext));
  const found = same.length > 0 ? same : look(files.filter((n) => ext === '' || extensionOf(n) !== ext));
  cache.set(key, found);
  return found;
}

const head = Buffer.allocUnsafe(BINARY_SNIFF_BYTES);

/** The line endings the first 8 KiB of a regular file show; null for a binary file, a link, or none. */
function headEol(abs: string): 'crlf' | 'lf' | null {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    const n = readSync(fd, head, 0, head.length, 0);
    const bytes = head.subarray(0, n);
    if (bytes.includes(0)) return null;
    // Up to the last line break read: a CR at the end of the 8 KiB may belong to a CRLF cut in two.
    const last = bytes.lastIndexOf(10);
    return last === -1 ? null : eolOf(bytes.toString('latin1', 0, last + 1));
  } catch {
    return null; // A folder, a FIFO: nothing to say.
  } finally {
    closeSync(fd);
  }
}
