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
import { bracketDepth, unbalancedAgainst } from './balance';
import { looksLikeDefinition, nameOf } from './definition';
import { wholeProgram } from './part';

/** A signature with its body coming (`:` or `{` ends it, or the next line is indented): not a call. */
function opensDefinition(lines: readonly string[], i: number): boolean {
  const l = lines[i]!;
  if (!looksLikeDefinition(l)) return false;
  if (/[:{(]\s*$/.test(l)) return true;
  const next = lines.slice(i + 1).find((x) => x.trim() !== '');
  return next !== undefined && /^\s/.test(next) && !/^\s/.test(l);
}

function definedNames(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const n = looksLikeDefinition(l) ? nameOf(l) : null;
    if (n) out.push(n);
  }
  return out;
}

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
  /** The text's brackets do not balance where the file's do: how (balance.ts). */
  broken?: string;
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

/**
 * A piece of the file rather than a new version of it (issue 40), for a whole text under the file's own
 * name that no reading places. A new version keeps the file's frame and starts where a file starts; a
 * piece starts or ends inside something. A piece is a text that
 * - starts indented where the file does not, or at the margin with a line the file has only indented
 *   (a method shown out of its class);
 * - closes a bracket it never opened where the file balances its own (a method's end);
 * - is definitions only, made mostly of the file's lines or holding one of its definitions, and keeps
 *   none of the lines above the file's first definition (a class with a line the model forgot);
 * - or is under a quarter of the file's telling lines, for a file of a dozen or more, and does not start
 *   as a whole program does (an import, a package line, a shebang …: part.ts's `wholeProgram`).
 * A rewrite that shrinks a file keeps its imports and starts at its margin (aider's whole-file edits
 * that drop most of a function's body, in the corpus): none of these.
 */
export function pieceOf(block: readonly string[], file: readonly string[]): Excerpt | null {
  const mine = telling(block);
  const theirs = telling(file);
  const coverage = () => {
    const inBlock = new Set(mine);
    return { covered: theirs.filter((l) => inBlock.has(l)).length, of: theirs.length };
  };
  // A file starts at its margin, and closes what it opens: a text that starts indented, or closes
  // brackets it never opened where the file balances its own, begins inside something.
  const first = block.find((l) => l.trim() !== '');
  if (first !== undefined && theirs.length > 0) {
    if (/^\s/.test(first) && !file.find((l) => l.trim() !== '')?.match(/^\s/)) return coverage();
    // Or starts at the margin with a line the file has only indented: a method shown out of its class.
    const head = first.trim();
    const there = file.filter((l) => l.trim() === head);
    if (/\w/.test(head) && there.length > 0 && there.every((l) => /^\s/.test(l))) return coverage();
    // Only a closer never opened: brackets left open are as often the count's (a Svelte `{#if}` reads
    // as a `{` and a comment).
    if (bracketDepth(block) === null && bracketDepth(file) === 0)
      return { ...coverage(), broken: unbalancedAgainst(file, block) ?? undefined };
  }
  // A new version of a file keeps its frame: some of the imports and constants above its definitions
  // (or of its first lines and its last). A text of definitions only, made mostly of the file's own
  // lines or holding one of its definitions, that keeps none of it is a stretch from its middle (a
  // class with a line the model forgot, which no reading places).
  if (theirs.length >= 6 && mine.length > 0) {
    const inFile = new Set(theirs);
    const inBlock = new Set(mine);
    // The frame: the lines above the file's first definition (imports, constants), or where there are
    // none, its first three and last three.
    const firstDef = file.findIndex((l) => looksLikeDefinition(l));
    const preamble = firstDef > 0 ? telling(file.slice(0, firstDef)) : [];
    const edges = preamble.length > 0 ? preamble : [...theirs.slice(0, 3), ...theirs.slice(-3)];
    const ownLines = mine.filter((l) => inFile.has(l)).length;
    const defined = new Set(definedNames(file));
    const sharesDefinition = definedNames(block).some((n) => defined.has(n));
    // Only a text of definitions: one with statements of its own at the margin (`print(foo())`) is a
    // program, which may well drop the file's imports.
    const onlyDefinitions = block.every(
      (l, i) => /^\s/.test(l) || /^[\s)\]};,]*$/.test(l) || opensDefinition(block, i),
    );
    if (
      onlyDefinitions &&
      (ownLines * 2 >= mine.length || sharesDefinition) &&
      !edges.some((l) => inBlock.has(l))
    )
      return coverage();
  }
  if (mine.length === 0 || theirs.length < 12 || mine.length * 4 >= theirs.length) return null;
  if (wholeProgram(block)) return null;
  return coverage();
}
