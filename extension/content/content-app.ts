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
// Constants from bounds.ts, types only from messages.ts: the content script carries no zod (index.ts).
import { DETECT_MAX_PARTS, DETECT_PART_CHARS } from '../../shared/protocol/bounds';
import type { ContentMessage, DetectAnswer, Proposal, ProposalMeta } from '../../shared/protocol/messages';
import { textParts } from '../../shared/protocol/parts';
import { proposalFor } from '../../shared/protocol/proposal';
import { artifactCardsOf, readArtifactCards } from './artifact-cards';
import { isApplyButton, mountApplyButton, restoreButtons, unmountApplyButton } from './button';
import { type CopyProbeMemory, type RawText, readRawText } from './raw-text';
import { trackReplies } from './reply-tracker';
import { messageIdOf } from './sites/message-id';
import type { SiteAdapter } from './sites/types';
import { yieldToPage } from './yield';

/**
 * The longest reply whose operations are read on the page's own thread. Every format reads this much in
 * a few milliseconds, even on the hostile shapes of growth-shapes.ts (≤ 45 ms for 512 KiB in Node, so
 * ≈ 6 ms here); a longer reply is read by the background, which holds no page's thread (issue 44).
 */
export const PAGE_DETECT_CHARS = 64 * 1024;

export interface ContentDeps {
  adapter: SiteAdapter;
  signal: AbortSignal;
  send(message: ContentMessage): Promise<unknown>;
  /** Make the Copy-button rung available (inject the MAIN-world half). */
  enableCopyCapture(): Promise<void>;
  /** Where an icon-only Copy control was found by what it does, per site (see `captureViaCopyButton`). */
  copyMemory?: CopyProbeMemory;
  fetch?: typeof fetch;
  document?: Document;
  stableMs?: number;
  /**
   * Read and detect a finished reply only once it comes near the viewport (default: when the page has
   * an IntersectionObserver). A 200-reply conversation then costs what its visible part costs.
   */
  lazy?: boolean;
  /** Gives the page its thread back between steps (default yieldToPage). */
  pause?: () => Promise<void>;
}

interface Seen {
  raw: RawText;
  replyId: string;
  /** The turn's Markdown text when it was read: the same text under another id is the same message. */
  page: string;
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

  const pause = deps.pause ?? yieldToPage;
  let detections = 0;

  const detect = async (raw: RawText, replyId: string): Promise<Proposal> => {
    const url = win.location.href;
    const conversationId = conversationOf(url);
    const meta: ProposalMeta = {
      site: adapter.id,
      url,
      replyId,
      textSource: raw.source,
      ...(conversationId ? { conversationId } : {}),
      ...(adapter.generic ? { reader: 'generic' as const } : {}),
    };
    const proposal =
      raw.text.length > PAGE_DETECT_CHARS
        ? await detectElsewhere(raw.text, meta)
        : proposalFor(raw.text, meta);
    return raw.unreadable ? withheld(proposal, raw.unreadable) : proposal;
  };

  // A long reply is read by the background, its text sent in parts, each in a task of its own (one
  // message of a whole long reply held the page while it was copied). Tried twice: a service worker
  // stopped between two parts has lost the first. Should the background not answer at all (the
  // extension was reloaded under the page), the reply is read here, in a task of its own.
  const detectElsewhere = async (text: string, meta: ProposalMeta): Promise<Proposal> => {
    const parts = textParts(text, DETECT_PART_CHARS);
    for (let attempt = 0; attempt < 2 && parts.length <= DETECT_MAX_PARTS; attempt++) {
      const id = `${meta.replyId.slice(0, 40)}:${++detections}`;
      let answer: DetectAnswer | undefined;
      for (let part = 0; part < parts.length; part++) {
        if (part > 0 || attempt > 0) await pause();
        answer = (await deps
          .send({ type: 'detect', id, part, parts: parts.length, text: parts[part]!, meta })
          .catch(() => undefined)) as DetectAnswer | undefined;
        if (!answer?.ok) break;
      }
      const found = answer?.ok ? answer.proposal : undefined;
      if (found && Array.isArray(found.changeSets) && found.replyId === meta.replyId)
        return { ...found, text };
    }
    await pause();
    return proposalFor(text, meta);
  };

  const show = (
    turn: Element,
    proposal: Proposal,
    fromPage = proposal.textSource === 'dom',
    // Documents shown only as cards (a Claude artifact), read on the click: a reply of nothing else
    // still gets its button.
    cards = proposal.textSource === 'api' ? 0 : artifactCardsOf(turn, adapter).length,
  ) => {
    const ops = proposal.changeSets.reduce((n, s) => n + s.ops.length, 0);
    const errors = proposal.changeSets.reduce(
      (n, s) => n + s.diagnostics.filter((d) => d.severity === 'error').length,
      0,
    );
    // A virtualized list reuses a turn's element for another message: a button left from the message it
    // showed before would apply that message under this one.
    if (ops === 0 && errors === 0 && cards === 0) {
      unmountApplyButton(turn);
      return;
    }
    mountApplyButton(turn, adapter, {
      ops,
      files: countFiles(proposal.changeSets),
      errors,
      fromPage: fromPage || cards > 0,
      onClick: () => void onClick(turn, proposal),
    });
  };

