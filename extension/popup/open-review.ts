import { useEffect, useRef } from 'preact/hooks';

export const SIDE_PANEL_PAGE = 'extension/sidepanel/index.html';

export interface ReviewTarget {
  windowId?: number;
  /** The popup page was opened in a tab (tests, or "open in tab"): there is no popup to close. */
  inTab: boolean;
}

/**
 * Opens the side panel, or navigates to its page where no side panel can be opened.
 * chrome.sidePanel.open only works during the user's click, so it is called before any await:
 * the window id is looked up beforehand.
 */
export function openReview(
  target: ReviewTarget,
  navigate: (url: string) => void = (u) => location.assign(u),
) {
  const url = chrome.runtime.getURL(SIDE_PANEL_PAGE);
  const panel = (chrome as { sidePanel?: typeof chrome.sidePanel }).sidePanel;
  if (!target.inTab && target.windowId !== undefined && typeof panel?.open === 'function') {
    panel.open({ windowId: target.windowId }).then(
      () => window.close(),
      () => navigate(url),
    );
    return;
  }
  navigate(url);
}

/** A click handler for "Review diffs", with the window looked up when the popup opens. */
export function useReviewOpener(): () => void {
  const target = useRef<ReviewTarget>({ inTab: false });
  useEffect(() => {
    chrome.tabs
      ?.getCurrent?.()
      .then((tab) => {
        if (tab) target.current.inTab = true;
      })
      .catch(() => undefined);
    chrome.windows
      ?.getCurrent?.()
      .then((w) => {
        if (w.id !== undefined) target.current.windowId = w.id;
      })
      .catch(() => undefined);
  }, []);
  return () => openReview(target.current);
}
