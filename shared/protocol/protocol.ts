/**
 * The native-messaging protocol between the extension and the host (documented with examples in
 * native-host/PROTOCOL.md). Every message is checked against these schemas on both sides.
 *
 * Request:  { id, method, params }
 * Answer:   { id, ok: true, result } | { id, ok: false, error: { code, message, path? } }
 * Progress: { id, progress: {...} }      (zero or more before the answer of a long call)
 * Page:     { id, page: { index, count, chunk } }   (an answer over the browser's 1 MiB limit, in pieces)
 */
import * as z from 'zod/mini';
import { CommitOutcomeSchema, CommitRequestSchema, GitStateParams, GitStateResultSchema } from './git';
import type { ErrorCode } from './names';

export { ErrorCode, HOST_NAME, PROTOCOL_VERSION } from './names';

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const HostErrorSchema = z.object({
  code: z.int(),
  message: z.string(),
  path: z.optional(z.string()),
});
export type HostError = z.infer<typeof HostErrorSchema>;

/** sha256 hex of the exact bytes, or null for "the file does not exist". */
const Hash = z.nullable(z.string().check(z.regex(/^[0-9a-f]{64}$/)));
const Root = z.string().check(z.minLength(1));
const RelPath = z.string().check(z.minLength(1));

export const HelloParams = z.optional(z.strictObject({}));
export const HelloResult = z.object({
  version: z.string(),
  protocol: z.int(),
  capabilities: z.array(z.string()),
});

export const ListDirParams = z.object({
  /** Absolute folder; the home folder when omitted. */
  path: z.optional(z.string()),
  showHidden: z.optional(z.boolean()),
});
export const DirEntrySchema = z.object({ name: z.string(), isGitRepo: z.boolean(), readable: z.boolean() });
export const ListDirResult = z.object({
  path: z.string(),
  parent: z.nullable(z.string()),
  entries: z.array(DirEntrySchema),
});

export const ReadFilesParams = z.object({ root: Root, paths: z.array(RelPath).check(z.maxLength(10_000)) });
export const SnapshotSchema = z.discriminatedUnion('exists', [
  z.object({
    path: z.string(),
    exists: z.literal(false),
    /**
     * The files of the project whose path equals this one ignoring letter case (`readme.md` for a missing
     * `README.md`, `src/app.js` for `Src/app.js`), compared name by name from the root; absent when none.
     * The plan offers the one such file as a guess, and refuses to choose between several (issue 25). With
     * no such file but folders of the path in another case: the path inside them (`src/new.js` for a new
     * `Src/new.js`), which does not exist.
     */
    caseVariants: z.optional(z.array(z.string())),
    /**
     * The line endings of a few existing files near it (same extension first), for the endings of a file
     * the reply creates there (shared/engine/new-file-eol.ts); absent when none has a line break.
     */
    eolNear: z.optional(
      z.array(z.object({ path: z.string(), eol: z.enum(['crlf', 'lf']) })).check(z.maxLength(16)),
    ),
  }),
  z.object({
    path: z.string(),
    exists: z.literal(true),
    text: z.string(),
    hash: z.string(),
    size: z.int(),
    mode: z.int(),
  }),
  z.object({
    path: z.string(),
    exists: z.literal('error'),
    error: HostErrorSchema,
  }),
]);
export type Snapshot = z.infer<typeof SnapshotSchema>;
export const ReadFilesResult = z.object({ root: z.string(), files: z.array(SnapshotSchema) });

/** One approved file change: the exact new content and the hash of the content it was planned against. */
export const FileChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), path: RelPath, baseHash: Hash, content: z.string() }),
  z.object({ action: z.literal('modify'), path: RelPath, baseHash: Hash, content: z.string() }),
  z.object({ action: z.literal('delete'), path: RelPath, baseHash: Hash }),
  z.object({
    action: z.literal('rename'),
    from: RelPath,
    path: RelPath,
    baseHash: Hash,
    /** New content at `path`; the content of `from` when the rename changes nothing else. */
    content: z.string(),
  }),
]);
export type FileChange = z.infer<typeof FileChangeSchema>;

