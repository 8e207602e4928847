import { useState } from 'preact/hooks';
import type { FormatId } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import { ReplySource } from '../ui/reply-source';

export interface ReviewHeaderProps {
  proposal: Proposal;
  summary?: string | undefined;
  formats: readonly FormatId[];
}

/** Where the reply came from, what it says it does, and its raw text on request. */
export function ReviewHeader({ proposal, summary, formats }: ReviewHeaderProps) {
  // The raw text can be megabytes: it is put in the page only when asked for.
  const [showText, setShowText] = useState(false);
  return (
    <header class="review-header">
      {summary && <p class="summary">{summary}</p>}
      <p class="muted source">
        <ReplySource proposal={proposal} formats={formats} />{' '}
        {proposal.text && (
          <button type="button" class="link" aria-expanded={showText} onClick={() => setShowText(!showText)}>
            {showText ? 'hide the reply' : 'show the reply'}
          </button>
        )}
      </p>
      {showText && <pre class="reply-text">{proposal.text}</pre>}
    </header>
  );
}