  const onClick = async (turn: Element, clicked: Proposal) => {
    // The element may show another message by now (a virtualized list recycled it before the tracker saw
    // the new text settle): never propose the old one under it; read the one it shows. The same text under
    // another id is the same message whose place moved (ids that are places: older messages were added
    // or dropped above it): proposed under its id of now.
    let proposal = clicked;
    const now = messageIdOf(turn, adapter);
    const known = seen.get(turn);
    if (!now || !known || known.replyId !== clicked.replyId || known.page !== pageTextOf(turn, adapter)) {
      unmountApplyButton(turn);
      if (now) void process(turn, now);
      return;
    }
    if (now !== clicked.replyId) {
      proposal = { ...clicked, replyId: now };
      seen.set(turn, { ...known, replyId: now });
    }
    // Sent before any await: the background opens the side panel while the click still counts.
    await deps.send({ type: 'propose', proposal, open: true }).catch(() => undefined);
    const entry = seen.get(turn);
    if (!entry || entry.raw.source === 'api' || signal.aborted) return;
    copyReady ??= deps.enableCopyCapture().catch(() => undefined);
    await copyReady;
    const copied = await readRawText(turn, adapter, {
      url: win.location.href,
      signal,
      ...(deps.copyMemory ? { copyMemory: deps.copyMemory } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    // The documents shown as cards, through their Download buttons, after the reply's own text.
    const cards = copied.source === 'api' ? null : await readArtifactCards(turn, adapter, signal);
    if (signal.aborted) return;
    // Even when the text is the same, the proposal now says it came from the site's own copy.
    if (copied.source === 'dom' && !cards?.text && !cards?.notes.length) return;
    const exact: RawText = cards?.text
      ? { ...copied, text: `${copied.text}\n${cards.text}`, notes: [...copied.notes, ...cards.notes] }
      : copied;
    seen.set(turn, { raw: exact, replyId: entry.replyId, page: entry.page });
    const read = await detect(exact, entry.replyId);
    // A card that could not be read is said in the review, never left out silently.
    const better = cards?.notes.length ? withErrors(read, cards.notes, 'cards') : read;
    if (signal.aborted || seen.get(turn)?.raw !== exact) return;
    // Its cards are read now: the button counts what they hold.
    show(turn, better, better.textSource === 'dom', cards?.text ? 0 : undefined);
    await deps.send({ type: 'propose', proposal: better, open: false }).catch(() => undefined);
  };

  // Each step in a task of its own (pause): reading, checking and detecting a long reply in one went on
  // for most of a second of the page's thread (issue 44).
  const process = async (turn: Element, messageId: string) => {
    const before = pageTextOf(turn, adapter);
    await pause();
    // The Copy-button rung clicks the site's button: only on a user's click, never on page load.
    const raw = await readRawText(turn, adapter, {
      url: win.location.href,
      signal,
      useCopyButton: false,
      pause,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    if (signal.aborted) return;
    await pause();
    // Recycled while it was read (another text now): the tracker reports the message it shows now. The
    // same text under another id (its place moved) is still this message, under its id of now.
    const page = pageTextOf(turn, adapter);
    if (page !== before) return;
    const id = messageIdOf(turn, adapter) ?? messageId;
    const entry = { raw, replyId: id, page };
    seen.set(turn, entry);
    const proposal = await detect(raw, id);
    // Read again meanwhile (it finished anew, or was recycled): that reading shows its own button.
    if (signal.aborted || seen.get(turn) !== entry) return;
    show(turn, proposal);
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

/**
 * A reply whose page text lacks part of a code block (an editor that draws only the lines in view): its
 * operations are withheld, each change set saying why, so nothing cut off can be written. The button
 * still shows, and its click reads the exact text through the site's Copy button.
 */
function withheld(proposal: Proposal, reasons: readonly string[]): Proposal {
  const why =
    `${reasons.join(' ')} The operations read from the page are not used: ReplyApply reads the exact reply ` +
    "through the site's Copy button when you click Apply; if that fails, copy the reply and paste it into the side panel.";
  const error = { severity: 'error' as const, message: why, line: 1 };
  // Nothing may have been read from the cut-off text at all: the reason still reaches the review, as the
  // code blocks' own finding.
  const sets: Proposal['changeSets'] =
    proposal.changeSets.length > 0
      ? proposal.changeSets
      : [
          {
            id: `${proposal.replyId}:cut-off`,
            source: { format: 'whole-file', site: proposal.site },
            ops: [],
            diagnostics: [],
          },
        ];
  return {
    ...proposal,
    changeSets: sets.map((set) => ({ ...set, ops: [], diagnostics: [...set.diagnostics, error] })),
  };
}

/** `proposal` with `messages` as errors of its own change set (named `<replyId>:<what>`). */
function withErrors(proposal: Proposal, messages: readonly string[], what: string): Proposal {
  const set: Proposal['changeSets'][number] = {
    id: `${proposal.replyId}:${what}`,
    source: { format: 'artifacts', site: proposal.site },
    ops: [],
    diagnostics: messages.map((message) => ({ severity: 'error' as const, message, line: 1 })),
  };
  return { ...proposal, changeSets: [...proposal.changeSets, set] };
}

/** The text of a turn's Markdown as the page shows it (not its buttons, which some sites draw on hover). */
function pageTextOf(turn: Element, adapter: SiteAdapter): string {
  const regions = turn.querySelectorAll(adapter.selectors.content.css);
  if (regions.length === 0) return turn.textContent ?? '';
  let text = '';
  for (const r of regions) text += `${r.textContent ?? ''}\n`;
  return text;
}
