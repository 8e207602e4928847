/**
 * SEARCH/REPLACE edits whose file the reply does not give (issue 25): a block that names no file at all
 * (the model assumed the one file in its context), or one that names a file that does not exist
 * (`src/shared/errors.js` for the project's `utils/errors.js`, `postcss.config.cjs` for its
 * `postcss.config.js`). aider maps such blocks to the file in its chat; we have no chat, only the folder:
 * the one file of the folder whose text holds the search text, exactly once, is offered as a guess the
 * user ticks. Everything else is refused with the reason.
 *
 *   1. `locatable` / `opsToLocate`: which ops — a search-replace op whose every SEARCH is non-blank (an
 *      empty one creates or appends: never located), with no name (alias `content`, from the parser) or
 *      with names that all do not exist. A name that exists is the file, even when its text does not
 *      hold the search (moving an edit from a real file to another one is a wrong write).
 *   2. `contentNeedles`: lines of the op's first SEARCH that a file must hold, loosely compared
 *      (`searchKey`) — a necessary condition of the engine's ladder, which the host tests on every text
 *      file of the folder (native-host/fs/find-text.ts; bounded, `.gitignore`d files, `.git/` and
 *      `node_modules/` left out).
 *   3. `withFolderSearch`: the files found become the op's alias `content` (its `paths`, and how the
 *      search went), so the plan reads them and planning in parts keeps them with the op.
 *   The same steps place ops that name no file of other kinds (issue 26): a code block that is a part of
 *   a file (`replace` with `part`; its needles are its first signature or its elisions' anchors,
 *   part.ts), the hunks of a diff fence with no names (read as SEARCH/REPLACE edits), and a canvas's
 *   updates whose document the answer did not hold (`regex`; its needles are the patterns' literal text).
 *   4. `resolveByContent`, from resolveAlias in the plan: the candidates the op's edits fit, in order,
 *      on the files as planned so far, by the engine's own apply (the same ladder the write will use):
 *      exactly one that holds it exactly once is the guess; of several, for a named file, the one
 *      whose name is like it (same name in another folder, same stem with another extension); else,
 *      several or none, a refusal naming them. A search that stopped at a bound chooses nothing.
 */
import { literalRuns } from '../api/py-regex';
import type { ChangeSet, Op, OpOf, PathAlias } from '../changeset/changeset';
import { normalizePath } from '../paths/paths';
import type { ResultOf } from '../protocol/protocol';
import { lineKey } from './normalize';
import { partNeedles } from './part';
import type { PathWorld, Resolved } from './resolve-paths';

/** An op the folder is searched for: SEARCH/REPLACE edits, or a part of a file naming none (part.ts). */
type LocatableOp = OpOf<'search-replace'> | (OpOf<'replace'> & { part: true }) | OpOf<'regex'>;

/** The answer of the host's `findText`, or why the folder could not be searched. */
export type FolderSearch = ResultOf<'findText'> | { failed: string };

/** How many candidate files of one query the plan compares (the host lists at most this many). */
export const MAX_CANDIDATES = 50;

/** A line `...` or `…`: aider's elision, which is no text of the file (apply-search-replace.ts). */
const ELISION = /^\s*(?:\.\.\.|…)\s*$/;

/**
 * The op may be located by its content: search-replace, every SEARCH non-blank, no absolute name (one
 * outside the folder is refused as it is), no name guessed from prose (the plan leaves such code unused
 * when the name does not exist: it may be an example).
 */
export function locatable(op: Op): op is LocatableOp {
  if ((op.kind === 'replace' && op.part === true) || op.kind === 'regex')
    return op.alias?.how === 'content' && !op.guess;
  if (op.kind !== 'search-replace' || op.edits.length === 0 || op.guess) return false;
  if (op.edits.some((e) => e.search.trim() === '')) return false;
  const how = op.alias?.how;
  return how === undefined || how === 'placeholder' || how === 'doubled' || how === 'content';
}

