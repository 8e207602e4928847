/**
 * Reading a large reply's files on a second thread while the first one plans (issue 28). A dry run of
 * ten thousand files spent a third of its time in open/read/close, one file after another on the thread
 * that then plans them; the machine's other core sat idle. Here a worker thread reads the files the plan
 * will ask for, in the order it will ask, with the very same checks (`snapshotOne`: the folders checked,
 * no link followed, size limit, text or not, the hash), and hands over finished snapshots; the planning
 * thread takes them as it reaches them.
 *
 * The planning thread is synchronous (plan-parts.ts), so nothing here waits for an event: the worker
 * posts batches on a MessagePort that is read with `receiveMessageOnPort`, and says how many it posted
 * through a shared counter that `Atomics.wait` sleeps on. It stays at most WINDOW files ahead of what
 * was taken (memory: a dry run's peak is measured against Node's floor), sleeping on a second counter.
 * A path that was not asked ahead, or anything the worker cannot give (it failed, it stalled), is read
 * on the planning thread as before: read-ahead only changes when a file is read, never what is read.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Snapshot } from '../../shared/protocol/protocol';

/** Fewer files than this are read where they are planned: a worker's start costs more than it saves. */
export const READ_AHEAD_MIN = 256;
/** How many snapshots the worker may hold ready that were not taken yet. */
export const WINDOW = 256;
/** Snapshots per message (a message per file costs more in handing over than in reading). */
export const BATCH = 32;
/** A worker that posts nothing for this long is given up on, and the rest read here. */
export const STALL_MS = 5000;

/** Slots of the shared counters. */
export const POSTED = 0;
export const TAKEN = 1;
export const DONE = 2;

/** What the worker is given (workerData). */
export interface ReadAheadJob {
  realRoot: string;
  paths: string[];
  maxBytes: number;
  hash: boolean;
  counters: SharedArrayBuffer;
  port: MessagePort;
}

export interface ReadAhead {
  /** The snapshot of `path` if it was asked ahead and the worker gave it; else undefined (read it here). */
  take(path: string): Snapshot | undefined;
  /** Stop the worker (it may be waiting for files to be taken). */
  close(): void;
}

/** The built worker beside the bundle that runs this (dist/host), or undefined when running from sources. */
export function bundledWorker(moduleUrl: string): string | undefined {
  try {
    const file = fileURLToPath(new URL('./read-ahead-worker.mjs', moduleUrl));
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Start reading `paths` (in the order they will be taken) on a worker running `workerFile`. Null when
 * there are too few to be worth it or the worker cannot start: the caller reads them itself.
 */
export function startReadAhead(
  workerFile: string,
  job: Omit<ReadAheadJob, 'counters' | 'port'>,
  { min = READ_AHEAD_MIN, stallMs = STALL_MS } = {},
): ReadAhead | null {
  const paths = [...new Set(job.paths)];
  if (paths.length < min) return null;
  const counters = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const shared = new Int32Array(counters);
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    const workerData: ReadAheadJob = { ...job, paths, counters, port: port2 };
    worker = new Worker(workerFile, { workerData, transferList: [port2] });
  } catch {
    port1.close();
    return null;
  }
  // It must never keep the process alive, nor its failure end it: the planning thread reads what is missing.
  worker.unref();
  worker.on('error', () => {});
  const expected = new Set(paths);
  const ready = new Map<string, Snapshot>();
  let taken = 0;
  let gaveUp = false;

  const receive = (): boolean => {
    const m = receiveMessageOnPort(port1);
    if (!m) return false;
    for (const s of m.message as Snapshot[]) ready.set(s.path, s);
    return true;
  };
  const stop = () => {
    gaveUp = true;
    ready.clear();
    port1.close();
    void worker.terminate();
  };

  return {
    take(path) {
      if (gaveUp || !expected.has(path)) return undefined;
      expected.delete(path);
      for (;;) {
        const s = ready.get(path);
        if (s) {
          ready.delete(path);
          Atomics.store(shared, TAKEN, ++taken);
          // The worker waits for room for a batch (read-ahead-worker.ts): a wake-up per file is no use.
          if (taken % (BATCH / 4) === 0) Atomics.notify(shared, TAKEN);
          return s;
        }
        // Read the count before the port: a batch posted after this read changes the count, which
        // wakes the wait below; one posted before it is on the port already.
        const posted = Atomics.load(shared, POSTED);
        if (receive()) continue;
        if (Atomics.load(shared, DONE) === 1) {
          // Everything was posted: what is still not here is read on this thread.
          if (receive()) continue;
          return undefined;
        }
        if (Atomics.wait(shared, POSTED, posted, stallMs) === 'timed-out') {
          stop();
          return undefined;
        }
      }
    },
    close() {
      if (!gaveUp) stop();
    },
  };
}
