/**
 * Watches the page for assistant replies and reports each one once it is finished.
 *
 * One MutationObserver per page. A mutation costs one `closest()`: inside a turn it marks that turn
 * dirty, anywhere else it asks for a rescan (new turns, the stop button going away, the action bar
 * appearing); one flush is scheduled for all of them. A turn is finished when
 *  - the site is not streaming it: the streaming signal (ChatGPT's stop button) is absent, or it is
 *    present but this is not the last turn on the page (the site shows one stop button for the
 *    conversation, and only the newest reply streams);
 *  - its done marker (the action bar) is present in its container, if the adapter has one. Tolerance:
 *    after `markerGraceMs` of stable text without it, the turn counts as finished anyway, so a site
 *    that renames its action bar degrades to a slower tracker instead of a dead one;
 *  - its text has not changed for `stableMs`.
 * `onFinished` runs once per finished version of a turn: again when its text later changes
 * (a regenerated or edited reply, or another message shown in the same element by a virtualized list),
 * never twice for the same text and id. Replies already on the page are
 * reported too. When the page moves to another conversation (pushState, popstate), the tracker
 * forgets what it reported and starts over.
 */
import { messageIdOf } from './sites/message-id';
import type { SiteAdapter } from './sites/types';

export interface ReplyTrackerOptions {
  adapter: SiteAdapter;
  signal: AbortSignal;
  onFinished(turn: Element, messageId: string): void;
  /**
   * After a flush that followed changes outside the turns (the site re-rendered something): the
   * place to put back UI the site removed (`restoreButtons`).
   */
  onPageChange?(): void;
  /**
   * Nodes of ReplyApply's own UI (`isApplyButton`): adding them, or changing their attributes, is no
   * change of the page, so it costs no rescan of every turn and no `onPageChange`.
   */
  isOwn?(node: Node): boolean;
  /** After the tracker reset for a new conversation (undefined on pages without one). */
  onNavigate?(conversationId: string | undefined, url: string): void;
  document?: Document;
  stableMs?: number;
  markerGraceMs?: number;
  /** How often the URL is compared (SPA navigation does not always fire an event we can see). */
  urlPollMs?: number;
}

interface TurnState {
  text: string;
  since: number;
  reported: string | null;
  /** The id the turn had when reported: a virtualized list may show another message in the same element. */
  reportedId?: string;
}

