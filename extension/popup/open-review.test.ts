import { afterEach, describe, expect, it, vi } from 'vitest';
import { openReview } from './open-review';

const URL = 'chrome-extension://id/extension/sidepanel/index.html';

function stubChrome(sidePanel?: { open: (o: { windowId: number }) => Promise<void> }) {
  vi.stubGlobal('chrome', { runtime: { getURL: (p: string) => `chrome-extension://id/${p}` }, sidePanel });
  vi.stubGlobal('window', { close: vi.fn() });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('openReview', () => {
  it('opens the side panel of the window during the click, then closes the popup', async () => {
    const open = vi.fn(() => Promise.resolve());
    stubChrome({ open });
    const navigate = vi.fn();
    openReview({ windowId: 7, inTab: false }, navigate);
    // Called before any await: the click's user gesture only lasts that long.
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
    await Promise.resolve();
    await Promise.resolve();
    expect(window.close).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['the popup page is open in a tab', { windowId: 7, inTab: true }, true],
    ['the window is unknown', { inTab: false }, true],
    ['there is no side panel API', { windowId: 7, inTab: false }, false],
  ])('navigates to the side panel page when %s', (_why, target, withApi) => {
    const open = vi.fn(() => Promise.resolve());
    stubChrome(withApi ? { open } : undefined);
    const navigate = vi.fn();
    openReview(target, navigate);
    expect(navigate).toHaveBeenCalledWith(URL);
    expect(open).not.toHaveBeenCalled();
  });

  it('navigates when the side panel refuses to open', async () => {
    stubChrome({ open: () => Promise.reject(new Error('No user gesture')) });
    const navigate = vi.fn();
    openReview({ windowId: 7, inTab: false }, navigate);
    await new Promise((r) => setTimeout(r, 0));
    expect(navigate).toHaveBeenCalledWith(URL);
  });
});
