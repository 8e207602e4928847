/**
 * udiffx's range removal (its prompt: "Use when removing a large consecutive block"): a line `~` between
 * removed lines stands for every line of the file between the removed lines above it and those below.
 *
 *   @@
 *   -line 1
 *   -line 2
 *   ~
 *   -line 9
 *   -line 10
 *   +replacement
 *
 * At least two removed lines must stand right above and right below each `~`. The part above is placed
 * like any hunk; the removed lines below are taken at their first place after it (udiffx's reading);
 * the lines between become removed lines. The hunk then applies as a plain one.
 */
import type { Hunk } from '../changeset/changeset';
import { pushAll } from '../text/push-all';
import { Haystack, seek } from './seek';
import type { TextDoc } from './text-model';
import { TEXT_RUNGS } from './types';

export function hasRanges(hunk: Hunk): boolean {
  return hunk.lines.includes('~');
}

/** The hunk with each `~` replaced by the file's lines it stands for, or why it cannot be. */
export function expandRanges(
  doc: TextDoc,
  hunk: Hunk,
): { ok: true; hunk: Hunk } | { ok: false; why: string } {
  const hay = new Haystack(doc.lines);
  const lines = hunk.lines;
  const out: string[] = [];
  let cursor = 0; // file line after the last placed part
  let segmentStart = 0; // first hunk line of the part being placed
  for (let k = 0; k < lines.length; k++) {
    if (lines[k] !== '~') continue;
    const above = removedRun(lines, k, -1);
    const below = removedRun(lines, k, +1);
    if (above.length < 2 || below.length < 2) {
      return {
        ok: false,
        why: 'a "~" line needs at least two removed lines right above it and two right below',
      };
    }
    // Place everything from the previous part up to the `~`: the lines it keeps or removes.
    const part = lines.slice(segmentStart, k);
    const old = part.filter((l) => l[0] !== '+').map((l) => l.slice(1));
    const placed = seek(hay, old, { lo: cursor, rungs: TEXT_RUNGS });
    if (placed.kind !== 'found') {
      return {
        ok: false,
        why: `the lines above the "~" at hunk line ${k + 1} ${placed.kind === 'none' ? 'are not in the file' : 'fit more than one place'}`,
      };
    }
    const topEnd = placed.match.start + old.length;
    const bottom = below.map((l) => l.slice(1));
    const next = hay
      .findAll(bottom, 'exact', topEnd)
      .concat(hay.findAll(bottom, 'trailing-whitespace', topEnd));
    if (next.length === 0)
      return {
        ok: false,
        why: `the removed lines below the "~" at hunk line ${k + 1} are not in the file after the lines above it`,
      };
    const bottomStart = Math.min(...next.map((m) => m.start));
    pushAll(out, part);
    for (let at = topEnd; at < bottomStart; at++) out.push(`-${doc.lines[at]}`);
    cursor = bottomStart;
    segmentStart = k + 1;
  }
  pushAll(out, lines.slice(segmentStart));
  return { ok: true, hunk: { ...hunk, lines: out } };
}

/** The removed lines right before (`dir` -1) or after (+1) hunk line `k`. */
function removedRun(lines: readonly string[], k: number, dir: 1 | -1): string[] {
  const run: string[] = [];
  for (let at = k + dir; at >= 0 && at < lines.length && lines[at]!.startsWith('-'); at += dir)
    run.push(lines[at]!);
  return dir === -1 ? run.reverse() : run;
}
