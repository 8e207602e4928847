import { hash } from '../../shared/formats/registry';
import type { Proposal } from '../../shared/protocol/messages';
import { proposalFor } from '../../shared/protocol/proposal';

/**
 * A reply pasted into the panel, read by every format parser, as a proposal like a clicked one. Pasted in
 * place of a reply read from the page (`instead`), it keeps that reply's site and conversation, so the
 * folder remembered for that chat stays chosen.
 */
export function pastedProposal(text: string, instead?: Proposal): Proposal {
  const replyId = `paste-${hash(text)}`;
  if (!instead || instead.site === 'paste')
    return proposalFor(text, { site: 'paste', url: '', replyId, textSource: 'paste' });
  const { site, url, conversationId } = instead;
  return proposalFor(text, {
    site,
    url,
    replyId,
    textSource: 'paste',
    ...(conversationId ? { conversationId } : {}),
  });
}
