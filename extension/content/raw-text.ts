/**
 * The raw text of one reply, from the best source the site offers (DESIGN §5):
 *  1. the site's API (`adapter.fetchRawText`): the exact markdown the model wrote;
 *  2. the site's own Copy button, captured in the page without touching the user's clipboard;
 *  3. markdown rebuilt from the DOM (exact code blocks, lossy prose).
 * Each rung that fails says why in `notes`, and the next rung is tried.
 *
 * The Copy-button rung has two halves because the site's `navigator.clipboard` lives in the page's
 * MAIN world, which an isolated content script cannot patch: `installClipboardCapture` is injected
 * into the MAIN world (by the entry point, e.g. a `world: "MAIN"` content script or
 * `chrome.scripting.executeScript({ world: 'MAIN', func: installClipboardCapture })`), and
 * `captureViaCopyButton` talks to it with DOM events on `document`, the one thing both worlds share.
 *   isolated → main: `replyapply:arm-copy` (detail: nonce)    main → isolated: `replyapply:armed` (nonce)
 *   main → isolated: `replyapply:copied` (detail: JSON {nonce, text})    isolated → main: `replyapply:disarm-copy`
 * Details are strings because objects do not cross between worlds.
 */

import { pushAll } from '../../shared/text/push-all';
import { armedClick } from './armed-click';
import { domToMarkdown, domToMarkdownSliced, unreadableCodeBlocksSliced } from './dom-to-markdown';
import { messageIdOf, positionOf } from './sites/message-id';
import type { FetchContext, RawTextResult, SiteAdapter } from './sites/types';
import { yieldToPage } from './yield';

export type TextSource = 'api' | 'copy-button' | 'dom';

export interface RawText {
  text: string;
  source: TextSource;
  /** Why the better rungs were skipped, in plain words (shown in the popup's details). */
  notes: string[];
  /**
   * Page rung only: the code blocks whose whole text is not on the page (an editor that draws only the
   * lines in view), one reason each. Operations read from such text would write cut-off files.
   */
  unreadable?: string[];
}

export interface RawTextOptions {
  /** The page URL (conversation id and API origin come from it). */
  url: string;
  /** For the API rung; without it the rung is skipped. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Try the Copy-button rung (needs `installClipboardCapture` in the MAIN world). Default true. */
  useCopyButton?: boolean;
  copyTimeoutMs?: number;
  /** Lets the Copy rung find an icon-only Copy control by what it does (see `captureViaCopyButton`). */
  copyMemory?: CopyProbeMemory;
  /** How the page rung gives the page its thread back between stretches of a long reply (yieldToPage). */
  pause?: () => Promise<void>;
}

export const ARM_EVENT = 'replyapply:arm-copy';
export const ARMED_EVENT = 'replyapply:armed';
export const COPIED_EVENT = 'replyapply:copied';
export const DISARM_EVENT = 'replyapply:disarm-copy';

export async function readRawText(
  turn: Element,
  adapter: SiteAdapter,
  options: RawTextOptions,
): Promise<RawText> {
  const notes: string[] = [];
  const pause = options.pause ?? yieldToPage;
  const messageId = messageIdOf(turn, adapter) ?? '';
  const conversationId = adapter.conversationId(options.url);

  if (!adapter.fetchRawText) notes.push(`${adapter.id} has no API reader.`);
  else if (!options.fetch) notes.push('No fetch function was given for the API.');
  else if (!conversationId) notes.push('This page shows no saved conversation yet.');
  else if (!messageId) notes.push('The reply has no message id.');
  else {
    const ctx = {
      conversationId,
      messageId,
      origin: new URL(options.url).origin,
      fetch: options.fetch,
      ...(options.signal ? { signal: options.signal } : {}),
    };
    let api = await adapter.fetchRawText(ctx);
    // An id that is only the reply's place on the page (`turn-<n>`) names another message once the site
    // has dropped older ones from the page (a virtualized list): the API's text must be the page's.
    const place = positionOf(messageId);
    if (api.ok && api.text.trim() && place !== undefined)
      api = await samePlaceOnPage(api, place, turn, adapter, ctx, pause);
    if (api.ok && api.text.trim()) return { text: api.text, source: 'api', notes };
    notes.push(api.ok ? 'The API gave an empty reply.' : api.message);
  }

  if (options.useCopyButton !== false) {
    const copied = await captureViaCopyButton(
      turn,
      adapter,
      options.signal,
      options.copyTimeoutMs,
      options.copyMemory,
    );
    if (copied.ok && copied.text.trim()) return { text: copied.text, source: 'copy-button', notes };
    notes.push(copied.ok ? 'The Copy button copied nothing.' : copied.message);
  }

  const unreadable: string[] = [];
  const cut = cutOffBy(turn, adapter);
  if (cut) unreadable.push(cut);
  for (const region of textRegions(turn, adapter))
    pushAll(unreadable, await unreadableCodeBlocksSliced(region, pause));
  return {
    text: await domTextSliced(turn, adapter, pause),
    source: 'dom',
    notes,
    ...(unreadable.length > 0 ? { unreadable } : {}),
  };
}

