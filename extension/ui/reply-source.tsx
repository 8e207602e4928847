import type { FormatId } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import { siteName, sourceLabel } from './labels';

/**
 * Where a reply came from, as the popup and the review both say it: the site, the formats read, the text's
 * source, and whether the generic reader found the reply.
 */
export function ReplySource({ proposal, formats }: { proposal: Proposal; formats: readonly FormatId[] }) {
  return (
    <>
      {siteName(proposal.site)}
      {formats.length > 0 && <> · format: {formats.join(', ')}</>} · read from:{' '}
      <span data-replyapply="text-source">{sourceLabel(proposal.site, proposal.textSource)}</span>
      {proposal.reader === 'generic' && (
        <span
          data-replyapply="reader"
          title="The site's own reader found no reply here, or you switched it off in the options: the replies were found by their look."
        >
          {' '}
          · read with the generic reader
        </span>
      )}
    </>
  );
}
