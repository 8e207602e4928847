/**
 * Scenario folders (native-host/test/scenarios/NNN_name/{input/, reply.md, expected/, args?, exit?}) run
 * through the real CLI as a subprocess: input/ is copied to a temp project, `replyapply apply --yes --dir
 * <project> reply.md [args]` runs, and the whole tree must then equal expected/ byte for byte, with the
 * expected exit code (default 0). Negative scenarios are named `NNN_rejects_…`; their expected/ equals
 * input/.
 *
 * The project sits at <top>/a/b/project beside <top>/a/b/sibling/keep.txt, and the whole of <top> is
 * compared, so a write that escapes the project (`../sibling/keep.txt`, `../../x`) is caught too.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '../../shared/changeset/changeset';
import { detectAll } from '../../shared/formats/registry';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCENARIOS = join(HERE, 'scenarios');
const REPO = join(HERE, '..', '..');

/**
 * Scenarios that are correct but fail because of a bug elsewhere (a parser or the engine), with the reason.
 * They run as `it.fails`, so fixing the bug makes them fail here until they are taken off this list.
 */

const KNOWN_FAILING = new Map<string, string>([]);

interface Scenario {
  name: string;
  dir: string;
  args: string[];
  exit: number;
}

function listScenarios(): Scenario[] {
  return readdirSync(SCENARIOS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{3}_/.test(d.name))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const dir = join(SCENARIOS, name);
      const optional = (file: string) => {
        try {
          return readFileSync(join(dir, file), 'utf8').trim();
        } catch {
          return '';
        }
      };
      const args = optional('args');
      const exit = optional('exit');
      return { name, dir, args: args ? args.split(/\s+/) : [], exit: exit ? Number(exit) : 0 };
    });
}

/** Every file below `root` as relative path (with `/`) → bytes; a missing root is an empty tree. */
function readTree(root: string, prefix = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else out.set(prefix + relative(root, abs).split(sep).join('/'), readFileSync(abs));
    }
  };
  walk(root);
  return out;
}

function writeTree(root: string, tree: Map<string, Buffer>): void {
  for (const [rel, data] of tree) {
    const abs = join(root, ...rel.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, data);
  }
}

/** Trees as sorted path → text for a readable diff; bytes that are not UTF-8 show as base64. */
function printable(tree: Map<string, Buffer>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...tree.keys()].sort()) {
    const data = tree.get(key)!;
    const text = data.toString('utf8');
    out[key] = Buffer.from(text, 'utf8').equals(data) ? text : `base64:${data.toString('base64')}`;
  }
  return out;
}

function run(
  cli: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`replyapply ${args.join(' ')} did not exit within 20 s`));
    }, 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The CLI entry bundled for the runs: main() run as a process, as bin/replyapply.js runs it. */
const CLI_ENTRY = 'native-host/cli/entry.ts';

const SIBLING = 'a/b/sibling/keep.txt';
const SIBLING_TEXT = 'do not touch\n';

let cli = '';
let buildDir = '';

