import { useMemo, useState } from 'preact/hooks';
import type { GitFileState } from '../../shared/protocol/git';
import { ActionBadge } from './action-badge';
import { CollapsedDiff, isBigDiff } from './collapsed-diff';
import { useDeferred } from './deferred';
import { DiffView } from './diff-view';
import { GitBadge, IgnoredWarning } from './git-badge';
import { ERROR_WORDS, STATUS_WORDS } from './labels';
import { memo } from './memo';
import { asChosen, partialOf } from './partial-choice';
import { PartialChoiceBox } from './partial-choice-box';
import { canTick, needsConfirm, type ReviewFile, type RowStatus } from './review';

export interface FileRowProps {
  file: ReviewFile;
  status: RowStatus;
  ticked: boolean;
  /** Called with the file's path, so that one function serves every row. */
  onTick: (path: string, ticked: boolean) => void;
  split: boolean;
  /** While applying, and after: the choice is made. */
  locked: boolean;
  /** What the host said about this file in the apply, if anything. */
  resultMessage?: string | undefined;
  /** Open the paste box with this reply: offered on a file read from the rendered page. */
  onPasteInstead?: () => void;
  /** Draw the diff with the row (a row in view); else a task later (useDeferred). */
  diffAtOnce?: boolean;
  /** The file's git state, in a git work tree (git-state.ts). */
  git?: GitFileState | undefined;
}

/**
 * One file of the review: tick, action, path, status, what went wrong, the notes, the diff. Drawn again
 * only when one of its props changes.
 */
export const FileRow = memo(function FileRow({
  file,
  status,
  ticked,
  onTick,
  split,
  locked,
  resultMessage,
  onPasteInstead,
  diffAtOnce = true,
  git,
}: FileRowProps) {
  const [confirming, setConfirming] = useState(false);
  const big = useMemo(() => isBigDiff(file.hunks), [file.hunks]);
  const [showDiff, setShowDiff] = useState(!big);
  const diffDrawn = useDeferred(diffAtOnce);
  const id = `file-${file.path}`;
  const tickable = canTick(file);
  // A refused file may offer its edits that fit; once chosen, its diff is theirs.
  const partial = partialOf(file);
  const shown = useMemo(() => (partial && ticked ? asChosen(file, partial) : file), [file, partial, ticked]);
  // The placeholder note is also the file's error; it is shown once.
  const notes = file.notes.filter((n) => n.message !== file.error?.message);

  const onChange = (e: Event) => {
    const box = e.currentTarget as HTMLInputElement;
    if (box.checked && needsConfirm(file)) {
      // Preact leaves the DOM as clicked when the state does not change: undo the click by hand.
      box.checked = false;
      setConfirming(true);
      return;
    }
    onTick(file.path, box.checked);
  };

  return (
    // Focusable for the review's keys (review-keys.ts): j and k move the focus from row to row.
    <li
      class={`file-row status-${status}`}
      data-replyapply-file={file.path}
      data-status={status}
      tabIndex={-1}
    >
      <div class="file-head">
        <input
          type="checkbox"
          id={id}
          data-accept=""
          checked={ticked}
          disabled={locked || !tickable}
          aria-describedby={file.error ? `${id}-error` : undefined}
          onChange={onChange}
        />
        <ActionBadge action={file.action} />
        <label for={id} class="path">
          {file.from !== undefined ? (
            <>
              {file.from} <span aria-hidden="true">→</span>
              <span class="sr-only"> renamed to </span> {file.path}
            </>
          ) : (
            file.path
          )}
        </label>
        <span class={`status ${status}`}>{STATUS_WORDS[status]}</span>
        {git && <GitBadge state={git} />}
        {shown.hunks.length > 0 && (
          <button type="button" class="link" aria-expanded={showDiff} onClick={() => setShowDiff(!showDiff)}>
            {showDiff ? 'hide diff' : 'show diff'}
          </button>
        )}
      </div>
      {confirming && (
        <fieldset class="confirm">
          <legend class="sr-only">Confirm {file.path}</legend>
          <p>
            {file.path} has a problem: {file.error?.message} Write it anyway?
          </p>
          <button
            type="button"
            data-replyapply="confirm-tick"
            onClick={() => {
              setConfirming(false);
              onTick(file.path, true);
            }}
          >
            Tick it anyway
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fieldset>
      )}
      {file.error && (
        <div class="file-error" id={`${id}-error`}>
          <p>
            <strong>{ERROR_WORDS[file.error.kind] ?? file.error.kind}:</strong> {file.error.message}
            {!tickable && !partial && ' Nothing can be written for this file.'}
          </p>
          {file.lossy && onPasteInstead && (
            <p>
              <button type="button" data-replyapply="paste-instead" onClick={onPasteInstead}>
                Paste the reply instead
              </button>
            </p>
          )}
          {file.error.nearest && (
            <>
              <p class="muted">The closest lines in the file:</p>
              <pre class="nearest">{file.error.nearest}</pre>
            </>
          )}
        </div>
      )}
      {partial && (
        <PartialChoiceBox file={file} partial={partial} ticked={ticked} onTick={onTick} locked={locked} />
      )}
      {git === 'ignored' && <IgnoredWarning />}
      {resultMessage && <p class="result-message">{resultMessage}</p>}
      {file.writtenAs && !file.byContent && !file.byCase && (
        <p class="note info">
          The reply wrote <code>{file.writtenAs}</code>.
        </p>
      )}
      {file.byContent ? (
        <p class="note warning" data-replyapply="found-by-content">
          Found by its content: the reply{' '}
          {file.writtenAs ? (
            <>
              names <code>{file.writtenAs}</code>, which does not exist
            </>
          ) : (
            'names no file for it'
          )}
          . Nothing is written to it until you tick it: tick it only if it is the right file.
        </p>
      ) : file.byCase ? (
        <p class="note warning" data-replyapply="matched-in-case">
          Matched in another case: the reply names <code>{file.writtenAs}</code>, which does not exist;{' '}
          <code>{file.from ?? file.path}</code> is the project's file with that name in another case. Nothing
          is written to it until you tick it: tick it only if it is the right file.
        </p>
      ) : (
        file.guess && (
          <p class="note warning">The file name is a guess; tick it only if it is the right file.</p>
        )
      )}
      {notes.length > 0 && (
        <ul class="notes">
          {notes.map((n, i) => (
            <li key={i} class={`note ${n.severity}`}>
              {n.message}{' '}
              {!n.message.includes(`reply line ${n.line}`) && (
                <span class="muted">(reply line {n.line})</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {showDiff &&
        !(shown.status === 'error' && shown.hunks.length === 0) &&
        (diffDrawn ? <DiffView file={shown} split={split} /> : <PendingDiff file={shown} />)}
      {!showDiff && big && <CollapsedDiff hunks={shown.hunks} onShow={() => setShowDiff(true)} />}
    </li>
  );
});

/** The diff's place until it is drawn, about as tall as it will be, so the page does not jump. */
function PendingDiff({ file }: { file: ReviewFile }) {
  const lines = file.hunks.reduce((n, h) => n + h.lines.length + 1, 1);
  return <div class="diff-scroll diff-pending" style={{ minHeight: `${Math.min(lines, 100) * 16}px` }} />;
}
