/**
 * A snippet of definitions merged into the file (issues 26, 40): a reply that shows one or more
 * functions, methods or classes of a file that holds more means those definitions, not the whole file —
 * written as the file, it would delete every other line. Each definition of the snippet whose signature
 * is in the file once replaces the file's definition that starts there; the rest of the file stays.
 * A line of the file is removed only where the reply shows it replaced: inside a definition it shows.
 *
 * The snippet, read level by level (the top level, then a definition's body):
 * - definitions (definition.ts: extent, signature, the comments and decorators above it);
 * - comments that say the file's lines stay (`# ... (other methods remain the same)`, `keepsLines`):
 *   at this level they stand for the file's other definitions and lines, which all stay;
 * - other lines, shown as they are in the file: each there once, in the snippet's order (a class's
 *   `class Cell:` line with its body elided, an import above an elision) — never written, only checked;
 *   a line the file does not have is no part of this reading (elisions.ts may read it).
 * The file's definition is found, for each of the snippet's, by its signature line, trimmed, once in the
 * range of the level (the file, or the body of the definition the level is in); when it is nowhere, by
 * its head up to the first `(` (the signature changed, its name did not), once. Twice: no reading.
 *
 * What replaces the file's definition:
 * - a definition with such comments inside it is a part of that definition: its body is merged into the
 *   file's the same way, level by level (a class's methods) or, when its body is statements, filled from
 *   the file's body (elisions.ts, pinned to the body: the signature says where it starts and ends); the
 *   header and the closing line are the snippet's when they differ from the file's;
 * - a class (a definition that holds definitions) that shows only some of the methods of the file's class
 *   (or none) and no comment: the same merge — the methods it does not show stay (a model that writes
 *   "the updated class" with the four methods it changed means those four), or it is refused;
 * - any other definition: the snippet's, whole, at the file's indentation; its comments and decorators
 *   replace the file's when it has some, else the file keeps its own.
 * A definition the file does not have is placed next to the snippet's definition or line before it (after
 * its namesake), or else after it (before its namesake), when no elision comment is between them; at
 * the end of a class after an elision comment that nothing follows; anywhere else where it goes is not
 * shown, and the merge is refused with that reason.
 *
 * Without any elision comment the snippet must be definitions and nothing else, and the file must hold
 * other code outside them (else the snippet simply is the file), unless the caller knows it is a part.
 */

import { pushAll } from '../text/push-all';
import {
  blockParts,
  extent,
  findSignature,
  indentOf,
  isContainer,
  leadEnd,
  leadStart,
  looksLikeDefinition,
  membersOf,
  nameOf,
} from './definition';
import { fillElisions, keepsLines } from './elisions';
import { isPlaceholderLine } from './placeholder';

export interface DefinitionReplaced {
  lines: string[];
  /** 1-based, inclusive lines of the file the snippet's first found definition replaced. */
  from: number;
  to: number;
  /** Every definition of the file replaced (1-based, inclusive lines), in the snippet's order. */
  replaced: { from: number; to: number; signature: string }[];
  /**
   * Definitions the file did not have, with the 1-based file line they were put after (0: the start);
   * `unshown`: the reply does not show where, and it was put at the end of its class.
   */
  added: { signature: string; after: number; unshown?: true }[];
  /** Whether comments of the snippet stand for the file's other lines. */
  elided: boolean;
}

/** Why a snippet that reads as definitions cannot be placed with certainty. */
export interface MergeRefused {
  ok: false;
  reason: string;
}

type Item =
  | { kind: 'elision'; line: number }
  | { kind: 'def'; head: number; sig: number; end: number }
  | { kind: 'line'; line: number };

const blank = (l: string) => l.trim() === '';
const worded = (l: string) => /[\p{L}\p{N}]/u.test(l);
const cut = (s: string) => `"${s.length > 80 ? `${s.slice(0, 79)}…` : s}"`;

/** An elision comment the file does not have itself. */
function isElision(line: string, known: ReadonlySet<string>): boolean {
  return isPlaceholderLine(line) && !known.has(line.trim());
}

/** The items of one level of the snippet, or null when a comment there says new code goes there. */
function itemsOf(snip: readonly string[], known: ReadonlySet<string>): Item[] | null {
  const items: Item[] = [];
  let i = 0;
  while (i < snip.length) {
    const l = snip[i]!;
    if (blank(l)) {
      i++;
      continue;
    }
    if (isElision(l, known)) {
      if (!keepsLines(l.trim())) return null;
      items.push({ kind: 'elision', line: i });
      i++;
      continue;
    }
    const sig = leadEnd(snip, i);
    if (sig < snip.length && looksLikeDefinition(snip[sig]!)) {
      const end = extent(snip, sig);
      if (end !== null) {
        items.push({ kind: 'def', head: i, sig, end });
        i = end;
        continue;
      }
    }
    items.push({ kind: 'line', line: i });
    i++;
  }
  return items;
}

