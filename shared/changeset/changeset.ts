/**
 * The ChangeSet: the one model every reply format is read into (see DESIGN §1).
 * A parser only reads text; it never touches files. Every op carries the 1-based
 * line of the reply it came from, so the UI and the CLI can point at it.
 */
import * as z from 'zod/mini';

export const FORMAT_IDS = [
  'artifacts',
  'delimiter-blocks',
  'file-changes',
  'aptix',
  'structured-json',
  'markdown-actions',
  'xml-edits',
  'search-replace',
  'openai-patch',
  'unified-diff',
  'whole-file',
] as const;
export const FormatIdSchema = z.enum(FORMAT_IDS);
export type FormatId = z.infer<typeof FormatIdSchema>;

/**
 * One hunk of a unified diff (or one chunk of an OpenAI `*** Update File`).
 * `lines` keep their one-character prefix: ' ' context, '-' removed, '+' added,
 * '\\' for "\ No newline at end of file" (which applies to the line before it).
 * Line numbers are absent for bare `@@` hunks: the engine then searches the whole file.
 */
export const HunkSchema = z.object({
  oldStart: z.optional(z.int().check(z.nonnegative())),
  oldLines: z.optional(z.int().check(z.nonnegative())),
  newStart: z.optional(z.int().check(z.nonnegative())),
  newLines: z.optional(z.int().check(z.nonnegative())),
  /** Text after the closing `@@` (a function name in git's output); informational only. */
  section: z.optional(z.string()),
  /** OpenAI patch: `@@ class Foo` lines that narrow the search, outermost first. */
  anchors: z.optional(z.array(z.string())),
  /** OpenAI patch: `*** End of File` — the hunk must match at the end of the file. */
  atEof: z.optional(z.boolean()),
  lines: z.array(z.string()),
  /**
   * Indexes into `lines` of lines written without a prefix (read as unchanged lines). When the hunk does
   * not fit as written, the engine tries it without them (junk such as a leaked `</thinking>`).
   */
  loose: z.optional(z.array(z.int().check(z.nonnegative()))),
  /**
   * Text followed the closing `@@` without a space (`@@ -10,7 +10,7 @@clusters = …`): it may be the
   * hunk's first line, glued to the header. `section` holds it.
   */
  glued: z.optional(z.literal(true)),
});
export type Hunk = z.infer<typeof HunkSchema>;

export const SearchReplaceEditSchema = z.object({
  search: z.string(),
  replace: z.string(),
  /** Replace every occurrence (Aptix `limit: "all"`). */
  all: z.boolean(),
  /**
   * When several places match, take the first instead of refusing (Aptix `limit: "once"`,
   * which its spec defines as "the first occurrence"). The engine reports a warning.
   */
  takeFirst: z.optional(z.boolean()),
  /**
   * `search` is a literal substring, not whole lines (Aptix `find`: "Literal substring to search for in
   * the file content"). Matched exactly first; when it is not in the file as written, the engine falls
   * back to the whole-line ladder.
   */
  literal: z.optional(z.boolean()),
  /**
   * The replacement is written as the reply has it, even where the search matched only with indentation
   * ignored (Cline's line-trimmed match); without it the replacement is re-indented to match (aider).
   */
  verbatim: z.optional(z.literal(true)),
  /**
   * aider's reading of its blocks (shared/formats/search-replace.ts's header): one trailing empty line of
   * the REPLACE text is layout and dropped; one trailing empty line of the SEARCH text is layout that
   * may still locate it but is not replaced; the edited file ends with a line break.
   */
  aider: z.optional(z.literal(true)),
});
export type SearchReplaceEdit = z.infer<typeof SearchReplaceEditSchema>;

export const EditRangeSchema = z.object({
  start: z.int(),
  end: z.int(),
  content: z.string(),
});
export type EditRange = z.infer<typeof EditRangeSchema>;

