/**
 * The project put into the chat (issue 41): the chosen files as one message, for the popup and for
 * `replyapply context`. Its shape is what a model reads unambiguously and what ReplyApply itself reads
 * back (a reply that echoes a file as the bundle wrote it is a whole-file operation with the same path):
 *
 *     Here are 2 files of my project, each under its path relative to the project folder.
 *
 *     Files:
 *     - src/app.ts
 *     - src/lib/util.ts
 *
 *     src/app.ts
 *     ```ts
 *     …the file, byte for byte (its line ends as LF)…
 *     ```
 *
 * - The path stands alone on the line right above its fence: the `line` hint of path-hints.ts, a
 *   stated name, the form models answer in when they give a whole file. It is the relative,
 *   `/`-separated path the applier resolves, nothing added or left out.
 * - A fence is longer than any run of backticks at the start of a line of the file, so the file's own
 *   fences stay inside it.
 * - Line ends go as LF: a chat's message box turns CRLF into LF anyway, and the applier writes a
 *   file's own line ends back (a reply's LF text is written with the file's CRLF).
 * - A changed file (sent again after it changed on disk) says so above its path, so the model drops the
 *   version it saw before.
 * A path with a space, or an extension-less name like `README`, cannot be read back from a bare line (a
 * name with spaces is prose to path-hints.ts); it is written in the fence's info string as `title="…"`,
 * which is read as stated. A path neither form gives back exactly is refused (`bundlePathProblem`).
 */

import { pathFromInfo, pathFromLine } from '../formats/path-hints';

export interface BundleFile {
  path: string;
  content: string;
  /** Sent before in this conversation and changed since: marked as the file's new version. */
  changed?: boolean;
}

export interface BundleOptions {
  /** A format instruction (shared/instructions), put after the files. */
  instruction?: string;
}

/** Fence languages by file ending, where the ending is not already the language's name. */
const LANGUAGES: Record<string, string> = {
  ts: 'ts',
  tsx: 'tsx',
  js: 'js',
  jsx: 'jsx',
  mjs: 'js',
  cjs: 'js',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  go: 'go',
  java: 'java',
  kt: 'kotlin',
  cs: 'csharp',
  cpp: 'cpp',
  cc: 'cpp',
  h: 'c',
  c: 'c',
  hpp: 'cpp',
  sh: 'bash',
  md: 'markdown',
  yml: 'yaml',
  yaml: 'yaml',
  json: 'json',
  toml: 'toml',
  html: 'html',
  css: 'css',
  scss: 'scss',
  vue: 'vue',
  svelte: 'svelte',
  sql: 'sql',
  php: 'php',
  swift: 'swift',
  xml: 'xml',
};

export function languageOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  return LANGUAGES[name.slice(dot + 1).toLowerCase()] ?? '';
}

/** A run of backticks longer than any that opens a line of `text`, and at least three. */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/^[ \t]*(`{3,}|~{3,})/gm)) longest = Math.max(longest, m[1]!.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * How the bundle can write `path` so that ReplyApply reads it back as exactly that path: alone on the
 * line above the fence, or (a name with a space, `README`) as the fence's quoted title. Decided by the
 * readers themselves (path-hints.ts), so the bundle never writes a path its own applier reads otherwise.
 */
function pathForm(path: string): 'line' | 'title' | null {
  if (pathFromLine(path) === path) return 'line';
  if (pathFromInfo(`text title="${path}"`) === path) return 'title';
  return null;
}

/**
 * Why a file cannot go into the bundle under its path, or null when it can: a name no reply could give
 * back exactly (a quote or a backtick in it, two spaces in a row…) would be edited under another name or
 * none. The popup shows such a file unticked with this reason; `replyapply context` says it.
 */
export function bundlePathProblem(path: string): string | null {
  return pathForm(path) === null
    ? `its name cannot be written so that a reply naming it is read back as ${path} (quotes, backticks, control characters or runs of spaces in it)`
    : null;
}

export function buildBundle(files: readonly BundleFile[], options: BundleOptions = {}): string {
  if (files.length === 0) throw new Error('A bundle needs at least one file.');
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) throw new Error(`The file ${f.path} is in the bundle twice.`);
    seen.add(f.path);
  }
  const changed = files.filter((f) => f.changed).length;
  const count = `${files.length} file${files.length === 1 ? '' : 's'}`;
  const intro =
    changed === files.length
      ? `Here ${files.length === 1 ? 'is the new version' : 'are the new versions'} of ${count} of my project that changed since I sent ${files.length === 1 ? 'it' : 'them'}, each under its path relative to the project folder. Use ${files.length === 1 ? 'it' : 'these'} instead of the earlier ${files.length === 1 ? 'one' : 'ones'}.`
      : `Here ${files.length === 1 ? 'is' : 'are'} ${count} of my project, each under its path relative to the project folder.`;
  const out: string[] = [intro, '', 'Files:', ...files.map((f) => `- ${f.path}`), ''];
  for (const f of files) {
    const content = f.content.replace(/\r\n?/g, '\n');
    const fence = fenceFor(content);
    const lang = languageOf(f.path);
    if (f.changed && changed !== files.length) out.push(`(new version, changed since I sent it)`);
    const form = pathForm(f.path);
    if (form === 'line') out.push(f.path, `${fence}${lang}`);
    else if (form === 'title') out.push(`${fence}${lang || 'text'} title="${f.path}"`);
    else throw new Error(`${f.path} cannot go into the bundle: ${bundlePathProblem(f.path)}.`);
    const body = content.endsWith('\n') ? content.slice(0, -1) : content;
    if (content !== '') out.push(body);
    out.push(fence, '');
  }
  if (options.instruction?.trim()) out.push(options.instruction.trim(), '');
  return out.join('\n');
}