function hasElision(snip: readonly string[], from: number, to: number, known: ReadonlySet<string>) {
  for (let i = from; i < to; i++) if (isElision(snip[i]!, known)) return true;
  return false;
}

interface Context {
  file: readonly string[];
  known: ReadonlySet<string>;
  replaced: DefinitionReplaced['replaced'];
  added: DefinitionReplaced['added'];
  /** A class of the snippet showed only some of its methods, and was merged method by method. */
  partial: boolean;
}

type Level = { ok: true; lines: string[] } | MergeRefused | null;

/** `lines` moved from `from`'s indentation to `to`'s, or null when a line is indented less than `from`. */
function shifted(lines: readonly string[], from: string, to: string): string[] | null {
  const out: string[] = [];
  for (const l of lines) {
    if (blank(l)) out.push(l);
    else if (l.startsWith(from)) out.push(to + l.slice(from.length));
    else return null;
  }
  return out;
}

const indentText = (l: string) => l.slice(0, indentOf(l));

/**
 * One level: the snippet's lines `snip` merged into the file's lines [lo, hi). `inBody`: the level is a
 * definition's body (its end is where a new definition after a trailing elision goes); 'class': the body
 * of a class, whose members' order means nothing, so that a new one whose place is not shown goes there
 * too.
 */
