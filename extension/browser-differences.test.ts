import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hasReviewPane,
  keepPopupOnActionClick,
  openReviewFromPage,
  openReviewPane,
} from './browser-differences';

const PAGE = 'ext://id/extension/sidepanel/index.html';

/** A `chrome` with Chromium's side panel, Firefox's sidebar, or neither. */
function stub(kind: 'side-panel' | 'sidebar' | 'none', opens = true) {
  const open = vi.fn(() => (opens ? Promise.resolve() : Promise.reject(new Error('user gesture needed'))));
  const create = vi.fn(async (_: chrome.tabs.CreateProperties) => ({}));
  const setPanelBehavior = vi.fn(() => Promise.resolve());
  vi.stubGlobal('chrome', {
    runtime: { getURL: (p: string) => `ext://id/${p}` },
    tabs: { create },
    ...(kind === 'side-panel' ? { sidePanel: { open, setPanelBehavior } } : {}),
    ...(kind === 'sidebar' ? { sidebarAction: { open } } : {}),
  });
  return { open, create, setPanelBehavior };
}

afterEach(() => vi.unstubAllGlobals());

describe('the review pane: side panel in Chromium, sidebar in Firefox', () => {
  it('Chromium: opens the side panel of the tab, during the call', async () => {
    const { open, create } = stub('side-panel');
    const opening = openReviewFromPage({ tabId: 3, windowId: 1, index: 0 });
    expect(open).toHaveBeenCalledWith({ tabId: 3 });
    expect(await opening).toBe('pane');
    expect(create).not.toHaveBeenCalled();
  });

  it('Chromium: a side panel that refuses (the gesture was lost) opens the review as a tab beside the chat', async () => {
    const { create } = stub('side-panel', false);
    expect(await openReviewFromPage({ tabId: 3, windowId: 1, index: 4 })).toBe('tab');
    expect(create).toHaveBeenCalledWith({ url: PAGE, windowId: 1, index: 5, openerTabId: 3 });
  });

  it('Firefox: a click forwarded from the page opens a tab at once, without asking for the sidebar', async () => {
    const { open, create } = stub('sidebar');
    expect(await openReviewFromPage({ tabId: 3, windowId: 1, index: 0 })).toBe('tab');
    expect(open).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith({ url: PAGE, windowId: 1, index: 1, openerTabId: 3 });
  });

  it("Firefox: the add-on's own action (its menu) opens the sidebar", async () => {
    const { open, create } = stub('sidebar');
    expect(await openReviewFromPage({ tabId: 3, windowId: 1 }, { ownAction: true })).toBe('pane');
    expect(open).toHaveBeenCalledWith();
    expect(create).not.toHaveBeenCalled();
  });

  it('says whether there is a pane, and never rejects when opening fails', async () => {
    stub('none');
    expect(hasReviewPane()).toBe(false);
    expect(await openReviewPane({ windowId: 1 })).toBe(false);
    stub('sidebar', false);
    expect(hasReviewPane()).toBe(true);
    expect(await openReviewPane({ windowId: 1 })).toBe(false);
  });

  it('keeps the popup on the toolbar button in Chromium; nothing to do in Firefox', () => {
    const chromium = stub('side-panel');
    keepPopupOnActionClick();
    expect(chromium.setPanelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: false });
    stub('sidebar');
    expect(() => keepPopupOnActionClick()).not.toThrow();
  });
});
