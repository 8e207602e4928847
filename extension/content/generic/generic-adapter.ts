/**
 * The generic reader as an adapter: the rest of the content script (tracker, Apply button, text ladder)
 * reads a page through it exactly as through a site's adapter. `findReplies` decides which parts of the
 * page are replies; `watchGenericReplies` marks them, and the adapter's selectors are those marks:
 *   the message's box  `[data-replyapply-reply="turn-<n>"]` (the tracker's turn and its container),
 *   its Markdown       `[data-replyapply-text]` (what the page rung reads).
 * The marks are attributes only, on the site's own elements; nothing of the site moves.
 *
 * Used when the user switched a site's adapter off, on an origin the user added for it, and when a
 * site's adapter finds no reply on a conversation page while the generic reader finds some.
 */
import type { SiteAdapter } from '../sites/types';
import { findReplies } from './find-replies';

export const REPLY_MARK = 'data-replyapply-reply';
export const TEXT_MARK = 'data-replyapply-text';
/** The id this module gives sites it has no adapter for. */
export const GENERIC_ID = 'generic';

/**
 * A stop button by what it says (the words every site uses: "Stop generating", "Stop streaming", "Stop
 * response", `data-testid="stop-button"`, Qwen's `button.stop-button`). Only the last reply waits for it.
 */
export const GENERIC_STOP =
  'button[aria-label*="stop" i], button[title*="stop" i], button[data-testid*="stop" i], ' +
  'button[class*="stop-" i], [role="button"][aria-label*="stop" i]';

/** Copy controls by their names, in the languages of the sites we know. Never a code block's (see `findCopyButton`). */
const COPY_NAMES = [
  'copy',
  'copy response',
  'copy message',
  'copy reply',
  'copy answer',
  'copy text',
  'copy to clipboard',
  'copy response to clipboard',
  'copier',
  'kopieren',
  'copiar',
  'copia',
  '复制',
  'コピー',
];

const NONE = '[data-replyapply-none]';

/**
 * The generic adapter, for one site (`base`: keeps its id, hosts and conversation ids, so remembered
 * folders still apply) or for an origin ReplyApply has no adapter for.
 */
export function genericAdapter(base?: SiteAdapter, origin?: string): SiteAdapter {
  const spec = (css: string) => ({ css, expect: {} });
  const host = origin ? new URL(origin).hostname : '';
  return {
    id: base?.id ?? GENERIC_ID,
    hosts: base?.hosts ?? (host ? [host] : []),
    ...(base?.pathPrefix ? { pathPrefix: base.pathPrefix } : {}),
    matches: base?.matches ?? (origin ? [`${origin}/*`] : []),
    generic: true,
    selectors: {
      turn: spec(`[${REPLY_MARK}]`),
      messageIdAttribute: REPLY_MARK,
      container: spec(`[${REPLY_MARK}]`),
      content: spec(`[${TEXT_MARK}]`),
      streaming: spec(base ? `${base.selectors.streaming.css}, ${GENERIC_STOP}` : GENERIC_STOP),
      copyButtonNames: COPY_NAMES,
      actionBar: spec(NONE),
      codeBlock: spec('pre'),
      composer: spec(base?.selectors.composer?.css ?? 'textarea, [contenteditable="true"], [role="textbox"]'),
    },
    conversationId: base ? (url) => base.conversationId(url) : pathConversation,
  };
}

/** Any page but the site's front page is a conversation to a reader that knows nothing of the site. */
function pathConversation(url: string | URL): string | undefined {
  try {
    const path = (typeof url === 'string' ? new URL(url) : url).pathname.replace(/\/+$/, '');
    return path ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keep the marks in step with the page: after every burst of changes (streaming text, new messages) the
 * replies are found again and marked `turn-<n>` in page order. A reply keeps its box while the box still
 * holds it, so the tracker does not see a new turn each time the reply grows.
 */
export function watchGenericReplies(doc: Document, signal: AbortSignal, delayMs = 250): () => number {
  const win = doc.defaultView!;
  const mark = (): number => {
    const found = findReplies(doc.body);
    const boxes = new Set<Element>();
    found.forEach(({ region, box }, n) => {
      const kept = region.closest(`[${REPLY_MARK}]`);
      const target = kept && box.contains(kept) ? kept : box;
      boxes.add(target);
      const id = `turn-${n}`;
      if (target.getAttribute(REPLY_MARK) !== id) target.setAttribute(REPLY_MARK, id);
      if (!region.hasAttribute(TEXT_MARK)) region.setAttribute(TEXT_MARK, '');
    });
    for (const el of doc.querySelectorAll(`[${REPLY_MARK}]`))
      if (!boxes.has(el)) el.removeAttribute(REPLY_MARK);
    const regions = new Set(found.map((f) => f.region));
    for (const el of doc.querySelectorAll(`[${TEXT_MARK}]`))
      if (!regions.has(el)) el.removeAttribute(TEXT_MARK);
    return found.length;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Our own marks are attributes, which this observer does not watch: marking never wakes it.
  // Text streaming into a reply already marked (text changed or nodes added inside its Markdown) changes no
  // mark: only other changes make it look again (a new message, a reply that just became one, an element
  // a virtualized list emptied and filled with another message), so a long chat is not classified anew
  // every 250 ms while a reply streams.
  const changesMarks = (r: MutationRecord) => {
    if (ownNode(r)) return false;
    if (r.type === 'childList' && r.removedNodes.length > 0) return true;
    const el = r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement;
    return !el?.closest(`[${TEXT_MARK}]`);
  };
  const observer = new win.MutationObserver((records) => {
    if (!records.some(changesMarks)) return;
    if (timer === undefined) timer = setTimeout(run, delayMs);
  });
  const run = () => {
    timer = undefined;
    if (!signal.aborted) mark();
  };
  observer.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    },
    { once: true },
  );
  return mark;
}

function ownNode(record: MutationRecord): boolean {
  const nodes = [...record.addedNodes, ...record.removedNodes];
  return nodes.length > 0 && nodes.every((n) => (n as Element).localName === 'replyapply-button');
}
