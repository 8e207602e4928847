import { render } from 'preact';
import { hostCall } from '../ui/rpc';
import { type EarlyReads, SidePanel } from './side-panel';

/** The side panel, drawn once its code is loaded (main.tsx started the first reads meanwhile). */
export function start(early: EarlyReads): void {
  // Marks (performance.mark) of the review's steps, read by the bench's timeline (BENCH_VERBOSE).
  performance.mark('replyapply:modules-loaded');
  render(<SidePanel call={hostCall} early={early} />, document.getElementById('app')!);
}
