import { useMemo, useState } from 'preact/hooks';
import { parseText } from '../../shared/engine';
import {
  changePairs,
  type DiffRow,
  diffRows,
  expandGap,
  type GapRow,
  type LineRow,
  splitRows,
} from './diff-rows';
import { memo } from './memo';
import type { ReviewFile } from './review';
import { type Span, type WordSpans, wordSpans } from './word-spans';

/** Rows drawn before "show more": a generated file of 50,000 lines would stall the panel. */
const FIRST_ROWS = 1500;

const SIGN = { add: '+', del: '-', context: ' ' } as const;

/** The diff of one file, unified or side by side, with folded unchanged stretches. */
export const DiffView = memo(function DiffView({ file, split }: { file: ReviewFile; split: boolean }) {
  const oldLines = useMemo(
    () => (file.oldText === null ? [] : parseText(file.oldText).lines),
    [file.oldText],
  );
  const base = useMemo(() => diffRows(file.hunks, oldLines.length), [file.hunks, oldLines]);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [limit, setLimit] = useState(FIRST_ROWS);

  const rows = useMemo(
    () =>
      base.flatMap((r): DiffRow[] => (r.kind === 'gap' && opened.has(r.old) ? expandGap(r, oldLines) : [r])),
    [base, opened, oldLines],
  );
  const spansOf = useMemo(() => changedWords(changePairs(rows)), [rows]);
  if (!file.hunks.length) {
    const why = file.action === 'rename' ? 'Renamed without changes to its content.' : 'No changes to show.';
    return <p class="muted diff-empty">{why}</p>;
  }
  const open = (gap: GapRow) => setOpened(new Set([...opened, gap.old]));
  const shown = split ? splitRows(rows) : rows;
  const visible = shown.slice(0, limit);
  return (
    <div class="diff-scroll">
      <table class={`diff ${split ? 'split' : 'unified'}`}>
        <tbody>
          {visible.map((r, i) => {
            if (r.kind === 'gap') return <GapLine key={`g${r.old}`} gap={r} onOpen={open} />;
            if (r.kind === 'meta')
              return (
                <tr key={`m${i}`} class="meta">
                  <td colSpan={4}>{r.text}</td>
                </tr>
              );
            if (r.kind === 'pair')
              return (
                <tr key={`p${i}`}>
                  <Half row={r.left} side="old" spans={r.left && spansOf(r.left)} />
                  <Half row={r.right} side="new" spans={r.right && spansOf(r.right)} />
                </tr>
              );
            return (
              <tr key={`l${i}`} class={r.kind}>
                <td class="num">{r.old ?? ''}</td>
                <td class="num">{r.new ?? ''}</td>
                <td class="sign" aria-hidden="true">
                  {SIGN[r.kind]}
                </td>
                <td class="code">
                  <LineText text={r.text} spans={spansOf(r)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {shown.length > limit && (
        <button type="button" onClick={() => setLimit(limit + FIRST_ROWS * 4)}>
          Show {Math.min(shown.length - limit, FIRST_ROWS * 4)} more lines
        </button>
      )}
    </div>
  );
});

/**
 * The changed words of a changed line, or null (an added or removed line with no partner, or a pair
 * wordSpans leaves unmarked). Each pair is diffed once, when one of its rows is first drawn: the rows
 * below "show more" cost nothing, and the first paint pays only for the lines it shows.
 */
function changedWords(pairs: Map<LineRow, LineRow>): (row: LineRow) => Span[] | null {
  const made = new Map<LineRow, WordSpans | null>();
  return (row) => {
    const partner = pairs.get(row);
    if (!partner) return null;
    const [del, add] = row.kind === 'del' ? [row, partner] : [partner, row];
    let spans = made.get(del);
    if (spans === undefined) {
      spans = wordSpans(del.text, add.text);
      made.set(del, spans);
    }
    return spans && (row === del ? spans.old : spans.new);
  };
}

/** A line's text, its changed words marked. */
function LineText({ text, spans }: { text: string; spans: Span[] | null | undefined }) {
  if (!spans) return <>{text}</>;
  return (
    <>
      {spans.map((s, i) =>
        s.changed ? (
          <mark key={i} class="changed">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

function Half({
  row,
  side,
  spans,
}: {
  row: LineRow | undefined;
  side: 'old' | 'new';
  spans: Span[] | null | undefined;
}) {
  if (!row) return <td class="num empty" colSpan={2} />;
  const kind = row.kind === 'context' ? 'context' : row.kind;
  return (
    <>
      <td class={`num ${kind}`}>{side === 'old' ? row.old : row.new}</td>
      <td class={`code ${kind}`}>
        <span class="sr-only">{row.kind === 'add' ? 'added: ' : row.kind === 'del' ? 'removed: ' : ''}</span>
        <LineText text={row.text} spans={spans} />
      </td>
    </>
  );
}

function GapLine({ gap, onOpen }: { gap: GapRow; onOpen: (g: GapRow) => void }) {
  return (
    <tr class="gap">
      <td colSpan={4}>
        <button type="button" class="link" onClick={() => onOpen(gap)}>
          ⋯ {gap.count} unchanged line{gap.count === 1 ? '' : 's'} (from line {gap.old})
        </button>
      </td>
    </tr>
  );
}