export function trackReplies(options: ReplyTrackerOptions): void {
  const { adapter, signal, onFinished } = options;
  if (signal.aborted) return;
  const doc = options.document ?? document;
  const win = doc.defaultView;
  if (!win) throw new Error('trackReplies needs a document shown in a window.');
  const stableMs = options.stableMs ?? 400;
  const markerGraceMs = Math.max(options.markerGraceMs ?? 3000, stableMs);
  const checkMs = Math.min(100, stableMs);
  const s = adapter.selectors;

  let state = new WeakMap<Element, TurnState>();
  const dirty = new Set<Element>();
  const watching = new Set<Element>();
  let rescan = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = Number.POSITIVE_INFINITY;

  const schedule = (delay: number) => {
    const at = Date.now() + delay;
    if (timer !== undefined && due <= at) return;
    if (timer !== undefined) clearTimeout(timer);
    due = at;
    timer = setTimeout(() => {
      timer = undefined;
      due = Number.POSITIVE_INFINITY;
      flush();
    }, delay);
  };

  const isOwn = options.isOwn;
  // Our buttons are never inside a turn: only a record outside the turns can be ours alone.
  const ownRecord = (record: MutationRecord) => {
    if (record.type === 'attributes') return isOwn!(record.target);
    if (record.removedNodes.length > 0 || record.addedNodes.length === 0) return false;
    for (const node of record.addedNodes) if (!isOwn!(node)) return false;
    return true;
  };
  const observer = new win.MutationObserver((records) => {
    // Streaming sends many records for the same element; look its turn up once per batch.
    let lastEl: Element | null = null;
    let lastTurn: Element | null = null;
    let relevant = false;
    for (const record of records) {
      const node = record.target;
      const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
      if (el !== lastEl) {
        lastEl = el;
        lastTurn = el?.closest(s.turn.css) ?? null;
      }
      if (lastTurn) dirty.add(lastTurn);
      else if (isOwn && ownRecord(record)) continue;
      else rescan = true;
      relevant = true;
    }
    if (relevant) schedule(checkMs);
  });

  const flush = () => {
    if (signal.aborted) return;
    const now = Date.now();
    let turns: NodeListOf<Element> | undefined;
    const allTurns = () => {
      turns ??= doc.querySelectorAll(s.turn.css);
      return turns;
    };
    const pageChanged = rescan;
    if (rescan) {
      rescan = false;
      for (const turn of allTurns()) if (!state.has(turn)) watching.add(turn);
    }
    for (const turn of dirty) watching.add(turn);
    // A turn's text can only have changed if a mutation marked it (or the page changed around it):
    // re-reading every waiting turn's text on each flush cost more than all the rest together.
    const touched = pageChanged ? null : new Set(dirty);
    dirty.clear();

    let streaming: boolean | undefined;
    const isStreaming = () => {
      streaming ??= doc.querySelector(s.streaming.css) !== null;
      return streaming;
    };
    // Whether a turn's container (or its parent, on sites without one) holds a done marker: one
    // subtree query per container and flush. Collecting every marker's ancestors with one document
    // query instead cost more in Chromium (a JS wrapper and a set entry for each ancestor of 400
    // markers) than 200 native subtree queries.
    const doneIn = new Map<Element, boolean>();
    const hasDoneMarker = (turn: Element) => {
      const box = turn.closest(s.container.css) ?? turn.parentElement!;
      let done = doneIn.get(box);
      if (done === undefined) {
        done = box.querySelector(s.doneMarker!.css) !== null;
        doneIn.set(box, done);
      }
      return done;
    };
    let next = Number.POSITIVE_INFINITY;
    const finished: Array<[Element, string]> = [];
    for (const turn of watching) {
      if (!turn.isConnected) {
        watching.delete(turn);
        continue;
      }
      let st = state.get(turn);
      const text = st && touched && !touched.has(turn) ? st.text : (turn.textContent ?? '');
      if (!st) {
        st = { text, since: now, reported: null };
        state.set(turn, st);
      } else if (st.text !== text) {
        st.text = text;
        st.since = now;
      }
      if (st.reported === text && st.reportedId === messageIdOf(turn, adapter)) {
        watching.delete(turn);
        continue;
      }
      if (isStreaming()) {
        const all = allTurns();
        if (all[all.length - 1] === turn) continue; // the next mutation (stop button gone) wakes us
      }
      const id = messageIdOf(turn, adapter);
      if (!id) continue; // the id attribute arriving is a mutation too
      const stableFor = now - st.since;
      if (stableFor < stableMs) {
        next = Math.min(next, stableMs - stableFor);
        continue;
      }
      if (s.doneMarker && stableFor < markerGraceMs && !hasDoneMarker(turn)) {
        next = Math.min(next, markerGraceMs - stableFor);
        continue;
      }
      st.reported = text;
      st.reportedId = id;
      watching.delete(turn);
      finished.push([turn, id]);
    }
    if (next !== Number.POSITIVE_INFINITY) schedule(next);
    const calls: Array<() => void> = finished.map(
      ([turn, id]) =>
        () =>
          onFinished(turn, id),
    );
    if (pageChanged && options.onPageChange) calls.push(options.onPageChange);
    for (const call of calls) {
      if (signal.aborted) return;
      try {
        call();
      } catch (err) {
        // One failing reply must not stop the tracking of the others.
        console.error('ReplyApply: handling a page change failed', err);
      }
    }
  };

  let url = win.location.href;
  let conversation = adapter.conversationId(url);
  const checkUrl = () => {
    if (signal.aborted || win.location.href === url) return;
    url = win.location.href;
    const now = adapter.conversationId(url);
    if (now === conversation) return;
    conversation = now;
    state = new WeakMap();
    dirty.clear();
    watching.clear();
    rescan = true;
    schedule(0);
    options.onNavigate?.(now, url);
  };

  observer.observe(doc.documentElement ?? doc, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: watchedAttributes(adapter),
  });
  win.addEventListener('popstate', checkUrl);
  const poll = setInterval(checkUrl, options.urlPollMs ?? 500);
  schedule(0);

  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
      clearInterval(poll);
      win.removeEventListener('popstate', checkUrl);
      dirty.clear();
      watching.clear();
    },
    { once: true },
  );
}

/**
 * The attributes whose change can decide a turn's fate: those the adapter's selectors test (a stop
 * button may be the same element with another `data-testid`), and the message id.
 */
export function watchedAttributes(adapter: SiteAdapter): string[] {
  const s = adapter.selectors;
  const css = [s.turn, s.streaming, s.doneMarker, s.container].map((x) => x?.css ?? '').join(' ');
  const names = new Set([s.messageIdAttribute]);
  for (const m of css.matchAll(/\[\s*([\w-]+)/g)) names.add(m[1]!);
  if (/\.[A-Za-z_-]/.test(css.replace(/\[[^\]]*\]/g, ''))) names.add('class');
  return [...names];
}
