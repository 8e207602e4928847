import { detectAll, hash } from '../../shared/formats/registry';
import type { Proposal } from '../../shared/protocol/messages';

/** A reply pasted into the panel, read by every format parser, as a proposal like a clicked one. */
export function pastedProposal(text: string): Proposal {
  return {
    site: 'paste',
    url: '',
    replyId: `paste-${hash(text)}`,
    textSource: 'paste',
    changeSets: detectAll(text, { site: 'paste', textSource: 'paste' }),
    text,
  };
}