/** The names the reply gives the op's file: its path and the other names of its alias (none: unnamed). */
function namesOf(op: LocatableOp): string[] {
  if (op.alias?.how === 'content') return op.path === '' ? [] : [op.path];
  return [op.path, ...(op.alias?.paths ?? [])];
}

/** The paths whose existence `opsToLocate` needs. */
export function namesToCheck(changeSet: ChangeSet): string[] {
  const out = new Set<string>();
  for (const op of changeSet.ops) if (locatable(op)) for (const p of namesOf(op)) out.add(p);
  return [...out];
}

/** Indexes of the ops to locate: locatable ones none of whose names exists. */
export function opsToLocate(changeSet: ChangeSet, exists: (path: string) => boolean): number[] {
  const out: number[] = [];
  changeSet.ops.forEach((op, i) => {
    if (locatable(op) && !namesOf(op).some(exists)) out.push(i);
  });
  return out;
}

/**
 * A text as the folder search compares it: typographic quotes, dashes and spaces read as ASCII, backticks
 * and every whitespace character left out. The loosest rung a SEARCH is matched on (typography) compares
 * trimmed lines with those characters read as ASCII, so a line it finds in a file is, in this form, a
 * substring of the file in this form; a literal (substring) search too. Each character maps on its own,
 * so the key of a whole text is the keys of its lines joined.
 */
export function searchKey(text: string): string {
  return lineKey(text, 'backticks').replace(/\s+/g, '');
}

/** At most this many needles per op: any subset of the lines is as sound a test, the longest say most. */
const MAX_NEEDLES = 64;

/**
 * The lines of the op's first SEARCH (blank and `...` lines left out), which a file the edits fit must
 * hold: the first edit is searched in the file as it is; later ones may search for what it wrote.
 */
export function contentNeedles(op: LocatableOp): string[] {
  if (op.kind === 'replace') return partNeedles(op.content.split(/\r?\n/)).map((l) => l.slice(0, 4096));
  if (op.kind === 'regex') {
    // The first update's literal text, line by line (a file is searched line-wise, whitespace aside).
    const runs = literalRuns(op.edits[0]?.pattern ?? '').flatMap((r) => r.split('\n'));
    return runs
      .filter((r) => searchKey(r).length >= 6)
      .slice(0, 8)
      .map((l) => l.slice(0, 4096));
  }
  const first = op.edits[0];
  if (!first) return [];
  const lines = first.search
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !ELISION.test(l))
    .map((l) => l.slice(0, 4096));
  const distinct = [...new Set(lines)].filter((l) => searchKey(l) !== '');
  return distinct.sort((a, b) => searchKey(b).length - searchKey(a).length).slice(0, MAX_NEEDLES);
}

/** `key` (a text's searchKey) holds every needle. */
export function holdsNeedles(key: string, needleKeys: readonly string[]): boolean {
  return needleKeys.every((n) => key.includes(n));
}

/**
 * The change set with each op of `located` (indexes, as opsToLocate gave them) given the alias `content`:
 * the files the folder search found for it, in the order of `search`'s queries (one per op).
 */
export function withFolderSearch(
  changeSet: ChangeSet,
  located: readonly number[],
  search: FolderSearch,
): ChangeSet {
  if (located.length === 0) return changeSet;
  const ops = [...changeSet.ops];
  located.forEach((index, q) => {
    const op = ops[index]!;
    if (!locatable(op)) return;
    const how: NonNullable<PathAlias['search']> = { files: 0 };
    let paths: string[] = [];
    if ('failed' in search) how.failed = search.failed;
    else {
      const found = search.queries[q];
      how.files = search.files;
      if (search.stopped) how.stopped = search.stopped;
      if (!found) how.failed = 'the host did not answer this query';
      else {
        paths = found.paths.slice(0, MAX_CANDIDATES);
        if (found.matched > paths.length) how.matched = found.matched;
      }
    }
    const written = op.alias?.how === 'content' ? op.alias.written : (op.alias?.written ?? op.path);
    // A part of a file: the file its prose mentions is read too (resolveByContent tries it), when that
    // is a safe path of the folder.
    if (op.kind !== 'search-replace' && written !== '' && !paths.includes(written)) {
      const safe = normalizePath(written);
      if (safe.ok && safe.path === written) paths.push(written);
    }
    ops[index] = { ...op, alias: { how: 'content', written, paths, search: how } };
  });
  return { ...changeSet, ops };
}

