import { useEffect, useRef } from 'preact/hooks';
import { hasReviewPane, openReviewPane, REVIEW_PAGE } from '../browser-differences';

export interface ReviewTarget {
  windowId?: number;
  /** The popup page was opened in a tab (tests, or "open in tab"): there is no popup to close. */
  inTab: boolean;
}

/**
 * Opens the review's pane (Chromium's side panel, Firefox's sidebar), or navigates to its page where no
 * pane can be opened. The pane only opens during the user's click, so it is asked for before any await:
 * the window id is looked up beforehand.
 */
export function openReview(
  target: ReviewTarget,
  navigate: (url: string) => void = (u) => location.assign(u),
) {
  const url = chrome.runtime.getURL(REVIEW_PAGE);
  if (target.inTab || target.windowId === undefined || !hasReviewPane()) {
    navigate(url);
    return;
  }
  void openReviewPane({ windowId: target.windowId }).then((opened) => {
    if (opened) window.close();
    else navigate(url);
  });
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
