/**
 * What Chromium and Firefox do differently at run time, in one place. Both builds run the same code:
 * dist/firefox is dist/extension with a Firefox manifest (scripts/build-firefox.mjs), so the difference is
 * found from the APIs the browser has, never from its name.
 *
 * - The review's pane: Chromium's side panel (`chrome.sidePanel`, manifest `side_panel`), Firefox's sidebar
 *   (`sidebarAction`, manifest `sidebar_action`). Both show the same page, REVIEW_PAGE, and both open only
 *   during the user's click, so opening is synchronous up to the call.
 * - The toolbar button: Chromium may open the side panel on it; the popup must stay. Firefox has no such
 *   behaviour to turn off.
 * - `chrome.*` is used everywhere, also in Firefox: in Manifest V3 its `chrome` namespace returns promises
 *   like `browser.*` (checked by the Firefox e2e, e2e/firefox/), so no polyfill or `browser.*` is needed.
 * - The background is a service worker in Chromium and an event page in Firefox; its code uses nothing that
 *   only one of them has (no `self.registration`, no DOM).
 */

export const REVIEW_PAGE = 'extension/sidepanel/index.html';

/** Where the review opens: the tab or window it belongs to. */
export interface PaneTarget {
  tabId?: number;
  windowId?: number;
  /** The tab's position, for a review opened as a tab beside it. */
  index?: number;
}

/** Firefox's sidebar API (not in @types/chrome). open() takes the focused window. */
interface SidebarAction {
  open(): Promise<void>;
}

type Pane =
  | { kind: 'side-panel'; api: typeof chrome.sidePanel }
  | { kind: 'sidebar'; api: SidebarAction }
  | { kind: 'none' };

/** Read on every call, not at load: tests replace `chrome`, and a browser never changes its APIs. */
function pane(): Pane {
  const c = chrome as { sidePanel?: typeof chrome.sidePanel; sidebarAction?: SidebarAction };
  if (typeof c.sidePanel?.open === 'function') return { kind: 'side-panel', api: c.sidePanel };
  const sidebar =
    c.sidebarAction ?? (globalThis as { browser?: { sidebarAction?: SidebarAction } }).browser?.sidebarAction;
  if (typeof sidebar?.open === 'function') return { kind: 'sidebar', api: sidebar };
  return { kind: 'none' };
}

/** The browser has a pane beside the page for the review (else it is shown as a page in a tab). */
export function hasReviewPane(): boolean {
  return pane().kind !== 'none';
}

/**
 * Open the review's pane beside `target`. Call it inside the user's click, before any await: both browsers
 * refuse to open it later. Resolves true when it opened, false when it could not (no pane, no gesture, no
 * tab or window to open it in); it never rejects.
 */
export function openReviewPane(target: PaneTarget): Promise<boolean> {
  const p = pane();
  let opening: Promise<unknown> | undefined;
  try {
    if (p.kind === 'side-panel') {
      if (target.tabId !== undefined) opening = p.api.open({ tabId: target.tabId });
      else if (target.windowId !== undefined) opening = p.api.open({ windowId: target.windowId });
    } else if (p.kind === 'sidebar') {
      // Firefox opens the sidebar of the focused window, which is the one the click happened in.
      opening = p.api.open();
    }
  } catch {
    // Outside a user's click Firefox may throw instead of rejecting.
    opening = undefined;
  }
  if (!opening) return Promise.resolve(false);
  return opening.then(
    () => true,
    () => false,
  );
}

/**
 * Open the review for a click on the chat page, which reached the background as a message: the pane
 * where the browser lets it open (Chromium's side panel, since the click's gesture travels with the
 * message), else the review's page in a new tab beside the chat (Firefox: a sidebar opens only inside a
 * handler of the user's own action on the add-on, and a content script's message is not one). Call it
 * before any await, as openReviewPane. `ownAction`: the call runs in a handler of the user's action on the
 * add-on itself (a menu click), where Firefox lets the sidebar open too.
 */
export function openReviewFromPage(
  target: PaneTarget,
  { ownAction = false }: { ownAction?: boolean } = {},
): Promise<'pane' | 'tab' | 'none'> {
  // An action on the add-on's own UI (its context menu) may open Firefox's sidebar; a forwarded click
  // would only fail there, so the tab is opened at once.
  const tried = ownAction || pane().kind === 'side-panel' ? openReviewPane(target) : Promise.resolve(false);
  return tried.then(async (opened) => {
    if (opened) return 'pane';
    try {
      await chrome.tabs.create({
        url: chrome.runtime.getURL(REVIEW_PAGE),
        ...(target.windowId === undefined ? {} : { windowId: target.windowId }),
        ...(target.index === undefined ? {} : { index: target.index + 1 }),
        ...(target.tabId === undefined ? {} : { openerTabId: target.tabId }),
      });
      return 'tab';
    } catch {
      return 'none';
    }
  });
}

/** Chromium: the toolbar button opens the popup, not the side panel. Firefox: nothing to do. */
export function keepPopupOnActionClick(): void {
  const p = pane();
  if (p.kind === 'side-panel')
    p.api.setPanelBehavior({ openPanelOnActionClick: false }).catch(() => undefined);
}