/**
 * The API's reply for the reply at place `n` of the page. The n-th of the API is it while the page holds
 * every message; when the page dropped older ones, the reply is a later one of the API: the one (and only
 * one) whose text holds what the page shows. None or several: not read from the API, said why.
 */
async function samePlaceOnPage(
  first: Extract<RawTextResult, { ok: true }>,
  n: number,
  turn: Element,
  adapter: SiteAdapter,
  ctx: FetchContext,
  pause: () => Promise<void>,
): Promise<RawTextResult> {
  const page = await domTextSliced(turn, adapter, pause);
  if (agreesWithPage(first.text, page)) return first;
  const fits: Array<{ at: number; text: string }> = [];
  for (let at = n + 1; at < n + 500; at++) {
    const later = await adapter.fetchRawText!({ ...ctx, messageId: `turn-${at}` });
    if (!later.ok) break;
    if (agreesWithPage(later.text, page)) fits.push({ at, text: later.text });
  }
  if (fits.length === 1) return { ok: true, text: fits[0]!.text };
  return {
    ok: false,
    kind: 'missing',
    message:
      `The API's reply at this place (turn-${n}) is not the one on the page, which may have dropped older messages; ` +
      (fits.length === 0
        ? 'no later reply of the API holds its text either.'
        : `${fits.length} later replies of the API hold its text, so which one it is cannot be told.`),
  };
}

/**
 * Does a reply's text from the API hold what the page shows? Most of the page's longer lines (or, for a
 * short reply, its words) are found in it, compared without Markdown's marks and spacing. The API may
 * hold more (Claude appends its artifacts' text); another message of the same chat holds far less.
 */
