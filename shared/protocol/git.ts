/**
 * The git parts of the protocol (issue 29): the state of the files a plan touches (`gitState`), the
 * commit an apply may make of the files it wrote (`apply`'s `commit`), and the revert commit of an undo.
 * Documented with examples in native-host/PROTOCOL.md ("Git").
 */
import * as z from 'zod/mini';
import { GIT_STATE_MAX_PATHS } from './names';

export const GIT_FILE_STATES = ['modified', 'untracked', 'ignored'] as const;
export type GitFileState = (typeof GIT_FILE_STATES)[number];

export const GitStateParams = z.object({
  root: z.string().check(z.minLength(1)),
  paths: z.array(z.string().check(z.minLength(1))).check(z.maxLength(GIT_STATE_MAX_PATHS)),
});

export const GitStateResultSchema = z.discriminatedUnion('repo', [
  /** Not a git work tree, no git, or git did not answer: nothing to show. */
  z.object({ repo: z.literal(false) }),
  z.object({
    repo: z.literal(true),
    /** The checked-out branch; null when HEAD is detached. */
    branch: z.nullable(z.string()),
    /** Only the paths with something to say; the others are committed and unchanged, or new. */
    files: z.array(z.object({ path: z.string(), state: z.enum(GIT_FILE_STATES) })),
    /** Why a commit would fail here (git does not know who commits); absent when it can commit. */
    cannotCommit: z.optional(z.string()),
  }),
]);
export type GitStateResult = z.infer<typeof GitStateResultSchema>;

/** `apply`'s optional commit: these of the written paths (a rename's both names), with this message. */
export const CommitRequestSchema = z.object({
  // No NUL: git's command line cannot carry one.
  message: z.string().check(z.minLength(1), z.maxLength(10_000), z.regex(/^[^\0]*$/)),
  paths: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(10_000)),
});
export type CommitRequest = z.infer<typeof CommitRequestSchema>;

/** What became of a commit the user asked for: made (its hash), or why not (the files stay written). */
export const CommitOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    hash: z.string(),
    message: z.string(),
    paths: z.array(z.string()),
    /** Asked for but not committed: gone and never tracked, or ignored and untracked. */
    left: z.optional(z.array(z.string())),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type CommitOutcome = z.infer<typeof CommitOutcomeSchema>;