/**
 * The file an op names may be known by another name in the project (see shared/engine/resolve-paths.ts):
 * - `diff-names`: a diff's two names (`--- a` / `+++ b` without git rename lines) and the strip levels
 *   of a traditional diff (`linux-vanilla/x`); the one that exists is the file — not a guess;
 * - `absolute`: an absolute path (`/Users/me/proj/src/a.ts`); inside the chosen folder it is made
 *   relative, else the one tail of it that names an existing file is offered as a guess;
 * - `placeholder`: a made-up folder (`path/to/a.py`) in front of a file that exists: a guess;
 * - `doubled`: a folder written twice (`sub/sub/a.txt`) when only `sub/a.txt` exists: a guess;
 * - `content`: a SEARCH/REPLACE op whose reply names no file (`written` and the op's `path` are ''), or
 *   names one that does not exist: the one file of the folder that holds its search text is offered as
 *   a guess (shared/engine/locate-by-content.ts). `paths` are the files the folder search found.
 *   A `replace` op with `part` (a code block naming no file that is plainly a part of one) too.
 * - `ask`: a whole text that names no file (a complete program in a code block with no name, an artifact
 *   or canvas whose title is no file name): nothing tells which file it is, so the review asks for its
 *   path and nothing is written until the user gives one (`written` and `path` are '').
 */
export const PathAliasSchema = z.object({
  how: z.enum(['diff-names', 'absolute', 'placeholder', 'doubled', 'content', 'ask']),
  /** The path as the reply wrote it, for the review ('' when it wrote none: `content` only). */
  written: z.string(),
  /** Other normalized paths the reply may mean, most likely first. */
  paths: z.array(z.string()),
  /** `diff-names`: `paths` from this index on are only guesses (strip levels no diff tool would use). */
  guessFrom: z.optional(z.int().check(z.nonnegative())),
  /**
   * `content`: how the folder was searched for `paths`. Absent until it was (a parser cannot search):
   * the plan then chooses no file.
   */
  search: z.optional(
    z.object({
      /** Text files read. */
      files: z.int().check(z.nonnegative()),
      /** More files hold the lines of the search text than `paths` lists (it lists the first ones). */
      matched: z.optional(z.int().check(z.nonnegative())),
      /** The search stopped at one of its bounds before the end of the folder. */
      stopped: z.optional(z.object({ bound: z.enum(['files', 'bytes', 'time']), limit: z.int() })),
      /** The folder could not be searched (the host's reason). */
      failed: z.optional(z.string()),
    }),
  ),
});
export type PathAlias = z.infer<typeof PathAliasSchema>;

const opBase = {
  /** 1-based line of the reply where the operation starts. */
  line: z.int().check(z.positive()),
  /**
   * The path was only guessed from prose ("Here is the updated `a.py`:"). Offered unticked,
   * applied only to a file that exists.
   */
  guess: z.optional(z.boolean()),
  /** Other names of the op's file (`path`, or `from` of a rename), resolved by the plan. */
  alias: z.optional(PathAliasSchema),
  /**
   * The op was read from prose the page rebuilt (outside a code block, text source `dom`): the chat's
   * Markdown rendering may have changed its whitespace, blank lines or list markers. Never written
   * without the user's explicit tick.
   */
  lossy: z.optional(z.literal(true)),
  /**
   * The document the op's text came from, as the review names it: `artifact "Data Processing Script",
   * version 3`, `canvas "app.py"` (shared/formats/artifacts.ts).
   */
  document: z.optional(z.string().check(z.maxLength(300))),
};

