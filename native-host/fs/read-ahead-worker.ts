/**
 * The worker thread of read-ahead.ts (built as dist/host/read-ahead-worker.mjs): it reads the job's
 * paths in order with the same reader as the planning thread (snapshots.ts, `readerAt`) and posts the
 * snapshots in batches, never more than WINDOW ahead of what was taken.
 */
import { workerData } from 'node:worker_threads';
import type { Snapshot } from '../../shared/protocol/protocol';
import { BATCH, DONE, POSTED, type ReadAheadJob, TAKEN, WINDOW } from './read-ahead';
import { readerAt } from './snapshots';

const job = workerData as ReadAheadJob;
const shared = new Int32Array(job.counters);
const reader = readerAt(job.realRoot, { maxBytes: job.maxBytes, hash: job.hash });
let posted = 0;
let batch: Snapshot[] = [];

const post = () => {
  if (batch.length === 0) return;
  // On the port before the count says so: the planning thread reads the count, then the port.
  job.port.postMessage(batch);
  posted += batch.length;
  batch = [];
  Atomics.store(shared, POSTED, posted);
  Atomics.notify(shared, POSTED);
};

try {
  for (const path of job.paths) {
    if (posted + batch.length - Atomics.load(shared, TAKEN) >= WINDOW) {
      post();
      // Then read on only once there is room for a whole batch: a file at a time would be a message
      // and a wake-up per file.
      for (;;) {
        const taken = Atomics.load(shared, TAKEN);
        if (posted - taken <= WINDOW - BATCH) break;
        Atomics.wait(shared, TAKEN, taken, 1000);
      }
    }
    batch.push(...reader.read([path]));
    if (batch.length >= BATCH) post();
  }
  post();
} finally {
  // Also after a failure: the planning thread then reads whatever was not posted itself.
  Atomics.store(shared, DONE, 1);
  Atomics.notify(shared, POSTED);
  job.port.close();
}
