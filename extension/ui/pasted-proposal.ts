import { hash } from '../../shared/formats/registry';
import type { Proposal } from '../../shared/protocol/messages';
import { proposalFor } from '../../shared/protocol/proposal';

/** A reply pasted into the panel, read by every format parser, as a proposal like a clicked one. */
export function pastedProposal(text: string): Proposal {
  return proposalFor(text, { site: 'paste', url: '', replyId: `paste-${hash(text)}`, textSource: 'paste' });
}
