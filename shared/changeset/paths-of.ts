/**
 * What files a change set touches. Kept apart from the schemas so the content script, which only counts
 * files for its button, does not load zod and build every schema on each chat page.
 */
import type { ChangeSet, Op } from './changeset';

/** The path(s) an op touches, for counting files and grouping. */
export function opPaths(op: Op): string[] {
  switch (op.kind) {
    case 'shell':
      return [];
    case 'rename':
      return [op.from, op.to];
    case 'patch':
      return op.newPath ? [op.path, op.newPath] : [op.path];
    default:
      return [op.path];
  }
}

/** Distinct files touched by a list of change sets (a rename counts as one file). */
export function countFiles(sets: readonly ChangeSet[]): number {
  const seen = new Set<string>();
  let unnamed = 0;
  for (const set of sets) {
    for (const op of set.ops) {
      if (op.kind === 'shell') continue;
      // Each op that names no file is one file of its own, found in the folder by its text.
      if (op.kind !== 'rename' && op.path === '') {
        unnamed++;
        continue;
      }
      seen.add(op.kind === 'rename' ? op.to : op.kind === 'patch' && op.newPath ? op.newPath : op.path);
    }
  }
  return seen.size + unnamed;
}
