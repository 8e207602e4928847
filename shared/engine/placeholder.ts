/**
 * The placeholder guard. Models abbreviate: "// ... rest of the code ...", "# ... existing code ...",
 * "/* ... *\/", "<!-- ... -->", "// (unchanged)". Written into a file, such a line silently deletes
 * the code it stands for, so a new text where one takes the place of lines the original had is
 * flagged (`elisions`).
 */
import { diffArrays } from 'diff';

/** The body of a line that is only a comment, or null. Handles //, #, --, ;, /* *\/, <!-- -->, {/* *\/}. */
function commentBody(line: string): string | null {
  let t = line.trim();
  if (t.startsWith('{') && t.endsWith('}')) t = t.slice(1, -1).trim();
  const block = /^(?:\/\*+|<!--)(.*?)(?:\*+\/|-->)$/.exec(t);
  if (block) return block[1]!.trim();
  const single = /^(?:\/\/+|#+|--|;+|\*)\s*(.*)$/.exec(t);
  if (single) return single[1]!.trim();
  return null;
}

const ELLIPSIS = /\.{3,}|…/;

/** Words that, next to an ellipsis, say "code left out here". */
const ELIDED_WITH_ELLIPSIS =
  /^(?:rest|remaining|existing|other|previous|same|unchanged|omitted|more|etc|code|keep|everything|all|your|original|imports?|methods?|functions?|implementation)\b/i;

/** Phrases that say it on their own, ellipsis or not. */
const ELIDED_PHRASE =
  /^(?:\(?\s*(?:unchanged|no changes?|omitted|same as (?:before|above|original|previous))\s*\)?|rest of (?:the )?(?:code|file|implementation|function|class|component|module|methods?)\b.*|existing (?:code|implementation|methods?|functions?|imports?)\b.*|.*\b(?:remains?|stays?) (?:the same|unchanged)\b.*|.*\bomitted for brevity\b.*|.*\bcode (?:is )?unchanged\b.*|(?:previous|other) (?:code|methods|functions) (?:here|unchanged)\b.*)$/i;

export function isPlaceholderLine(line: string): boolean {
  const body = commentBody(line);
  if (body === null) return false;
  const core = body
    .replace(/^[([]\s*/, '')
    .replace(/\s*[)\]]$/, '')
    .trim();
  if (ELLIPSIS.test(core)) {
    const words = core.replace(new RegExp(ELLIPSIS.source, 'g'), ' ').trim();
    return words === '' || ELIDED_WITH_ELLIPSIS.test(words) || ELIDED_PHRASE.test(words);
  }
  return ELIDED_PHRASE.test(core);
}

/**
 * Placeholder lines in `added` that the original text does not already contain (a file that really
 * has `// ...` in it may keep it). Returns 0-based indexes into `added`.
 */
export function findPlaceholders(added: readonly string[], original: readonly string[] | null): number[] {
  const hits: number[] = [];
  let known: Set<string> | null = null;
  added.forEach((line, i) => {
    if (!isPlaceholderLine(line)) return;
    known ??= new Set((original ?? []).map((l) => l.trim()));
    if (!known.has(line.trim())) hits.push(i);
  });
  return hits;
}

/**
 * The placeholder lines of `after` that stand in place of lines `before` had and `after` lacks: an
 * elision that would delete code. A placeholder that only adds a line (nothing of the original is lost
 * there), one the original already had, and any in a file that did not exist (creating loses nothing;
 * seed spec 000's own START-FILE example has `// ...`) are not. Returns the placeholder lines, trimmed.
 */
export function elisions(before: readonly string[] | null, after: readonly string[]): string[] {
  if (before === null) return [];
  const candidates = findPlaceholders(after, before);
  if (candidates.length === 0) return [];
  const out: string[] = [];
  const parts = diffArrays(before as string[], after as string[]);
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (!part.added) continue;
    // The removed lines on either side of this added run belong to the same change.
    const lost =
      (parts[k - 1]?.removed ? parts[k - 1]!.count : 0) + (parts[k + 1]?.removed ? parts[k + 1]!.count : 0);
    if (lost === 0) continue;
    for (const line of part.value)
      if (isPlaceholderLine(line) && !before.includes(line)) out.push(line.trim());
  }
  return out;
}

/**
 * A path models write when they do not know the real one: `path/to/file.py`, `your/project/…`,
 * `/path/to/…` already stripped of its slash. Creating it would scatter a copy of the file under
 * a made-up folder (aider's corpus case 023), so a new file at such a path is flagged too.
 */
const PLACEHOLDER_PATH = /^(?:path\/to|your[-_]?(?:project|repo|app|dir|folder)|path_to|example\/path)\//i;

export function isPlaceholderPath(path: string): boolean {
  return PLACEHOLDER_PATH.test(path);
}

/** The length of a placeholder path's made-up folder prefix (`path/to/`), or null when it has none. */
export function placeholderPrefix(path: string): number | null {
  const m = PLACEHOLDER_PATH.exec(path);
  return m ? m[0].length : null;
}
