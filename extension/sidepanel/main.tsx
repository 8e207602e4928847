import '../ui/base.css';
import '../ui/ui.css';
import { loadFolders } from '../ui/folders';
import { readStoredProposal } from '../ui/rpc';

// The two reads the review waits for start before the rest of the panel's code (the engine, the views)
// is loaded and run, which is most of its start-up: their answers are in when the first render asks
// for them. (`BENCH_VERBOSE=1 npm run bench` prints the steps, from the marks the panel leaves.)
const early = { proposal: readStoredProposal(), folders: loadFolders() };
// A failure is the hooks' to handle, when they take the promises over.
early.proposal.catch(() => {});
early.folders.catch(() => {});
void import('./start').then((m) => m.start(early));
