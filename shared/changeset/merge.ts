/** Several change sets of one reply seen as one (the review and the CLI plan and write them together). */
import type { ChangeSet, Diagnostic, FormatId, Op } from './changeset';

/**
 * One change set out of several: ops in reply-line order (a reply can mix formats, and each format's
 * set holds only its own blocks), diagnostics kept with their op index moved along, summaries joined.
 * Null when there is nothing at all.
 */
export function mergeChangeSets(sets: readonly ChangeSet[]): ChangeSet | null {
  const first = sets[0];
  if (!first) return null;
  if (sets.length === 1) return first;
  const entries: { op: Op; set: number; index: number }[] = [];
  sets.forEach((s, set) => {
    s.ops.forEach((op, index) => {
      entries.push({ op, set, index });
    });
  });
  // Array.prototype.sort is stable: ops on the same line keep their set's order.
  entries.sort((a, b) => a.op.line - b.op.line);
  const moved = new Map<string, number>();
  entries.forEach((e, i) => {
    moved.set(`${e.set}:${e.index}`, i);
  });
  const diagnostics: Diagnostic[] = [];
  sets.forEach((s, set) => {
    for (const d of s.diagnostics) {
      const copy: Diagnostic = { ...d };
      delete copy.op;
      const op = d.op === undefined ? undefined : moved.get(`${set}:${d.op}`);
      if (op !== undefined) copy.op = op;
      diagnostics.push(copy);
    }
  });
  diagnostics.sort((a, b) => a.line - b.line);
  const merged: ChangeSet = {
    id: sets.map((s) => s.id).join('+'),
    source: { ...first.source },
    ops: entries.map((e) => e.op),
    diagnostics,
  };
  const summary = summaryOf(sets);
  if (summary !== undefined) merged.summary = summary;
  return merged;
}

/** The change sets' summaries (the assistant's plan or message), joined; undefined when none has one. */
export function summaryOf(sets: readonly ChangeSet[]): string | undefined {
  const summaries = sets.map((s) => s.summary).filter((s): s is string => !!s);
  return summaries.length ? summaries.join('\n\n') : undefined;
}

/** The formats a reply was written in, each once, in reply order. */
export function formatsOf(sets: readonly ChangeSet[]): FormatId[] {
  return [...new Set(sets.map((s) => s.source.format))];
}
