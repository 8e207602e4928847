// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { displayHunks } from '../../shared/engine';
import { DiffView } from './diff-view';
import { useRenderRoot } from './render-root';
import type { ReviewFile } from './review';

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});

const file = (oldText: string, newText: string): ReviewFile => ({
  path: 'src/cart.js',
  action: 'modify',
  baseHash: 'h',
  oldText,
  newText,
  hunks: displayHunks(oldText, newText),
  status: 'ok',
  notes: [],
  lines: [1],
});

const marks = (selector: string) =>
  [...root.querySelectorAll(`${selector} mark.changed`)].map((m) => m.textContent);

const OLD = 'let total = 0;\nconst sum = price * count;\nreturn sum;\n';
const NEW = 'let total = 0;\nconst sum = price * quantity;\nreturn sum;\n';

describe('DiffView: the words that changed', () => {
  it('are marked in the removed and the added line, the rest of each line as it is', async () => {
    await act(() => render(<DiffView file={file(OLD, NEW)} split={false} />, root));
    expect(marks('tr.del')).toEqual(['count']);
    expect(marks('tr.add')).toEqual(['quantity']);
    expect(root.querySelector('tr.add td.code')!.textContent).toBe('const sum = price * quantity;');
    expect(root.querySelectorAll('tr.context mark')).toHaveLength(0);
  });

  it('are marked side by side too', async () => {
    await act(() => render(<DiffView file={file(OLD, NEW)} split={true} />, root));
    expect(marks('td.code.del')).toEqual(['count']);
    expect(marks('td.code.add')).toEqual(['quantity']);
  });

  it('are not marked in a rewritten line, nor in an added line that replaced nothing', async () => {
    const old = 'a\nlet total = 0;\nz\n';
    const next = 'a\nfor (const item of items) sum(item);\nextra line\nz\n';
    await act(() => render(<DiffView file={file(old, next)} split={false} />, root));
    expect(root.querySelectorAll('tr.add')).toHaveLength(2);
    expect(root.querySelectorAll('mark')).toHaveLength(0);
  });
});