/** What the plan needs to read and search the folder: the host's readFiles and findText, or the fs code. */
export interface FolderAccess {
  /** Which of these paths exist (a file that cannot be read exists: the plan says why it is not used). */
  existing(paths: string[]): Promise<ReadonlySet<string>>;
  find(queries: { needles: string[] }[]): Promise<FolderSearch>;
}

/**
 * Steps 1–3 of the header: the change set with every op that needs it located by the folder search.
 * Makes no call at all when no op can be located (a reply of diffs, of named SEARCH blocks that exist).
 */
export async function locateInFolder(changeSet: ChangeSet, access: FolderAccess): Promise<ChangeSet> {
  if (!changeSet.ops.some(locatable)) return changeSet;
  const names = namesToCheck(changeSet);
  const existing = names.length > 0 ? await access.existing(names) : new Set<string>();
  const located = opsToLocate(changeSet, (p) => existing.has(p));
  if (located.length === 0) return changeSet;
  const needles = new Map(located.map((i) => [i, contentNeedles(changeSet.ops[i] as LocatableOp)]));
  // A SEARCH of only `...` lines gives nothing to look for.
  const blank = located.filter((i) => needles.get(i)!.length === 0);
  const searched = located.filter((i) => needles.get(i)!.length > 0);
  let search: FolderSearch = { failed: 'no query' };
  if (searched.length > 0) {
    try {
      search = await access.find(searched.map((i) => ({ needles: needles.get(i)! })));
    } catch (err) {
      search = { failed: err instanceof Error ? err.message : String(err) };
    }
  }
  const out = withFolderSearch(changeSet, searched, search);
  return withFolderSearch(out, blank, { failed: 'it has only "..." lines' });
}

/** `a, b, c and 2 more`. */
function someOf(paths: readonly string[], total = paths.length, shown = 3): string {
  const head = paths.slice(0, shown);
  const rest = total - head.length;
  if (rest <= 0)
    return head.length < 2 ? head.join('') : `${head.slice(0, -1).join(', ')} and ${head.at(-1)}`;
  return `${head.join(', ')} and ${rest} more`;
}

const BOUND_WORDS = {
  files: (n: number) => `${n.toLocaleString('en-US')} files`,
  bytes: (n: number) => `${(n / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB`,
  time: (n: number) => `${(n / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} seconds`,
};

/** The last name of a path, and that name without its extension. */
function nameParts(path: string): { base: string; stem: string } {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = base.lastIndexOf('.');
  return { base, stem: dot > 0 ? base.slice(0, dot) : base };
}

/**
 * `candidate`'s name is like the name the reply wrote: the same name in another folder (`utils/errors.js`
 * for `src/shared/errors.js`), or the same stem with another extension (`postcss.config.js` for
 * `postcss.config.cjs`). Letter case aside.
 */
export function resembles(candidate: string, written: string): boolean {
  const a = nameParts(candidate);
  const b = nameParts(written);
  return a.base === b.base || a.stem === b.stem;
}

/** How a file holds an op's search text: its edits fit in order, each at one place; at several; not. */
export type Holding = 'once' | 'several' | 'none';

