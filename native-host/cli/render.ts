/**
 * Text the CLI prints: change sets found in a reply, plans with their diffs, apply results. Colour only
 * when writing to a terminal (and NO_COLOR is unset), so piped output and logs stay plain text.
 */
import type { ChangeSet, Diagnostic, Op } from '../../shared/changeset/changeset';
import { visible } from '../../shared/text/visible';
import type { CliIO } from './io';

export { visible };

export interface Style {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const sgr =
  (open: number, close: number) =>
  (s: string): string =>
    `\x1b[${open}m${s}\x1b[${close}m`;

export const COLOR: Style = {
  red: sgr(31, 39),
  green: sgr(32, 39),
  yellow: sgr(33, 39),
  cyan: sgr(36, 39),
  bold: sgr(1, 22),
  dim: sgr(2, 22),
};

const id = (s: string) => s;
export const PLAIN: Style = { red: id, green: id, yellow: id, cyan: id, bold: id, dim: id };

/** Colour for a terminal, plain otherwise; NO_COLOR (any value) wins, FORCE_COLOR forces it on. */
export function styleFor(io: CliIO): Style {
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return PLAIN;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return COLOR;
  return io.stdout.isTTY ? COLOR : PLAIN;
}

/**
 * Characters JSON.stringify leaves as they are that a terminal obeys or that reorder text: DEL, the C1
 * controls (U+009B is an 8-bit CSI), bidi controls and the line and paragraph separators. They can only
 * stand inside JSON strings, where `\u` escapes keep the text exactly.
 */
const JSON_RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The `--json` answer: valid JSON whatever the reply held, the reply's text kept exactly (escaped, never
 * rewritten as `visible` does for a terminal). Written to the raw stdout, not through `terminalSafe`.
 */
export function jsonText(value: unknown): string {
  const json = JSON.stringify(value, null, 2).replace(
    JSON_RAW,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${json}\n`;
}

/**
 * The same CliIO, with everything written to stdout and stderr passed through `visible`: for text meant
 * for a terminal. JSON goes to the raw stdout through `jsonText`.
 */
export function terminalSafe(io: CliIO): CliIO {
  const keepStyle = styleFor(io) === COLOR;
  const wrap = <T extends NodeJS.WritableStream>(stream: T): T =>
    new Proxy(stream, {
      get(target, prop, receiver) {
        if (prop === 'write') {
          return (chunk: unknown, ...rest: unknown[]) =>
            (target.write as (...a: unknown[]) => boolean).call(
              target,
              typeof chunk === 'string' ? visible(chunk, keepStyle) : chunk,
              ...rest,
            );
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { ...io, stdout: wrap(io.stdout), stderr: wrap(io.stderr) };
}

/** What an op does, as a verb, and the path it is about (`a → b` for renames). */
export function describeOp(op: Op): { action: string; target: string } {
  switch (op.kind) {
    case 'shell':
      return { action: 'run', target: op.command };
    case 'rename':
      return { action: 'rename', target: `${op.from} → ${op.to}` };
    case 'create':
      return {
        action: op.ifExists === 'fail' ? 'create' : 'write',
        // A whole text that names no file: the user names it (`--path-for`).
        target: op.path === '' ? `a file you name (--path-for ${op.line}=PATH)` : op.path,
      };
    case 'replace':
      // A part of a file that names none: the plan looks for the file by its text (engine/part.ts).
      return op.path === ''
        ? { action: 'edit', target: 'a file found by its content (definitions or a snippet)' }
        : { action: 'replace', target: op.path };
    case 'delete':
      return { action: 'delete', target: op.path };
    case 'patch': {
      const action = op.isNew ? 'create' : op.isDelete ? 'delete' : op.newPath ? 'rename+patch' : 'patch';
      const target = op.newPath ? `${op.path} → ${op.newPath}` : op.path;
      const n = op.hunks.length;
      return { action, target: n > 0 ? `${target} (${n} hunk${n === 1 ? '' : 's'})` : target };
    }
    case 'search-replace': {
      const n = op.edits.length;
      // A block that names no file: the plan looks for it by its text (locate-by-content.ts).
      const file = op.path === '' ? 'a file found by its content' : op.path;
      return { action: 'edit', target: `${file} (${n} search/replace block${n === 1 ? '' : 's'})` };
    }
    case 'regex': {
      const n = op.edits.length;
      const file = op.path === '' ? 'a file found by its content' : op.path;
      return { action: 'edit', target: `${file} (${n} canvas update${n === 1 ? '' : 's'})` };
    }
    case 'insert':
      return { action: 'insert', target: `${op.path} (before line ${op.beforeLine})` };
    case 'append':
      return { action: 'append', target: op.path };
    case 'edit-ranges': {
      const ranges = op.edits.map((e) => (e.end < e.start ? `before ${e.start}` : `${e.start}-${e.end}`));
      return { action: 'edit', target: `${op.path} (lines ${ranges.join(', ')})` };
    }
  }
}

export function renderDiagnostic(d: Diagnostic, style: Style): string {
  const label =
    d.severity === 'error'
      ? style.red('error')
      : d.severity === 'warning'
        ? style.yellow('warning')
        : style.dim('info');
  return `${label} (reply line ${d.line}): ${d.message}`;
}

/** The human listing of `detect`: per change set its format, its ops and its diagnostics. */
export function renderChangeSets(sets: readonly ChangeSet[], style: Style): string {
  const out: string[] = [];
  for (const set of sets) {
    const n = set.ops.length;
    out.push(style.bold(`${set.source.format}: ${n} operation${n === 1 ? '' : 's'}`));
    if (set.summary) for (const line of set.summary.split('\n')) out.push(style.dim(`  ${line}`));
    const width = Math.max(0, ...set.ops.map((o) => describeOp(o).action.length));
    for (const op of set.ops) {
      const { action, target } = describeOp(op);
      const guess = op.guess ? style.yellow(' [path guessed from prose]') : '';
      out.push(`  ${action.padEnd(width)}  ${target}${guess}  ${style.dim(`(reply line ${op.line})`)}`);
    }
    for (const d of set.diagnostics) out.push(`  ${renderDiagnostic(d, style)}`);
    out.push('');
  }
  return out.join('\n');
}

/**
 * Colour a unified diff line by line (headers bold, hunks cyan, removals red, additions green). Plain
 * style returns it unchanged.
 */
export function colorDiff(diff: string, style: Style): string {
  if (style === PLAIN) return diff;
  return diff
    .split('\n')
    .map((line) => colorDiffLine(line, style))
    .join('\n');
}

/** One line of `colorDiff` (the line holds no newline). */
export function colorDiffLine(line: string, style: Style): string {
  if (style === PLAIN) return line;
  if (line.startsWith('+++') || line.startsWith('---')) return style.bold(line);
  if (line.startsWith('@@')) return style.cyan(line);
  if (line.startsWith('+')) return style.green(line);
  if (line.startsWith('-')) return style.red(line);
  return line;
}