function mergeLevel(
  ctx: Context,
  lo: number,
  hi: number,
  snip: readonly string[],
  inBody: boolean | 'class',
): Level {
  const { file, known } = ctx;
  const items = itemsOf(snip, known);
  if (!items || !items.some((it) => it.kind === 'def')) return null;

  interface Found {
    item: Extract<Item, { kind: 'def' }>;
    at: number;
    fileHead: number;
    fileEnd: number;
  }
  const found = new Map<Item, Found>();
  /** Where each shown line is in the file. */
  const lineAt = new Map<Item, number>();
  for (const it of items) {
    if (it.kind === 'line') {
      const t = snip[it.line]!.trim();
      if (!worded(t)) return null;
      let at = -1;
      for (let i = lo; i < hi; i++) {
        if (file[i]!.trim() !== t) continue;
        if (at >= 0) return null;
        at = i;
      }
      if (at < 0) return null;
      lineAt.set(it, at);
      continue;
    }
    if (it.kind !== 'def') continue;
    const at = findSignature(file, snip[it.sig]!, lo, hi);
    if (at === 'several') return null;
    if (at === 'none') continue;
    const fileEnd = extent(file, at, hi);
    if (fileEnd === null) return null;
    // The line after the file's definition is not inside it (a sanity check of the extent).
    const next = file.slice(fileEnd, hi).find((l) => !blank(l));
    if (next !== undefined && indentOf(next) > indentOf(file[at]!)) return null;
    // The snippet's own comments and decorators replace the file's; without any, the file keeps its own.
    const fileHead = it.head < it.sig ? leadStart(file, at, lo) : at;
    found.set(it, { item: it, at, fileHead, fileEnd });
  }
  // A body may get only new definitions (a method added after `// ... existing code ...`).
  if (found.size === 0 && !(inBody && items.some((it) => it.kind === 'elision'))) return null;
  // No two of the file's definitions overlap.
  const spans = [...found.values()].sort((a, b) => a.fileHead - b.fileHead);
  for (let k = 1; k < spans.length; k++) if (spans[k]!.fileHead < spans[k - 1]!.fileEnd) return null;
  // A shown line is not inside a definition the snippet replaces, and stands where the snippet shows it:
  // after the definition before it and before the one after it.
  for (const [it, at] of lineAt) {
    if (spans.some((s) => at >= s.fileHead && at < s.fileEnd)) return null;
    const k = items.indexOf(it);
    const prev = items
      .slice(0, k)
      .reverse()
      .find((x) => found.has(x) || lineAt.has(x));
    const next = items.slice(k + 1).find((x) => found.has(x) || lineAt.has(x));
    const endOf = (x: Item) => found.get(x)?.fileEnd ?? lineAt.get(x)! + 1;
    const startOf = (x: Item) => found.get(x)?.fileHead ?? lineAt.get(x)!;
    if ((prev && endOf(prev) > at) || (next && startOf(next) <= at)) return null;
  }

  // What replaces each found definition.
  const replacement = new Map<number, { end: number; lines: string[] }>();
  for (const it of items) {
    const f = found.get(it);
    if (!f) continue;
    const r = replacementOf(ctx, f.item, f.at, f.fileHead, f.fileEnd, snip);
    if (r === null || 'ok' in r) return r;
    replacement.set(f.fileHead, { end: f.fileEnd, lines: r.lines });
    // A definition merged part by part is told by its parts.
    if (!r.merged)
      ctx.replaced.push({
        from: f.fileHead + 1,
        to: lastNonBlank(file, f.fileHead, f.fileEnd) + 1,
        signature: snip[f.item.sig]!.trim(),
      });
  }

  // Where each new definition goes (see the header).
  const inserts = new Map<number, string[][]>();
  const put = (where: number, block: string[]) => {
    const list = inserts.get(where) ?? [];
    list.push(block);
    inserts.set(where, list);
  };
  /** The file position after which each item's text stands (new definitions placed after another). */
  const placedAt = new Map<Item, { where: number; indent: string }>();
  const bodyEnd = (() => {
    let j = hi;
    while (j > lo && blank(file[j - 1]!)) j--;
    return j;
  })();
  const newOnes = items.filter((it) => it.kind === 'def' && !found.has(it)) as Extract<
    Item,
    { kind: 'def' }
  >[];
  for (const it of newOnes) {
    const k = items.indexOf(it);
    const sig = snip[it.sig]!.trim();
    const text = snip.slice(it.head, trimEnd(snip, it.head, it.end));
    const from = indentText(snip[it.sig]!);
    let placed = false;
    // After the definition or line before it, with no elision between.
    for (let j = k - 1; j >= 0 && !placed; j--) {
      const x = items[j]!;
      if (x.kind === 'elision') break;
      const f = found.get(x);
      const p = placedAt.get(x);
      const where = f ? f.fileEnd : lineAt.has(x) ? lineAt.get(x)! + 1 : p?.where;
      if (where === undefined) continue;
      const indent = f
        ? indentText(file[f.at]!)
        : lineAt.has(x)
          ? indentText(file[lineAt.get(x)!]!)
          : p!.indent;
      const lines = shifted(text, from, indent);
      if (!lines)
        return {
          ok: false,
          reason: `the new definition ${cut(sig)} is indented less than its own first line`,
        };
      put(where, ['', ...lines]);
      placedAt.set(it, { where, indent });
      ctx.added.push({ signature: sig, after: where });
      placed = true;
    }
    if (placed) continue;
    // Before the definition or line after it, with no elision between.
    for (let j = k + 1; j < items.length && !placed; j++) {
      const x = items[j]!;
      if (x.kind === 'elision') break;
      const f = found.get(x);
      if (!f && !lineAt.has(x)) continue;
      const where = f ? f.fileHead : lineAt.get(x)!;
      const indent = indentText(file[f ? f.at : where]!);
      const lines = shifted(text, from, indent);
      if (!lines)
        return {
          ok: false,
          reason: `the new definition ${cut(sig)} is indented less than its own first line`,
        };
      put(where, [...lines, '']);
      placedAt.set(it, { where, indent });
      ctx.added.push({ signature: sig, after: where });
      placed = true;
    }
    if (placed) continue;
    // At the end of a body, after an elision, when nothing follows it; in a class, wherever its place is
    // not shown (between two elisions: Continue's calculator-exp, where a method is added among "// ...
    // same ..." comments) — a class's members are the same in any order, and nothing is removed.
    const trailing = k === items.length - 1;
    const afterElision = items.slice(0, k).some((x) => x.kind === 'elision');
    if ((inBody && trailing && afterElision) || inBody === 'class') {
      const members = membersOf(file, lo, hi);
      const ref = members[0] ? file[members[0].sig]! : file.slice(lo, hi).find((l) => !blank(l));
      if (ref !== undefined) {
        const lines = shifted(text, from, indentText(ref));
        if (lines) {
          put(bodyEnd, ['', ...lines]);
          ctx.added.push({
            signature: sig,
            after: bodyEnd,
            ...(trailing && afterElision ? {} : { unshown: true as const }),
          });
          continue;
        }
      }
    }
    return {
      ok: false,
      reason: `where the new definition ${cut(sig)} goes is not shown: ${afterElision || items.slice(k + 1).some((x) => x.kind === 'elision') ? 'elision comments stand between it and every definition of the file the reply shows' : 'nothing next to it is in the file'}`,
    };
  }

  const lines: string[] = [];
  for (let i = lo; i <= hi; i++) {
    const ins = inserts.get(i);
    if (ins) for (const block of ins) pushAll(lines, block);
    if (i === hi) break;
    const r = replacement.get(i);
    if (r) {
      pushAll(lines, r.lines);
      // The file's blank lines at the end of its definition stay as they were.
      let j = r.end;
      while (j > i && blank(file[j - 1]!)) j--;
      for (let b = j; b < r.end; b++) lines.push(file[b]!);
      i = r.end - 1;
      continue;
    }
    lines.push(file[i]!);
  }
  return { ok: true, lines };
}

