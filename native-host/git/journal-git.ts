/**
 * The commits of an apply in its journal entry, so `undo` knows the apply was committed and as what.
 * Called under the project's lock (from apply's and undo's hooks), so the manifest is not rewritten
 * meanwhile.
 */
import { type Manifest, readManifest, writeManifest } from '../fs/journal';

export async function recordGit(journal: string, update: (m: Manifest) => Manifest['git']): Promise<void> {
  const m = await readManifest(journal);
  if (!m) throw new Error('the journal entry is gone');
  const git = update(m);
  if (git) await writeManifest(journal, { ...m, git });
}
