/**
 * Fenced code blocks, by CommonMark's rules: an opening fence is 3+ backticks (or tildes) with an
 * info string; the block closes at a line of the same character, at least as long, and nothing but
 * spaces after it. Named leniencies real replies need:
 * - any indentation of the opening fence (fences inside list items); that much indentation is
 *   removed from each content line, as CommonMark does for indented fences;
 * - an unclosed fence runs to the end of the range and is flagged `closed: false` (a reply cut off
 *   mid-stream, or a model that forgot the closing fence);
 * - a Markdown file fenced with as many backticks as the fences inside it (```` ```markdown ```` around a
 *   README with ```` ```bash ```` blocks; Cursor's ```` ```mdc ```` rules with examples): an inner fence
 *   that opens with a language closes at the next bare fence, and the outer one at the bare fence after
 *   them (`markdownClose`). CommonMark would end the file at its first inner block's end, and the file
 *   written would be cut there. When the inner fences do not pair up, CommonMark's reading stands.
 * The language (`lang`) is the info string's first word up to a colon: Cursor writes
 * ```` ```python:src/a.py ````, whose language is `python`.
 */

export interface Fence {
  /** 0-based index of the opening fence line. */
  open: number;
  /** 0-based index of the closing fence line; equals the range end when unclosed. */
  close: number;
  marker: string;
  /** Whole info string, trimmed (`ts src/a.ts`, `python title="a.py"`). */
  info: string;
  /** First word of the info string, lowercased (`ts`). */
  lang: string;
  indent: number;
  closed: boolean;
  /** Content lines, indentation of the fence removed. */
  lines: string[];
}

const OPEN = /^(\s*)(`{3,}|~{3,})(.*)$/;

/** Split reply text into lines; `\r\n` and lone `\r` count as line ends. */
export function splitLines(text: string): string[] {
  // A copy of the shared split, which the caller may change: cheap next to the split itself.
  return sharedSplit(text).slice();
}

/**
 * `splitLines` without the copy, for a caller that never changes it (replyLines, which every parser of
 * the reply shares): a 600,000-line reply's copy is another 5 MiB array that lives until a full collection.
 */
export function sharedSplit(text: string): readonly string[] {
  // Every parser splits the same reply: keep the last split.
  if (text !== lastSplit.text) {
    lastSplit.text = text;
    // Splitting on one character is several times faster than on the pattern, and most replies have no CR.
    lastSplit.lines = text.includes('\r') ? text.split(/\r\n|\r|\n/) : text.split('\n');
  }
  return lastSplit.lines;
}
const lastSplit: { text: string | null; lines: string[] } = { text: null, lines: [] };

/** Lets go of the last split (detectAll, when its parsers are done: see forgetReply in unified-diff.ts). */
export function forgetSplit(): void {
  lastSplit.text = null;
  lastSplit.lines = [];
}

export function openingFence(line: string): { indent: number; marker: string; info: string } | null {
  // Most lines are not fences: look at the first non-blank character before running the regex.
  const first = firstNonBlank(line);
  if (first !== '`' && first !== '~') return null;
  const m = OPEN.exec(line);
  if (!m) return null;
  const marker = m[2]!;
  const info = m[3]!.trim();
  // A backtick fence's info string may not contain backticks (CommonMark), else it is inline code.
  if (marker[0] === '`' && info.includes('`')) return null;
  return { indent: m[1]!.length, marker, info };
}

/**
 * The first character of `line` that is not white space as the regex's `\s*` reads it (what trimStart
 * drops), without making the trimmed copy: every line of a reply is asked, and a diff's lines mostly
 * start with a space.
 */
export function firstNonBlank(line: string): string | undefined {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c < 128 || !/\s/.test(line[i]!)) return line[i];
  }
  return undefined;
}

export function isClosingFence(line: string, marker: string): boolean {
  const t = line.trim();
  if (t.length < marker.length) return false;
  const ch = marker[0]!;
  for (let i = 0; i < t.length; i++) if (t[i] !== ch) return false;
  return true;
}

/** The fence that opens at `lines[at]`, or null when that line is not an opening fence. */
function fenceAt(lines: readonly string[], at: number, end: number, closers: Closers): Fence | null {
  const open = openingFence(lines[at] ?? '');
  if (!open) return null;
  let close = at + 1;
  while (close < end && !isClosingFence(lines[close]!, open.marker)) close++;
  const lang = langOf(open.info);
  if (close < end && MARKDOWN_LANGS.has(lang)) close = closers.markdown(at, open.marker) ?? close;
  const closed = close < end;
  const body = lines.slice(at + 1, close).map((l) => dedent(l, open.indent));
  return {
    open: at,
    close,
    marker: open.marker,
    info: open.info,
    lang,
    indent: open.indent,
    closed,
    lines: body,
  };
}

