/**
 * Hunks whose lines are a span of the reply, split only when read: a 15 MiB reply's 630,000 line strings
 * were most of what detection kept alive, and of what the collector copied (issue 16). Such a hunk has
 * the shape of any other (`lines` is an own, enumerable property, so JSON, spreading and structured
 * cloning see its lines), one getter shared by all of them so that they share one hidden class.
 *
 * `unreadSpan` is for a reader that goes through each hunk once (the engine planning a large reply): it
 * reads the lines off the reply without keeping them on the hunk, so that they die young instead of being
 * kept by a hunk the collector has already moved to its old generation (which kept them through every
 * young collection).
 */
import type { Hunk } from './changeset';

const SPAN = Symbol('hunk span');

interface Span {
  text: string | null;
  from: number;
  to: number;
  lines: string[] | null;
}

type SpanHunk = Hunk & { [SPAN]: Span };

function split(span: Span): string[] {
  return span.text!.slice(span.from, span.to).split('\n');
}

const LINES: PropertyDescriptor = {
  get(this: SpanHunk): string[] {
    const span = this[SPAN];
    if (span.lines === null) {
      span.lines = split(span);
      span.text = null;
    }
    return span.lines;
  },
  set(this: SpanHunk, lines: string[]) {
    const span = this[SPAN];
    span.lines = lines;
    span.text = null;
  },
  enumerable: true,
  configurable: true,
};

/**
 * `h` with its lines `text[from, to)` (split on "\n"), read when first asked for. The keys keep the order
 * of a hunk the parsers build (numbers, lines, section, glued), so that it is written out as any other.
 * A copy made by spreading shares the span, which by then has its lines read (spreading reads `lines`).
 */
export function lazyHunk(h: Hunk, text: string, from: number, to: number): Hunk {
  // The span under a symbol key (JSON, structured cloning and Object.keys leave it out), in the literal:
  // the object is made with a slot for it, where a key added afterwards gave every hunk a second block
  // of memory for it (a second defineProperty per hunk, before that, was a third of making one). Symbol
  // keys are listed after string keys whatever their place, so the order of the others is unchanged.
  const out = {
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    [SPAN]: { text, from, to, lines: null },
  } as SpanHunk;
  Object.defineProperty(out, 'lines', LINES);
  if (h.section !== undefined) out.section = h.section;
  if (h.glued) out.glued = true;
  return out;
}

/**
 * A lazy hunk's lines not yet read, as the reply and the span of it they are (`text[from, to)`, lines
 * joined by "\n"), for a reader that goes through them on offsets; null for any other hunk.
 */
export function unreadSpan(h: Hunk): { text: string; from: number; to: number } | null {
  const span = (h as Partial<SpanHunk>)[SPAN];
  return span && span.lines === null ? (span as { text: string; from: number; to: number }) : null;
}
