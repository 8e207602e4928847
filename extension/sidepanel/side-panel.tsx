import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { nameOps } from '../../shared/changeset/unnamed';
import type { Proposal } from '../../shared/protocol/messages';
import { withEarlyRead } from '../ui/early-read';
import { conversationKey, type FolderMemory, folderFor, loadFolders } from '../ui/folders';
import { HistoryView } from '../ui/history-view';
import { HostStatusView } from '../ui/host-status-view';
import { PasteBox } from '../ui/paste-box';
import { ProjectFolder } from '../ui/project-folder';
import { formatsOf, type HostCall, summaryOf } from '../ui/review';
import { type EarlyRead, readStoredProposal } from '../ui/rpc';
import { useFolderMemory } from '../ui/use-folder-memory';
import { useStoredProposal } from '../ui/use-stored-proposal';
import { ReviewBody } from './review-body';
import { ReviewHeader } from './review-header';
import { shownReview, useReview } from './use-review';

/** The proposal and the folder memory, asked for before the panel's code was loaded (main.tsx). */
export interface EarlyReads {
  proposal: Promise<Proposal | null>;
  folders: Promise<FolderMemory>;
  /** The review's first read, made by the background at the click; null when it made none. */
  read?: Promise<EarlyRead | null>;
  /** Whether that value was stored anew after its read was asked for. */
  stale: (what: 'proposal' | 'folders') => boolean;
}

/**
 * An early read, or a fresh one when the value changed since it was asked for. Called by the hooks once
 * their storage listeners are in: a change after that reaches them, one before it is seen here.
 */
function earlyOr<T>(early: Promise<T>, stale: () => boolean, fresh: () => Promise<T>): () => Promise<T> {
  return () => early.then((v) => (stale() ? fresh() : v));
}

/** The review of the last clicked (or pasted) reply against the project folder. */
export function SidePanel({ call, early }: { call: HostCall; early?: EarlyReads }) {
  const stored = useStoredProposal(
    early ? earlyOr(early.proposal, () => early.stale('proposal'), readStoredProposal) : readStoredProposal,
  );
  const [pasted, setPasted] = useState<Proposal | null>(null);
  const [pasteSeed, setPasteSeed] = useState<{ text: string; key: number; from: Proposal } | undefined>(
    undefined,
  );
  // A reply clicked on the page replaces a pasted one.
  useEffect(() => setPasted(null), [stored]);
  const replied = pasted ?? stored ?? null;
  // Paths the user gave code that names no file (reply line → path), for this reply only.
  const [names, setNames] = useState<{ of: Proposal | null; paths: ReadonlyMap<number, string> }>({
    of: null,
    paths: new Map(),
  });
  const given = names.of === replied ? names.paths : undefined;
  const proposal = useMemo(
    () =>
      replied && given && given.size > 0
        ? { ...replied, changeSets: nameOps(replied.changeSets, given) }
        : replied,
    [replied, given],
  );
  const onName = useCallback(
    (line: number, path: string) =>
      setNames((prev) => ({
        of: replied,
        paths: new Map([...(prev.of === replied ? prev.paths : []), [line, path]]),
      })),
    [replied],
  );

  const { memory, choose } = useFolderMemory(
    early ? earlyOr(early.folders, () => early.stale('folders'), loadFolders) : loadFolders,
  );
  const key = proposal ? conversationKey(proposal.site, proposal.conversationId) : undefined;
  const folder = memory ? folderFor(memory, key) : undefined;
  // The review's first read is answered by the one the background made at the click, when it matches.
  const reviewCall = useMemo(() => (early?.read ? withEarlyRead(call, early.read) : call), [call, early]);
  const state = useReview(proposal, folder, reviewCall);
  const { planning } = state;
  // The same function on every render, so the file rows that did not change are not drawn again.
  const onPasteInstead = useCallback(
    () => proposal && setPasteSeed({ text: proposal.text, key: Date.now(), from: proposal }),
    [proposal],
  );
  // While planning, the files planned so far; ReviewBody stays mounted from the first file to the last.
  const shown = shownReview(planning);

  return (
    <main class="side-panel">
      <h1>ReplyApply review</h1>
      <HostStatusView />
      {stored === undefined && !pasted && <p class="muted">Loading…</p>}
      {proposal && (
        <ReviewHeader
          proposal={proposal}
          summary={summaryOf(proposal.changeSets)}
          formats={formatsOf(proposal.changeSets)}
        />
      )}
      {proposal === null && stored !== undefined && (
        <p class="muted">
          No reply to review yet. Click ReplyApply's <strong>Apply</strong> button under a reply on the chat
          page, or paste a reply below.
        </p>
      )}
      {memory && (
        <ProjectFolder
          folder={folder}
          recent={memory.recent}
          call={call}
          onChoose={(f) => {
            void choose(f, key);
          }}
        />
      )}
      {planning.phase === 'planning' && !planning.progress && (
        <p class="progress" role="status">
          Reading the files and planning the changes…
        </p>
      )}
      {planning.phase === 'failed' && (
        <p class="error" role="alert" data-replyapply="plan-error">
          The files could not be read: {planning.message}
        </p>
      )}
      {shown && (
        <ReviewBody
          review={shown}
          progress={planning.phase === 'planning' ? planning.progress : undefined}
          state={state}
          call={call}
          onPasteInstead={onPasteInstead}
          onName={onName}
        />
      )}
      {folder && (
        <HistoryView
          root={folder}
          call={call}
          refresh={state.writes}
          onUndone={(u) => {
            // Undoing the apply shown above from the history updates that result as well.
            if (state.outcome?.state === 'applied' && state.outcome.applyId === u.applyId) state.onUndone(u);
            else state.setWrites((n) => n + 1);
          }}
        />
      )}
      <PasteBox
        seed={pasteSeed}
        onReview={(text) => {
          // The format readers are loaded only for a pasted reply: a clicked one arrives already read,
          // and the panel opens faster without them (a third of its code).
          const from = pasteSeed?.from;
          void import('../ui/pasted-proposal').then((m) => setPasted(m.pastedProposal(text, from)));
        }}
      />
    </main>
  );
}
