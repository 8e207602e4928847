/**
 * The id of one reply. ChatGPT puts the message id on the turn itself (`data-message-id`); other
 * sites put it on an ancestor (Grok's `id="response-<uuid>"`, LibreChat's message row) or have none
 * at all (Claude, Copilot, Perplexity, Le Chat, DeepSeek), where the id is the turn's position.
 */
import type { SiteAdapter } from './types';

/** Every reader of a reply's id goes through here (tracker, raw-text ladder, button). */
export function messageIdOf(turn: Element, adapter: SiteAdapter): string | undefined {
  const derived = adapter.messageId?.(turn);
  if (derived) return derived;
  return turn.getAttribute(adapter.selectors.messageIdAttribute) ?? undefined;
}

/**
 * `turn-<n>`: the turn's 0-based position among the page's assistant turns. Stable while the site
 * keeps every turn of the conversation in the DOM (none of the sites that need it virtualizes its
 * list); a regenerated reply keeps its position, so it keeps its id and is reported again when its
 * text changes. API readers keyed by position (Claude) map it to the n-th assistant message.
 */
export function positionId(turn: Element, turnCss: string): string | undefined {
  const all = turn.ownerDocument.querySelectorAll(turnCss);
  for (let i = 0; i < all.length; i++) if (all[i] === turn) return `turn-${i}`;
  return undefined;
}

/** The n of `turn-<n>`, or undefined for any other id. */
export function positionOf(messageId: string): number | undefined {
  const m = /^turn-(\d+)$/.exec(messageId);
  return m ? Number(m[1]) : undefined;
}

/** An id held by an attribute of the closest `ancestorCss`, without `prefix` (`response-<uuid>`). */
export function ancestorId(
  turn: Element,
  ancestorCss: string,
  attribute: string,
  prefix = '',
): string | undefined {
  const value = turn.closest(ancestorCss)?.getAttribute(attribute);
  if (!value?.startsWith(prefix) || value.length === prefix.length) return undefined;
  return value.slice(prefix.length);
}
