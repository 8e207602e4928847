/**
 * Containment of real (absolute, resolved) paths. A plain `startsWith` says `/proj2` is inside `/proj`; this
 * compares whole segments, and ignores case where the platform's file systems usually do.
 */
import path from 'node:path';

const CASE_INSENSITIVE = process.platform === 'win32' || process.platform === 'darwin';

/** The form of a real path used for comparisons and keys (macOS also treats é and e + ◌́ as one name). */
export function comparable(p: string): string {
  return CASE_INSENSITIVE ? p.normalize('NFC').toLowerCase() : p;
}

/** True when `child` is `parent` or lies below it. Both must be absolute and already resolved. */
export function isWithinDir(parent: string, child: string): boolean {
  const rel = path.relative(comparable(parent), comparable(child));
  if (rel === '') return true;
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}
