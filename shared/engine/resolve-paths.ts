/**
 * Which file an op means when the reply's path may not be the file's name as it stands (PathAlias).
 *
 * `readReplyPath` runs on every path of every format (registry.ts) and says what other names a path
 * may have; `resolveAlias` runs in the plan, against the files that exist, and picks one:
 *
 * | alias         | the file is                                              | a guess? |
 * |---------------|----------------------------------------------------------|----------|
 * | diff-names    | the one name that exists; of several, the one the hunks   | no       |
 * |               | fit (the first in order when they fit more than one)      |          |
 * | absolute      | inside the chosen folder: the rest of the path (`inRoot`) | no       |
 * |               | else the one tail that names an existing file             | yes      |
 * | placeholder   | the path as written if it exists, else the one existing   | yes      |
 * | doubled       | file its made-up or doubled folder hides                  |          |
 * | content       | the path as written if it exists, else the one file of    | yes      |
 * |               | the folder that holds the search text exactly once        |          |
 * |               | (locate-by-content.ts)                                    |          |
 *
 * Two candidates that fit equally are never chosen between: a wrong write is worse than a refusal. An
 * absolute path that maps to nothing is an error, never a write outside the folder.
 *
 * Then, for every op (`resolvePath`), letter case (issue 25): when the path chosen does not exist as
 * planned so far but a file with that name in another case does (`readme.md` for `README.md`, compared
 * name by name from the root, so `src/app.js` for `Src/App.js`: the host's readFiles lists them as
 * `caseVariants`), the op means that file — a guess, since the reply did not write its name. Several such
 * files are refused, naming them. The exact name wins whenever it exists (a variant beside it is never
 * touched), and a name with no variant is a new file as before. A rename's target that exists only in
 * another case is refused (`caseTwinTarget`): never a second file beside it, which on a case-insensitive
 * disk would be the same file. A new file whose folder exists in another case (`Src/new.js` beside the
 * folder `src/`; the host lists `src/new.js` as its variant, which does not exist) goes into that folder,
 * as a guess: never a second folder beside it.
 */
import type { Op, PathAlias } from '../changeset/changeset';
import { normalizePath, type PathCheck } from '../paths/paths';
import { type Holding, resolveByContent } from './locate-by-content';
import { placeholderPrefix } from './placeholder';
import type { EditNote, FailureKind } from './types';

/** `/x/y`, `C:\x\y`, `C:/x/y`; not `//server/share` (refused as UNC by normalizePath). */
const ABSOLUTE = /^(?:\/(?!\/)|[A-Za-z]:[\\/])/;

