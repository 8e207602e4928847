/**
 * Test support for Preact components under happy-dom: a fresh element to render into for every test,
 * unmounted and removed after it (with any globals the test stubbed restored), and `flush` to let
 * effects and awaited promises settle.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, vi } from 'vitest';

/** Registers the per-test root; `use` receives each test's element. */
export function useRenderRoot(use: (root: HTMLElement) => void): void {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    document.body.append(root);
    use(root);
  });
  afterEach(() => {
    act(() => render(null, root));
    root.remove();
    vi.unstubAllGlobals();
  });
}

export const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));
