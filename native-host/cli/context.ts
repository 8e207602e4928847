/**
 * `replyapply context [--dir DIR] [PATH|GLOB…] [--instructions FORMAT] [--tokens]`: the project's files as
 * one message for a chat (issue 41), the bundle the popup puts into the message box
 * (shared/context/bundle.ts), printed to stdout for the user to pipe where they like (`| xclip`, `| pbcopy`).
 *
 * The popup's rules: the files come from the host's own tree (native-host/fs/list-tree.ts: no link
 * followed, no binary file, nothing outside the folder), and what git ignores or what looks like a secret
 * is never taken unless named by hand:
 * - no PATH: every file of the tree, less those git ignores, those that look like secrets and those over
 *   1 MiB;
 * - a file's exact path: that file, whatever it is (said on stderr when git ignores it or it looks like
 *   a secret); over 1 MiB, or not a text file of the tree, is an error;
 * - a folder, or a pattern (`src/**\/*.ts`, `*.md`, as in a `.gitignore`): the files below or matching it,
 *   by the default rules (the ones left out are counted on stderr);
 * - a PATH that names nothing is an error: nothing is printed rather than a part.
 * Everything but the bundle goes to stderr, so stdout is exactly the message.
 */
import ignore from 'ignore';
import { type BundleFile, buildBundle, bundlePathProblem } from '../../shared/context/bundle';
import { countTokens, siteLimit } from '../../shared/context/tokens';
import { INSTRUCTIONS } from '../../shared/instructions/registry';
import { MAX_BUNDLE_CHARS } from '../../shared/protocol/bounds';
import { type ListTreeResult, listTree } from '../fs/list-tree';
import { readSnapshots } from '../fs/snapshots';
import { parseArgs, projectDir } from './args';
import { exitFor, expectedFailure } from './host-errors';
import { type CliCommand, Exit, UsageError } from './io';
import { terminalSafe } from './render';

export const CONTEXT_USAGE =
  'context [--dir DIR] [PATH|GLOB…] [--instructions FORMAT] [--tokens [--site SITE]]';

type Entry = ListTreeResult['entries'][number];

/** What was chosen, and what the default rules left out of folders and patterns, by why. */
export interface Selection {
  paths: string[];
  /** Files named by hand that git ignores or that look like secrets: taken, and said. */
  byHand: { path: string; why: string }[];
  leftOut: { ignored: number; secret: number; tooLarge: number; unnamable: number };
}

/** Whether a file goes in when a folder or a pattern (or nothing) chooses it. */
function byDefault(e: Entry): keyof Selection['leftOut'] | null {
  if (e.tooLarge) return 'tooLarge';
  if (bundlePathProblem(e.path)) return 'unnamable';
  if (e.ignored) return 'ignored';
  if (e.secret) return 'secret';
  return null;
}

/** `./src/a.ts`, `src/a.ts`, `src/` and `src` as the tree writes them. Throws UsageError for what cannot be in it. */
function normalized(arg: string): string {
  if (arg.includes('\\'))
    throw new UsageError(`${arg}: write paths with forward slashes, relative to the project folder`);
  if (arg.startsWith('/')) throw new UsageError(`${arg}: write paths relative to the project folder`);
  let p = arg;
  while (p.startsWith('./')) p = p.slice(2);
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p.split('/').includes('..')) throw new UsageError(`${arg}: a path may not go up with ..`);
  return p === '.' ? '' : p;
}

/** Thrown for a PATH that names nothing the bundle can hold: printed with exit 1, nothing on stdout. */
export class SelectionError extends Error {}

export function select(tree: ListTreeResult, args: readonly string[]): Selection {
  const files = tree.entries.filter((e) => e.kind === 'file');
  const byPath = new Map(tree.entries.map((e) => [e.path, e]));
  const chosen = new Set<string>();
  const sel: Selection = {
    paths: [],
    byHand: [],
    leftOut: { ignored: 0, secret: 0, tooLarge: 0, unnamable: 0 },
  };
  const take = (candidates: Entry[]) => {
    for (const e of candidates) {
      const why = byDefault(e);
      if (why) sel.leftOut[why]++;
      else chosen.add(e.path);
    }
  };
  if (args.length === 0) take(files);
  for (const arg of args) {
    const p = normalized(arg);
    const exact = byPath.get(p);
    if (exact?.kind === 'file') {
      if (exact.tooLarge)
        throw new SelectionError(
          `${p} is over 1 MiB, too large to put into a chat (${exact.size.toLocaleString('en')} bytes)`,
        );
      const problem = bundlePathProblem(p);
      if (problem) throw new SelectionError(`${p} cannot go into the chat: ${problem}`);
      const why = [
        exact.ignored ? 'git ignores it' : '',
        exact.secret ? 'its name says it holds secrets' : '',
      ]
        .filter(Boolean)
        .join(', and ');
      if (why && !chosen.has(p)) sel.byHand.push({ path: p, why });
      chosen.add(p);
      continue;
    }
    if (exact?.kind === 'folder')
      throw new SelectionError(`${p}/ is a folder git ignores: name its files one by one to put them in`);
    const pattern = /[*?[\]!]/.test(p);
    const inside = pattern
      ? files.filter((e) => matcher(p).ignores(e.path))
      : files.filter((e) => p === '' || e.path.startsWith(`${p}/`));
    if (inside.length === 0)
      throw new SelectionError(
        pattern
          ? `${arg} matches no text file of the project`
          : `${arg} is not a text file or folder of the project (binary files, links and what git ignores as a folder are not listed)`,
      );
    take(inside);
  }
  sel.paths = [...chosen].sort();
  return sel;
}

