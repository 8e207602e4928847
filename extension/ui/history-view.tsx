import { useEffect, useState } from 'preact/hooks';
import type { ResultOf } from '../../shared/protocol/protocol';
import { errorInfo, type HostCall, type UndoOutcome } from './review';
import { UndoButton } from './undo-button';

type Entry = ResultOf<'history'>['entries'][number];

export interface HistoryViewProps {
  root: string;
  call: HostCall;
  /** Bumped by the parent after an apply or an undo, to read the history again. */
  refresh: number;
  onUndone?: (undone: UndoOutcome & { state: 'undone' }) => void;
}

/** The folder's applies, newest first, each with Undo until it is undone. */
export function HistoryView({ root, call, refresh, onUndone }: HistoryViewProps) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [own, setOwn] = useState(0);

  useEffect(() => {
    let live = true;
    call('history', { root, limit: 20 }).then(
      (h) => {
        if (!live) return;
        setEntries(h.entries);
        setError(null);
      },
      (e: unknown) => live && setError(errorInfo(e).message),
    );
    return () => {
      live = false;
    };
  }, [root, call, refresh, own]);

  return (
    <section class="history" aria-label="History">
      <h2>History of this folder</h2>
      {error && <p class="error">{error}</p>}
      {entries && entries.length === 0 && <p class="muted">Nothing applied here yet.</p>}
      {entries && entries.length > 0 && (
        <ul>
          {entries.map((e) => (
            <li
              key={e.applyId}
              data-replyapply="history-entry"
              data-apply-id={e.applyId}
              data-undone={String(e.undone)}
            >
              <div>
                <time dateTime={e.time}>{new Date(e.time).toLocaleString()}</time>{' '}
                {e.label && <span>{e.label}</span>}{' '}
                {e.undone ? (
                  <span class="badge undone">undone</span>
                ) : (
                  <UndoButton
                    call={call}
                    root={root}
                    applyId={e.applyId}
                    hook="history-undo"
                    onDone={(u) => {
                      setOwn((n) => n + 1);
                      onUndone?.(u);
                    }}
                  />
                )}
              </div>
              <p class="muted history-files">
                {e.files.map((f) => (f.from ? `${f.from} → ${f.path}` : f.path)).join(', ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
