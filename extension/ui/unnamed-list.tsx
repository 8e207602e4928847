import { useState } from 'preact/hooks';
import { checkGivenPath, type UnnamedOp, unnamedOps } from '../../shared/changeset/unnamed';
import type { Review } from './review';

/**
 * The code of the reply that names no file and that the folder search placed in no one file (or that is
 * a whole text nothing places): each asks for its path. Nothing of it is written until the user gives
 * one; the path is checked as a reply's path is (and by the host against the folder), and the review is
 * planned again with it.
 */
export function UnnamedList({
  review,
  onName,
  locked,
}: {
  review: Review;
  onName: (line: number, path: string) => void;
  locked: boolean;
}) {
  const placed = new Set(review.files.flatMap((f) => f.lines));
  const waiting = unnamedOps([review.changeSet]).filter((u) => !placed.has(u.line));
  if (waiting.length === 0) return null;
  return (
    <section class="unnamed" aria-label="Code that names no file" data-replyapply="unnamed">
      <h2>Code that names no file</h2>
      <p class="muted">
        Give each one the file it is for (a path in the project folder); nothing is written until you do.
      </p>
      <ul>
        {waiting.map((u) => (
          <UnnamedRow
            key={u.line}
            item={u}
            why={review.diagnostics.find((d) => d.line === u.line && d.severity !== 'info')?.message}
            onName={onName}
            locked={locked}
          />
        ))}
      </ul>
    </section>
  );
}

const WHAT: Record<UnnamedOp['kind'], string> = {
  part: 'definitions or a snippet',
  whole: 'a whole file',
  edits: 'search/replace edits',
  updates: 'canvas updates',
};

function UnnamedRow({
  item,
  why,
  onName,
  locked,
}: {
  item: UnnamedOp;
  why: string | undefined;
  onName: (line: number, path: string) => void;
  locked: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const checked = checkGivenPath(text);
    if (!checked.ok) {
      setError(`That path is refused: ${checked.reason}.`);
      return;
    }
    setError(null);
    onName(item.line, checked.path);
  };
  return (
    <li data-replyapply-unnamed={item.line}>
      <p>
        <span class="muted">Line {item.line}:</span> {WHAT[item.kind]}
        {item.document && <> · the {item.document}</>} — <code>{item.firstLine}</code>
      </p>
      {why && <p class="note warning">{why}</p>}
      <form onSubmit={submit}>
        <label>
          File{' '}
          <input
            type="text"
            value={text}
            placeholder="src/app.py"
            aria-label={`Path for the code at reply line ${item.line}`}
            data-replyapply="unnamed-path"
            disabled={locked}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </label>{' '}
        <button type="submit" data-replyapply="unnamed-use" disabled={locked || text.trim() === ''}>
          Use this file
        </button>
      </form>
      {error && (
        <p class="note error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
