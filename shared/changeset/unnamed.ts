/**
 * Operations whose file the reply does not name (path ''): a SEARCH/REPLACE block or a part of a file
 * the plan looks for in the folder by its text (alias `content`), or a whole text nothing places (alias
 * `ask`). The user may name the file: in the review (a text field on the op's row) or with the CLI's
 * `--path-for LINE=PATH`. A name the user gives is the op's path as if the reply had written it — checked
 * like every path of a reply (paths.ts) and by the host against the folder — and no longer a guess.
 */
import { normalizePath } from '../paths/paths';
import type { ChangeSet, Op } from './changeset';

/** What the review shows for an op that names no file. */
export interface UnnamedOp {
  /** The op's reply line: how the user names it (`--path-for 12=a.py`). */
  line: number;
  /**
   * What it is: 'part' (located by its text), 'whole' (a whole text), 'edits' (SEARCH/REPLACE), 'updates'
   * (a canvas's regular-expression updates).
   */
  kind: 'part' | 'whole' | 'edits' | 'updates';
  /** Its first non-blank line, for the review. */
  firstLine: string;
  document?: string;
}

export function isUnnamed(op: Op): boolean {
  return op.kind !== 'shell' && op.kind !== 'rename' && op.path === '';
}

/** The ops of the change sets that name no file, in reply order. */
export function unnamedOps(sets: readonly ChangeSet[]): UnnamedOp[] {
  const out: UnnamedOp[] = [];
  for (const set of sets) {
    for (const op of set.ops) {
      if (!isUnnamed(op)) continue;
      const text =
        op.kind === 'search-replace'
          ? (op.edits[0]?.search ?? '')
          : op.kind === 'regex'
            ? (op.edits[0]?.pattern ?? '')
            : 'content' in op && typeof op.content === 'string'
              ? op.content
              : '';
      const first = text.split('\n').find((l) => l.trim() !== '') ?? '';
      const u: UnnamedOp = {
        line: op.line,
        kind:
          op.kind === 'search-replace'
            ? 'edits'
            : op.kind === 'regex'
              ? 'updates'
              : op.kind === 'replace' && op.part
                ? 'part'
                : 'whole',
        firstLine: first.trim().slice(0, 120),
      };
      if (op.document) u.document = op.document;
      out.push(u);
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/** A path the user typed, checked as a reply's path is; the reason when it is refused. */
export function checkGivenPath(raw: string): { ok: true; path: string } | { ok: false; reason: string } {
  const r = normalizePath(raw.trim());
  return r.ok ? { ok: true, path: r.path } : { ok: false, reason: r.reason };
}

/**
 * The change sets with the ops of `names` (reply line → path, already checked) given that path: the
 * alias that said how to find it is gone, and the op is not a guess — the user named it.
 */
export function nameOps(sets: readonly ChangeSet[], names: ReadonlyMap<number, string>): ChangeSet[] {
  if (names.size === 0) return [...sets];
  return sets.map((set) => {
    let changed = false;
    const ops = set.ops.map((op) => {
      const path = names.get(op.line);
      if (path === undefined || !isUnnamed(op) || op.kind === 'shell' || op.kind === 'rename') return op;
      changed = true;
      const { alias: _alias, guess: _guess, ...rest } = op;
      return { ...rest, path } as Op;
    });
    return changed ? { ...set, ops } : set;
  });
}
