/**
 * Delimiter blocks (spec 000): every command sits between `--- COMMAND: path ---` lines.
 *
 * Grammar (a delimiter line may be indented; its path may be wrapped in backticks or quotes):
 *   reply    := (prose | block)*
 *   block    := "--- START-FILE: " p " ---"         NL content "--- END-FILE: " p " ---"           → create (overwrite)
 *             | "--- START-REPLACE-FILE: " p " ---" NL content "--- END-REPLACE-FILE: " p " ---"   → replace
 *             | "--- START-PATCH: " p " ---"        NL diff    "--- END-PATCH: " p " ---"          → patch
 *             | "--- DELETE-FILE: " p " ---"                                                     → delete
 *   diff     := a unified diff, with or without ---/+++ headers (see unified-diff.ts); the
 *               delimiter lines themselves start with `---` but end with `---` too, which a diff
 *               header never does.
 * A block ends at the first END line of the same kind that names the same path; lines in between that
 * look like delimiters of other paths are content (a file that documents this format).
 *
 * Named tolerances:
 * - blocks inside a code fence, also an indented one (a list item): the START line's indentation is
 *   removed from the content lines;
 * - content wrapped whole in a code fence (```php … ```): the fence is stripped;
 * - a block closed by the END of another kind but the same path (START-REPLACE-FILE … END-FILE)
 *   is accepted with a warning;
 * - a delimiter line without its closing `---`.
 * Refused, as error diagnostics: an END line that names another path (the block is skipped: which
 * path was meant is unknown), a block that is never closed (the reply was cut off; a partial
 * file must not be written), and a command line this format does not define (`--- MOVE-FILE: a ---`)
 * outside every block.
 */
import type { Diagnostic, Op } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import { dedentBy, firstAfter, linesToContent, stripWrappingFence } from './fences';
import type { FormatParser, ParsedBlock } from './types';
import { readPatchBody, replyLines } from './unified-diff';

type Kind =
  | 'START-FILE'
  | 'END-FILE'
  | 'START-PATCH'
  | 'END-PATCH'
  | 'START-REPLACE-FILE'
  | 'END-REPLACE-FILE'
  | 'DELETE-FILE';

const KINDS = new Set<string>([
  'START-FILE',
  'END-FILE',
  'START-PATCH',
  'END-PATCH',
  'START-REPLACE-FILE',
  'END-REPLACE-FILE',
  'DELETE-FILE',
]);

interface Delimiter {
  /** 0-based line index. */
  i: number;
  kind: Kind;
  path: string;
  indent: number;
}

/** `--- KIND: path ---`, or null. Plain string work: no regex backtracking on long lines. */
export function parseDelimiter(line: string): Omit<Delimiter, 'i'> | null {
  const t = line.trim();
  if (!t.startsWith('---')) return null;
  // Case: the closing `---` forgotten (`--- END-FILE: a.py`); the command word still identifies it.
  const inner = t.endsWith('---') && t.length >= 6 ? t.slice(3, -3) : t.slice(3);
  const colon = inner.indexOf(':');
  if (colon < 0) return null;
  const kind = inner.slice(0, colon).trim();
  if (!KINDS.has(kind)) return null;
  const path = inner.slice(colon + 1).trim();
  let indent = 0;
  while (line[indent] === ' ' || line[indent] === '\t') indent++;
  return { kind: kind as Kind, path, indent };
}

/** A delimiter-shaped line with a command this format does not define (`--- MOVE-FILE: a ---`). */
const UNKNOWN_COMMAND = /^[ \t]*---[ \t]*((?:START|END|[A-Z]+)-[A-Z]+(?:-[A-Z]+)*)[ \t]*:.*---[ \t]*$/;

const END_OF: Partial<Record<Kind, Kind>> = {
  'START-FILE': 'END-FILE',
  'START-PATCH': 'END-PATCH',
  'START-REPLACE-FILE': 'END-REPLACE-FILE',
};

