// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { memo } from './memo';
import { useRenderRoot } from './render-root';

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});

describe('memo', () => {
  it('draws the component again only when a prop changed', async () => {
    let renders = 0;
    const Row = memo(function Row({ text, on }: { text: string; on: () => void }) {
      renders++;
      return (
        <button type="button" onClick={on}>
          {text}
        </button>
      );
    });
    const on = () => undefined;
    await act(() => render(<Row text="a" on={on} />, root));
    await act(() => render(<Row text="a" on={on} />, root));
    expect(renders).toBe(1);
    await act(() => render(<Row text="b" on={on} />, root));
    expect(renders).toBe(2);
    expect(root.textContent).toBe('b');
    await act(() => render(<Row text="b" on={() => undefined} />, root));
    expect(renders).toBe(3);
  });
});
