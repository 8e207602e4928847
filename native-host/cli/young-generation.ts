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

/**
 * And each scavenge done by this thread alone. A young generation this small is collected about 600
 * times in the 10,000-file dry run, and a parallel scavenge wakes a helper thread for each (3,500 futex
 * calls in the run; 1,500 without) to share a megabyte of work, on a machine of two cores the planning
 * thread also needs. Done alone, the collections take the same time and the helpers' CPU is saved: A/B of 15 runs
 * each, 1.31 → 1.27 s wall, 1.61 → 1.54 s CPU (issue 28). Read at every scavenge, so it can be set here.
 */
setFlagsFromString('--no-parallel-scavenge');