export const delimiterBlocksParser: FormatParser = {
  id: 'delimiter-blocks',
  detect(text) {
    return /---[ \t]*(?:START-(?:FILE|PATCH|REPLACE-FILE)|DELETE-FILE)[ \t]*:/.test(text);
  },
  parse(text) {
    const { raw, clean } = replyLines(text);
    const delims: Delimiter[] = [];
    const unknown: Array<{ i: number; word: string }> = [];
    for (let i = 0; i < clean.length; i++) {
      const l = clean[i]!;
      // Cheap pre-test before trimming every line of a long reply.
      if (l.indexOf('---') < 0) continue;
      const d = parseDelimiter(l);
      if (d) delims.push({ i, ...d });
      else {
        const m = UNKNOWN_COMMAND.exec(l);
        if (m) unknown.push({ i, word: m[1]! });
      }
    }
    // Line indices of each kind+path, to find a block's END (and a restarted START) without rescans.
    const byKey = new Map<string, number[]>();
    for (const d of delims) {
      const key = `${d.kind}\0${d.path}`;
      const list = byKey.get(key);
      if (list) list.push(d.i);
      else byKey.set(key, [d.i]);
    }

    const blocks: ParsedBlock[] = [];
    let pos = 0; // first line not yet inside a block
    for (let n = 0; n < delims.length; n++) {
      const d = delims[n]!;
      if (d.i < pos) continue;
      const line = d.i + 1;
      const diag = (severity: Diagnostic['severity'], message: string, at = line): ParsedBlock => ({
        start: at,
        end: at,
        ops: [],
        diagnostics: [{ severity, line: at, message }],
      });
      if (d.path === '' && d.kind !== 'END-FILE' && d.kind !== 'END-PATCH' && d.kind !== 'END-REPLACE-FILE') {
        blocks.push(diag('error', `The ${d.kind} line at reply line ${line} names no file.`));
        continue;
      }
      if (d.kind === 'DELETE-FILE') {
        blocks.push({
          start: line,
          end: line,
          ops: [{ kind: 'delete', path: d.path, line }],
          diagnostics: [],
        });
        pos = d.i + 1;
        continue;
      }
      const endKind = END_OF[d.kind];
      if (!endKind) {
        blocks.push(
          diag('warning', `${d.kind}: ${d.path} at reply line ${line} closes no open block; it was ignored.`),
        );
        continue;
      }
      let close = firstAfter(byKey.get(`${endKind}\0${d.path}`), d.i);
      // Case: the model started the same block again before closing the first one (a restart).
      const restart = firstAfter(byKey.get(`${d.kind}\0${d.path}`), d.i);
      if (restart >= 0 && close >= 0 && restart < close) close = -1;
      const diagnostics: Diagnostic[] = [];
      if (close < 0) {
        const next = delims[n + 1];
        if (!next?.kind.startsWith('END-')) {
          blocks.push(cutOff(d));
          continue;
        }
        if (next.path !== d.path) {
          blocks.push({
            start: line,
            end: next.i + 1,
            ops: [],
            diagnostics: [
              {
                severity: 'error',
                line: next.i + 1,
                message: `The block "${d.kind}: ${d.path}" at reply line ${line} is closed by "${next.kind}: ${next.path}" at reply line ${next.i + 1}; the paths differ, so the block was skipped.`,
              },
            ],
          });
          pos = next.i + 1;
          continue;
        }
        // Case: START-REPLACE-FILE … END-FILE for the same path.
        diagnostics.push({
          severity: 'warning',
          line: next.i + 1,
          message: `The block "${d.kind}: ${d.path}" at reply line ${line} is closed by ${next.kind} instead of ${endKind}.`,
        });
        close = next.i;
      }
      pos = close + 1;
      const from = d.i + 1;
      const op = blockOp(d, raw.slice(from, close), clean.slice(from, close), from + 1, diagnostics);
      blocks.push({ start: line, end: close + 1, ops: op ? [op] : [], diagnostics });
    }
    // A command this format does not define, outside every block (inside one it is the file's content):
    // never applied as if it were not there.
    // Blocks with ops are disjoint and in reply order, as the unknown lines are: one walk over both, not
    // every block asked for every line (many blocks and commands made that quadratic, issue 44).
    const withOps = blocks.filter((b) => b.ops.length > 0);
    let b = 0;
    for (const u of unknown) {
      const line = u.i + 1;
      while (b < withOps.length && withOps[b]!.end <= line) b++;
      if (b < withOps.length && line > withOps[b]!.start && line < withOps[b]!.end) continue;
      blocks.push(
        errorAt(
          line,
          `Reply line ${line} has the command "${u.word}", which delimiter blocks do not define (START-FILE, START-PATCH, START-REPLACE-FILE, DELETE-FILE); nothing is applied without it.`,
        ),
      );
    }
    return blocks.sort((a, b) => a.start - b.start);
  },
};

/** A one-line block that only says what is wrong there. */
function errorAt(line: number, message: string): ParsedBlock {
  return { start: line, end: line, ops: [], diagnostics: [{ severity: 'error', line, message }] };
}

function cutOff(d: Delimiter): ParsedBlock {
  const line = d.i + 1;
  return errorAt(
    line,
    `The block "${d.kind}: ${d.path}" at reply line ${line} is never closed (the reply was probably cut off); it was skipped.`,
  );
}

function blockOp(
  d: Delimiter,
  rawLines: string[],
  cleanLines: string[],
  firstLine: number,
  diagnostics: Diagnostic[],
): Op | null {
  const line = d.i + 1;
  if (d.kind === 'START-PATCH') {
    const r = readPatchBody(dedentBy(rawLines, d.indent), dedentBy(cleanLines, d.indent), firstLine);
    pushAll(diagnostics, r.diagnostics);
    if (r.hunks.length === 0) {
      diagnostics.push({
        severity: 'error',
        line,
        message: `The patch for ${d.path} at reply line ${line} has no hunks; nothing to apply.`,
      });
      return null;
    }
    const op: Op = { kind: 'patch', path: d.path, hunks: r.hunks, line };
    if (r.isNew) op.isNew = true;
    if (r.isDelete) op.isDelete = true;
    return op;
  }
  const content = linesToContent(stripWrappingFence(dedentBy(cleanLines, d.indent)).lines);
  if (d.kind === 'START-FILE') return { kind: 'create', path: d.path, content, ifExists: 'overwrite', line };
  return { kind: 'replace', path: d.path, content, line };
}