export const ApplyParams = z.object({
  root: Root,
  changes: z.array(FileChangeSchema).check(z.minLength(1)),
  /** Shown in history: where the change came from ("chatgpt.com: reply 3"). */
  label: z.optional(z.string().check(z.maxLength(500))),
  /** Commit the written files with git afterwards (shared/protocol/git.ts). */
  commit: z.optional(CommitRequestSchema),
});
export const FileResultSchema = z.object({
  path: z.string(),
  action: z.enum(['create', 'modify', 'delete', 'rename']),
  from: z.optional(z.string()),
  status: z.enum(['ok', 'conflict', 'error', 'skipped']),
  message: z.optional(z.string()),
});
export const ApplyResult = z.object({
  applyId: z.string(),
  files: z.array(FileResultSchema),
  commit: z.optional(CommitOutcomeSchema),
});

export const UndoParams = z.object({
  root: Root,
  applyId: z.optional(z.string()),
  force: z.optional(z.boolean()),
});
export const UndoResult = z.object({
  applyId: z.string(),
  files: z.array(FileResultSchema),
  /** The revert commit, when the apply was committed. */
  commit: z.optional(CommitOutcomeSchema),
});

export const HistoryParams = z.object({
  root: Root,
  limit: z.optional(z.int().check(z.positive(), z.maximum(1000))),
});
export const HistoryEntrySchema = z.object({
  applyId: z.string(),
  time: z.string(),
  label: z.optional(z.string()),
  files: z.array(z.object({ path: z.string(), action: z.string(), from: z.optional(z.string()) })),
  undone: z.boolean(),
  /** The commit the apply made, when it made one. */
  commit: z.optional(z.string()),
});
export const HistoryResult = z.object({ root: z.string(), entries: z.array(HistoryEntrySchema) });

export const RunScriptParams = z.object({
  root: Root,
  command: z.string().check(z.minLength(1), z.maxLength(100_000)),
  timeoutMs: z.optional(z.int().check(z.positive(), z.maximum(3_600_000))),
});
export const RunScriptResult = z.object({
  exitCode: z.nullable(z.int()),
  signal: z.nullable(z.string()),
  output: z.string(),
  truncated: z.boolean(),
  timedOut: z.boolean(),
});

/**
 * `findText`: the text files of the project whose text holds every needle of a query, to find the file a
 * SEARCH/REPLACE edit that names none is meant for (shared/engine/locate-by-content.ts). Needles and files
 * are compared ignoring whitespace, backticks and typographic quotes or dashes (`searchKey`): what the
 * engine's loosest rung for SEARCH text ignores, so no file the edit fits is missed. The search is
 * bounded (files read, bytes read, time); a caller may lower the bounds, never raise them.
 */
export const FindTextParams = z.object({
  root: Root,
  queries: z
    .array(
      z.object({
        needles: z
          .array(z.string().check(z.minLength(1), z.maxLength(4096)))
          .check(z.minLength(1), z.maxLength(64)),
      }),
    )
    .check(z.minLength(1), z.maxLength(100)),
  maxFiles: z.optional(z.int().check(z.positive())),
  maxBytes: z.optional(z.int().check(z.positive())),
  timeoutMs: z.optional(z.int().check(z.positive())),
});
export const FindTextResult = z.object({
  root: z.string(),
  /** Per query, in order: the first files (by path) that hold every needle, and how many do. */
  queries: z.array(z.object({ paths: z.array(z.string()), matched: z.int() })),
  /** Text files read. */
  files: z.int(),
  /** The bound the search stopped at before the end of the folder, with its limit. */
  stopped: z.optional(z.object({ bound: z.enum(['files', 'bytes', 'time']), limit: z.int() })),
});

