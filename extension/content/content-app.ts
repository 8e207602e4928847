/**
 * The content script's wiring: the tracker reports finished replies, each is read (API, else the DOM),
 * its operations are detected, and a button shows how many. A click proposes the change set to the
 * background, which opens the review; the content script itself can never write anything.
 *
 * The click must reach the background while it still counts as a user gesture (the side panel only
 * opens on one), so it sends the text it already has at once; when that text was rebuilt from the
 * DOM it then tries the site's Copy button for the exact text and sends an updated proposal.
 */
import { countFiles } from '../../shared/changeset/paths-of';
import type { ContentMessage, Proposal } from '../../shared/protocol/messages';
import { proposalFor } from '../../shared/protocol/proposal';
import { isApplyButton, mountApplyButton, restoreButtons } from './button';
import { type RawText, readRawText } from './raw-text';
import { trackReplies } from './reply-tracker';
import type { SiteAdapter } from './sites/types';

export interface ContentDeps {
  adapter: SiteAdapter;
  signal: AbortSignal;
  send(message: ContentMessage): Promise<unknown>;
  /** Make the Copy-button rung available (inject the MAIN-world half). */
  enableCopyCapture(): Promise<void>;
  fetch?: typeof fetch;
  document?: Document;
  stableMs?: number;
  /**
   * Read and detect a finished reply only once it comes near the viewport (default: when the page has
   * an IntersectionObserver). A 200-reply conversation then costs what its visible part costs.
   */
  lazy?: boolean;
}

interface Seen {
  raw: RawText;
  replyId: string;
}

export function startContent(deps: ContentDeps): void {
  const { adapter, signal } = deps;
  const doc = deps.document ?? document;
  const win = doc.defaultView!;
  const seen = new WeakMap<Element, Seen>();
  let copyReady: Promise<void> | undefined;
  // Every reply of a page asks for the same conversation id: parse each URL once.
  let lastUrl = '';
  let lastId: string | undefined;
  const conversationOf = (url: string) => {
    if (url !== lastUrl) {
      lastUrl = url;
      lastId = adapter.conversationId(url);
    }
    return lastId;
  };

  const detect = (raw: RawText, replyId: string): Proposal => {
    const url = win.location.href;
    const conversationId = conversationOf(url);
    return proposalFor(raw.text, {
      site: adapter.id,
      url,
      replyId,
      textSource: raw.source,
      ...(conversationId ? { conversationId } : {}),
    });
  };

  const show = (turn: Element, proposal: Proposal, fromPage = proposal.textSource === 'dom') => {
    const ops = proposal.changeSets.reduce((n, s) => n + s.ops.length, 0);
    const errors = proposal.changeSets.reduce(
      (n, s) => n + s.diagnostics.filter((d) => d.severity === 'error').length,
      0,
    );
    if (ops === 0 && errors === 0) return;
    mountApplyButton(turn, adapter, {
      ops,
      files: countFiles(proposal.changeSets),
      errors,
      fromPage,
      onClick: () => void onClick(turn, proposal),
    });
  };

  const onClick = async (turn: Element, proposal: Proposal) => {
    // Sent before any await: the background opens the side panel while the click still counts.
    await deps.send({ type: 'propose', proposal, open: true }).catch(() => undefined);
    const entry = seen.get(turn);
    if (!entry || entry.raw.source === 'api' || signal.aborted) return;
    copyReady ??= deps.enableCopyCapture().catch(() => undefined);
    await copyReady;
    const exact = await readRawText(turn, adapter, {
      url: win.location.href,
      signal,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    // Even when the text is the same, the proposal now says it came from the site's own copy.
    if (exact.source === 'dom') return;
    seen.set(turn, { raw: exact, replyId: entry.replyId });
    const better = detect(exact, entry.replyId);
    show(turn, better);
    await deps.send({ type: 'propose', proposal: better, open: false }).catch(() => undefined);
  };

  const process = async (turn: Element, messageId: string) => {
    // The Copy-button rung clicks the site's button: only on a user's click, never on page load.
    const raw = await readRawText(turn, adapter, {
      url: win.location.href,
      signal,
      useCopyButton: false,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    if (signal.aborted) return;
    seen.set(turn, { raw, replyId: messageId });
    show(turn, detect(raw, messageId));
  };

  // Replies far from the viewport wait until the user scrolls near them: reading and detecting every
  // reply of a long conversation on load was most of the content script's cost (issue 16).
  const Observer = (win as Window & typeof globalThis).IntersectionObserver;
  const near = deps.lazy !== false && typeof Observer === 'function' ? nearViewport(Observer, signal) : null;

  trackReplies({
    adapter,
    signal,
    document: doc,
    ...(deps.stableMs === undefined ? {} : { stableMs: deps.stableMs }),
    onPageChange: () => restoreButtons(adapter),
    isOwn: isApplyButton,
    onFinished: (turn, messageId) => {
      if (near) near(turn, () => void process(turn, messageId));
      else void process(turn, messageId);
    },
  });
}

/**
 * `when(el, job)` runs `job` once `el` is within a screen's height of the viewport (at once if it already
 * is). A newer job for the same element replaces one still waiting (a reply finished again).
 */
function nearViewport(
  Observer: typeof IntersectionObserver,
  signal: AbortSignal,
): (el: Element, job: () => void) => void {
  const jobs = new Map<Element, () => void>();
  const io = new Observer(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const job = jobs.get(entry.target);
        jobs.delete(entry.target);
        io.unobserve(entry.target);
        job?.();
      }
    },
    { rootMargin: '100% 0px 100% 0px' },
  );
  signal.addEventListener('abort', () => {
    io.disconnect();
    jobs.clear();
  });
  return (el, job) => {
    if (!jobs.has(el)) io.observe(el);
    jobs.set(el, job);
  };
}
