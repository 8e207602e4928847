/**
 * scripts/cli-pool.mjs, which runs the built CLI for many corpus cases per process. First the pool itself, on
 * small stand-in CLIs (a module exporting `main(argv, io)`): each request its own input, output, exit code and
 * environment; a case that ends its process answers so and the next one gets a new process; a CLI that cannot
 * load answers why to every request. Then the pool against a process per case (`node cli.mjs …`, as a user runs
 * it) on the real built CLI: the same answers to a few commands, byte for byte, and the same result for a sample
 * of the corpus (`npm run corpus -- --compare` runs all of it).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHost } from './build-host.mjs';
import { type CliAnswer, type CliRunner, cliPool, spawnRunner } from './cli-pool.mjs';
// @ts-expect-error: a plain .mjs script without types
import { corpusDir, differences, loadCases, runCorpus } from './corpus.mjs';
// @ts-expect-error: a plain .mjs script without types
import { loadUnprompted } from './corpus-unprompted.mjs';

/**
 * Every test here starts Node processes, and the last ones run a sample of the corpus both ways. On a two-core
 * machine that other test files (and other work) load, that has taken many times what it takes on a quiet
 * one; the limit is far above any of it, so that only a pool that hangs meets it (issue 40).
 */
const LIMIT = 20 * 60_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'replyapply-cli-pool-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A stand-in CLI written to a module of its own: `body` is the body of `async main(argv, io)`. Run as a
 * script (`node FILE …`, as spawnRunner runs it) it runs main on the process's own streams.
 */
async function standIn(name: string, body: string, top = ''): Promise<string> {
  const file = join(dir, `${name}.mjs`);
  await writeFile(
    file,
    [
      top,
      'async function read(s) { const out = []; for await (const c of s) out.push(c); return Buffer.concat(out); }',
      `export async function main(argv, io) {\n${body}\n}`,
      `if (process.argv[1] === ${JSON.stringify(file)})`,
      '  process.exitCode = await main(process.argv.slice(2), { ...process, cwd: process.cwd() });',
      '',
    ].join('\n'),
  );
  return file;
}