/**
 * `listTree`: the project's files, to pick from when the project goes into the chat (issue 41). Read like
 * every read: below the resolved root only, no link followed, `.git/` and the other repository stores never
 * entered; binary files (by content), FIFOs, sockets and devices left out and counted. What git ignores (asked
 * of git in a work tree, else read from the `.gitignore` files) is listed as ignored, a folder git ignores as
 * one entry that is not entered. Bounded: the entries listed and the time; the answer says where it stopped.
 */
export const ListTreeParams = z.object({
  root: Root,
  /** At most this many entries (the host's own bound when higher or omitted). */
  maxEntries: z.optional(z.int().check(z.positive())),
  /** At most this long, in ms (the host's own bound when higher or omitted). */
  timeoutMs: z.optional(z.int().check(z.positive())),
});
export const TreeEntrySchema = z.object({
  /** `/`-separated, relative to the root: exactly the path the applier resolves. */
  path: z.string(),
  /** A text file, or a folder git ignores, listed without its content. */
  kind: z.enum(['file', 'folder']),
  /** Bytes (0 for a folder). */
  size: z.int(),
  /** git ignores it: listed, never ticked by default. */
  ignored: z.boolean(),
  /** Its name says it holds secrets (shared/context/secrets.ts): never ticked by default. */
  secret: z.boolean(),
  /** Larger than a file put into the chat may be (MAX_CONTEXT_FILE_BYTES, 1 MiB): listed, cannot be ticked. */
  tooLarge: z.optional(z.boolean()),
});
export const ListTreeResult = z.object({
  root: z.string(),
  /** The root is in a git work tree (what is ignored was asked of git). */
  git: z.boolean(),
  /** Sorted by path. */
  entries: z.array(TreeEntrySchema),
  /** What was left out, counted by why. */
  skipped: z.object({
    binary: z.int(),
    links: z.int(),
    special: z.int(),
    unreadable: z.int(),
    unsafeNames: z.int(),
  }),
  /** The bound the listing stopped at before the end of the folder, with its limit. */
  stopped: z.optional(z.object({ bound: z.enum(['entries', 'time']), limit: z.int() })),
});

export const METHODS = {
  hello: { params: HelloParams, result: HelloResult },
  listDir: { params: ListDirParams, result: ListDirResult },
  readFiles: { params: ReadFilesParams, result: ReadFilesResult },
  apply: { params: ApplyParams, result: ApplyResult },
  undo: { params: UndoParams, result: UndoResult },
  history: { params: HistoryParams, result: HistoryResult },
  runScript: { params: RunScriptParams, result: RunScriptResult },
  findText: { params: FindTextParams, result: FindTextResult },
  gitState: { params: GitStateParams, result: GitStateResultSchema },
  listTree: { params: ListTreeParams, result: ListTreeResult },
} as const;
export type Method = keyof typeof METHODS;
export type ParamsOf<M extends Method> = z.infer<(typeof METHODS)[M]['params']>;
export type ResultOf<M extends Method> = z.infer<(typeof METHODS)[M]['result']>;

export const RequestSchema = z.object({
  id: z.union([z.string().check(z.maxLength(200)), z.int()]),
  method: z.string(),
  params: z.optional(z.unknown()),
});
export type Request = z.infer<typeof RequestSchema>;

export const ResponseSchema = z.union([
  z.object({ id: z.nullable(z.union([z.string(), z.number()])), ok: z.literal(true), result: z.unknown() }),
  z.object({
    id: z.nullable(z.union([z.string(), z.number()])),
    ok: z.literal(false),
    error: HostErrorSchema,
  }),
  z.object({ id: z.union([z.string(), z.number()]), progress: z.record(z.string(), z.unknown()) }),
  z.object({
    id: z.union([z.string(), z.number()]),
    page: z.object({ index: z.int(), count: z.int(), chunk: z.string() }),
  }),
]);
export type Response = z.infer<typeof ResponseSchema>;
