import '../ui/base.css';
import '../ui/ui.css';
import { loadFolders, STORAGE_KEY } from '../ui/folders';
import { readStoredProposal, takeReadAhead } from '../ui/rpc';
import type { EarlyReads } from './side-panel';

// The reads the review waits for (the proposal, the folders, and the files as the background read them
// at the click: ui/early-read.ts) start before the rest of the panel's code (the engine, the views)
// is loaded and run, which is most of its start-up: their answers are in when the first render asks
// for them. (`BENCH_VERBOSE=1 npm run bench` prints the steps, from the marks the panel leaves.)
// A value stored after its read was asked for (Apply clicked on another reply while the panel loads)
// makes that read stale; the panel then reads it again.
const stale = { proposal: false, folders: false };
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'session' && 'proposal' in changes) stale.proposal = true;
  if (area === 'local' && STORAGE_KEY in changes) stale.folders = true;
});
const read = takeReadAhead();
const early: EarlyReads = {
  proposal: readStoredProposal(),
  folders: loadFolders(),
  read,
  stale: (what) => stale[what],
};
// A failure is the hooks' to handle, when they take the promises over.
early.proposal.catch(() => {});
early.folders.catch(() => {});
read.catch(() => {});
void import('./start').then((m) => m.start(early));
