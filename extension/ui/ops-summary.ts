/**
 * What a reply would do, file by file, read from its operations alone (the popup has no folder to
 * plan against yet): the action each file ends with, following renames, and the commands.
 */
import type { ChangeSet, Diagnostic, Op } from '../../shared/changeset/changeset';
import type { FileAction } from '../../shared/engine';

export interface OpRow {
  path: string;
  from?: string;
  action: FileAction;
  /** Reply lines of the operations on this file. */
  lines: number[];
  guess: boolean;
  /** The op names no file: the review finds it by its text (`find`), or asks the user for it (`ask`). */
  unnamed?: 'find' | 'ask';
}

export interface OpsSummary {
  files: OpRow[];
  scripts: { command: string; line: number }[];
  /** Error diagnostics of every change set, in reply order. */
  errors: Diagnostic[];
}

function firstAction(op: Exclude<Op, { kind: 'shell' | 'rename' }>): FileAction {
  if (op.kind === 'create' || (op.kind === 'patch' && op.isNew)) return 'create';
  if (op.kind === 'delete' || (op.kind === 'patch' && op.isDelete)) return 'delete';
  return 'modify';
}

export function summarizeOps(sets: readonly ChangeSet[]): OpsSummary {
  const ops = sets.flatMap((s) => s.ops).sort((a, b) => a.line - b.line);
  const rows: OpRow[] = [];
  const byPath = new Map<string, OpRow>();
  const scripts: OpsSummary['scripts'] = [];

  const moveTo = (row: OpRow, to: string) => {
    if (to === row.path) return;
    byPath.delete(row.path);
    // A file the reply creates and then moves is still just a new file, under its last name.
    if (row.action !== 'create') {
      row.from ??= row.path;
      row.action = 'rename';
    }
    row.path = to;
    byPath.set(to, row);
  };

  for (const op of ops) {
    if (op.kind === 'shell') {
      scripts.push({ command: op.command, line: op.line });
      continue;
    }
    const path = op.kind === 'rename' ? op.from : op.path;
    // Each op that names no file is a file of its own, found in the folder by its text.
    let row = path === '' ? undefined : byPath.get(path);
    if (!row) {
      row = { path, action: op.kind === 'rename' ? 'modify' : firstAction(op), lines: [], guess: false };
      if (path === '') row.unnamed = op.alias?.how === 'ask' ? 'ask' : 'find';
      rows.push(row);
      if (path !== '') byPath.set(path, row);
    } else if (op.kind !== 'rename') {
      const next = firstAction(op);
      if (next === 'delete') row.action = 'delete';
      else if (row.action === 'delete') row.action = 'modify';
    }
    row.lines.push(op.line);
    if (op.guess) row.guess = true;
    if (op.kind === 'rename') moveTo(row, op.to);
    else if (op.kind === 'patch' && op.newPath !== undefined) moveTo(row, op.newPath);
  }
  const errors = sets
    .flatMap((s) => s.diagnostics)
    .filter((d) => d.severity === 'error')
    .sort((a, b) => a.line - b.line);
  return { files: rows, scripts, errors };
}
