/**
 * The host's own check that no apply makes a case twin (issue 25): a new file whose name differs only in
 * letter case from an entry of its folder (`README.md` beside `readme.md`), or from another new file of
 * the same apply. On a case-insensitive disk (macOS, Windows) the two are one file and the write would
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
 * (except the real paths in `removed`) or among `created`.
 */
export function refuseCaseTwins(created: readonly NewPath[], removed: readonly string[]): void {
  if (created.length === 0) return;
  const gone = new Set(removed.map(comparable));
  const listed = new Map<string, string[]>();
  const list = (dir: string): string[] => {
    let names = listed.get(dir);
    if (names === undefined) {
      try {
        names = readdirSync(dir);
      } catch {
        names = []; // A folder the apply creates holds nothing yet.
      }
      listed.set(dir, names);
    }
    return names;
  };
  // The new names of each folder by caseKey: two of them are twins of each other.
  const fresh = new Map<string, NewPath>();
  for (const c of created) {
    const dir = path.dirname(c.abs);
    const name = path.basename(c.abs);
    const key = caseKey(name);
    const folderRel = c.rel.includes('/') ? c.rel.slice(0, c.rel.lastIndexOf('/') + 1) : '';
    const names = list(dir);
    if (!names.includes(name)) {
      const twin = names.find((n) => caseKey(n) === key && !gone.has(comparable(path.join(dir, n))));
      if (twin !== undefined) throw refused(c, `${folderRel}${twin} is already in its folder`);
    }
    const slot = `${comparable(dir)}\0${key}`;
    const other = fresh.get(slot);
    if (other !== undefined && path.basename(other.abs) !== name)
      throw refused(c, `the same apply also creates ${other.rel} in its folder`);
    fresh.set(slot, c);
  }
}

function refused(c: NewPath, why: string): HostFailure {
  return new HostFailure(
    ErrorCode.CaseTwin,
    `The path "${quotePath(c.raw)}" was refused: ${why}, a name that differs from it only in letter case. On a case-insensitive disk (macOS, Windows) the two are one file and the write would replace the other one; nothing was written.`,
    c.raw,
  );
}
