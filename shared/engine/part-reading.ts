/**
 * A new text for a file that may be only a part of it (issues 26, 40): definitions of the file
 * (merge-definitions.ts) or a snippet whose comments stand for the file's lines (`// ... existing code
 * ...`, elisions.ts). One rule holds for every such reading: a line of the file is removed only where the
 * reply shows it removed or replaced — the old body of a definition it shows, lines between two lines it
 * shows next to each other. Lines outside the span the snippet covers stay.
 *
 * The readings, in order:
 * 1. definitions and elision comments, level by level (merge-definitions.ts): the definitions it shows
 *    replace their namesakes, everything else stays;
 * 2. elisions filled from the file between their anchors (elisions.ts), the text placed where its first
 *    and last lines are in the file.
 * A reading is refused when the file's brackets balance and its result does not (balance.ts), or when
 * it would delete a whole definition of the file the reply does not show (a `def b` between two methods
 * it shows next to each other, a method below the last one a class shows): the reply shows it neither
 * removed nor renamed. Lines it
 * removes that it shows nothing in place of are said beside the file's diff.
 */
import { diffArrays } from 'diff';
import { unbalancedAgainst } from './balance';
import { extent, looksLikeDefinition, nameOf } from './definition';
import { type FilledRange, fillElisions } from './elisions';
import { type DefinitionReplaced, mergeDefinitions } from './merge-definitions';
import { findPlaceholders } from './placeholder';

export type PartRead =
  | {
      ok: true;
      lines: string[];
      /** Reading 1: what the merge replaced and added. */
      definitions?: DefinitionReplaced;
      /** Reading 2: the file's lines kept for each elision. */
      filled: FilledRange[];
      /** 1-based, inclusive runs of the file the reading removes with nothing in their place. */
      removed: { from: number; to: number }[];
    }
  | { ok: false; placeholder: string; reason: string };

/**
 * The reading of `text` as a part of `file` (see the header), a refusal with its reason, or null when it
 * is no part by either reading (no elision comment the file lacks, and not definitions of the file).
 * `part`: the caller knows it is a part (a block that names no file, placed by its content).
 */
export function readAsPart(
  file: readonly string[],
  text: readonly string[],
  { part = false }: { part?: boolean } = {},
): PartRead | null {
  const elisions = findPlaceholders(text, file);
  const firstElision = elisions.length > 0 ? text[elisions[0]!]!.trim() : '';
  const def = mergeDefinitions(file, text, { whole: part });
  let refused: { placeholder: string; reason: string } | null = null;
  if (def && 'lines' in def) {
    const broken = unbalancedAgainst(file, def.lines);
    const lost = broken ? [] : lostDefinitions(file, def.lines);
    if (!broken && lost.length === 0)
      return { ok: true, lines: def.lines, definitions: def, filled: [], removed: [] };
    refused = {
      placeholder: firstElision,
      reason: broken
        ? `read as definitions, ${broken}: the definitions would not go back where they belong`
        : `read as definitions, ${deletes(lost[0]!)}`,
    };
  } else if (def) refused = { placeholder: firstElision, reason: def.reason };
  if (elisions.length === 0) return refused ? { ok: false, ...refused } : null;

  const fill = fillElisions(file, text);
  if (fill === null) return refused ? { ok: false, ...refused } : null;
  if (!fill.ok) return { ok: false, ...(refused ?? fill) };
  const broken = unbalancedAgainst(file, fill.lines);
  if (broken)
    return {
      ok: false,
      placeholder: fill.filled[0]?.placeholder ?? firstElision,
      reason:
        refused?.reason ??
        `filled from the file, ${broken}: the file's lines would not go back where they belong`,
    };
  const lost = lostDefinitions(file, fill.lines);
  if (lost.length > 0) {
    return {
      ok: false,
      placeholder: fill.filled[0]?.placeholder ?? firstElision,
      reason: refused?.reason ?? `filled from the file, ${deletes(lost[0]!)}`,
    };
  }
  return { ok: true, lines: fill.lines, filled: fill.filled, removed: pureRemovals(file, fill.lines) };
}

function deletes(l: { signature: string; line: number }): string {
  const sig = l.signature.length > 60 ? `"${l.signature.slice(0, 59)}…"` : `"${l.signature}"`;
  return `it would delete ${sig} (line ${l.line}), which the reply does not show: it says nothing of removing it`;
}

/** The definitions of `lines`, by name: each with its 0-based line. */
function definitionLines(lines: readonly string[]): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!looksLikeDefinition(lines[i]!)) continue;
    const name = nameOf(lines[i]!);
    if (name && extent(lines, i) !== null) out.push({ name, line: i });
  }
  return out;
}

/**
 * The file's definitions that `after` no longer has and whose lines it replaced with no definition of
 * a new name (a rename): deleted, not rewritten.
 */
export function lostDefinitions(
  before: readonly string[],
  after: readonly string[],
): { signature: string; line: number }[] {
  const count = (defs: { name: string }[]) => {
    const m = new Map<string, number>();
    for (const d of defs) m.set(d.name, (m.get(d.name) ?? 0) + 1);
    return m;
  };
  const mine = definitionLines(before);
  const theirs = count(definitionLines(after));
  const had = count(mine);
  const gone = new Set([...had].filter(([n, k]) => (theirs.get(n) ?? 0) < k).map(([n]) => n));
  if (gone.size === 0) return [];
  // Where each removed run of the file stands, and whether the lines added in its place define a name
  // the file does not have.
  const parts = diffArrays(
    before.map((l) => l.trim()),
    after.map((l) => l.trim()),
  );
  const renamedAt = new Set<number>();
  let at = 0;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (p.added) continue;
    if (p.removed) {
      // A rename keeps the body: most of the removed run's other lines are among the added ones (a new
      // method the diff sets where an old one was is an addition, and the old one is lost).
      const near = [parts[k - 1], parts[k + 1]].filter((x) => x?.added);
      const fresh = near.some((x) => {
        const kept = new Set(x!.value.filter((l) => l !== ''));
        const body = p.value.filter((l) => l !== '' && !looksLikeDefinition(l));
        return (
          body.filter((l) => kept.has(l)).length * 2 >= body.length &&
          x!.value.some((l) => {
            const n = looksLikeDefinition(l) ? nameOf(l) : null;
            return n !== null && !had.has(n);
          })
        );
      });
      if (fresh) for (let i = at; i < at + p.count; i++) renamedAt.add(i);
    }
    at += p.count;
  }
  return mine
    .filter((d) => gone.has(d.name) && !renamedAt.has(d.line))
    .map((d) => ({ signature: before[d.line]!.trim(), line: d.line + 1 }));
}

/** Runs of non-blank lines of `before` that `after` removes with nothing added in their place. */
function pureRemovals(before: readonly string[], after: readonly string[]): { from: number; to: number }[] {
  const parts = diffArrays(before as string[], after as string[]);
  const out: { from: number; to: number }[] = [];
  let at = 0;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (p.added) continue;
    if (p.removed && !parts[k - 1]?.added && !parts[k + 1]?.added && p.value.some((l) => l.trim() !== ''))
      out.push({ from: at + 1, to: at + p.count });
    at += p.count;
  }
  return out;
}
