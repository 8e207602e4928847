/**
 * One process of scripts/cli-pool.mjs: imports the built CLI (its path is argv[2]) once and runs its `main` for
 * each request in turn, one at a time, as `node cli.mjs ARGS… < INPUT` would run it (entry.ts `runCli`): the
 * same argv, the input on a piped stdin, NO_COLOR=1 and the request's variables over the environment this
 * process started with, an error `main` throws printed as `replyapply: …` with exit 2.
 *
 * Requests come over IPC as `{ args, input, env }` (input: the bytes of standard input), one at a time; each
 * answer is `{ code, stdout, stderr }` (bytes); `{ stop: true }` ends the process. Why one at a time: the
 * environment is the process's (the CLI reads REPLYAPPLY_STATE_DIR from io.env, and from process.env where a
 * default is taken), so two cases at once would see each other's state folder.
 *
 * What a process keeps between cases is what the CLI keeps between two commands of one process: V8's flags
 * (cli/young-generation.ts, set once at import, as in every run of the CLI), compiled code, and module caches
 * that are keyed by what they hold (a path's check, an array reused for scratch). The folders an apply holds
 * open are closed when it ends (fs/transaction.ts), and its lock released. Nothing the CLI does sets
 * process.exitCode or handlers on process.stdout: that is runCli's, which is not called here.
 */
import { PassThrough, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const { main } = await import(pathToFileURL(process.argv[2]).href);

/** The environment this process started with: each request's variables go over it, none stay. */
const baseline = { ...process.env };

function setEnv(env) {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) process.env[key] = value;
}

/** A stream that keeps what is written to it, as bytes (as a pipe to the parent would carry them). */
function capture() {
  const chunks = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

async function run({ args, input, env }) {
  setEnv({ ...baseline, ...env, NO_COLOR: '1' });
  const stdin = new PassThrough();
  stdin.end(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  const stdout = capture();
  const stderr = capture();
  const io = { stdin, stdout: stdout.stream, stderr: stderr.stream, cwd: process.cwd(), env: process.env };
  let code;
  try {
    code = await main(args, io);
  } catch (err) {
    stderr.stream.write(`replyapply: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    code = 2;
  }
  return { code, stdout: stdout.bytes(), stderr: stderr.bytes() };
}

process.on('message', async (request) => {
  if (request.stop) process.exit(0);
  const answer = await run(request);
  process.send(answer);
});
// The pool is gone: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