/**
 * The lines that replace the file's definition [fileHead, fileEnd) (its signature at `at`): the snippet's
 * whole definition, or its parts merged into the file's (see the header).
 */
function replacementOf(
  ctx: Context,
  item: Extract<Item, { kind: 'def' }>,
  at: number,
  fileHead: number,
  fileEnd: number,
  snip: readonly string[],
): { lines: string[]; merged: boolean } | MergeRefused | null {
  const { file, known } = ctx;
  const fileIndent = indentText(file[at]!);
  const snipIndent = indentText(snip[item.sig]!);
  const nested = hasElision(snip, item.sig + 1, item.end, known);
  const sp = blockParts(snip, item.sig, item.end);
  const fp = blockParts(file, at, fileEnd);
  // A class that shows only some of the file's class's methods, and no comment.
  let partial = false;
  if (!nested && isContainer(snip[item.sig]!) && sp && fp) {
    const shown = new Set(membersOf(snip, sp.bodyFrom, sp.bodyTo).map((m) => nameOf(snip[m.sig]!)));
    const theirs = membersOf(file, fp.bodyFrom, fp.bodyTo).map((m) => nameOf(file[m.sig]!));
    // Nor every line of its own: a docstring or field the snippet does not have is left out of what it
    // shows, not shown removed (a model's "updated class" often skips them).
    const own = new Set(snip.slice(sp.bodyFrom, sp.bodyTo).map((l) => l.trim()));
    partial =
      theirs.some((n) => !shown.has(n)) ||
      ownLines(file, fp.bodyFrom, fp.bodyTo).some((l) => !own.has(file[l]!.trim()));
  }
  if (!nested && !partial) {
    const whole = shifted(snip.slice(item.head, trimEnd(snip, item.head, item.end)), snipIndent, fileIndent);
    return whole
      ? { lines: whole, merged: false }
      : {
          ok: false,
          reason: `the lines of ${cut(snip[item.sig]!.trim())} are indented less than its signature`,
        };
  }
  const name = cut(snip[item.sig]!.trim());
  if (!sp || !fp)
    return {
      ok: false,
      reason: `${name} holds parts left out, and its body does not start and end on lines of its own, so its parts cannot be put in the file's`,
    };
  const body = snip.slice(sp.bodyFrom, sp.bodyTo);
  let merged: string[] | null = null;
  const members = mergeLevel(
    ctx,
    fp.bodyFrom,
    fp.bodyTo,
    body,
    isContainer(file[at]!) && isContainer(snip[item.sig]!) ? 'class' : true,
  );
  if (members && !members.ok) return members;
  if (members?.ok) merged = members.lines;
  else if (nested) {
    const f = fillElisions(file.slice(fp.bodyFrom, fp.bodyTo), body, { pinned: true });
    if (f && !f.ok) return { ok: false, reason: `in ${name}: "${f.placeholder}": ${f.reason}` };
    if (f?.ok) merged = f.lines;
  }
  if (merged === null)
    return partial
      ? {
          ok: false,
          reason: `${name} leaves out some of the methods or lines of the file's, and its other lines are not in the file: whether what it leaves out stays is not shown`,
        }
      : { ok: false, reason: `the parts of ${name} cannot be placed in the file's` };
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((l, i) => l.trim() === b[i]!.trim());
  const piece = (sFrom: number, sTo: number, fFrom: number, fTo: number): string[] | null => {
    const mine = snip.slice(sFrom, sTo);
    const theirs = file.slice(fFrom, fTo);
    return same(mine, theirs) ? [...theirs] : shifted(mine, snipIndent, fileIndent);
  };
  const leads = item.head < item.sig ? piece(item.head, item.sig, fileHead, at) : file.slice(fileHead, at);
  const header = piece(item.sig, sp.bodyFrom, at, fp.bodyFrom);
  const closer =
    sp.closer === null || fp.closer === null
      ? sp.closer === fp.closer
        ? []
        : null
      : piece(sp.closer, sp.closer + 1, fp.closer, fp.closer + 1);
  if (!leads || !header || !closer)
    return { ok: false, reason: `the lines of ${name} are indented less than its signature` };
  if (partial) ctx.partial = true;
  return { lines: [...leads, ...header, ...merged, ...closer], merged: true };
}

