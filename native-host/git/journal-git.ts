/** The commits of an apply in its journal entry, so `undo` knows the apply was committed and as what. */
import type { Manifest } from '../fs/journal';
import { entryDir, readManifest, rootKey, writeManifest } from '../fs/journal';
import { acquireLock } from '../fs/lock';

export async function recordGit(
  state: string,
  realRoot: string,
  applyId: string,
  update: (m: Manifest) => Manifest['git'],
): Promise<void> {
  const key = rootKey(realRoot);
  const lock = await acquireLock(state, key, realRoot);
  try {
    const dir = entryDir(state, key, applyId);
    const m = await readManifest(dir);
    if (!m) return;
    const git = update(m);
    if (git) await writeManifest(dir, { ...m, git });
  } finally {
    await lock.release();
  }
}
