/**
 * Finishing an apply or undo that was interrupted (the host killed, the machine off, or a rollback that
 * itself failed): its journal entry is still `pending` (apply) or `undoing` (undo). All-or-nothing must
 * hold across that too, so the next apply or undo on the project first puts back every path the
 * interrupted step had already changed — only where the file still holds exactly what that step wrote;
 * a file edited since is left alone — and removes its temp files and the folders it created.
 */
import { readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { readCurrent } from './current';
import { replaceFile } from './durable';
import { sha256 } from './file-bytes';
import { entryDir, type JournalEntry, listManifests, removeEntryDir, writeManifest } from './journal';
import { resolveInRoot } from './safe-path';

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
      const leftAlone = await revert(realRoot, path.join(dir, 'before.bin'), m.entries, m.createdDirs);
      await removeEntryDir(dir);
      out.push({ applyId: m.applyId, step: 'apply', leftAlone });
    } else {
      const u = m.undo;
      const leftAlone = u ? await revert(realRoot, path.join(dir, u.blob), u.entries, u.createdDirs) : [];
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
  entries: JournalEntry[],
  createdDirs: string[],
): Promise<string[]> {
  const blobs = await readFile(blobFile).catch(() => Buffer.alloc(0));
  const leftAlone: string[] = [];
  const dirs = new Set<string>();
  for (const e of entries) {
    try {
      const cur = await readCurrent(await resolveInRoot(realRoot, e.rel, 'write'), e.rel);
      dirs.add(path.dirname(cur.resolved.abs));
      const beforeHash = e.before.exists ? e.before.hash : null;
      if (cur.hash === beforeHash) continue;
      if (cur.hash !== e.afterHash) {
        leftAlone.push(e.rel);
        continue;
      }
      if (e.before.exists) {
        const data = blobs.subarray(e.before.offset, e.before.offset + e.before.length);
        if (sha256(data) !== e.before.hash) {
          leftAlone.push(e.rel);
          continue;
        }
        await replaceFile(cur.resolved.abs, data, e.before.mode);
      } else {
        await unlink(cur.resolved.abs);
      }
    } catch {
      // A path that can no longer be checked (a folder became a link, a parent became a file) is not touched.
      leftAlone.push(e.rel);
    }
  }
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) if (TEMP_NAME.test(name)) await unlink(path.join(dir, name)).catch(() => {});
  }
  for (const rel of [...createdDirs].reverse()) {
    try {
      const r = await resolveInRoot(realRoot, rel, 'write');
      if (r.kind === 'dir') await rmdir(r.abs);
    } catch {
      // Not empty, or gone already: left as it is.
    }
  }
  return leftAlone;
}
