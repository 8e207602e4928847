/**
 * The "Apply N files" button beside a reply's own action buttons.
 *
 * The button lives in an open shadow root so the site's CSS cannot restyle it and ours cannot leak
 * into the site; the host element carries the test hooks (`data-replyapply`, `data-ops`,
 * `data-files`, `data-errors`) outside the shadow root, where Playwright's CSS locators find them.
 * Only a real user click opens the review: synthetic clicks (`isTrusted === false`, e.g. from a page
 * script) are ignored, because the click is what lets the extension open its side panel.
 */
import { messageIdOf } from './sites/message-id';
import type { SiteAdapter } from './sites/types';

export interface ApplyButtonState {
  /** Operations in the reply's change sets. */
  ops: number;
  /** Distinct files they touch. */
  files: number;
  /** Error diagnostics (unsafe paths, broken blocks): the user should review before applying. */
  errors: number;
  /**
   * The reply's text was rebuilt from the rendered page (neither the site's API nor its Copy button gave
   * it): counts and errors read from it may be wrong, so the label says only that (issue 12).
   */
  fromPage?: boolean;
  onClick(event: MouseEvent): void;
}

const HOST_TAG = 'replyapply-button';

/** One of our buttons' host elements (the tracker ignores adding them: that is no change of the page). */
export const isApplyButton = (node: Node): boolean => (node as Element).localName === HOST_TAG;

interface Mounted {
  host: HTMLElement;
  button: HTMLButtonElement;
  label: HTMLSpanElement;
  state: ApplyButtonState;
}

const mounted = new WeakMap<Element, Mounted>();
/** Turns that have a button, for `restoreButtons` (entries go when unmounted or the turn is gone). */
const live = new Set<Element>();

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "Apply 3 files", "Apply 1 file", "Review 1 file · 1 error", "Apply 2 changes" (commands only), and
 * "Review (read from the page)" when all there is is the page's rebuild.
 */
export function buttonLabel({
  ops,
  files,
  errors,
  fromPage,
}: Pick<ApplyButtonState, 'ops' | 'files' | 'errors' | 'fromPage'>): string {
  if (fromPage) return 'Review (read from the page)';
  const parts: string[] = [];
  if (files > 0) parts.push(plural(files, 'file'));
  else if (ops > 0) parts.push(plural(ops, 'change'));
  if (errors > 0) parts.push(plural(errors, 'error'));
  return `${errors > 0 ? 'Review' : 'Apply'} ${parts.join(' · ')}`;
}

/**
 * Put the button in the turn's action bar (or right after the turn when the site shows none), or
 * update the one already there. Returns a function that removes it.
 */
export function mountApplyButton(turn: Element, adapter: SiteAdapter, state: ApplyButtonState): () => void {
  let entry = mounted.get(turn);
  if (!entry) {
    entry = create(turn.ownerDocument, state);
    mounted.set(turn, entry);
  }
  entry.state = state;
  render(entry, turn, adapter);
  // Sites re-render their action bars (React); put the button back where it belongs.
  place(entry.host, turn, adapter);
  live.add(turn);
  const own = entry;
  return () => {
    own.host.remove();
    if (mounted.get(turn) === own) {
      mounted.delete(turn);
      live.delete(turn);
    }
  };
}

/** Take a turn's button away (its message now changes no file, or the element shows another message). */
export function unmountApplyButton(turn: Element): void {
  const entry = mounted.get(turn);
  if (!entry) return;
  entry.host.remove();
  mounted.delete(turn);
  live.delete(turn);
}

/**
 * Put back every button the site's re-rendering removed (React replaced an action bar), and forget
 * the turns that left the page. Cheap when nothing moved; meant for the tracker's `onPageChange`.
 */
export function restoreButtons(adapter: SiteAdapter): void {
  for (const turn of live) {
    const entry = mounted.get(turn);
    if (!entry || !turn.isConnected) {
      live.delete(turn);
      mounted.delete(turn);
      continue;
    }
    // Also when the bar came back after the button was put beside the turn (HuggingChat takes every
    // earlier reply's bar away while another reply streams).
    const bar = barOf(turn, adapter);
    if (!entry.host.isConnected || !entry.host.parentElement || (bar && entry.host.parentElement !== bar))
      place(entry.host, turn, adapter);
  }
}

function create(doc: Document, state: ApplyButtonState): Mounted {
  const host = doc.createElement(HOST_TAG);
  host.setAttribute('data-replyapply', 'apply');
  const root = host.attachShadow({ mode: 'open' });
  // One parsed stylesheet shared by every button (a page with 200 replies would parse 200 <style>s).
  const sheet = sharedSheet(doc);
  if (!sheet || !adopt(root, sheet)) {
    const style = doc.createElement('style');
    style.textContent = STYLE;
    root.append(style);
  }
  const button = doc.createElement('button');
  button.type = 'button';
  const icon = doc.createElement('span');
  icon.className = 'icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = '⤓';
  const label = doc.createElement('span');
  label.className = 'label';
  button.append(icon, label);
  root.append(button);
  const entry: Mounted = { host, button, label, state };
  button.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    event.preventDefault();
    event.stopPropagation();
    entry.state.onClick(event);
  });
  return entry;
}

const sheets = new WeakMap<Document, CSSStyleSheet>();