/** The language of an info string: its first word, lowercased, up to a colon (`python:src/a.py`). */
export function langOf(info: string): string {
  const first = (info.split(/\s+/, 1)[0] ?? '').toLowerCase();
  const colon = first.indexOf(':');
  return colon > 0 ? first.slice(0, colon) : first;
}

/** Languages whose files hold fences of their own: Markdown, MDX, Cursor's `.mdc` rules. */
const MARKDOWN_LANGS = new Set(['markdown', 'md', 'mdx', 'mdc', 'gfm']);

/**
 * Where a Markdown fence that opens at `at` closes when the fences inside it pair up (see the header):
 * each inner fence of the same character and at least as long that opens with a language is closed by
 * the next bare one, and the first bare fence outside them closes the outer. Null when they do not pair
 * up before the range's end: CommonMark's first bare fence is then the end.
 *
 * Counted as a depth from `at` that is read from a running count: a scan from each Markdown opener to
 * the end was quadratic on a reply of `` ```markdown `` openers whose inner fences never pair up (issue
 * 44). The closing line is the first bare fence after `at` where the count drops below its value at `at`.
 */
function markdownCloser(lines: readonly string[], from: number, to: number) {
  // Every fence line of the range, once: a bare one (a closer for any marker of its character no longer
  // than it) or one with an info string (an inner opener for the same).
  let fenceLines: Array<{ at: number; ch: string; len: number; bare: boolean }> | undefined;
  const byMarker = new Map<string, Map<number, number[]>>();
  const depthAt = new Map<string, Map<number, number>>();
  const indexFor = (marker: string) => {
    let closes = byMarker.get(marker);
    if (closes) return { closes, depth: depthAt.get(marker)! };
    fenceLines ??= collectFenceLines(lines, from, to);
    closes = new Map();
    const depth = new Map<number, number>();
    let d = 0;
    for (const f of fenceLines) {
      if (f.ch !== marker[0] || f.len < marker.length) continue;
      if (f.bare) {
        d--;
        const list = closes.get(d);
        if (list) list.push(f.at);
        else closes.set(d, [f.at]);
      } else {
        d++;
        depth.set(f.at, d);
      }
    }
    byMarker.set(marker, closes);
    depthAt.set(marker, depth);
    return { closes, depth };
  };
  return (at: number, marker: string): number | null => {
    const { closes, depth } = indexFor(marker);
    // The opener is one of the inner openers its own marker counts (it has a language: `markdown`).
    const d = depth.get(at);
    if (d === undefined) return null;
    const close = firstAfter(closes.get(d - 1), at);
    return close < 0 ? null : close;
  };
}

function collectFenceLines(lines: readonly string[], from: number, to: number) {
  const out: Array<{ at: number; ch: string; len: number; bare: boolean }> = [];
  for (let i = from; i < to; i++) {
    const l = lines[i]!;
    const first = firstNonBlank(l);
    if (first !== '`' && first !== '~') continue;
    const t = l.trim();
    if (t.length >= 3 && isClosingFence(t, t[0]!)) out.push({ at: i, ch: t[0]!, len: t.length, bare: true });
    else {
      const open = openingFence(l);
      if (open && open.info !== '')
        out.push({ at: i, ch: open.marker[0]!, len: open.marker.length, bare: false });
    }
  }
  return out;
}

/**
 * aider's other fences (its `all_fences`): when the files it shows hold ``` lines, aider fences code with
 * `<source>`, `<code>`, `<pre>`, `<codeblock>` or `<sourcecode>`, and models put the language after the
 * tag (`<source>python`). The tag stands alone at the start of its line; the block closes at the same
 * closing tag alone on a line, counting the same tag opened again inside (an HTML file's `<pre>` lines).
 */
