import { useLayoutEffect, useState } from 'preact/hooks';
import type { Proposal } from '../../shared/protocol/messages';
import { getProposal } from './rpc';

/**
 * The proposal the background keeps in storage.session: undefined while loading, null when there is
 * none, and the new one whenever a reply is clicked while the page is open. `read` asks for the first
 * (called once the storage listener is in).
 */
export function useStoredProposal(
  read: () => Promise<Proposal | null> = getProposal,
): Proposal | null | undefined {
  const [proposal, setProposal] = useState<Proposal | null | undefined>(undefined);
  // Asked in the task of the first render, not a frame later: the review waits for it.
  useLayoutEffect(() => {
    let live = true;
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area !== 'session' || !('proposal' in changes)) return;
      const value: unknown = changes.proposal?.newValue;
      // The schemas are loaded when a proposal changes, not with the page: building them is part of what
      // the side panel would do before it shows anything. (Changes keep their order: one module, loaded once.)
      import('../../shared/protocol/messages').then(
        ({ ProposalSchema }) => {
          if (!live) return;
          const parsed = ProposalSchema.safeParse(value);
          setProposal(parsed.success ? parsed.data : null);
        },
        () => live && setProposal(null),
      );
    };
    chrome.storage.onChanged.addListener(onChanged);
    read().then(
      (p) => {
        performance.mark('replyapply:proposal-read');
        if (live) setProposal(p ?? null);
      },
      () => live && setProposal(null),
    );
    return () => {
      live = false;
      chrome.storage.onChanged.removeListener(onChanged);
    };
  }, []);
  return proposal;
}
