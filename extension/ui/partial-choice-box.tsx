import type { PartialApply } from '../../shared/engine';
import { partialLabel } from './partial-choice';
import type { ReviewFile } from './review';

export interface PartialChoiceBoxProps {
  file: ReviewFile;
  partial: PartialApply;
  ticked: boolean;
  /** Called with the file's path: the choice is the file's tick (partial-choice.ts). */
  onTick: (path: string, ticked: boolean) => void;
  locked: boolean;
}

/** Under a refused file: "Apply the 3 edits that fit, skip 1", unticked, and why each skipped edit is. */
export function PartialChoiceBox({ file, partial, ticked, onTick, locked }: PartialChoiceBoxProps) {
  const id = `partial-${file.path}`;
  return (
    <div class="partial-choice" data-replyapply="partial-choice">
      <label for={id}>
        <input
          type="checkbox"
          id={id}
          data-partial=""
          checked={ticked}
          disabled={locked}
          onChange={(e) => onTick(file.path, e.currentTarget.checked)}
        />{' '}
        {partialLabel(partial)}
      </label>
      <ul class="skipped-edits" aria-label={`Edits of ${file.path} skipped`}>
        {partial.skipped.map((s) => (
          <li key={`${s.line}-${s.edit}`} data-replyapply="skipped-edit">
            <strong>Skipped:</strong> {s.message}
            {s.nearest !== undefined && (
              <>
                <p class="muted">The closest lines in the file:</p>
                <pre class="nearest">{s.nearest}</pre>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
