import type { FileAction } from '../../shared/engine';
import { ACTION_WORDS } from './labels';

export function ActionBadge({ action }: { action: FileAction }) {
  return <span class={`badge action-${action}`}>{ACTION_WORDS[action]}</span>;
}