beforeAll(async () => {
  // Built here rather than taken from dist/: the test must not depend on a build someone ran earlier.
  buildDir = mkdtempSync(join(tmpdir(), 'replyapply-scenario-cli-'));
  cli = join(buildDir, 'scenario-cli.mjs');
  await build({
    absWorkingDir: REPO,
    entryPoints: [CLI_ENTRY],
    outfile: cli,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
}, 60_000);

afterAll(() => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

const scenarios = listScenarios();

describe('scenario folders', () => {
  it('there are at least 80, each with input/, expected/ and reply.md', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(80);
    for (const s of scenarios) {
      expect(statSync(join(s.dir, 'reply.md')).isFile(), s.name).toBe(true);
      expect(readTree(join(s.dir, 'input')).size, `${s.name} has an input file`).toBeGreaterThan(0);
      expect(statSync(join(s.dir, 'expected')).isDirectory(), s.name).toBe(true);
    }
  });

  it('every rejects_ scenario expects a failure exit and an unchanged tree', () => {
    const rejects = scenarios.filter((s) => /^\d{3}_rejects_/.test(s.name));
    expect(rejects.length).toBeGreaterThan(10);
    for (const s of rejects) {
      expect(s.exit, s.name).not.toBe(0);
      expect(printable(readTree(join(s.dir, 'expected'))), s.name).toEqual(
        printable(readTree(join(s.dir, 'input'))),
      );
    }
  });

  it('every reply format appears in some scenario', () => {
    const seen = new Set<string>();
    for (const s of scenarios) {
      for (const set of detectAll(readFileSync(join(s.dir, 'reply.md'), 'utf8')))
        if (set.ops.length > 0) seen.add(set.source.format);
    }
    expect([...seen].sort()).toEqual([...FORMAT_IDS].sort());
  });

  it('KNOWN_FAILING names only existing scenarios', () => {
    const names = new Set(scenarios.map((s) => s.name));
    for (const name of KNOWN_FAILING.keys()) expect(names.has(name), name).toBe(true);
  });
});

describe('replyapply apply on each scenario', () => {
  for (const s of scenarios) {
    const known = KNOWN_FAILING.get(s.name);
    const test = known ? it.concurrent.fails : it.concurrent;
    test(known ? `${s.name} (known failing: ${known})` : s.name, async () => {
      const top = mkdtempSync(join(tmpdir(), 'replyapply-scenario-'));
      const state = mkdtempSync(join(tmpdir(), 'replyapply-state-'));
      try {
        const project = join(top, 'a', 'b', 'project');
        mkdirSync(project, { recursive: true });
        writeTree(project, readTree(join(s.dir, 'input')));
        writeTree(top, new Map([[SIBLING, Buffer.from(SIBLING_TEXT)]]));

        const args = ['apply', '--yes', '--dir', project, join(s.dir, 'reply.md'), ...s.args];
        const env = { ...process.env, REPLYAPPLY_STATE_DIR: state, NO_COLOR: '1' };
        const result = await run(cli, args, env);
        const context = `exit ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;

        const want = readTree(join(s.dir, 'expected'), 'a/b/project/');
        want.set(SIBLING, Buffer.from(SIBLING_TEXT));
        expect(printable(readTree(top)), context).toEqual(printable(want));
        expect(result.code, context).toBe(s.exit);
      } finally {
        rmSync(top, { recursive: true, force: true });
        rmSync(state, { recursive: true, force: true });
      }
    });
  }
});

describe('replyapply apply | head', () => {
  /** Runs the CLI and closes its output after the first piece, as `| head -1` does. */
  function runClosingEarly(
    args: string[],
    env: NodeJS.ProcessEnv,
  ): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stdout.once('data', () => child.stdout.destroy());
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  it('finishes quietly, and an apply still writes everything, when the reader closes the pipe', async () => {
    const project = mkdtempSync(join(tmpdir(), 'replyapply-pipe-'));
    const state = mkdtempSync(join(tmpdir(), 'replyapply-state-'));
    try {
      // A diff far longer than a pipe holds (64 KiB), so that the output outlives the reader.
      const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} of a long new file`);
      const reply = join(project, '..', `${project.split(sep).pop()}-reply.md`);
      writeFileSync(
        reply,
        [
          '```diff',
          '--- /dev/null',
          '+++ b/big.txt',
          '@@ -0,0 +1,20000 @@',
          ...lines.map((l) => `+${l}`),
          '```',
          '',
        ].join('\n'),
      );
      const env = { ...process.env, REPLYAPPLY_STATE_DIR: state, NO_COLOR: '1' };
      try {
        const dry = await runClosingEarly(['apply', '--dry-run', '--dir', project, reply], env);
        expect(dry.stderr).toBe('');
        expect(dry.code).toBe(0);
        const applied = await runClosingEarly(['apply', '--yes', '--dir', project, reply], env);
        expect(applied.stderr).toBe('');
        expect(applied.code).toBe(0);
        expect(readFileSync(join(project, 'big.txt'), 'utf8')).toBe(`${lines.join('\n')}\n`);
      } finally {
        rmSync(reply, { force: true });
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("the CLI's young generation (issue 16)", () => {
  /** A project of 200 files and a reply changing each (its hunks live until their file is planned). */
  function twoHundredFiles(project: string): string {
    const diff: string[] = [];
    for (let f = 0; f < 200; f++) {
      const lines = Array.from({ length: 200 }, (_, i) => `  let v${i} = compute(${f}, ${i});`);
      writeFileSync(join(project, `file${f}.ts`), `${lines.join('\n')}\n`);
      diff.push(`diff --git a/file${f}.ts b/file${f}.ts`, `--- a/file${f}.ts`, `+++ b/file${f}.ts`);
      for (let at = 20; at < 200; at += 35) {
        diff.push(`@@ -${at - 2},7 +${at - 2},7 @@`);
        for (let i = at - 3; i < at + 4; i++) {
          if (i === at) diff.push(`-${lines[i]}`, `+${lines[i]!.replace('compute', 'recompute')}`);
          else diff.push(` ${lines[i]}`);
        }
      }
    }
    const reply = join(buildDir, 'young-reply.diff');
    writeFileSync(reply, `${diff.join('\n')}\n`);
    return reply;
  }

  /** The CLI's dry run of `reply` in `project`, Node started with `nodeArgs`: its exit code and stdout. */
  function dryRun(nodeArgs: string[], project: string, reply: string, state: string) {
    const env = { ...process.env, REPLYAPPLY_STATE_DIR: state, NO_COLOR: '1' };
    return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [...nodeArgs, cli, 'apply', '--dry-run', '--dir', project, reply],
        { env, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
    });
  }

  it('is not doubled again once the CLI runs, while a reply of 200 files is read and planned', async () => {
    const project = mkdtempSync(join(tmpdir(), 'replyapply-young-'));
    const state = mkdtempSync(join(tmpdir(), 'replyapply-state-'));
    try {
      // Every hunk lives until its file is planned: unchecked, V8 doubles its young generation three
      // times on this reply (8 MiB at the end).
      const reply = twoHundredFiles(project);
      // Loaded before the CLI (node -r): the young generation's size then, and when the process exits.
      const probe = join(buildDir, 'young-probe.cjs');
      const report = join(buildDir, 'young-sizes.json');
      writeFileSync(
        probe,
        `const v8 = require('node:v8'); const fs = require('node:fs');
const size = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
const start = size();
process.on('exit', () => fs.writeFileSync(${JSON.stringify(report)}, JSON.stringify({ start, end: size() })));
`,
      );
      const out = await dryRun(['-r', probe], project, reply, state);
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('Plan for');
      expect(out.stdout.match(/^ok {6}modify {2}file\d+\.ts/gm)).toHaveLength(200);
      const { start, end } = JSON.parse(readFileSync(report, 'utf8')) as { start: number; end: number };
      // One doubling may come while Node loads the bundle, before its first module runs.
      expect(end).toBeLessThanOrEqual(2 * start);
    } finally {
      rmSync(project, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    }
  }, 30_000);

  it('is collected by the planning thread alone, no helper thread woken for it (issue 28)', async () => {
    const project = mkdtempSync(join(tmpdir(), 'replyapply-young-'));
    const state = mkdtempSync(join(tmpdir(), 'replyapply-state-'));
    try {
      const reply = twoHundredFiles(project);
      // V8's line per collection: a scavenge's `background.scavenge.parallel` is the helpers' time in it.
      // With parallel scavenges about half of this run's 18 show some.
      const out = await dryRun(['--trace-gc-nvp'], project, reply, state);
      expect(out.code).toBe(0);
      const scavenges = out.stdout.split('\n').filter((l) => l.includes('gc=s '));
      expect(scavenges.length).toBeGreaterThan(5);
      const helped = scavenges.filter((l) => !/background\.scavenge\.parallel=0\.00 /.test(l));
      expect(helped).toEqual([]);
    } finally {
      rmSync(project, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    }
  }, 30_000);
});
