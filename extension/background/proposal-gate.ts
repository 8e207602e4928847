/**
 * Which proposals from a page may replace the one the user is reviewing. A click on a reply's button
 * proposes it and opens the review; right after, the content script may send the same reply again with
 * its exact text (the site's Copy button or API answer), which replaces the first. Anything else sent
 * without a click would change the review under the user's eyes: a slow or hostile site can hold its API
 * answer for minutes and then swap in other changes, with the ticks reset, just as the user clicks Apply.
 */
import type { Proposal } from '../../shared/protocol/messages';

/** How long after a click the same reply's better text may still replace it. */
export const UPGRADE_WINDOW_MS = 10_000;

/** The proposal a click opened: enough to recognise its follow-up. */
export interface OpenedProposal {
  tabId: number | undefined;
  site: string;
  url: string;
  replyId: string;
  at: number;
}

export function openedFrom(proposal: Proposal, tabId: number | undefined, now: number): OpenedProposal {
  return { tabId, site: proposal.site, url: proposal.url, replyId: proposal.replyId, at: now };
}

/** True when `incoming` may be stored: a click's own proposal, or that reply's update soon after it. */
export function mayReplace(
  opened: OpenedProposal | undefined,
  incoming: Proposal,
  open: boolean,
  tabId: number | undefined,
  now: number,
): boolean {
  if (open) return true;
  if (!opened) return false;
  const age = now - opened.at;
  return (
    opened.tabId === tabId &&
    opened.site === incoming.site &&
    opened.url === incoming.url &&
    opened.replyId === incoming.replyId &&
    age >= 0 &&
    age <= UPGRADE_WINDOW_MS
  );
}