export function agreesWithPage(apiText: string, pageText: string): boolean {
  const norm = (t: string) =>
    t
      .toLowerCase()
      .replace(/[`*_#>|[\]()~-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const api = norm(apiText);
  const lines = [...new Set(pageText.split('\n').map(norm))].filter((l) => l.length >= 12).slice(0, 60);
  const parts =
    lines.length >= 3 ? lines : [...new Set(norm(pageText).split(' '))].filter((w) => w.length >= 4);
  if (parts.length === 0) return true;
  return parts.filter((p) => api.includes(p)).length >= 0.6 * parts.length;
}

/**
 * Why the reply on the page may be cut off, or null: the site shows its Continue control (see
 * `cutOffControl`) in the reply's container, or after the reply when it is the page's last one.
 */
export function cutOffBy(turn: Element, adapter: SiteAdapter): string | null {
  const spec = adapter.selectors.cutOffControl;
  if (!spec) return null;
  const named = (el: Element) =>
    spec.name.test(el.textContent ?? '') || spec.name.test(el.getAttribute('aria-label') ?? '');
  const container = turn.closest(adapter.selectors.container.css);
  let found = container ? Array.from(container.querySelectorAll(spec.css)).some(named) : false;
  if (!found) {
    const turns = turn.ownerDocument.querySelectorAll(adapter.selectors.turn.css);
    if (turns[turns.length - 1] === turn) {
      const composer = adapter.selectors.composer?.css;
      found = Array.from(turn.ownerDocument.querySelectorAll(spec.css)).some(
        (el) =>
          named(el) &&
          (turn.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 &&
          !(composer && el.closest('form, fieldset')?.querySelector(composer)),
      );
    }
  }
  return found
    ? 'The reply stopped before its end (the site shows its Continue button): read from the page, a code block it cut looks whole.'
    : null;
}

/** The turn's markdown regions, or the whole turn when it has none. */
export function textRegions(turn: Element, adapter: SiteAdapter): Element[] {
  const own = adapter.regionsOf?.(turn);
  if (own) return own;
  const regions = Array.from(turn.querySelectorAll(adapter.selectors.content.css));
  return regions.length === 0 ? [turn] : regions;
}

/** `domText`, giving the page its thread back between stretches (`domToMarkdownSliced`). */
async function domTextSliced(
  turn: Element,
  adapter: SiteAdapter,
  pause: () => Promise<void>,
): Promise<string> {
  const parts: string[] = [];
  for (const region of textRegions(turn, adapter)) {
    const text = await domToMarkdownSliced(region, pause);
    if (text) parts.push(text);
  }
  return parts.join('\n\n');
}

/** The reply rebuilt from the DOM: each of the turn's markdown regions, or the whole turn. */
export function domText(turn: Element, adapter: SiteAdapter): string {
  return textRegions(turn, adapter)
    .map((r) => domToMarkdown(r))
    .filter(Boolean)
    .join('\n\n');
}

export type CaptureResult =
  | { ok: true; text: string }
  | {
      ok: false;
      kind: 'no-button' | 'shared-button' | 'not-installed' | 'timeout' | 'aborted';
      message: string;
    };

/**
 * Where a site's Copy control was found by what it does (`findCopyByProbe`), kept across page loads:
 * its place among the bar's unnamed controls, `null` when the one probe found none (never tried again),
 * `undefined` when the site was never probed.
 */
export interface CopyProbeMemory {
  get(site: string): Promise<number | null | undefined>;
  set(site: string, at: number | null): Promise<void>;
}

/**
 * Click the turn's own Copy button and take what the site writes, with the MAIN-world capture armed
 * so nothing reaches the clipboard. Never clicks unless the MAIN-world half answered the arming
 * (otherwise the click would overwrite the user's clipboard).
 *
 * When the adapter's ways find no Copy button (an icon-only control whose hooks changed) and `memory` is
 * given, the control is found by what it does: the first unnamed control of the reply's own action bar
 * is clicked once, with the capture armed; if it writes text, it is the site's Copy and its place is
 * remembered for the site; if not, that is remembered too and nothing is ever probed again there.
 */
export async function captureViaCopyButton(
  turn: Element,
  adapter: SiteAdapter,
  signal?: AbortSignal,
  timeoutMs = 1500,
  memory?: CopyProbeMemory,
): Promise<CaptureResult> {
  const s = adapter.selectors;
  const container = turn.closest(s.container.css) ?? turn.parentElement;
  if (!container) return fail('no-button', 'The reply has no Copy button (yet).');
  // A turn that holds several assistant messages (tool use, then the answer) has one Copy button
  // for all of them; its text would not be this message's alone.
  if (container.querySelectorAll(s.turn.css).length > 1)
    return fail('shared-button', 'The Copy button covers several messages.');
  const hasWays = Boolean(s.copyButton || s.copyButtonNames || s.copyButtonIndex !== undefined);
  let button = hasWays ? findCopyButton(container, turn, adapter) : null;
  if (button) return clickAndCapture(button, turn, signal, timeoutMs);
  if (!memory) {
    return hasWays
      ? fail('no-button', 'The reply has no Copy button (yet).')
      : fail('no-button', `${adapter.id} has no way to find its Copy button.`);
  }
  const candidates = probeCandidates(container, turn, adapter);
  if (candidates.length === 0) return fail('no-button', 'The reply has no Copy button (yet).');
  const known = await memory.get(adapter.id);
  if (known === null) return fail('no-button', `No control of ${adapter.id}'s action bar copies the reply.`);
  button = candidates[known ?? 0] ?? null;
  if (!button) return fail('no-button', 'The reply has no Copy button (yet).');
  const result = await clickAndCapture(button, turn, signal, timeoutMs);
  if (known === undefined && (result.ok || result.kind === 'timeout'))
    await memory.set(adapter.id, result.ok && result.text.trim() ? 0 : null);
  return result;
}

/**
 * The controls of the reply's own action bar that may be its Copy: not named for anything else (a
 * "Regenerate" or "Good response" is never clicked), not a menu, not in the reply's text or a code block.
 * Copy-like hints (a `copy` class, test id or icon name) come first; else the bar's order (Copy is first
 * on every site we know).
 */
export function probeCandidates(container: Element, turn: Element, adapter: SiteAdapter): HTMLElement[] {
  const s = adapter.selectors;
  const bar = container.querySelector(s.actionBar.css);
  const scope = bar && !turn.contains(bar) ? bar : adapter.generic ? container : null;
  if (!scope) return [];
  const all = barControls(scope, turn, adapter).filter(
    (b) =>
      !b.matches('[aria-haspopup], [aria-expanded], [disabled], [aria-disabled="true"]') &&
      mayCopy(accessibleName(b)),
  );
  const hinted = all.filter((b) => COPY_HINT.test(hintsOf(b)));
  return [...hinted, ...all.filter((b) => !hinted.includes(b))];
}

const COPY_HINT = /copy|clipboard|content_copy/i;

/** What an unnamed control's markup says about it: class, test id, and its icon's name or font ligature. */
function hintsOf(el: Element): string {
  const icon = el.querySelector('svg, use, mat-icon, i, img');
  return [
    el.getAttribute('class'),
    el.getAttribute('data-testid'),
    icon?.getAttribute('name'),
    icon?.getAttribute('class'),
    icon?.getAttribute('href') ?? icon?.getAttribute('xlink:href'),
    icon?.getAttribute('data-icon'),
    icon?.getAttribute('fonticon'),
    icon?.localName === 'mat-icon' || icon?.localName === 'i' ? icon.textContent : '',
  ]
    .filter(Boolean)
    .join(' ');
}

async function clickAndCapture(
  button: HTMLElement,
  _turn: Element,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<CaptureResult> {
  const events = { arm: ARM_EVENT, armed: ARMED_EVENT, done: COPIED_EVENT, disarm: DISARM_EVENT };
  const r = await armedClick(
    button,
    events,
    (a) => (typeof a.text === 'string' ? a.text : undefined),
    signal,
    timeoutMs,
  );
  if (r.ok) return { ok: true, text: r.value };
  if (r.kind === 'aborted') return fail('aborted', 'Stopped.');
  if (r.kind === 'not-installed')
    return fail('not-installed', 'The clipboard capture is not installed in the page.');
  return fail('timeout', `The Copy button wrote nothing within ${timeoutMs} ms.`);
}

/**
 * The reply's own Copy button, found the surest way that works (the adapter's data, issue 12): its
 * selector, else its accessible name, else its place in the action bar (or among the container's
 * buttons outside the reply's text).
 */
export function findCopyButton(container: Element, turn: Element, adapter: SiteAdapter): HTMLElement | null {
  const s = adapter.selectors;
  if (s.copyButton) {
    const byId = container.querySelector<HTMLElement>(s.copyButton.css);
    if (byId) return byId;
  }
  const buttons = barControls(container, turn, adapter);
  const names = (s.copyButtonNames ?? []).map((n) => n.toLowerCase());
  if (names.length > 0) {
    const named = buttons.find((b) => {
      const name = accessibleName(b);
      return name !== '' && !name.includes('code') && names.includes(name);
    });
    if (named) return named;
  }
  if (s.copyButtonIndex !== undefined) {
    // The place is counted in the action bar when there is one: buttons elsewhere in the container (a
    // version pager) would shift it.
    const bar = container.querySelector(s.actionBar.css);
    const at = (bar ? barControls(bar, turn, adapter) : buttons)[s.copyButtonIndex];
    if (at && mayCopy(accessibleName(at))) return at;
  }
  return null;
}

/**
 * The controls under `root` that belong to the turn's own bar: not in the reply's text or a code block (a
 * code block's "Copy code"), not ours. Some sites keep the bar inside the turn (Copilot), so the turn
 * itself is not excluded.
 */
function barControls(root: Element, turn: Element, adapter: SiteAdapter): HTMLElement[] {
  const text = Array.from(turn.querySelectorAll(adapter.selectors.content.css));
  return Array.from(root.querySelectorAll<HTMLElement>('button, [role="button"]')).filter(
    (b) => !text.some((t) => t.contains(b)) && !b.closest('pre, code, [data-replyapply], replyapply-button'),
  );
}

/**
 * Whether a control found by its place may be the Copy control by its name: none, or one that says copy
 * and is not a code block's. Never a control named for anything else (Regenerate, Good response).
 */
function mayCopy(name: string): boolean {
  return name === '' || (name.includes('copy') && !name.includes('code'));
}

/** A button's name as assistive technology reads it, lowercased: aria-label, title, or its text. */
function accessibleName(el: Element): string {
  const label =
    el.getAttribute('aria-label') ??
    el.getAttribute('title') ??
    el.getAttribute('data-tooltip') ??
    el.getAttribute('data-state-label') ??
    el.textContent ??
    '';
  return label.replace(/\s+/g, ' ').trim().toLowerCase();
}

function fail(kind: Extract<CaptureResult, { ok: false }>['kind'], message: string): CaptureResult {
  return { ok: false, kind, message };
}

/**
 * MAIN-world half. Self-contained on purpose: it is serialized and injected into the page, so it may
 * not refer to anything outside its own body (not even the event-name constants above).
 * While armed (between `arm-copy` and a write, `disarm-copy` or 3 s), `navigator.clipboard.writeText`
 * and `write` are replaced by functions that report the text instead of writing it, and resolve as
 * if the write succeeded so the site shows its usual "Copied" feedback. Outside a capture the page's
 * clipboard is untouched: the originals are put back on disarm.
 */
export function installClipboardCapture(): void {
  const w = window as unknown as { __replyApplyClipboardCapture?: boolean };
  if (w.__replyApplyClipboardCapture) return;
  w.__replyApplyClipboardCapture = true;

  let active: { nonce: string; restore: () => void; timer: ReturnType<typeof setTimeout> } | null = null;

  const patch = (clip: Clipboard, name: 'writeText' | 'write', replacement: unknown): (() => void) => {
    const own = Object.getOwnPropertyDescriptor(clip, name);
    Object.defineProperty(clip, name, { value: replacement, configurable: true, writable: true });
    return () => {
      if (own) Object.defineProperty(clip, name, own);
      else delete (clip as unknown as Record<string, unknown>)[name];
    };
  };

  const disarm = () => {
    if (!active) return;
    clearTimeout(active.timer);
    active.restore();
    active = null;
  };

  const report = (nonce: string, text: string) => {
    document.dispatchEvent(new CustomEvent('replyapply:copied', { detail: JSON.stringify({ nonce, text }) }));
  };

  document.addEventListener('replyapply:arm-copy', (event) => {
    const nonce = (event as CustomEvent).detail;
    const clip = navigator.clipboard;
    if (typeof nonce !== 'string' || !clip) return;
    disarm();
    const take = (text: string) => {
      if (!active || active.nonce !== nonce) return;
      disarm();
      report(nonce, text);
    };
    const restoreWriteText = patch(clip, 'writeText', async (text: string) => take(String(text)));
    const restoreWrite = patch(clip, 'write', async (items: ClipboardItem[]) => {
      // The site may copy rich text too; the plain-text flavour is the markdown.
      for (const item of items ?? []) {
        if (item.types.includes('text/plain')) {
          take(await (await item.getType('text/plain')).text());
          return;
        }
      }
      take('');
    });
    active = {
      nonce,
      restore: () => {
        restoreWrite();
        restoreWriteText();
      },
      timer: setTimeout(disarm, 3000),
    };
    document.dispatchEvent(new CustomEvent('replyapply:armed', { detail: nonce }));
  });

  document.addEventListener('replyapply:disarm-copy', (event) => {
    if (active && (event as CustomEvent).detail === active.nonce) disarm();
  });
}
