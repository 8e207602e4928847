// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { displayHunks } from '../../shared/engine';
import { FileList, type FileListProps } from './file-list';
import { flush, useRenderRoot } from './render-root';
import type { ReviewFile } from './review';

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});

const modified = (i: number): ReviewFile => {
  const oldText = `line ${i}\n`;
  const newText = `line ${i} changed\n`;
  return {
    path: `src/f${i}.ts`,
    action: 'modify',
    baseHash: `h${i}`,
    oldText,
    newText,
    hunks: displayHunks(oldText, newText),
    status: 'ok',
    notes: [],
    lines: [i + 1],
  };
};

const props = (files: ReviewFile[], over: Partial<FileListProps> = {}): FileListProps => ({
  files,
  ticked: new Set(files.map((f) => f.path)),
  onTick: () => undefined,
  split: false,
  locked: false,
  outcome: null,
  ...over,
});

const diffs = () =>
  [...root.querySelectorAll<HTMLElement>('[data-replyapply-file]')].map((r) =>
    r.querySelector('table.diff') ? 'diff' : r.querySelector('.diff-pending') ? 'pending' : 'none',
  );

describe('FileList', () => {
  it('draws the diffs of the first rows with the list and the others a few tasks later', async () => {
    const files = Array.from({ length: 20 }, (_, i) => modified(i));
    await act(() => render(<FileList {...props(files)} />, root));
    const first = diffs();
    expect(first.slice(0, 8)).toEqual(Array(8).fill('diff'));
    expect(first.slice(8)).toEqual(Array(12).fill('pending'));
    for (let i = 0; i < 10 && diffs().includes('pending'); i++) await flush();
    expect(diffs()).toEqual(Array(20).fill('diff'));
    expect(root.querySelector('[data-replyapply-file="src/f19.ts"] tr.add')!.textContent).toContain(
      'line 19 changed',
    );
  });
});
