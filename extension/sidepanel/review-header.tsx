import type { FormatId } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import { siteName, sourceLabel } from '../ui/labels';

/** Where the reply came from and what it says it does. */
export function ReviewHeader({
  proposal,
  summary,
  formats,
}: {
  proposal: Proposal;
  summary?: string | undefined;
  formats: readonly FormatId[];
}) {
  return (
    <header class="review-header">
      {summary && <p class="summary">{summary}</p>}
      <p class="muted source">
        {siteName(proposal.site)}
        {formats.length > 0 && <> · format: {formats.join(', ')}</>} · read from:{' '}
        <span data-replyapply="text-source">{sourceLabel(proposal.site, proposal.textSource)}</span>
      </p>
    </header>
  );
}
