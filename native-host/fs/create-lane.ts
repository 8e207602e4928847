/**
 * A second thread that creates temp files (in-folder.ts `createFilesIn` uses it): on a machine of two
 * cores, creating ten thousand files is kernel time that a second core halves.
 *
 * Why: creating a file is the costliest call of a large apply, and all of it is the kernel's CPU. ext4
 * looks for a free inode past every inode freed in the last minutes (`recently_deleted`, reading the inode
 * table for each), so after a tree was removed and copied again each creation took ~300 µs of system time
 * (perf: find_get_block_common, recently_deleted); GNU patch pays the same. Two threads creating in
 * different folders took 1.5–1.8 s where one took 2.9–3.8 s; two in the same folder were slower than one
 * (the folder's lock), hence a lane per folder (issue 28).
 *
 * The thread only makes the system calls (create with O_EXCL|O_NOFOLLOW, write, close) through paths the
 * planning thread has already checked and holds open (`/proc/self/fd/N/name`, which the thread sees as its
 * own: descriptors belong to the process); every check before and after stays on the planning thread.
 */
import { createRequire } from 'node:module';
import type { MessagePort, Worker } from 'node:worker_threads';

/**
 * node:worker_threads, loaded when a lane is first started: imported at the top, Node would load it
 * before the CLI's first line runs, and that allocation alone brought a collection forward to before
 * the CLI sets how its young generation is collected (cli/young-generation.ts; caught by its test).
 */
let threads: typeof import('node:worker_threads') | undefined;
const workerThreads = () => {
  threads ??= createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  return threads;
};

/** One file to create: its path through the held folder, its mode (undefined: 0o666 minus the umask). */
export interface LaneFile {
  path: string;
  mode: number | undefined;
  /** Where its bytes are in the batch's buffer. */
  from: number;
  to: number;
}

/** What the thread says of each file of a batch, in order; it stops at the first failure. */
export type LaneResult =
  | { dev: bigint; ino: bigint }
  | { error: { message: string; code?: string; errno?: number; syscall?: string } };

/** A batch's buffer unless its files need more (64 files of 8 KiB); the larger ones are not kept. */
const BUFFER_SIZE = 512 * 1024;

/** Plain JavaScript run by the thread (`eval`: no file of its own to find next to the bundle). */
const SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { port, signal } = workerData;
const C = fs.constants;
const FLAGS = C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW || 0);
port.on('message', ({ id, files, buffer }) => {
  const bytes = new Uint8Array(buffer);
  const out = [];
  for (const f of files) {
    let fd = -1;
    let made = false;
    try {
      fd = fs.openSync(f.path, FLAGS, f.mode === undefined ? 0o666 : f.mode);
      made = true;
      const st = fs.fstatSync(fd, { bigint: true });
      let done = f.from;
      while (done < f.to) done += fs.writeSync(fd, bytes, done, f.to - done);
      if (f.mode !== undefined && (Number(st.mode) & 0o7777) !== f.mode) fs.fchmodSync(fd, f.mode);
      const open = fd;
      fd = -1;
      fs.closeSync(open);
      out.push({ dev: st.dev, ino: st.ino });
    } catch (err) {
      // A file it made and could not finish is removed at once (through the same folder): it is not told of.
      if (fd !== -1) try { fs.closeSync(fd); } catch {}
      if (made) try { fs.unlinkSync(f.path); } catch {}
      out.push({ error: { message: String(err && err.message), code: err && err.code, errno: err && err.errno, syscall: err && err.syscall } });
      break;
    }
  }
  port.postMessage({ id, out, buffer }, [buffer]);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

/** Test hook: the thread runs this instead (one that dies, or never starts). Returns the previous one. */
let sourceForTests: string | undefined;
export function laneSourceForTests(source: string | undefined): string | undefined {
  const was = sourceForTests;
  sourceForTests = source;
  return was;
}

/**
 * The thread and its port; `start` returns null where a thread cannot be started. `Tag` is what the caller
 * keeps of each batch sent, given back with its answer.
 */
export class CreateLane<Tag> {
  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly signal: Int32Array,
  ) {}

  private nextId = 0;
  /** Buffers the thread gave back, for the next batches: fresh memory costs a page fault per 4 KiB. */
  private readonly free: ArrayBuffer[] = [];
  private answered = 0;
  private dead: Error | null = null;
  /** Batches sent and not yet answered, by id. */
  readonly pending = new Map<number, Tag>();

  static start<Tag>(): CreateLane<Tag> | null {
    try {
      const { MessageChannel, Worker } = workerThreads();
      const { port1, port2 } = new MessageChannel();
      const signal = new Int32Array(new SharedArrayBuffer(4));
      const worker = new Worker(sourceForTests ?? SOURCE, {
        eval: true,
        workerData: { port: port2, signal },
        transferList: [port2],
        stdout: true,
        stderr: true,
      });
      const lane = new CreateLane<Tag>(worker, port1, signal);
      worker.on('error', (err) => {
        lane.dead = err;
      });
      worker.on('exit', () => {
        lane.dead ??= new Error('the file-creating thread stopped');
      });
      worker.unref();
      return lane;
    } catch {
      return null;
    }
  }

  /** A buffer of at least `size` bytes for a batch: one the thread gave back, or a new one. */
  buffer(size: number): ArrayBuffer {
    const i = this.free.findIndex((b) => b.byteLength >= size);
    if (i !== -1) return this.free.splice(i, 1)[0]!;
    return new ArrayBuffer(Math.max(size, BUFFER_SIZE));
  }

  /** Send a batch (its buffer is moved to the thread, not copied); `tag` comes back with its answer. */
  send(files: LaneFile[], buffer: ArrayBuffer, tag: Tag): void {
    const id = this.nextId++;
    this.pending.set(id, tag);
    this.port.postMessage({ id, files, buffer }, [buffer]);
  }

  /** An answer if one is there, without waiting. */
  poll(): { tag: Tag; out: LaneResult[] } | null {
    const m = workerThreads().receiveMessageOnPort(this.port);
    if (m === undefined) return null;
    const { id, out, buffer } = m.message as { id: number; out: LaneResult[]; buffer: ArrayBuffer };
    this.answered++;
    if (buffer.byteLength <= BUFFER_SIZE && this.free.length < 4) this.free.push(buffer);
    const tag = this.pending.get(id) as Tag;
    this.pending.delete(id);
    return { tag, out };
  }

  /**
   * The next answer, waiting for it (the thread signals each answer it posts). Throws if the thread died
   * with batches unanswered: what they made is then unknown (the caller looks for it).
   */
  async next(): Promise<{ tag: Tag; out: LaneResult[] }> {
    for (;;) {
      const got = this.poll();
      if (got) return got;
      if (this.dead) throw this.dead;
      // Until the thread has posted one more answer than taken; a short wait, then a turn of the event
      // loop, where a dead thread's 'exit' is heard.
      Atomics.wait(this.signal, 0, this.answered, 20);
      if (Atomics.load(this.signal, 0) <= this.answered) await new Promise((r) => setImmediate(r));
    }
  }

  /** End the thread (its batches must all be answered or given up). */
  stop(): void {
    this.port.close();
    void this.worker.terminate();
  }
}