export const OpSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('create'),
    path: z.string(),
    content: z.string(),
    ifExists: z.enum(['overwrite', 'fail']),
    ...opBase,
  }),
  z.object({
    kind: z.literal('replace'),
    /** '' when the reply names no file: `part` only, with the alias `content` (see PathAlias). */
    path: z.string(),
    content: z.string(),
    /**
     * The text is a part of a file, never the whole of it (a code block naming no file that is whole
     * definitions, or a snippet whose comments stand for the file's own lines): it replaces the
     * definitions its signatures name (shared/engine/definition.ts) or is filled from the file
     * (elisions.ts); when neither fits, it is refused.
     */
    part: z.optional(z.literal(true)),
    ...opBase,
  }),
  z.object({
    kind: z.literal('patch'),
    path: z.string(),
    hunks: z.array(HunkSchema),
    /** Rename the file as part of the patch (git `rename to`, OpenAI `*** Move to:`). */
    newPath: z.optional(z.string()),
    /** The diff creates the file (`--- /dev/null`, `new file mode`). */
    isNew: z.optional(z.boolean()),
    /** The diff deletes the file (`+++ /dev/null`, `deleted file mode`). */
    isDelete: z.optional(z.boolean()),
    /** git's `index e69de29..`: the diff was made against an empty file, so the file must be empty. */
    fromEmpty: z.optional(z.literal(true)),
    /**
     * git `copy from`: the file at `path` starts as a copy of this file (which is kept), then the
     * hunks apply. An engine that does not support it must refuse (path does not exist yet).
     */
    copyFrom: z.optional(z.string()),
    /** git: the copy starts from the source as it was before the reply (a diff's copies read the old tree). */
    copyOfOriginal: z.optional(z.literal(true)),
    /**
     * The format always ends an updated file with a newline (OpenAI's `*** Begin Patch`: codex writes
     * every file it updates that way). Without it, the file keeps its own ending unless a hunk's
     * "\ No newline at end of file" markers change it.
     */
    finalNewline: z.optional(z.literal(true)),
    /**
     * A move onto an existing file replaces it (codex's `*** Move to:`). Without it such a move is
     * refused. The plan shows it as the destination modified and the source deleted, both hash-checked.
     */
    moveOverwrites: z.optional(z.literal(true)),
    ...opBase,
  }),
  z
    .object({
      kind: z.literal('search-replace'),
      /** '' when the reply names no file for the edits; its alias is then `content` (see PathAlias). */
      path: z.string(),
      edits: z.array(SearchReplaceEditSchema),
      ...opBase,
    })
    .check(
      z.refine((op) => op.path !== '' || op.alias?.how === 'content', {
        message: 'a search-replace op without a path must be located by its content (alias "content")',
        path: ['path'],
      }),
    ),
  /**
   * Regular-expression updates of a document (a ChatGPT canvas `canmore.update_textdoc` whose document
   * the conversation answer does not hold): Python `re` syntax, applied in order, each to the first match
   * (`multiple`: every match); a pattern that matches nothing refuses the op. '' when no file is named:
   * the folder is searched for the patterns' literal text (alias `content`), else the review asks (`ask`).
   */
  z.object({
    kind: z.literal('regex'),
    path: z.string(),
    edits: z.array(z.object({ pattern: z.string(), replacement: z.string(), multiple: z.boolean() })),
    ...opBase,
  }),
  z.object({
    kind: z.literal('insert'),
    path: z.string(),
    /** 1-based; `lines + 1` appends. */
    beforeLine: z.int(),
    content: z.string(),
    ...opBase,
  }),
  z.object({ kind: z.literal('edit-ranges'), path: z.string(), edits: z.array(EditRangeSchema), ...opBase }),
  /** Add `content` at the end of the file (FILE_APPEND); a missing file is created with it. */
  z.object({ kind: z.literal('append'), path: z.string(), content: z.string(), ...opBase }),
  z.object({ kind: z.literal('rename'), from: z.string(), to: z.string(), ...opBase }),
  z.object({ kind: z.literal('delete'), path: z.string(), ...opBase }),
  z.object({ kind: z.literal('shell'), command: z.string(), ...opBase }),
]);
export type Op = z.infer<typeof OpSchema>;
export type OpKind = Op['kind'];
export type OpOf<K extends OpKind> = Extract<Op, { kind: K }>;

export const DiagnosticSchema = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  /** 1-based line of the reply. */
  line: z.int().check(z.positive()),
  /** Index into `ops` of the operation this concerns, if any. */
  op: z.optional(z.int().check(z.nonnegative())),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export const TEXT_SOURCES = ['api', 'copy-button', 'dom', 'paste', 'selection', 'file'] as const;

export const ChangeSetSchema = z.object({
  id: z.string(),
  source: z.object({
    format: FormatIdSchema,
    site: z.optional(z.string()),
    conversationId: z.optional(z.string()),
    replyId: z.optional(z.string()),
    /** Where the raw reply text came from. */
    textSource: z.optional(z.enum(TEXT_SOURCES)),
  }),
  summary: z.optional(z.string()),
  ops: z.array(OpSchema),
  diagnostics: z.array(DiagnosticSchema),
});
export type ChangeSet = z.infer<typeof ChangeSetSchema>;

export { countFiles, opPaths } from './paths-of';