/** A path as a reply wrote it: normalized, with the other names it may have. */
export function readReplyPath(
  raw: string,
): (PathCheck & { ok: false }) | { ok: true; path: string; alias?: PathAlias } {
  // Never trimmed: a name that begins or ends with a space is refused by normalizePath, not renamed.
  const written = raw.replace(/^(\*\*|__|[`'"])(.*)\1$/, '$2');
  if (ABSOLUTE.test(written)) {
    // The part below the root (or drive) must be as safe as any relative path: no `..`, no `.git/`.
    const rest = normalizePath(written.replace(/^[A-Za-z]:/, '').replace(/^[\\/]+/, ''));
    if (!rest.ok) return rest;
    const segments = rest.path.split('/');
    const tails: string[] = [];
    for (let i = 1; i < segments.length; i++) tails.push(segments.slice(i).join('/'));
    return { ok: true, path: rest.path, alias: { how: 'absolute', written, paths: tails } };
  }
  const r = normalizePath(raw);
  if (!r.ok) return r;
  const prefix = placeholderPrefix(r.path);
  if (prefix !== null && prefix < r.path.length) {
    return { ok: true, path: r.path, alias: { how: 'placeholder', written, paths: [r.path.slice(prefix)] } };
  }
  const single = undoubled(r.path);
  if (single !== null) return { ok: true, path: r.path, alias: { how: 'doubled', written, paths: [single] } };
  return { ok: true, path: r.path };
}

/** `sub/sub/a.txt` → `sub/a.txt`, `a/b/a/b/x` → `a/b/x`: the first folder run written twice in a row. */
function undoubled(path: string): string | null {
  const segs = path.split('/');
  const folders = segs.length - 1;
  for (let i = 0; i < folders; i++) {
    for (let k = 1; i + 2 * k <= folders; k++) {
      let same = true;
      for (let j = 0; j < k && same; j++) same = segs[i + j] === segs[i + k + j];
      if (same) return [...segs.slice(0, i + k), ...segs.slice(i + 2 * k)].join('/');
    }
  }
  return null;
}

/**
 * An absolute path inside the chosen folder, made relative (`/home/me/proj/src/a.ts` with root
 * `/home/me/proj` → `src/a.ts`); null when it is not inside. Compared as text: the folder as the user
 * chose it, and as the system resolved it (the CLI passes both).
 */
export function inRoot(written: string, roots: readonly string[]): string | null {
  const path = written.replace(/\\/g, '/');
  for (const root of roots) {
    const base = root.replace(/\\/g, '/').replace(/\/+$/, '');
    if (base === '') continue;
    const drive = /^[A-Za-z]:/.test(base);
    const head = path.slice(0, base.length + 1);
    if (drive ? head.toLowerCase() !== `${base}/`.toLowerCase() : head !== `${base}/`) continue;
    const r = normalizePath(path.slice(base.length + 1));
    if (r.ok) return r.path;
  }
  return null;
}

export interface PathWorld {
  /** The file exists as planned so far (an earlier op of the reply may have created or moved it). */
  exists(path: string): boolean;
  /** The op applies to that file as planned so far (asked only of files that exist). */
  fits(path: string): boolean;
  /**
   * How that file as planned so far holds the op's search text: every edit at exactly one place, in
   * order (`once`), some at several places, or not (`content` aliases; `fits` stands in when absent).
   */
  holds?(path: string): Holding;
  /** Where the reply's other absolute paths put the project (`/Users/me/proj/`), when they agree. */
  absoluteRoot?: string;
  /**
   * The files that exist as planned so far whose path equals this one ignoring letter case, the path
   * itself left out (from `CaseVariants`; none when absent).
   */
  caseVariants?(path: string): readonly string[];
}

/**
 * Per path the plan may use that does not exist, the existing paths equal to it ignoring letter case:
 * readFiles' `caseVariants`, whose own snapshots the caller reads too (planNeedsMore lists them).
 */
export type CaseVariants = ReadonlyMap<string, readonly string[]>;

export type Resolved =
  | { ok: true; path: string; guess: boolean; note?: EditNote; byCase?: true }
  | { ok: false; path: string; kind: FailureKind; message: string };

/**
 * The file `op` means: its alias resolved (resolveAlias) when it has one, then its name in another case
 * (resolveCase). `path` is the op's path as the parser normalized it.
 */
export function resolvePath(op: Op, path: string, alias: PathAlias | undefined, world: PathWorld): Resolved {
  const r = alias ? resolveAlias(op, path, alias, world) : { ok: true as const, path, guess: false };
  // The names looked for as they are and not found: a diff's sure names, the tails of an absolute path
  // refused as matching no file, the file under a made-up or doubled folder, else the one chosen (for a
  // new file where the reply's other absolute paths put the project: that path only).
  let names: string[];
  if (alias?.how === 'absolute' && !r.ok && r.kind === 'missing-file')
    names = [...new Set([path, ...alias.paths])];
  else if (!r.ok) return r;
  else if (alias?.how === 'diff-names' && r.path === path)
    names = [path, ...alias.paths.slice(0, alias.guessFrom ?? alias.paths.length)];
  else if ((alias?.how === 'placeholder' || alias?.how === 'doubled') && r.path === path)
    names = [path, ...alias.paths];
  else names = [r.path];
  if (r.ok && world.exists(r.path)) return r;
  const written = alias?.how === 'absolute' ? alias.written : names.join(' or ');
  const c = resolveCase(op, names, written, world);
  if (c === null) return r;
  if (!c.ok || !r.ok || names.length > 1 || !r.note || !c.note) return c;
  // A made-up folder's file, say, then its case: both reasons are said.
  return { ...c, note: { ...c.note, message: `${r.note.message} ${c.note.message}` } };
}

/**
 * Step two of resolvePath: the file of the project that has one of `names` (none of which exists as
 * planned so far) in another case, as a guess; several, refused with their names; none, null (a new
 * file is a new file). `written` is how the reply wrote the name.
 */
export function resolveCase(
  op: Op,
  names: readonly string[],
  written: string,
  world: PathWorld,
): Resolved | null {
  const variants = [...new Set(names.flatMap((p) => (p === '' ? [] : (world.caseVariants?.(p) ?? []))))];
  if (variants.length === 0) return null;
  const at = `reply line ${op.line}`;
  if (variants.length > 1) {
    return {
      ok: false,
      path: names[0]!,
      kind: 'ambiguous',
      message: variants.every((v) => world.exists(v))
        ? `The reply names ${written} (${at}), which does not exist; ${andList(variants)} are files of the project with that name in another case, so none is chosen.`
        : `The reply names ${written} (${at}), which does not exist; its folder is in the project in several other cases (${andList(variants)}), so none is chosen.`,
    };
  }
  const file = variants[0]!;
  // No file with the name, but its folders in another case: the new file goes into them.
  const what = world.exists(file)
    ? `${file} is the file of the project with that name in another case`
    : `its folder is ${file.slice(0, file.lastIndexOf('/') + 1)} in the project, in another case, so it is ${file}`;
  return {
    ok: true,
    path: file,
    guess: true,
    byCase: true,
    note: {
      severity: 'warning',
      line: op.line,
      message: `The reply names ${written} (${at}); ${what}. That is a guess: check it.`,
    },
  };
}

/**
 * Why `op` may not move `from` to `to`: a file exists with `to`'s name in another case (not `from` itself:
 * renaming `readme.md` to `README.md` is fine), or its folder does. Null when there is none.
 */
export function caseTwinTarget(op: Op, from: string, to: string, world: PathWorld): string | null {
  const variants = (world.caseVariants?.(to) ?? []).filter((p) => p !== from);
  const twins = variants.filter((p) => world.exists(p));
  // No file of that name, but its folder in another case: a second folder beside it is never made.
  if (twins.length === 0 && variants.length > 0)
    return `The reply moves ${from} to ${to} (reply line ${op.line}), but its folder is ${andList(variants.map((v) => v.slice(0, v.lastIndexOf('/') + 1)))} in the project, in another case. No second folder is made beside it; ask for the move with the folder's own name.`;
  if (twins.length === 0) return null;
  return `The reply moves ${from} to ${to} (reply line ${op.line}), but ${andList(twins)} ${twins.length === 1 ? 'exists' : 'exist'}: the same name in another case. It is not overwritten, and no second file is made beside it.`;
}

/** `a`, `a and b`, `a, b and c`. */
function andList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The file `op` means; `path` is its path as the parser normalized it. */
export function resolveAlias(op: Op, path: string, alias: PathAlias, world: PathWorld): Resolved {
  const at = `reply line ${op.line}`;
  const same = (p: string): Resolved => ({ ok: true, path: p, guess: false });
  const guessed = (p: string, why: string): Resolved => ({
    ok: true,
    path: p,
    guess: true,
    note: {
      severity: 'warning',
      line: op.line,
      message: `The reply names ${alias.written} (${at}); ${p} is ${why}. That is a guess: check it.`,
    },
  });
  switch (alias.how) {
    case 'diff-names': {
      if (op.kind === 'patch' && op.isNew) return same(path);
      const cut = alias.guessFrom ?? alias.paths.length;
      const sure = [...new Set([path, ...alias.paths.slice(0, cut)])].filter((p) => world.exists(p));
      if (sure.length === 1) return named(sure[0]!);
      if (sure.length > 1) {
        const fitting = sure.filter((p) => world.fits(p));
        return named(fitting[0] ?? sure[0]!, sure);
      }
      // No name the diff tools would read exists: a deeper strip level whose file the hunks fit.
      const deeper = alias.paths.slice(cut).filter((p) => world.exists(p) && world.fits(p));
      if (deeper.length === 1)
        return guessed(
          deeper[0]!,
          'the file it names with its leading folders left out, and its hunks fit it',
        );
      return same(path);
    }
    case 'absolute': {
      const existing = [...new Set([path, ...alias.paths])].filter((p) => world.exists(p));
      if (existing.length === 1)
        return guessed(existing[0]!, 'the file of the project that ends the same way');
      const inferred = world.absoluteRoot === undefined ? null : inRoot(alias.written, [world.absoluteRoot]);
      if (existing.length === 0 && inferred !== null) {
        return guessed(
          inferred,
          `where the reply's other absolute paths put the project folder (${world.absoluteRoot})`,
        );
      }
      if (existing.length === 0) {
        return {
          ok: false,
          path,
          kind: 'missing-file',
          message: `${alias.written} (${at}) is an absolute path outside the project folder, and no file of the project matches its end; nothing is written there.`,
        };
      }
      return {
        ok: false,
        path,
        kind: 'ambiguous',
        message: `${alias.written} (${at}) is an absolute path outside the project folder; its end matches ${existing.length} files (${existing.join(', ')}), so none is chosen.`,
      };
    }
    case 'placeholder':
    case 'doubled': {
      if (world.exists(path)) return same(path);
      const existing = alias.paths.filter((p) => world.exists(p));
      if (existing.length !== 1) return same(path);
      return guessed(
        existing[0]!,
        alias.how === 'placeholder'
          ? 'the file its made-up folder stands in front of'
          : 'the file it names with a folder written once',
      );
    }
    case 'content':
      return resolveByContent(op, path, { ...alias, how: 'content' }, world);
    case 'ask':
      return {
        ok: false,
        path: '',
        kind: 'missing-file',
        message: `The code at reply line ${op.line} is a whole file and names none, so nothing tells which file it is; give its path in the review (or \`--path-for ${op.line}=PATH\` to the CLI).`,
      };
  }

  function named(p: string, existing: string[] = [p]): Resolved {
    if (p === path && existing.length === 1) return same(p);
    const others = existing.filter((x) => x !== p);
    return {
      ok: true,
      path: p,
      guess: false,
      note: {
        severity: 'info',
        line: op.line,
        message:
          others.length === 0
            ? `The diff at ${at} names ${[path, ...alias.paths.filter((x) => x !== path)].join(' and ')}; ${p} is the one that exists.`
            : `The diff at ${at} could mean ${existing.join(' or ')}, which all exist; its hunks were applied to ${p}.`,
      },
    };
  }
}

/**
 * The change set with every absolute path that lies inside the chosen folder made relative, so that it
 * is the file itself, not a guess. `roots`: the folder as chosen and as the system resolved it.
 */
export function mapIntoRoot<T extends { ops: Op[] }>(changeSet: T, roots: readonly string[]): T {
  let changed = false;
  const ops = changeSet.ops.map((op) => {
    if (op.alias?.how !== 'absolute') return op;
    const rel = inRoot(op.alias.written, roots);
    if (rel === null) return op;
    changed = true;
    return withPath(op, rel, false);
  });
  return changed ? { ...changeSet, ops } : changeSet;
}

/** The path an op's alias is about: `from` of a rename, else `path`; null for a shell command. */
export function aliasedPath(op: Op): string | null {
  if (op.kind === 'shell') return null;
  return op.kind === 'rename' ? op.from : op.path;
}

/** The op with its aliased path replaced (and, when `guess`, marked as a name guessed from prose). */
export function withPath(op: Op, path: string, guess: boolean): Op {
  // Copied without the alias rather than `delete`d from a copy: a deleted property turns the object into
  // a slow dictionary one, and the plan of a 10,000-file diff spent most of its time on those.
  const { alias: _alias, ...rest } = op as Op & { alias?: PathAlias };
  const out = rest as Op;
  if (guess) out.guess = true;
  if (out.kind === 'rename') out.from = path;
  else if (out.kind !== 'shell') out.path = path;
  return out;
}
