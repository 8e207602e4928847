// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { displayHunks } from '../../shared/engine';
import { BIG_DIFF_LINES } from './collapsed-diff';
import { FileRow } from './file-row';
import { useRenderRoot } from './render-root';
import type { ReviewFile } from './review';

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});

/** A file of `total` lines whose first `changed` lines are rewritten. */
const rewritten = (total: number, changed: number): ReviewFile => {
  const oldText = Array.from({ length: total }, (_, i) => `line ${i}\n`).join('');
  const newText = Array.from({ length: total }, (_, i) => (i < changed ? `LINE ${i}\n` : `line ${i}\n`)).join(
    '',
  );
  return {
    path: 'data/big.txt',
    action: 'modify',
    baseHash: 'h',
    oldText,
    newText,
    hunks: displayHunks(oldText, newText),
    status: 'ok',
    notes: [],
    lines: [1],
  };
};

async function row(file: ReviewFile) {
  await act(() =>
    render(
      <ul>
        <FileRow
          file={file}
          status="ok"
          ticked={true}
          onTick={() => undefined}
          split={false}
          locked={false}
        />
      </ul>,
      root,
    ),
  );
}

const fold = () => root.querySelector<HTMLButtonElement>('[data-replyapply="show-big-diff"]');

describe('FileRow: a big diff', () => {
  it('starts folded to its size, and opens on a click', async () => {
    await row(rewritten(400, 175));
    expect(root.querySelector('table.diff')).toBeNull();
    // 175 removed and 175 added, with the 3 unchanged lines after them.
    expect(fold()!.textContent).toBe('+175 −175, 353 lines — show');
    await act(() => fold()!.click());
    expect(root.querySelectorAll('table.diff tr.add')).toHaveLength(175);
    expect(fold()).toBeNull();
  });

  it(`is shown at once up to ${BIG_DIFF_LINES} changed lines`, async () => {
    await row(rewritten(300, BIG_DIFF_LINES / 2));
    expect(root.querySelectorAll('table.diff tr.add')).toHaveLength(BIG_DIFF_LINES / 2);
    expect(fold()).toBeNull();
  });

  it('folds back to its size with "hide diff"', async () => {
    await row(rewritten(400, 175));
    await act(() => fold()!.click());
    const toggle = root.querySelector<HTMLButtonElement>('.file-head button[aria-expanded]')!;
    expect(toggle.textContent).toBe('hide diff');
    await act(() => toggle.click());
    expect(root.querySelector('table.diff')).toBeNull();
    expect(toggle.textContent).toBe('show diff');
    expect(fold()!.textContent).toBe('+175 −175, 353 lines — show');
  });
});
