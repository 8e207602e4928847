/**
 * The host's own check that no apply makes a case twin (issue 25): a new file or folder whose name differs
 * only in letter case from an entry of its folder (`README.md` beside `readme.md`, `Src/` beside `src/`),
 * or from another new one of the same apply. On a case-insensitive disk (macOS, Windows) the two are one file and the write would
 * replace the other one, under a rule nobody reviewed; on Linux it makes a second file that the reply did
 * not mean. The plan never asks for one (it offers the existing file as a guess, or refuses), so a change
 * that reaches the host with a twin is a bug or a hostile page: refused on every platform, before
 * anything is written.
 *
 * An entry this same apply removes (a rename's source, a deleted file) is no twin: renaming `readme.md` to
 * `README.md` is allowed. An entry with exactly the new name is left to the hash check (a Conflict).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { caseKey } from '../../shared/paths/case';
import { quotePath } from '../../shared/paths/paths';
import { ErrorCode } from '../../shared/protocol/protocol';
import { HostFailure } from './failure';
import { comparable } from './within';

/** A path the apply means to create: project-relative as checked, real absolute, and as the caller sent it. */
export interface NewPath {
  rel: string;
  abs: string;
  raw: string;
}

/**
 * Throws HostFailure CaseTwin for the first path of `created` that has a case twin in its folder, on disk
 * (except the real paths in `removed`) or among `created` — the file itself, and each folder the apply
 * makes for it (`Src/new.js` where the folder `src/` exists makes `Src/` beside it).
 */
export function refuseCaseTwins(created: readonly NewPath[], removed: readonly string[]): void {
  if (created.length === 0) return;
  const gone = new Set(removed.map(comparable));
  const listed = new Map<string, string[] | null>();
  /** The names of a folder; null when it does not exist (the apply creates it). */
  const list = (dir: string): string[] | null => {
    let names = listed.get(dir);
    if (names === undefined) {
      try {
        names = readdirSync(dir);
      } catch {
        names = null;
      }
      listed.set(dir, names);
    }
    return names;
  };
  // The new names of each folder by caseKey: two of them are twins of each other.
  const fresh = new Map<string, { rel: string; name: string }>();
  for (const c of created) {
    const segments = c.rel.split('/');
    // The file, then each folder above it that does not exist yet, up to the first one that does.
    let entry = c.abs;
    for (let depth = segments.length; depth > 0; depth--) {
      const dir = path.dirname(entry);
      const name = path.basename(entry);
      const key = caseKey(name);
      const parentRel = depth > 1 ? `${segments.slice(0, depth - 1).join('/')}/` : '';
      const names = list(dir);
      if (names !== null && !names.includes(name)) {
        const twin = names.find((n) => caseKey(n) === key && !gone.has(comparable(path.join(dir, n))));
        if (twin !== undefined) throw refused(c, `${parentRel}${twin} is already in its folder`, name);
      }
      const slot = `${comparable(dir)}\0${key}`;
      const other = fresh.get(slot);
      if (other !== undefined && other.name !== name)
        throw refused(c, `the same apply also creates ${other.rel} in its folder`, name);
      fresh.set(slot, { rel: `${parentRel}${name}`, name });
      if (names !== null) break;
      entry = dir;
    }
  }
}

function refused(c: NewPath, why: string, name: string): HostFailure {
  return new HostFailure(
    ErrorCode.CaseTwin,
    `The path "${quotePath(c.raw)}" was refused: ${why}, a name that differs from ${name} only in letter case. On a case-insensitive disk (macOS, Windows) the two are one and the write would land in the other one; nothing was written.`,
    c.raw,
  );
}
