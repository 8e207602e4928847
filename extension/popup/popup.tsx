import { conversationKey, folderFor } from '../ui/folders';
import { HostStatusView } from '../ui/host-status-view';
import { ProjectFolder } from '../ui/project-folder';
import type { HostCall } from '../ui/review';
import { useFolderMemory } from '../ui/use-folder-memory';
import { useStoredProposal } from '../ui/use-stored-proposal';
import { useActiveChat } from './active-chat';
import { HowTo } from './how-to';
import { FormatInstructions } from './instructions';
import { OpList } from './op-list';
import { useReviewOpener } from './open-review';
import { ProjectContext } from './project-context';
import { SiteNotice } from './site-notice';

export function Popup({ call }: { call: HostCall }) {
  const proposal = useStoredProposal();
  const { memory, choose } = useFolderMemory();
  const openReview = useReviewOpener();
  const chat = useActiveChat();
  // The folder of the conversation in this tab; on a page with none (a new chat, no chat at all), the
  // folder of the reply last clicked.
  const key =
    (chat ? conversationKey(chat.site, chat.conversationId) : undefined) ??
    (proposal ? conversationKey(proposal.site, proposal.conversationId) : undefined);
  const folder = memory ? folderFor(memory, key) : undefined;
  return (
    <main class="popup">
      <h1>ReplyApply</h1>
      {proposal === undefined && <p class="muted">Loading…</p>}
      {proposal === null && <HowTo onOpenPanel={openReview} />}
      {proposal && (
        <>
          <OpList proposal={proposal} />
          <button type="button" class="primary" data-replyapply="review" onClick={openReview}>
            Review diffs
          </button>
        </>
      )}
      {memory && (
        <ProjectFolder
          open
          folder={folder}
          recent={memory.recent}
          call={call}
          onChoose={(f) => {
            void choose(f, key);
          }}
        />
      )}
      {folder && <ProjectContext root={folder} call={call} chat={chat} />}
      <SiteNotice />
      <FormatInstructions tabId={chat?.tabId} />
      <HostStatusView />
    </main>
  );
}
