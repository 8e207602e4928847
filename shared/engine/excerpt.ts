/**
 * Is a code block part of a file rather than the whole of it? Asked of a block whose file was only
 * guessed from the prose around it ("the `children` list in your `application.ex`"): written as the
 * whole file, a quoted or edited piece deletes everything it does not show (a held-out aider reply
 * quoted nine lines of a forty-line file under such a sentence).
 *
 * A piece: most of its lines are lines of the file (it quotes the file, or edits a part of it), while
 * most of the file's lines are not in it. A new version of the whole file keeps most of the file's lines;
 * a rewrite from scratch shares few lines with it either way (and is left to the user's tick). Lines are
 * compared trimmed, blank ones and lone brackets left out: they are in every file.
 */

/** Lines that say nothing about which file they are from. */
function telling(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const t = l.trim();
    if (t.length > 2 || /\w/.test(t)) out.push(t);
  }
  return out;
}

export interface Excerpt {
  /** How many of the file's telling lines the block holds. */
  covered: number;
  /** How many telling lines the file has. */
  of: number;
}

/** Null when `block` may be the whole of `file`; else how little of the file it holds. */
export function excerptOf(block: readonly string[], file: readonly string[]): Excerpt | null {
  const mine = telling(block);
  const theirs = telling(file);
  if (mine.length === 0 || theirs.length === 0) return null;
  const inFile = new Set(theirs);
  const inBlock = new Set(mine);
  const quoted = mine.filter((l) => inFile.has(l)).length;
  const covered = theirs.filter((l) => inBlock.has(l)).length;
  if (quoted * 2 < mine.length) return null;
  if (covered * 2 >= theirs.length) return null;
  return { covered, of: theirs.length };
}
