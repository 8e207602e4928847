/**
 * A change set cut into parts that share no file, so a caller with thousands of files can plan part by
 * part and let each part's texts go before reading the next (the CLI on a 10,000-file diff: a third less
 * memory and less garbage collection). `plan` treats a file on its own except through a rename, a copy or
 * a patch's new path, which join their two paths into one part here. Planning every part in turn gives
 * the files of `plan` of the whole, in the order of their first operation.
 */
import type { ChangeSet, Op } from '../changeset/changeset';
import { caseKey } from '../paths/case';
import { opNeeds } from './plan';

/**
 * The parts, in the order of their first operation, each with its operations in reply order and no
 * diagnostics (the whole's diagnostics belong to no part). A shell operation is a part of its own.
 */
export function independentParts(changeSet: ChangeSet): ChangeSet[] {
  const parent = new Map<string, string>();
  const find = (p: string): string => {
    let root = p;
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) root = up;
    // Point the chain at the root, so later finds are short.
    for (let at = p; at !== root; ) {
      const up = parent.get(at)!;
      parent.set(at, root);
      at = up;
    }
    return root;
  };
  // Absolute paths tell the plan together where the reply puts the project (plan.ts, absoluteRootOf):
  // they share one part, through a key no real path can be. Names that differ only in letter case may
  // be one file (resolve-paths.ts, resolveCase): they share a part too.
  const needs = (op: Op) => {
    const paths = opNeeds(op).map(caseKey);
    return op.alias?.how === 'absolute' ? ['\0absolute', ...paths] : paths;
  };
  // Each op's paths as keys, worked out once (a 10,000-file diff: 30,000 names, each normalized).
  const keys = changeSet.ops.map(needs);
  for (const opKeys of keys) {
    const [first, ...rest] = opKeys;
    if (first === undefined) continue;
    if (!parent.has(first)) parent.set(first, first);
    for (const other of rest) {
      if (!parent.has(other)) parent.set(other, other);
      const a = find(first);
      const b = find(other);
      if (a !== b) parent.set(b, a);
    }
  }
  const parts: Op[][] = [];
  const byRoot = new Map<string, Op[]>();
  for (const [i, op] of changeSet.ops.entries()) {
    const first = keys[i]![0];
    if (first === undefined) {
      parts.push([op]);
      continue;
    }
    const root = find(first);
    let ops = byRoot.get(root);
    if (!ops) {
      ops = [];
      byRoot.set(root, ops);
      parts.push(ops);
    }
    ops.push(op);
  }
  return parts.map((ops) => ({ ...changeSet, ops, diagnostics: [] }));
}