/** The button's stylesheet for this document, where constructable stylesheets exist (not in happy-dom). */
function sharedSheet(doc: Document): CSSStyleSheet | null {
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  if (!win?.CSSStyleSheet || !('replaceSync' in win.CSSStyleSheet.prototype)) return null;
  let sheet = sheets.get(doc);
  if (!sheet) {
    try {
      sheet = new win.CSSStyleSheet();
      sheet.replaceSync(STYLE);
    } catch {
      return null;
    }
    sheets.set(doc, sheet);
  }
  return sheet;
}

/**
 * Give the button's shadow root the shared sheet. Firefox 140 ESR throws "Accessing from Xray wrapper is
 * not supported" when a content script sets `adoptedStyleSheets` (an ObservableArray seen through the
 * page's Xray wrapper; 153 ESR allows it): there every button gets a <style> of its own instead.
 */
function adopt(root: ShadowRoot, sheet: CSSStyleSheet): boolean {
  try {
    root.adoptedStyleSheets = [sheet];
    return true;
  } catch {
    return false;
  }
}

function render(entry: Mounted, turn: Element, adapter: SiteAdapter) {
  const { host, button, label, state } = entry;
  const text = buttonLabel(state);
  host.setAttribute('data-ops', String(state.ops));
  host.setAttribute('data-files', String(state.files));
  host.setAttribute('data-errors', String(state.errors));
  if (state.fromPage) host.setAttribute('data-from-page', '');
  else host.removeAttribute('data-from-page');
  const id = messageIdOf(turn, adapter);
  if (id) host.setAttribute('data-message-id', id);
  button.classList.toggle('has-errors', state.errors > 0 && !state.fromPage);
  label.textContent = text;
  button.setAttribute('aria-label', `ReplyApply: ${text} from this reply`);
  button.title = state.fromPage
    ? "The reply's exact text is not available yet: it was read from the rendered page. Clicking tries the chat's Copy button first."
    : state.errors > 0
      ? 'Some operations have errors: review them before applying'
      : `ReplyApply: ${text}`;
}

/** The turn's action bar, outside its text; null when the site shows none (yet). */
function barOf(turn: Element, adapter: SiteAdapter): Element | null {
  const s = adapter.selectors;
  const container = turn.closest(s.container.css) ?? turn.parentElement;
  // Tolerance: when the bar's selector misses but the Copy button is there (ChatGPT 2024 wrapped it
  // in a tooltip <span>), the bar is the <div> around the Copy button.
  const bar =
    container?.querySelector(s.actionBar.css) ??
    (s.copyButton ? container?.querySelector(s.copyButton.css)?.parentElement?.closest('div') : null);
  return bar && !turn.contains(bar) ? bar : null;
}

function place(host: HTMLElement, turn: Element, adapter: SiteAdapter) {
  const bar = barOf(turn, adapter);
  if (bar) {
    if (host.parentElement !== bar) bar.append(host);
  } else if (host.previousElementSibling !== turn) {
    // Never inside the turn: its text decides when the reply is finished.
    turn.after(host);
  }
}

/**
 * Sized and coloured like ChatGPT's own action buttons (32 px high, 8 px radius, secondary text
 * colour), with a subtle border so it reads as ours. Theme: ChatGPT's `html.dark` / `html.light`
 * class wins; without one, the system preference.
 */
const STYLE = `
:host {
  --ra-fg: #5d5d5d; --ra-fg-hover: #0d0d0d; --ra-bg-hover: rgba(0, 0, 0, 0.05);
  --ra-border: rgba(0, 0, 0, 0.15); --ra-focus: #2563eb; --ra-warn: #b45309;
  display: inline-flex; vertical-align: middle; margin-inline-start: 4px;
}
@media (prefers-color-scheme: dark) {
  :host {
    --ra-fg: #b4b4b4; --ra-fg-hover: #ececec; --ra-bg-hover: rgba(255, 255, 255, 0.08);
    --ra-border: rgba(255, 255, 255, 0.18); --ra-focus: #60a5fa; --ra-warn: #fbbf24;
  }
}
:host-context(html.light) {
  --ra-fg: #5d5d5d; --ra-fg-hover: #0d0d0d; --ra-bg-hover: rgba(0, 0, 0, 0.05);
  --ra-border: rgba(0, 0, 0, 0.15); --ra-focus: #2563eb; --ra-warn: #b45309;
}
:host-context(html.dark) {
  --ra-fg: #b4b4b4; --ra-fg-hover: #ececec; --ra-bg-hover: rgba(255, 255, 255, 0.08);
  --ra-border: rgba(255, 255, 255, 0.18); --ra-focus: #60a5fa; --ra-warn: #fbbf24;
}
button {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 6px;
  height: 32px; padding: 0 10px; border: 1px solid var(--ra-border); border-radius: 8px;
  font: inherit; font-size: 13px; font-weight: 500; line-height: 1; white-space: nowrap;
  color: var(--ra-fg); background: transparent; cursor: pointer;
}
button:hover { color: var(--ra-fg-hover); background: var(--ra-bg-hover); }
button:focus-visible { outline: 2px solid var(--ra-focus); outline-offset: 1px; }
button.has-errors { border-color: var(--ra-warn); }
button.has-errors .icon { color: var(--ra-warn); }
.icon { font-size: 14px; }
`;
