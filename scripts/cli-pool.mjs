/**
 * The built CLI run for many inputs by a few processes (scripts/cli-pool-worker.mjs), for the corpus scripts.
 *
 * Why: a process per case paid Node's start-up and the CLI's load and warm-up (~0.2 s of CPU) some 430 times
 * per corpus run, while vitest ran the other test files on the same two cores; on a loaded machine the run took
 * minutes and met its hook's timeout (issue 40). A worker imports dist/host/cli.mjs once and calls its exported
 * `main(argv, io)` for one case after another, each with its own input, state folder and output, as
 * `node cli.mjs …` would run it. `spawnRunner` keeps the process per case, to compare the two (cli-pool.test.ts).
 *
 * A case whose process dies (the CLI crashed it, or ran it out of memory) gets that as its answer: the exit
 * code or signal and what the process said on stderr; the next case gets a new process.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnCli } from './spawn-cli.mjs';

const WORKER = fileURLToPath(new URL('./cli-pool-worker.mjs', import.meta.url));

/** How much of a dead worker's stderr is kept for its case's answer. */
const STDERR_KEPT = 8 * 1024;

/** The process per case, behind the same face as the pool's. */
export function spawnRunner(cli) {
  return { run: (args, input, env) => spawnCli(cli, args, input, env), close: async () => {} };
}

/**
 * `width` processes, each running the CLI at `cli` (a module exporting `main(argv, io)`) for one request at a
 * time. `run(args, input, env)` answers `{ code, stdout, stderr }` as spawnCli does (code null when a signal
 * ended the process); `close()` ends the processes.
 */
export function cliPool(cli, { width }) {
  const queue = [];
  const idle = [];
  const workers = new Set();
  let closed = false;
  /** Why no process can load the CLI, once one has died before it was ready: every case would die the same way. */
  let broken = null;

  function start() {
    const child = fork(WORKER, [cli], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const worker = { child, ready: false, job: null, stderr: '' };
    workers.add(worker);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => {
      worker.stderr = (worker.stderr + d).slice(-STDERR_KEPT);
    });
    child.on('message', (m) => {
      if (m.ready) worker.ready = true;
      else {
        const job = worker.job;
        worker.job = null;
        worker.stderr = '';
        job.resolve({ code: m.code, stdout: decode(m.stdout), stderr: decode(m.stderr) });
      }
      idle.push(worker);
      dispatch();
    });
    // 'close', not 'exit': by then all it wrote to stderr is read.
    child.on('close', (code, signal) => {
      workers.delete(worker);
      const at = idle.indexOf(worker);
      if (at !== -1) idle.splice(at, 1);
      const answer = died(worker.stderr, code, signal);
      if (worker.job) worker.job.resolve(answer);
      else if (!worker.ready && !closed) {
        broken = answer;
        for (const job of queue.splice(0)) job.resolve(broken);
      }
      dispatch();
    });
    child.on('error', (err) => {
      // Not started, or not killed: 'close' follows a failed start with the error as its stderr.
      worker.stderr += `\n${err.message}`;
    });
  }

  function dispatch() {
    while (queue.length > 0 && idle.length > 0) {
      const worker = idle.shift();
      const job = queue.shift();
      worker.job = job;
      worker.child.send({ args: job.args, input: Buffer.from(job.input), env: job.env });
    }
    if (closed || broken) return;
    const starting = [...workers].filter((w) => !w.ready).length;
    for (let n = Math.min(queue.length - starting, width - workers.size); n > 0; n--) start();
  }

  return {
    run(args, input, env = {}) {
      if (closed) return Promise.reject(new Error('the CLI pool is closed'));
      if (broken) return Promise.resolve(broken);
      return new Promise((resolve) => {
        queue.push({ args, input, env, resolve });
        dispatch();
      });
    },
    /** Ends the processes: after the last answer (a case still running would end with its process). */
    async close() {
      closed = true;
      await Promise.all(
        [...workers].map(
          (w) =>
            new Promise((resolve) => {
              w.child.once('close', resolve);
              // Asked to stop, not disconnected: after a parent's disconnect() Node 20 never emits 'close'.
              if (w.child.connected) w.child.send({ stop: true });
              else w.child.kill();
            }),
        ),
      );
    },
  };
}

const decode = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/**
 * The answer of a case whose process ended in it: its stderr (the crash's stack), then a last line that says
 * so with the first line of the error (the corpus reports a refusal's reason from the last line).
 */
function died(stderr, code, signal) {
  const lines = stderr.trim().split('\n');
  const error = lines.find((l) => /^\s*(\w*Error\b|Uncaught\b|FATAL\b)/.test(l)) ?? lines.at(-1) ?? '';
  const how = signal ? `signal ${signal}` : `exit ${code}`;
  return {
    code,
    stdout: '',
    stderr: `${stderr}\nthe CLI's process ended during this case (${how})${error ? `: ${error.trim()}` : ''}\n`,
  };
}
