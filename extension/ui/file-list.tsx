import { FileRow } from './file-row';
import { type GitInfo, gitStateOf } from './git-state';
import { type ApplyOutcome, type ReviewFile, rowStatus } from './review';

export interface FileListProps {
  files: readonly ReviewFile[];
  ticked: ReadonlySet<string>;
  onTick: (path: string, ticked: boolean) => void;
  split: boolean;
  locked: boolean;
  outcome: ApplyOutcome | null;
  onPasteInstead?: () => void;
  /** The git state of the files, in a git work tree. */
  git?: GitInfo | null;
}

/** Rows whose diff is drawn with the list; the diffs of the rows below follow a task later. */
const DIFFS_AT_ONCE = 8;

export function FileList({
  files,
  ticked,
  onTick,
  split,
  locked,
  outcome,
  onPasteInstead,
  git = null,
}: FileListProps) {
  if (!files.length) return <p class="muted">The reply changes no files.</p>;
  return (
    <ul class="file-list" aria-label="Files">
      {files.map((f, i) => (
        <FileRow
          key={f.path}
          diffAtOnce={i < DIFFS_AT_ONCE}
          file={f}
          status={rowStatus(f, outcome)}
          ticked={ticked.has(f.path)}
          onTick={onTick}
          split={split}
          locked={locked}
          {...(onPasteInstead ? { onPasteInstead } : {})}
          git={gitStateOf(git, f)}
          resultMessage={
            outcome?.state === 'applied' ? outcome.files.find((r) => r.path === f.path)?.message : undefined
          }
        />
      ))}
    </ul>
  );
}