const TAG_OPEN = /^<(source|code|pre|codeblock|sourcecode)>([\w+#.-]*)[ \t]*$/i;

/** The tag fence that opens at `lines[at]`; null when none opens there or it is never closed. */
function tagFenceAt(lines: readonly string[], at: number, closers: Closers): Fence | null {
  const line = lines[at] ?? '';
  if (line.charCodeAt(0) !== 60) return null;
  const m = TAG_OPEN.exec(line);
  if (!m) return null;
  const tag = m[1]!.toLowerCase();
  const close = closers.tag(at, tag);
  // An unclosed tag is HTML in prose more likely than a fence; it must not hide the fences after it.
  if (close < 0) return null;
  return {
    open: at,
    close,
    marker: `<${tag}>`,
    info: m[2]!,
    lang: m[2]!.toLowerCase(),
    indent: 0,
    closed: true,
    lines: lines.slice(at + 1, close),
  };
}

/**
 * Where each tag fence of the range closes: the first `</tag>` line after the opener where the count of
 * that tag's opening lines less its closing lines drops below its value at the opener. Counted once per
 * tag over the range, not from each opener: an unclosed `<pre>` is never a fence, so the next one was
 * tried and scanned to the end again, and a reply of `<pre>` lines took seconds (issue 44).
 */
function tagCloser(lines: readonly string[], from: number, to: number) {
  const byTag = new Map<string, { closes: Map<number, number[]>; depth: Int32Array }>();
  const indexFor = (tag: string) => {
    const known = byTag.get(tag);
    if (known) return known;
    const closes = new Map<number, number[]>();
    const depth = new Int32Array(to - from);
    const closing = `</${tag}>`;
    const opening = `<${tag}>`;
    let d = 0;
    for (let i = from; i < to; i++) {
      const l = lines[i]!;
      // Most lines hold no `<`: no trimmed, lowercased copy for them.
      if (l.includes('<')) {
        const t = l.trim().toLowerCase();
        if (t === closing) {
          d--;
          const list = closes.get(d);
          if (list) list.push(i);
          else closes.set(d, [i]);
        } else if (t.startsWith(opening) && TAG_OPEN.test(t)) d++;
      }
      depth[i - from] = d;
    }
    const index = { closes, depth };
    byTag.set(tag, index);
    return index;
  };
  return (at: number, tag: string): number => {
    const { closes, depth } = indexFor(tag);
    return firstAfter(closes.get(depth[at - from]! - 1), at);
  };
}

interface Closers {
  markdown: (at: number, marker: string) => number | null;
  tag: (at: number, tag: string) => number;
}

/**
 * Every top-level fence in `lines[from, to)`, in order. With `tags`, aider's tag fences count too (and
 * the ``` lines inside one are its content, not fences).
 */
export function findFences(lines: readonly string[], from = 0, to = lines.length, tags = false): Fence[] {
  const out: Fence[] = [];
  const closers: Closers = { markdown: markdownCloser(lines, from, to), tag: tagCloser(lines, from, to) };
  let i = from;
  while (i < to) {
    const f = fenceAt(lines, i, to, closers) ?? (tags ? tagFenceAt(lines, i, closers) : null);
    if (f) {
      out.push(f);
      i = f.close + 1;
    } else i++;
  }
  return out;
}

/** File content from content lines: joined with `\n`, ending with a newline unless empty. */
export function linesToContent(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Up to `n` leading spaces or tabs removed from each line (the same array when `n` is 0). */
export function dedentBy(lines: string[], n: number): string[] {
  if (n === 0) return lines;
  return lines.map((l) => {
    let k = 0;
    while (k < n && (l[k] === ' ' || l[k] === '\t')) k++;
    return l.slice(k);
  });
}

/** Index in `sorted` of the first value greater than `after` (`sorted.length` when none). */
export function firstIndexAfter(sorted: readonly number[], after: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first value in `sorted` greater than `after`, or -1. */
export function firstAfter(sorted: readonly number[] | undefined, after: number): number {
  if (!sorted) return -1;
  const at = firstIndexAfter(sorted, after);
  return at < sorted.length ? sorted[at]! : -1;
}

export function dedent(line: string, n: number): string {
  let i = 0;
  while (i < n && i < line.length && line[i] === ' ') i++;
  return line.slice(i);
}

/**
 * Content that a model wrapped whole in one code fence (```rust … ``` inside a FILE_NEW tag or a
 * START-FILE block): the lines inside it, dedented like the fence. Blank lines around the fence are
 * ignored. Content that merely contains a fence somewhere is returned unchanged.
 */
export function stripWrappingFence(lines: readonly string[]): {
  lines: string[];
  stripped: boolean;
  /** The kept range of the input, `[from, to)`, and the indentation removed from each line. */
  from: number;
  to: number;
  indent: number;
} {
  const whole = { lines: [...lines], stripped: false, from: 0, to: lines.length, indent: 0 };
  let a = 0;
  while (a < lines.length && lines[a]!.trim() === '') a++;
  let z = lines.length - 1;
  while (z > a && lines[z]!.trim() === '') z--;
  const open = a < lines.length ? openingFence(lines[a]!) : null;
  if (!open || z <= a || !isClosingFence(lines[z]!, open.marker)) return whole;
  // The last line must close the first one, not an inner block: a closing line earlier means the
  // fence does not wrap the whole content (CommonMark would end it there).
  for (let i = a + 1; i < z; i++) if (isClosingFence(lines[i]!, open.marker)) return whole;
  const kept = lines.slice(a + 1, z).map((l) => dedent(l, open.indent));
  return { lines: kept, stripped: true, from: a + 1, to: z, indent: open.indent };
}
