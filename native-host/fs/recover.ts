/**
 * Finishing an apply or undo that was interrupted (the host killed, the machine off, or a rollback that
 * itself failed): its journal entry is still `pending` (apply) or `undoing` (undo). All-or-nothing must
 * hold across that too, so the next apply or undo on the project first puts back every path the
 * interrupted step had already changed — only where the file still holds exactly what that step wrote;
 * a file edited since is left alone — and removes its temp files and the folders it created.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readCurrent } from './current';
import { sha256 } from './file-bytes';
import { folderAt, isFileIn, replaceIn, unlinkIn } from './in-folder';
import {
  entryDir,
  type FolderIds,
  type JournalEntry,
  listManifests,
  removeEntryDir,
  type TempRecord,
  writeManifest,
} from './journal';
import { removeCreatedDirs, removeRecordedTemps } from './recorded';
import { resolveInRoot } from './safe-path';

/** Temp files of ours, for entries written before their names were recorded. */
const TEMP_NAME = /^\..*\.replyapply-[0-9a-f]{12}\.tmp$/;

export interface Recovered {
  applyId: string;
  /** What was interrupted. */
  step: 'apply' | 'undo';
  /** Paths left as they are because they were edited after the interruption. */
  leftAlone: string[];
}

/** Put back the interrupted applies and undos of one root. The caller holds the root's lock. */
export async function recoverInterrupted(realRoot: string, state: string, key: string): Promise<Recovered[]> {
  const out: Recovered[] = [];
  for (const m of await listManifests(state, key, { states: ['pending', 'undoing'] })) {
    const dir = entryDir(state, key, m.applyId);
    if (m.state === 'pending') {
      const leftAlone = await revert(realRoot, path.join(dir, 'before.bin'), m);
      await removeEntryDir(dir);
      out.push({ applyId: m.applyId, step: 'apply', leftAlone });
    } else {
      const u = m.undo;
      const leftAlone = u ? await revert(realRoot, path.join(dir, u.blob), u) : [];
      const { undo: _dropped, ...rest } = m;
      await writeManifest(dir, { ...rest, state: 'applied' });
      out.push({ applyId: m.applyId, step: 'undo', leftAlone });
    }
  }
  return out;
}

async function revert(
  realRoot: string,
  blobFile: string,
  step: { entries: JournalEntry[]; createdDirs: string[]; temps?: TempRecord[]; folders?: FolderIds },
): Promise<string[]> {
  const blobs = await readFile(blobFile).catch(() => Buffer.alloc(0));
  const leftAlone: string[] = [];
  const dirs = new Set<string>();
  for (const e of step.entries) {
    try {
      const cur = await readCurrent(await resolveInRoot(realRoot, e.rel, 'write'), e.rel);
      const dir = path.dirname(cur.resolved.abs);
      dirs.add(dir);
      const beforeHash = e.before.exists ? e.before.hash : null;
      if (cur.hash === beforeHash) continue;
      if (cur.hash !== e.afterHash) {
        leftAlone.push(e.rel);
        continue;
      }
      const folder = folderAt(realRoot, dir);
      const name = path.basename(cur.resolved.abs);
      if (e.before.exists) {
        const data = blobs.subarray(e.before.offset, e.before.offset + e.before.length);
        if (sha256(data) !== e.before.hash) {
          leftAlone.push(e.rel);
          continue;
        }
        await replaceIn(realRoot, folder, name, data, e.before.mode);
      } else {
        unlinkIn(realRoot, folder, name);
      }
    } catch {
      // A path that can no longer be checked (a folder became a link, a parent became a file) is not touched.
      leftAlone.push(e.rel);
    }
  }
  if (step.temps) removeRecordedTemps(realRoot, step.temps, step.folders);
  else {
    for (const dir of dirs) {
      try {
        const folder = folderAt(realRoot, dir);
        for (const name of readdirSync(dir))
          if (TEMP_NAME.test(name) && isFileIn(realRoot, folder, name)) unlinkIn(realRoot, folder, name);
      } catch {}
    }
  }
  await removeCreatedDirs(realRoot, step.createdDirs, step.folders);
  return leftAlone;
}
