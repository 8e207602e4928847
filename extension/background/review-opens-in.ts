import type { Proposal } from '../../shared/protocol/messages';
import { conversationKey, type FolderMemory } from '../ui/folders';

/**
 * Where a click on Apply opens the review: a conversation without a folder yet gets the popup, which asks
 * for one (and lists the operations); otherwise the side panel. Before the folder memory is loaded (the
 * worker just woke up) the side panel, which can choose a folder too: the click cannot wait for storage.
 */
export function reviewOpensIn(folders: FolderMemory | undefined, proposal: Proposal): 'popup' | 'panel' {
  if (!folders || proposal.site === 'paste' || proposal.site === 'selection') return 'panel';
  const key = conversationKey(proposal.site, proposal.conversationId);
  return key !== undefined && folders.byConversation[key] !== undefined ? 'panel' : 'popup';
}
