import { useMemo, useState } from 'preact/hooks';
import { parseText } from '../../shared/engine';
import { type DiffRow, diffRows, expandGap, type GapRow, type LineRow, splitRows } from './diff-rows';
import { memo } from './memo';
import type { ReviewFile } from './review';

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
                  <Half row={r.left} side="old" />
                  <Half row={r.right} side="new" />
                </tr>
              );
            return (
              <tr key={`l${i}`} class={r.kind}>
                <td class="num">{r.old ?? ''}</td>
                <td class="num">{r.new ?? ''}</td>
                <td class="sign" aria-hidden="true">
                  {SIGN[r.kind]}
                </td>
                <td class="code">{r.text}</td>
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

function Half({ row, side }: { row: LineRow | undefined; side: 'old' | 'new' }) {
  if (!row) return <td class="num empty" colSpan={2} />;
  const kind = row.kind === 'context' ? 'context' : row.kind;
  return (
    <>
      <td class={`num ${kind}`}>{side === 'old' ? row.old : row.new}</td>
      <td class={`code ${kind}`}>
        <span class="sr-only">{row.kind === 'add' ? 'added: ' : row.kind === 'del' ? 'removed: ' : ''}</span>
        {row.text}
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