/** Step 4 of the header: resolveAlias for `content`. `path` is the op's path ('' when it names none). */
export function resolveByContent(
  op: Op,
  path: string,
  alias: PathAlias & { how: 'content' },
  world: PathWorld,
): Resolved {
  // An earlier operation of the reply created the file it names: that is the file.
  if (path !== '' && world.exists(path)) return { ok: true, path, guess: false };
  const at = `reply line ${op.line}`;
  const edits = op.kind === 'search-replace' ? op.edits.length : 1;
  const part = op.kind === 'replace' || op.kind === 'regex';
  const what = part
    ? op.kind === 'regex'
      ? 'the text of its patterns'
      : 'the lines the code must fit in'
    : edits === 1
      ? 'its search text'
      : `the search texts of its ${edits} edits, in order`;
  const named = part
    ? `The ${op.kind === 'regex' ? 'canvas update' : 'code block'} at ${at} names no file`
    : path === ''
      ? `The reply names no file for the SEARCH/REPLACE ${edits === 1 ? 'block' : 'blocks'} at ${at}`
      : `The reply names ${alias.written} for the SEARCH/REPLACE at ${at}, which does not exist`;
  const refuse = (kind: 'missing-file' | 'no-match' | 'ambiguous', why: string): Resolved => ({
    ok: false,
    path,
    kind,
    message: `${named}, and ${why}; no file is chosen.`,
  });
  const none = path === '' ? 'no-match' : 'missing-file';
  // A part of a file whose name only the prose mentions: that file, when it exists and the part fits it,
  // even where the folder search could not tell (its anchors hold no text to look for).
  if (part && alias.written !== '' && world.exists(alias.written)) {
    const holds = world.holds ? world.holds(alias.written) : 'none';
    if (holds === 'once')
      return {
        ok: true,
        path: alias.written,
        guess: true,
        note: {
          severity: 'warning',
          line: op.line,
          message: `${named}; ${alias.written}, which the text before it mentions, is the file it fits. That is a guess: check it.`,
        },
      };
  }
  const s = alias.search;
  if (!s) return refuse(none, `the folder was not searched for ${what}`);
  if (s.failed !== undefined)
    return refuse(none, `the folder could not be searched for ${what} (${s.failed})`);
  if (s.stopped) {
    return refuse(
      none,
      `the search of the folder stopped at its limit of ${BOUND_WORDS[s.stopped.bound](s.stopped.limit)}, before it had looked at every file`,
    );
  }
  if (s.matched !== undefined && s.matched > alias.paths.length) {
    return refuse(
      'ambiguous',
      `${s.matched} files of the folder hold the lines of ${what} (${someOf(alias.paths, s.matched)}), too many to compare`,
    );
  }
  const holders: { path: string; holds: Holding }[] = [];
  for (const p of alias.paths) {
    if (!world.exists(p)) continue;
    const holds = world.holds ? world.holds(p) : world.fits(p) ? 'once' : 'none';
    if (holds !== 'none') holders.push({ path: p, holds });
  }
  if (holders.length === 0) {
    const files = `${s.files.toLocaleString('en-US')} text file${s.files === 1 ? '' : 's'} searched`;
    return refuse(none, `no file of the folder holds ${what} (${files})`);
  }
  const list = someOf(holders.map((h) => h.path));
  let chosen = holders.length === 1 ? holders[0]! : undefined;
  let why = `the one file of the folder that holds ${what}`;
  if (!chosen && alias.written !== '') {
    const like = holders.filter((h) => resembles(h.path, alias.written));
    if (like.length === 1) {
      chosen = like[0]!;
      why = `the one of the ${holders.length} files that hold ${what} (${list}) whose name is like it`;
    }
  }
  if (!chosen) return refuse('ambiguous', `${what} is in ${holders.length} files (${list})`);
  if (chosen.holds === 'several') {
    return refuse(
      'ambiguous',
      `${chosen.path} holds ${what}, but at more than one place${holders.length > 1 ? ` (so do ${someOf(holders.filter((h) => h !== chosen).map((h) => h.path))})` : ''}`,
    );
  }
  return {
    ok: true,
    path: chosen.path,
    guess: true,
    note: {
      severity: 'warning',
      line: op.line,
      message: `${named}; ${chosen.path} is ${why}. That is a guess: check it.`,
    },
  };
}