/** The lines of a body [from, to) at its members' level that are no part of a member: docstrings, fields. */
function ownLines(lines: readonly string[], from: number, to: number): number[] {
  const members = membersOf(lines, from, to);
  const level = members[0] ? indentOf(lines[members[0].sig]!) : null;
  const out: number[] = [];
  for (let i = from; i < to; i++) {
    if (members.some((m) => i >= m.head && i < m.end)) continue;
    const l = lines[i]!;
    if (worded(l) && (level === null || indentOf(l) <= level)) out.push(i);
  }
  return out;
}

function trimEnd(lines: readonly string[], from: number, end: number): number {
  let j = end;
  while (j > from && blank(lines[j - 1]!)) j--;
  return j;
}

function lastNonBlank(lines: readonly string[], from: number, end: number): number {
  return trimEnd(lines, from, end) - 1;
}

/**
 * The snippet's definitions put in place of their namesakes in `file` (see the header): the new text, a
 * refusal with its reason when the snippet reads as definitions but a part cannot be placed with
 * certainty, or null when it does not read as definitions. `whole`: the caller knows the snippet is a
 * part of the file, so a file that is only these definitions is one too.
 */
export function mergeDefinitions(
  file: readonly string[],
  snippet: readonly string[],
  { whole = false }: { whole?: boolean } = {},
): DefinitionReplaced | MergeRefused | null {
  const known = new Set(file.map((l) => l.trim()));
  const elided = hasElision(snippet, 0, snippet.length, known);
  const items = itemsOf(snippet, known);
  // Without elision comments, definitions and nothing else.
  if (!elided && (!items || items.some((it) => it.kind !== 'def'))) return null;
  const ctx: Context = { file, known, replaced: [], added: [], partial: false };
  const r = mergeLevel(ctx, 0, file.length, snippet, false);
  if (!r || !r.ok) return r;
  if (!elided && !whole && !ctx.partial) {
    // The file holds other code: otherwise the snippet is the whole file, written as it is.
    const covered = new Set<number>();
    for (const p of ctx.replaced) for (let i = p.from - 1; i < p.to; i++) covered.add(i);
    if (!file.some((l, i) => !covered.has(i) && !blank(l))) return null;
  }
  const first = ctx.replaced[0] ?? { from: 1, to: 1 };
  return {
    lines: r.lines,
    from: first.from,
    to: first.to,
    replaced: ctx.replaced,
    added: ctx.added,
    elided,
  };
}

/** What the review and the CLI say about a merge (`path`: the file, as the reply names it). */
export function definitionNote(def: DefinitionReplaced, path: string): string {
  const n = def.replaced.length + def.added.length;
  const tail = def.elided ? ' The comments around them stand for the rest of the file.' : '';
  // Only a body's lines filled around its elisions: no definition of its own replaced or added.
  if (n === 0)
    return `The reply's text for ${path} is a part of the file: its lines are put in place of the file's where they stand, and the rest of the file stays.${tail}`;
  if (n === 1 && def.replaced.length === 1) {
    const r = def.replaced[0]!;
    return `The reply's text for ${path} is one definition (${cut(r.signature)}): it replaces that definition (lines ${r.from}–${r.to}), and the rest of the file stays.${tail}`;
  }
  const parts = def.replaced.map((r) => `${cut(r.signature)} (lines ${r.from}–${r.to})`);
  const adds = def.added.map(
    (a) =>
      `${cut(a.signature)} ${a.after === 0 ? 'at the start' : `after line ${a.after}`}${a.unshown ? ' (at the end of its class: the reply does not show where in it)' : ''}`,
  );
  const list = (xs: string[]) =>
    xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
  const what = `${n} definition${n === 1 ? '' : 's'}`;
  return `The reply's text for ${path} is ${what}: it replaces ${parts.length > 0 ? list(parts) : 'none of the file'}${adds.length > 0 ? `, and adds ${list(adds)}, which the file does not have` : ''}; the rest of the file stays.${tail}`;
}
