import { detectAll } from '../formats/registry';
import type { Proposal } from './messages';

/**
 * A reply's text read by every format parser, as the proposal the review shows: the same for a reply
 * clicked on a chat page, a pasted one and selected text.
 */
export function proposalFor(text: string, meta: Omit<Proposal, 'changeSets' | 'text'>): Proposal {
  const { site, replyId, textSource, conversationId } = meta;
  const changeSets = detectAll(text, {
    site,
    replyId,
    textSource,
    ...(conversationId ? { conversationId } : {}),
  });
  return { ...meta, changeSets, text };
}
