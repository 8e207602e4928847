import type { GitFileState } from '../../shared/protocol/git';
import { GIT_WORDS, IGNORED_WARNING } from './git-state';
import './git.css';

/** A file's git state beside its path: modified, untracked or ignored. */
export function GitBadge({ state }: { state: GitFileState }) {
  const w = GIT_WORDS[state];
  return (
    <span class={`badge git-state git-${state}`} data-replyapply-git={state} title={w.title}>
      {w.badge}
    </span>
  );
}

/** The warning under an ignored file. */
export function IgnoredWarning() {
  return (
    <p class="note warning" data-replyapply="git-ignored">
      {IGNORED_WARNING}
    </p>
  );
}
