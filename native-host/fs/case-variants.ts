/**
 * readFiles' `caseVariants`: for a path that does not exist, the files of the project whose path equals
 * it ignoring letter case (issue 25) — `readme.md` for `README.md`, `src/app.js` for `Src/App.js`. The
 * plan offers the one such file as a guess instead of creating a second file beside it (on a
 * case-insensitive disk the same write would land on it anyway, unreviewed).
 *
 * Compared name by name from the root (shared/paths/case.ts): each folder, then the file name; every
 * folder whose name fits is followed, so `Src/` and `SRC/` beside each other give two variants. Only
 * what readFiles could offer is named: links are not followed (a variant through one is left out),
 * repository stores are not entered, names the host refuses are left out. Each folder is listed once per
 * reader, so ten thousand missing files in one folder cost one listing.
 *
 * When no file has the name in any case but its folders exist in another case (`Src/new.js` beside a
 * folder `src/`), the variant is the path inside those folders (`src/new.js`), which does not exist: the
 * place a new file is meant to go, never a second folder beside the first.
 */
import { readdirSync } from 'node:fs';
import { caseKey } from '../../shared/paths/case';
import { acceptableRelPath, below, isGitAlias } from './safe-path';

/** The most variants named for one path: the plan refuses to choose between two already. */
export const MAX_CASE_VARIANTS = 10;

type Entry = { name: string; dir: boolean };
/** Per real folder, its folders and regular files by caseKey (null: it cannot be listed). */
export type Listings = Map<string, Map<string, Entry[]> | null>;

/**
 * The existing files whose path equals `rel` (a path checkRelPath accepted, which does not exist)
 * ignoring case, sorted — or, when there are none, `rel` inside its folders as they exist in another
 * case (folderVariants); empty when there is neither.
 */
export function caseVariantsOf(realRoot: string, rel: string, listings: Listings): string[] {
  const segments = rel.split('/');
  let level = [{ rel: '', abs: realRoot }];
  for (let i = 0; i < segments.length && level.length > 0; i++) {
    const last = i === segments.length - 1;
    const key = caseKey(segments[i]!);
    const next: typeof level = [];
    for (const folder of level) {
      for (const e of listing(folder.abs, listings)?.get(key) ?? []) {
        if (e.dir === last) continue;
        if (next.length >= MAX_CASE_VARIANTS) break;
        next.push({
          rel: folder.rel === '' ? e.name : `${folder.rel}/${e.name}`,
          abs: below(folder.abs, e.name),
        });
      }
    }
    if (next.length === 0 && i > 0) return folderVariants(level, segments, i, listings);
    level = next;
  }
  return level
    .map((v) => v.rel)
    .filter((v) => v !== rel && acceptableRelPath(v))
    .sort();
}

/**
 * No file has the name in any case, but its folders exist in another case (`Src/new.js` where `src/` is
 * a folder, `Src/new/x.js` too): the path inside the folders as they exist, which is a place for a new
 * file and not a file. `level` holds the folders matched for `segments[0..i)`; when one of them is the
 * path's own folder as written, there is nothing to say; a folder that holds the next name as an entry of
 * the other kind (a folder where the file would go) is no place for it.
 */
function folderVariants(
  level: ReadonlyArray<{ rel: string; abs: string }>,
  segments: string[],
  i: number,
  listings: Listings,
): string[] {
  const written = segments.slice(0, i).join('/');
  if (level.some((f) => f.rel === written)) return [];
  const rest = segments.slice(i).join('/');
  // A folder where the file would go, or a file where a folder would: no place for it.
  const free = (f: { abs: string }) =>
    (listing(f.abs, listings)?.get(caseKey(segments[i]!)) ?? []).length === 0;
  return level
    .filter(free)
    .map((f) => `${f.rel}/${rest}`)
    .filter(acceptableRelPath)
    .sort();
}

export function listing(abs: string, listings: Listings): Map<string, Entry[]> | null {
  let byKey = listings.get(abs);
  if (byKey !== undefined) return byKey;
  try {
    byKey = new Map();
    for (const d of readdirSync(abs, { withFileTypes: true })) {
      // A link is never followed here: readFiles would check where it leads, this does not.
      if (d.isSymbolicLink() || isGitAlias(d.name)) continue;
      const dir = d.isDirectory();
      if (!dir && !d.isFile()) continue;
      const key = caseKey(d.name);
      const same = byKey.get(key);
      if (same) same.push({ name: d.name, dir });
      else byKey.set(key, [{ name: d.name, dir }]);
    }
  } catch {
    byKey = null; // A folder that cannot be listed offers no variant.
  }
  listings.set(abs, byKey);
  return byKey;
}
