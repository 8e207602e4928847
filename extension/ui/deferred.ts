import { useEffect, useState } from 'preact/hooks';

/**
 * Parts of a long page drawn after its first paint, a few per task. The review's diffs: the rows in view
 * get theirs at once, and the others follow in the next tasks instead of holding up the first paint (fifty
 * diff tables are most of the review's DOM). Every deferred part is drawn within a few tasks, so the page
 * ends up whole: find in page and screen readers see every diff.
 */

/** Parts drawn per task: a handful of diff tables, a few milliseconds. */
const PER_TASK = 4;

const queue: (() => void)[] = [];
let pumping = false;

function pump(): void {
  for (let n = 0; n < PER_TASK && queue.length; n++) queue.shift()!();
  if (queue.length) setTimeout(pump, 0);
  else pumping = false;
}

/** True once the part may be drawn: at once when `now`, else in a task after the first paint. */
export function useDeferred(now: boolean): boolean {
  const [shown, setShown] = useState(now);
  useEffect(() => {
    if (shown) return;
    let live = true;
    queue.push(() => live && setShown(true));
    if (!pumping) {
      pumping = true;
      setTimeout(pump, 0);
    }
    return () => {
      live = false;
    };
  }, [shown]);
  return shown;
}
