/**
 * The folders and temp files a journal entry records, found again to be removed: by undo (the folders an
 * apply created) and by recovery (the temp files and folders of an apply or undo that was interrupted).
 * A recorded folder is looked for by its device and inode (journal.ts `FolderIds`) wherever it is below
 * the root now — a folder moved since keeps them — and only what was recorded is removed.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fsyncDir } from './durable';
import { type Folder, findFolder, folderAt, isFileIn, rmdirIn, unlinkIn } from './in-folder';
import type { FolderIds, TempRecord } from './journal';

function tryFolderAt(realRoot: string, abs: string): Folder | null {
  try {
    return folderAt(realRoot, abs);
  } catch {
    return null;
  }
}

/**
 * A finder of the folders recorded in one journal entry. Each returns the folder recorded as `rel`
 * (project-relative, '' the root) where it is now: its deepest recorded ancestor found by identity, then
 * the rest of the way by name, through real folders only; null when it cannot be found below the root.
 * Each recorded ancestor is looked for once (a search of the project when it was moved).
 */
export function folderLocator(realRoot: string, ids: FolderIds | undefined): (rel: string) => Folder | null {
  const anchors = new Map<string, Folder | null>();
  const anchor = (prefix: string, segs: string[]): Folder | null => {
    if (!anchors.has(prefix)) {
      const at = path.join(realRoot, ...segs);
      const id = ids?.[prefix];
      anchors.set(
        prefix,
        id
          ? findFolder(realRoot, { abs: at, dev: BigInt(id.dev), ino: BigInt(id.ino) })
          : tryFolderAt(realRoot, at),
      );
    }
    return anchors.get(prefix) ?? null;
  };
  return (rel) => {
    const segs = rel === '' ? [] : rel.split('/');
    let i = segs.length;
    while (i > 0 && !ids?.[segs.slice(0, i).join('/')]) i--;
    let cur = anchor(segs.slice(0, i).join('/'), segs.slice(0, i));
    for (const seg of segs.slice(i)) {
      if (cur === null) return null;
      cur = tryFolderAt(realRoot, path.join(cur.abs, seg));
    }
    return cur;
  };
}

/** Remove the recorded temp files that exist, wherever their folders are now. */
export function removeRecordedTemps(realRoot: string, temps: TempRecord[], ids: FolderIds | undefined): void {
  const locate = folderLocator(realRoot, ids);
  const folders = new Map<string, Folder | null>();
  for (const t of temps) {
    if (!folders.has(t.dir)) folders.set(t.dir, locate(t.dir));
    const folder = folders.get(t.dir) ?? null;
    if (folder === null) continue;
    try {
      if (isFileIn(realRoot, folder, t.name)) unlinkIn(realRoot, folder, t.name);
    } catch {
      // Gone meanwhile, or its folder moved again: nothing of ours to remove there.
    }
  }
}

/** Remove the folders an apply created, deepest first, where they are empty now; others stay. */
export async function removeCreatedDirs(
  realRoot: string,
  createdDirs: string[],
  ids: FolderIds | undefined,
): Promise<void> {
  const locate = folderLocator(realRoot, ids);
  for (const rel of [...createdDirs].reverse()) {
    try {
      const f = locate(rel);
      if (f === null || f.abs === realRoot || readdirSync(f.abs).length > 0) continue;
      const parent = folderAt(realRoot, path.dirname(f.abs));
      rmdirIn(realRoot, parent, path.basename(f.abs));
      await fsyncDir(parent.abs).catch(() => {});
    } catch {
      // A folder that cannot be checked or removed is left in place: the files were already put back.
    }
  }
}