/** A pattern read as a `.gitignore` line reads it: `*.md` at any depth, `src/*.ts` in `src` only. */
function matcher(pattern: string) {
  return ignore({ ignorecase: false }).add(pattern);
}

export const context: CliCommand = async (args, rawIO) => {
  const io = terminalSafe(rawIO);
  const parsed = parseArgs(args, {
    booleans: ['tokens'],
    strings: ['dir', 'instructions', 'site'],
    maxPositionals: Number.POSITIVE_INFINITY,
  });
  const format = parsed.values.get('instructions');
  const instruction = format === undefined ? undefined : INSTRUCTIONS.find((i) => i.id === format);
  if (format !== undefined && !instruction)
    throw new UsageError(
      `unknown format "${format}" for --instructions (one of: ${INSTRUCTIONS.map((i) => i.id).join(', ')})`,
    );
  const root = projectDir(parsed, io);
  try {
    const tree = await listTree(root);
    if (tree.stopped)
      io.stderr.write(
        `replyapply context: the folder has more than the ${tree.stopped.limit.toLocaleString('en')} ${tree.stopped.bound === 'entries' ? 'entries' : 'ms'} the tree lists; files past that are not offered\n`,
      );
    let sel: Selection;
    try {
      sel = select(tree, parsed.positionals);
    } catch (err) {
      if (!(err instanceof SelectionError)) throw err;
      io.stderr.write(`replyapply context: ${err.message}\n`);
      return Exit.Unresolved;
    }
    if (sel.paths.length === 0) {
      io.stderr.write(`replyapply context: no file to put in${leftOutText(sel)}\n`);
      return Exit.NothingFound;
    }
    const snapshots = await readSnapshots(root, sel.paths, { hash: false });
    const files: BundleFile[] = [];
    for (const s of snapshots) {
      if (s.exists !== true) {
        // Changed between the listing and the read (deleted, turned binary): say so, print nothing.
        const why = s.exists === 'error' ? s.error.message : `${s.path} no longer exists`;
        io.stderr.write(`replyapply context: ${why}\n`);
        return Exit.Unresolved;
      }
      files.push({ path: s.path, content: s.text });
    }
    const bundle = buildBundle(files, instruction ? { instruction: instruction.text } : {});
    if (bundle.length > MAX_BUNDLE_CHARS) {
      io.stderr.write(
        `replyapply context: the ${files.length} files make ${bundle.length.toLocaleString('en')} characters, more than the ${MAX_BUNDLE_CHARS.toLocaleString('en')} a message may hold; choose fewer\n`,
      );
      return Exit.Unresolved;
    }
    for (const h of sel.byHand)
      io.stderr.write(`replyapply context: ${h.path} is in because you named it (${h.why})\n`);
    // The message exactly as it goes into the chat; made visible only for a person reading a terminal.
    (rawIO.stdout.isTTY ? io : rawIO).stdout.write(bundle);
    // Tokens on stderr, so stdout stays exactly the message: per file and in all, for the site's models.
    if (parsed.flags.has('tokens')) {
      const site = parsed.values.get('site') ?? 'chatgpt';
      const shown = (c: { count: number; exact: boolean }) =>
        `${c.exact ? '' : '≈'}${c.count.toLocaleString('en')}`.padStart(10);
      for (const f of files) io.stderr.write(`${shown(countTokens(f.content, site))}  ${f.path}\n`);
      const all = countTokens(bundle, site);
      const limit = siteLimit(site);
      const how = all.exact ? `${all.tokenizer}, as ${site} counts` : all.tokenizer;
      const window = limit ? `; ${site}'s window: ${limit.tokens.toLocaleString('en')} (${limit.says})` : '';
      io.stderr.write(`${shown(all)}  in all, the bundle (${how})${window}\n`);
    }
    io.stderr.write(
      `${files.length} file${files.length === 1 ? '' : 's'}, ${bundle.length.toLocaleString('en')} characters${leftOutText(sel)}\n`,
    );
    return Exit.Ok;
  } catch (err) {
    const failure = expectedFailure(err);
    if (!failure) throw err;
    io.stderr.write(`replyapply context: ${failure.message}\n`);
    return exitFor(failure);
  }
};

function leftOutText(sel: Selection): string {
  const { ignored, secret, tooLarge, unnamable } = sel.leftOut;
  const parts = [
    ignored ? `${ignored} git ignores` : '',
    secret ? `${secret} that look like secrets` : '',
    tooLarge ? `${tooLarge} over 1 MiB` : '',
    unnamable ? `${unnamable} whose names a reply could not give back exactly` : '',
  ].filter(Boolean);
  return parts.length ? `; left out: ${parts.join(', ')} (name a file to put it in)` : '';
}