/** Runs `fn` with a pool of `width` over the module at `cli`, and closes the pool after. */
async function withPool<T>(cli: string, width: number, fn: (pool: CliRunner) => Promise<T>): Promise<T> {
  const pool = cliPool(cli, { width });
  try {
    return await fn(pool);
  } finally {
    await pool.close();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the CLI pool', { timeout: LIMIT }, () => {
  it('answers each request with its own input, output and exit code, many requests in each process', async () => {
    const echo = await standIn(
      'echo',
      `const input = (await read(io.stdin)).toString('utf8');
       io.stdout.write(JSON.stringify({ argv, input, pid: process.pid, tty: io.stdin.isTTY ?? null }));
       io.stderr.write('to stderr ' + argv[0]);
       return Number(argv[0]);`,
    );
    const requests = Array.from({ length: 24 }, (_, i) => ({
      args: [String(i % 5), `arg ${i}`],
      input: `in ${i}`,
    }));
    const { answers, pids } = await withPool(echo, 2, async (pool) => {
      const answers = await Promise.all(requests.map((r) => pool.run(r.args, r.input)));
      const pids = new Set(answers.map((a) => JSON.parse(a.stdout).pid as number));
      return { answers, pids };
    });
    answers.forEach((a, i) => {
      const r = requests[i]!;
      expect(a.code).toBe(Number(r.args[0]));
      expect(JSON.parse(a.stdout)).toMatchObject({ argv: r.args, input: r.input, tty: null });
      expect(a.stderr).toBe(`to stderr ${r.args[0]}`);
    });
    expect(pids.size).toBeGreaterThanOrEqual(1);
    expect(pids.size).toBeLessThanOrEqual(2);
    // The processes are gone once the pool is closed.
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it("gives each request the environment it was started with and its own variables, none of another's", async () => {
    const env = await standIn(
      'env',
      `io.stdout.write(JSON.stringify({ own: io.env.CLI_POOL_OWN ?? null, other: process.env.CLI_POOL_OTHER ?? null,
         base: io.env.CLI_POOL_BASE ?? null, color: io.env.NO_COLOR, same: io.env === process.env }));
       return 0;`,
    );
    process.env.CLI_POOL_BASE = 'from the parent';
    try {
      // One process, so that a variable left by a request would be seen by the next.
      const got = await withPool(env, 1, async (pool) => [
        JSON.parse((await pool.run([], '', { CLI_POOL_OWN: 'a', CLI_POOL_OTHER: 'x' })).stdout),
        JSON.parse((await pool.run([], '', { CLI_POOL_OWN: 'b' })).stdout),
        JSON.parse((await pool.run([], '')).stdout),
      ]);
      const base = { base: 'from the parent', color: '1', same: true };
      expect(got).toEqual([
        { ...base, own: 'a', other: 'x' },
        { ...base, own: 'b', other: null },
        { ...base, own: null, other: null },
      ]);
    } finally {
      delete process.env.CLI_POOL_BASE;
    }
  });

  it.each([
    ['the pool', (cli: string) => cliPool(cli, { width: 1 })],
    ['a process per case', spawnRunner],
  ])(
    '%s passes input and output of any size whole: a character split between two writes stays one',
    async (_how, runner) => {
      const big = await standIn(
        'big',
        `const bytes = await read(io.stdin);
       for (let i = 0; i < bytes.length; i += 999) io.stdout.write(bytes.subarray(i, i + 999));
       return 0;`,
      );
      const text = 'é✓𝄞a'.repeat(40_000);
      const pool = runner(big);
      try {
        const got = await pool.run([], text);
        expect(got.stdout.length).toBe(text.length);
        expect(got.stdout === text).toBe(true);
      } finally {
        await pool.close();
      }
    },
  );

  it('says an error main throws as the CLI does (`replyapply: …`, exit 2), and goes on', async () => {
    const thrower = await standIn(
      'thrower',
      `if (argv[0] === 'throw') throw new Error('the stand-in gave up');
       io.stdout.write('fine');
       return 0;`,
    );
    const [bad, good] = await withPool(thrower, 1, async (pool) => [
      await pool.run(['throw'], ''),
      await pool.run([], ''),
    ]);
    expect(bad!.code).toBe(2);
    expect(bad!.stderr).toMatch(/^replyapply: Error: the stand-in gave up\n/);
    expect(good).toEqual({ code: 0, stdout: 'fine', stderr: '' });
  });

  it.each([
    ['exits', `process.stderr.write('Error: out of patience\\n'); process.exit(7);`, 7, 'exit 7'],
    ['is killed', `process.kill(process.pid, 'SIGKILL');`, null, 'signal SIGKILL'],
  ])(
    'a case whose process %s gets that as its answer; the next runs in a new process',
    async (_what, end, code, how) => {
      const ender = await standIn(
        `ender-${String(code)}`,
        `if (argv[0] === 'end') { ${end} await new Promise(() => {}); }
       io.stdout.write(String(process.pid));
       return 0;`,
      );
      const [before, ended, after] = await withPool(ender, 1, async (pool) => [
        await pool.run([], ''),
        await pool.run(['end'], ''),
        await pool.run([], ''),
      ]);
      expect(ended!.code).toBe(code);
      expect(ended!.stdout).toBe('');
      expect(ended!.stderr.trim().split('\n').at(-1)).toBe(
        `the CLI's process ended during this case (${how})${code === 7 ? ': Error: out of patience' : ''}`,
      );
      expect(after!.code).toBe(0);
      expect(after!.stdout).not.toBe(before!.stdout);
    },
  );

  it('answers every request with why when the CLI cannot load, and waits for none', async () => {
    const broken = await standIn('broken', 'return 0;', "throw new Error('this build is broken');");
    const answers = await withPool(broken, 2, (pool) =>
      Promise.all(Array.from({ length: 5 }, () => pool.run([], ''))),
    );
    for (const a of answers) {
      expect(a.code).toBe(1);
      expect(a.stderr).toContain('this build is broken');
    }
  });

  it('refuses a request once closed', async () => {
    const echo = await standIn('closed', 'return 0;');
    const pool = cliPool(echo, { width: 1 });
    await pool.run([], '');
    await pool.close();
    await expect(pool.run([], '')).rejects.toThrow('closed');
  });
});

describe('the pool against a process per case, on the built CLI', { timeout: LIMIT }, () => {
  let cli: string;
  beforeAll(async () => {
    // A build of its own: a rebuild of dist/ by anything else cannot change the CLI between the two runs.
    ({ cli } = await buildHost(join(dir, 'dist')));
  }, LIMIT);

  const reply = 'Change it:\n\n```diff\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new ✓\n```\n';
  const commands: Array<[string, string[], string]> = [
    ['the version', ['--version'], ''],
    ['the usage, with no command', [], ''],
    ['an unknown command', ['frobnicate'], ''],
    ['an unknown option', ['apply', '--frobnicate', '-'], reply],
    ['what a reply holds, as JSON', ['detect', '--json', '-'], reply],
    ['what a reply holds, in words', ['detect', '-'], reply],
    ['a reply with nothing in it', ['detect', '-'], 'no files here\n'],
  ];
  it.each(commands)('answers alike: %s', async (_what, args, input) => {
    const answer = async (runner: CliRunner): Promise<CliAnswer> => {
      try {
        return await runner.run(args, input);
      } finally {
        await runner.close();
      }
    };
    const spawned = await answer(spawnRunner(cli));
    expect(await answer(cliPool(cli, { width: 1 }))).toEqual(spawned);
  });

  it('gives every case of a sample of the corpus the same result, refusals and their reasons too', async () => {
    const every =
      (n: number) =>
      <T>(_: T, i: number) =>
        i % n === 0;
    const cases = (await loadCases()).filter(every(12));
    const replies = (await loadUnprompted(corpusDir)).filter(every(5));
    const run = async (runner: CliRunner) => {
      try {
        return await runCorpus(runner, cases, replies, 3);
      } finally {
        await runner.close();
      }
    };
    const spawned = await run(spawnRunner(cli));
    const pooled = await run(cliPool(cli, { width: 3 }));
    expect(differences(spawned, pooled)).toEqual([]);
    expect(pooled.results.length).toBe(cases.length);
    // The sample holds each outcome a case can have here, so that each kind of answer is compared.
    const outcomes = new Set(pooled.results.map((r: { outcome: string }) => r.outcome));
    expect([...outcomes].sort()).toEqual(expect.arrayContaining(['applied', 'refused']));
    expect(pooled.results.some((r: { expectFail: boolean }) => r.expectFail)).toBe(true);
    expect(pooled.unprompted.some((u: { found: boolean }) => u.found)).toBe(true);
  });
});
