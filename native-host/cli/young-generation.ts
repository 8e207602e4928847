/**
 * The CLI's young generation kept at its first size. V8 doubles the young generation (two semi-spaces)
 * whenever much of it survives a scavenge, and never gives it back in a short run. Reading a large reply
 * is exactly that: tens of thousands of hunks live until their file is planned. The 10,000-file dry run's
 * young generation grew to 32 MiB, 30 of its 155 MiB peak; kept at its first size (1 MiB semi-spaces) it
 * peaks at 125 MiB, in the same time (A/B medians of 11 runs: 0.84 s either way; `apply --yes` too, issue 16).
 *
 * `--semi-space-growth-factor` is read each time the young generation would grow, so setting it after
 * start-up works (`--max-semi-space-size` is read once, when the heap is made, and a script cannot pass
 * it). Newer V8 raises a factor below 2 back to 2: there this changes nothing.
 *
 * Starting a worker thread (node:worker_threads) sets V8's flags anew, and this one with them: with a
 * worker started, the planning thread's young generation grew to 32 MiB again (49 scavenges of a dry run
 * instead of 650, 5,000 more page faults; issue 28). Set it again right after starting a worker, and in
 * the worker once it is up.
 *
 * A module of its own, imported first by entry.ts: its body runs before the rest of the bundle is loaded.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--semi-space-growth-factor=1');
