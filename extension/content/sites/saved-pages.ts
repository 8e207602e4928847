/**
 * Test support: the saved pages selectors are checked against. `corpus/<name>` are the shared corpus's
 * excerpts of real pages (read-only, kept outside this folder), `fixtures/<name>` are ours (written
 * after what is known of a site), `captures/<name>` are real markup whose HTML the corpus describes
 * but does not hold: read again from the source its sidecar names (a captured page in a public file, or
 * an open-source UI's components at a named commit), each with a sidecar saying so.
 * Node-only (reads files); imported by tests, never by the content script.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../../..');

/** The corpus lives beside the repo in the workspace (`../shared/corpus`), or inside it once vendored. */
const CORPUS_CANDIDATES = [
  join(repo, 'corpus/pages'),
  join(repo, 'shared/corpus/pages'),
  join(repo, '../shared/corpus/pages'),
];

export function corpusDir(): string {
  const found = CORPUS_CANDIDATES.find((d) => existsSync(join(d, 'chatgpt-001.html')));
  if (!found) throw new Error(`The page corpus is missing; looked in ${CORPUS_CANDIDATES.join(', ')}.`);
  return found;
}

export const FIXTURES_DIR = join(here, 'fixtures');
export const CAPTURES_DIR = join(here, 'captures');

function fileOf(page: string, ext: 'html' | 'json'): string {
  const [kind, name] = page.split('/');
  if (kind === 'corpus') return join(corpusDir(), `${name}.${ext}`);
  if (kind === 'fixtures') return join(FIXTURES_DIR, `${name}.${ext}`);
  if (kind === 'captures') return join(CAPTURES_DIR, `${name}.${ext}`);
  throw new Error(
    `Unknown saved page "${page}": expected corpus/<name>, fixtures/<name> or captures/<name>.`,
  );
}

export function pageHtml(page: string): string {
  return readFileSync(fileOf(page, 'html'), 'utf8');
}

export function pageJson<T = unknown>(page: string): T {
  return JSON.parse(readFileSync(fileOf(page, 'json'), 'utf8')) as T;
}

/** Parse a saved page into its own Document (needs a DOM environment such as happy-dom). */
export function loadPage(page: string): Document {
  return new DOMParser().parseFromString(pageHtml(page), 'text/html');
}

export type PageKind = 'corpus' | 'fixtures' | 'captures';

export function listPages(kind: PageKind, prefix = ''): string[] {
  const dir = kind === 'corpus' ? corpusDir() : kind === 'fixtures' ? FIXTURES_DIR : CAPTURES_DIR;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html') && f.startsWith(prefix))
    .map((f) => `${kind}/${f.slice(0, -'.html'.length)}`)
    .sort();
}

/**
 * Saved pages a check cannot read yet, each with the open issue that builds its reading: the check runs
 * on them as an expected failure (`it.fails`), so it is never skipped and turns red the day the reading
 * lands, when its row comes off. Keyed by check, then page.
 */
export const PENDING: Record<string, Record<string, string>> = {};

/** The issue that builds `page`'s reading for `check`, when that reading is not built yet. */
export function pendingOn(check: string, page: string): string | undefined {
  return PENDING[check]?.[page];
}
