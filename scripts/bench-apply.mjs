// Apply benchmarks (whole processes, medians of several runs): a generated tree of 10,000 files × 200 lines
// and a 50,000-hunk unified diff (about 12 MiB), against git apply and GNU patch; and planning a 100-hunk
// bare-@@ patch on a 50,000-line file in process. Figures are printed, targets in brackets.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildHost } from './build-host.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const LINES = 200;
const HUNKS_PER_FILE = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Runs of the commands that write nothing (measureInTurn). */
const READ_RUNS = Number(process.env.BENCH_READ_RUNS ?? 9);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const SYNC = ['/usr/bin/sync', '/bin/sync'].find((p) => existsSync(p));

/** About 28 bytes a line, so the 50,000-hunk diff is about 12 MiB as the issue describes. */
function line(f, i) {
  return `  let v${i} = compute(${f}, ${i});`;
}

function makeTree(dir) {
  for (let f = 0; f < FILES; f++) {
    const sub = join(dir, `pkg${Math.floor(f / 100)}`);
    if (f % 100 === 0) mkdirSync(sub, { recursive: true });
    const lines = [];
    for (let i = 1; i <= LINES; i++) lines.push(line(f, i));
    writeFileSync(join(sub, `file${f}.ts`), `${lines.join('\n')}\n`);
  }
}

function makeDiff() {
  const out = [];
  for (let f = 0; f < FILES; f++) {
    const p = `pkg${Math.floor(f / 100)}/file${f}.ts`;
    out.push(`diff --git a/${p} b/${p}`, `--- a/${p}`, `+++ b/${p}`);
    for (let h = 0; h < HUNKS_PER_FILE; h++) {
      const changed = 20 + h * 35; // well apart: hunks never overlap
      out.push(`@@ -${changed - 3},7 +${changed - 3},7 @@`);
      for (let i = changed - 3; i < changed; i++) out.push(` ${line(f, i)}`);
      out.push(`-${line(f, changed)}`, `+${line(f, changed).replace('compute', 'recompute')}`);
      for (let i = changed + 1; i <= changed + 3; i++) out.push(` ${line(f, i)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * The least a dry run of the generated diff does, in plain Node: read the diff and each file it names,
 * check every hunk's old lines at the place its header gives, and print the plan our dry run prints (its
 * size, 17 MiB for 10,000 files). Only for this diff's shape: `diff --git`, `---`, `+++ b/`, hunks.
 */
function leastDryRun() {
  const diff = readFileSync(process.argv[2], 'latin1');
  const out = [];
  let pos = 0;
  let files = 0;
  const next = () => {
    const nl = diff.indexOf('\n', pos);
    const l = diff.slice(pos, nl);
    pos = nl + 1;
    return l;
  };
  while (pos < diff.length) {
    next();
    next();
    const name = next().slice(6);
    const lines = readFileSync(name, 'latin1').split('\n');
    files++;
    out.push('', `ok      modify  ${name}  (reply line ${files})`, `    --- a/${name}`, `    +++ b/${name}`);
    while (pos < diff.length && diff.charCodeAt(pos) === 64) {
      const h = next();
      const m = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@/.exec(h);
      let at = Number(m[1]) - 1;
      let oldLeft = Number(m[2]);
      let newLeft = Number(m[4]);
      out.push(`    ${h}`);
      while (oldLeft > 0 || newLeft > 0) {
        const b = next();
        const c = b.charCodeAt(0);
        if (c !== 43) {
          if (lines[at] !== b.slice(1)) throw new Error(`${name}:${at + 1} does not match`);
          at++;
          oldLeft--;
        }
        if (c !== 45) newLeft--;
        out.push(`    ${b}`);
      }
    }
  }
  writeSync(
    1,
    `Plan for ${process.cwd()} (${files} files):\n${out.join('\n')}\n\nDry run: nothing written.\n`,
  );
}

/** `leastDryRun` as a script of its own. */
const LEAST_DRY_RUN = `import { readFileSync, writeSync } from 'node:fs';\n(${leastDryRun})();\n`;

/** One timed run of a command in `work`: seconds and peak RSS (MiB, 0 without /usr/bin/time). */
function timeOnce(label, work, cmd, args) {
  const t = performance.now();
  const res = TIME
    ? spawnSync(TIME, ['-f', '%M', cmd, ...args], { cwd: work, maxBuffer: 1 << 30 })
    : spawnSync(cmd, args, { cwd: work, maxBuffer: 1 << 30 });
  const s = (performance.now() - t) / 1000;
  if (res.status !== 0) {
    throw new Error(`${label} failed (${res.status}): ${res.stderr.toString().slice(-500)}`);
  }
  return { s, peak: TIME ? Number(res.stderr.toString().trim().split('\n').pop()) / 1024 : 0 };
}

/** A fresh copy of the tree in `work`. */
function freshCopy(pristine, work) {
  rmSync(work, { recursive: true, force: true });
  cpSync(pristine, work, { recursive: true });
  // The copy's dirty pages would otherwise be flushed inside the next timed command: by the first
  // tool that syncs (ours), not by those that never do (patch, git).
  if (SYNC) execFileSync(SYNC);
}

/** Run a command `RUNS` times, each on a fresh copy of the tree; median seconds and peak RSS (MiB). */
function measure(label, pristine, work, cmd, args) {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    freshCopy(pristine, work);
    runs.push(timeOnce(label, work, cmd, args));
  }
  return { label, s: median(runs.map((x) => x.s)), peak: Math.max(...runs.map((x) => x.peak)) };
}

/**
 * Commands that write nothing, run in turn (A B C A B C …) `READ_RUNS` times on one copy of the tree:
 * what they are compared by (the dry run against the node floor) then meets the same moments of a noisy
 * machine, and a second or less per run buys more runs than the writing commands get.
 */
function measureInTurn(pristine, work, commands) {
  freshCopy(pristine, work);
  const runs = commands.map(() => []);
  for (let r = 0; r < READ_RUNS; r++) {
    for (const [i, [label, cmd, args]] of commands.entries()) runs[i].push(timeOnce(label, work, cmd, args));
  }
  return commands.map(([label], i) => ({
    label,
    s: median(runs[i].map((x) => x.s)),
    peak: Math.max(...runs[i].map((x) => x.peak)),
  }));
}

/** One run of the CLI under V8's CPU profiler (a sample every `intervalUs`): its profile. */
function cpuProfile(node, cli, args, cwd, out, intervalUs) {
  rmSync(out, { recursive: true, force: true });
  const res = spawnSync(
    node,
    ['--cpu-prof', '--cpu-prof-dir', out, '--cpu-prof-interval', String(intervalUs), cli, ...args],
    { cwd, maxBuffer: 1 << 30 },
  );
  if (res.status !== 0)
    throw new Error(`profiled ${args.join(' ')} failed: ${res.stderr.toString().slice(-500)}`);
  const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'));
  return JSON.parse(readFileSync(join(out, file), 'utf8'));
}

/** The CLI's stages: functions whose time, callees included, a CPU profile of the dry run shows. */
const STAGES = [
  ['detect the reply', 'detectAll'],
  ['split into parts', 'independentParts'],
  ['read the files', 'read'],
  ['plan', 'plan'],
  ['render the files', 'renderFile'],
  ['print', 'sayLines'],
];

/**
 * BENCH_VERBOSE: one more dry run under V8's CPU profiler, and where its time went by stage (callees
 * included) and by collector: what a change to the dry run should be aimed at.
 */
function profileDryRun(node, cli, cwd, diffPath, dir) {
  const profile = cpuProfile(
    node,
    cli,
    ['apply', '--dry-run', '--dir', '.', diffPath],
    cwd,
    join(dir, 'profile'),
    100,
  );
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const spent = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const names = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id))
      names.add(byId.get(id).callFrame.functionName);
    for (const name of names) spent.set(name, (spent.get(name) ?? 0) + dt);
  }
  const ms = (name) => `${((spent.get(name) ?? 0) / 1000).toFixed(0)} ms`.padStart(8);
  console.log(`    profiled dry run: ${(total / 1000).toFixed(0)} ms of samples`);
  for (const [label, fn] of STAGES) console.log(`      ${label.padEnd(26)} ${ms(fn)}`);
  console.log(`      ${'garbage collector'.padEnd(26)} ${ms('(garbage collector)')}`);
}

const STRACE = ['/usr/bin/strace', '/bin/strace'].find((p) => existsSync(p));
const SYNC_CALLS = 'fsync,fdatasync,sync,syncfs';

/**
 * Issue 28 (b): how much of `apply --yes` is its durability. One more apply under strace, counting the wall
 * time spent inside the sync system calls (ours and the `sync` process's): the apply without them is
 * the rest, beside GNU patch (which syncs nothing). Without strace the row says so.
 */
function syncShare(node, cli, pristine, work, diffPath, patchS) {
  if (!STRACE) {
    console.log('      fsync share of apply --yes      not measured (no strace on this machine)');
    return;
  }
  freshCopy(pristine, work);
  const out = join(work, '..', 'strace-sync.txt');
  const t = performance.now();
  const res = spawnSync(
    STRACE,
    [
      '-f',
      '-w',
      '-c',
      '--seccomp-bpf',
      '-e',
      `trace=${SYNC_CALLS}`,
      '-o',
      out,
      node,
      cli,
      'apply',
      '--yes',
      '--dir',
      '.',
      diffPath,
    ],
    { cwd: work, maxBuffer: 1 << 30 },
  );
  const total = (performance.now() - t) / 1000;
  if (res.status !== 0) {
    console.log(
      `      fsync share of apply --yes      not measured (strace: ${res.stderr.toString().slice(-200)})`,
    );
    return;
  }
  // The summary's last line: "100.00    0.221629   27703   8   total".
  const last = readFileSync(out, 'utf8').trim().split('\n').pop() ?? '';
  const synced = Number(last.trim().split(/\s+/)[1] ?? 0);
  console.log(
    `      apply --yes under strace: ${total.toFixed(2)} s, of which ${synced.toFixed(2)} s in ${SYNC_CALLS}; ` +
      `without them ${(total - synced).toFixed(2)} s = ${((total - synced) / patchS).toFixed(2)}× GNU patch`,
  );
}

/**
 * BENCH_VERBOSE, for (a): what the dry run allocates, by function (V8's sampling heap profiler, objects the
 * collector freed included). The garbage collector is a third of the dry run: its work is this much memory.
 */
function allocationsOfDryRun(node, cli, cwd, diffPath, dir) {
  const wrapper = join(dir, 'allocations.mjs');
  const out = join(dir, 'allocations.json');
  writeFileSync(
    wrapper,
    [
      "import { Session } from 'node:inspector';",
      "import { writeFileSync } from 'node:fs';",
      'const s = new Session();',
      's.connect();',
      "s.post('HeapProfiler.startSampling', { samplingInterval: 32768, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });",
      'let done = false;',
      'const finish = () => {',
      '  if (done) return;',
      '  done = true;',
      // The inspector answers a session of its own thread at once, so this runs before the process ends.
      `  s.post('HeapProfiler.stopSampling', (err, res) => { if (!err) writeFileSync(${JSON.stringify(out)}, JSON.stringify(res.profile)); });`,
      '};',
      'const exit = process.exit;',
      'process.exit = (code) => { finish(); exit(code); };',
      "process.on('exit', finish);",
      `process.argv = [process.argv[0], ${JSON.stringify(cli)}, ...process.argv.slice(2)];`,
      `await import(${JSON.stringify(pathToFileURL(cli).href)});`,
    ].join('\n'),
  );
  const res = spawnSync(node, [wrapper, 'apply', '--dry-run', '--dir', '.', diffPath], {
    cwd,
    maxBuffer: 1 << 30,
  });
  if (res.status !== 0 || !existsSync(out)) {
    console.log(`    allocations of the dry run: not measured (${res.stderr.toString().slice(-200)})`);
    return;
  }
  const by = new Map();
  let total = 0;
  const walk = (n) => {
    const name = n.callFrame.functionName || '(anonymous)';
    total += n.selfSize;
    by.set(name, (by.get(name) ?? 0) + n.selfSize);
    for (const c of n.children) walk(c);
  };
  walk(JSON.parse(readFileSync(out, 'utf8')).head);
  const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MiB`.padStart(8);
  console.log(`    allocated by the dry run: ${mb(total).trim()} (sampled); most by:`);
  for (const [name, b] of [...by].sort((x, y) => y[1] - x[1]).slice(0, 8))
    console.log(`      ${name.padEnd(26)} ${mb(b)}`);
}

/**
 * BENCH_VERBOSE, for (b): where `apply --yes` spends its time, by function and system call (self time,
 * wall): opening, renaming and writing ten thousand files, the journal, the garbage collector.
 */
function profileApply(node, cli, pristine, work, diffPath, dir) {
  freshCopy(pristine, work);
  const args = ['apply', '--yes', '--dir', '.', diffPath];
  const profile = cpuProfile(node, cli, args, work, join(dir, 'profile-apply'), 200);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const name = byId.get(profile.samples[i]).callFrame.functionName || '(anonymous)';
    self.set(name, (self.get(name) ?? 0) + dt);
  }
  console.log(`    profiled apply --yes: ${(total / 1000).toFixed(0)} ms of samples; most self time:`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`      ${name.padEnd(26)} ${`${(us / 1000).toFixed(0)} ms`.padStart(8)}`);
}

export async function benchApply() {
  const dir = mkdtempSync(join(tmpdir(), 'replyapply-bench-apply-'));
  try {
    const { cli } = await buildHost(join(dir, 'build'));
    const pristine = join(dir, 'pristine');
    const work = join(dir, 'work');
    makeTree(pristine);
    const diffPath = join(dir, 'change.diff');
    const diff = makeDiff();
    writeFileSync(diffPath, diff);
    const state = join(dir, 'state');
    const node = process.execPath;
    process.env.REPLYAPPLY_STATE_DIR = state;

    console.log(
      `apply: ${FILES} files × ${LINES} lines, ${FILES * HUNKS_PER_FILE} hunks, diff ${(diff.length / 1024 / 1024).toFixed(1)} MiB, median of ${READ_RUNS} (taken in turn) for the first three rows, ${RUNS} for the writing ones`,
    );
    // What (a) is up against: Node starting, reading the diff and every file it names, and nothing else
    // (no parsing, no checks, no hashing). git apply --check does all of its work in about that time.
    const floorScript = join(dir, 'read-only.mjs');
    writeFileSync(
      floorScript,
      [
        "import { readFileSync } from 'node:fs';",
        'const diff = readFileSync(process.argv[2], "utf8");',
        'let bytes = 0;',
        'for (const m of diff.matchAll(/^\\+\\+\\+ b\\/(.*)$/gm)) bytes += readFileSync(m[1], "utf8").length;',
        'if (bytes === 0) process.exit(1);',
      ].join('\n'),
    );
    // Not a floor of the targets: the least a dry run of this diff does in Node (read, check each hunk's
    // old lines where its header says, print the same plan), with none of what the product adds (formats,
    // paths checked on disk, fuzzy places, notes). It tells what (a) asks of Node on this machine.
    const leastScript = join(dir, 'least-dry-run.mjs');
    writeFileSync(leastScript, LEAST_DRY_RUN);
    const [gitCheck, dry, floor, least] = measureInTurn(pristine, work, [
      ['git apply --check', 'git', ['apply', '--check', diffPath]],
      ['replyapply apply --dry-run', node, [cli, 'apply', '--dry-run', '--dir', '.', diffPath]],
      ['node: read diff + files only', node, [floorScript, diffPath]],
      ['node: the least dry run', node, [leastScript, diffPath]],
    ]);
    const gitApply = measure('git apply', pristine, work, 'git', ['apply', diffPath]);
    const patch = measure('GNU patch -p1', pristine, work, 'patch', ['-p1', '-s', '-i', diffPath]);
    const ours = measure('replyapply apply --yes', pristine, work, node, [
      cli,
      'apply',
      '--yes',
      '--dir',
      '.',
      diffPath,
    ]);
    // The tree after our apply must equal git's: a fast wrong answer is worth nothing.
    const check = join(dir, 'check');
    rmSync(check, { recursive: true, force: true });
    cpSync(pristine, check, { recursive: true });
    execFileSync('git', ['apply', diffPath], { cwd: check });
    const sample = `pkg${Math.floor((FILES - 1) / 100)}/file${FILES - 1}.ts`;
    if (readFileSync(join(check, sample), 'utf8') !== readFileSync(join(work, sample), 'utf8')) {
      throw new Error('replyapply and git apply disagree on the result');
    }
    const row = (m) =>
      `  ${m.label.padEnd(28)} ${m.s.toFixed(2).padStart(6)} s   peak ${m.peak ? `${m.peak.toFixed(0)} MiB` : 'n/a'}`;
    for (const m of [gitCheck, dry, floor, least, gitApply, patch, ours]) console.log(row(m));
    // (a) against Node's own floor, measured in the same run (issue 16: git's check is out of Node's reach).
    console.log(`  (a) dry-run / node floor            ${(dry.s / floor.s).toFixed(2)}   [target ≤ 2.5]`);
    if (dry.peak && floor.peak)
      console.log(
        `      dry-run peak / floor peak       ${(dry.peak / floor.peak).toFixed(2)}   [target ≤ 2.0]`,
      );
    console.log(`      dry-run / git apply --check     ${(dry.s / gitCheck.s).toFixed(2)}`);
    console.log(
      `      node floor / git apply --check  ${(floor.s / gitCheck.s).toFixed(2)}   (reading alone, before any parsing)`,
    );
    console.log(
      `      least dry run / node floor      ${(least.s / floor.s).toFixed(2)}   (parse, check and print only, in plain Node)`,
    );
    console.log(`      dry-run / least dry run         ${(dry.s / least.s).toFixed(2)}`);
    console.log(`  (b) apply --yes / GNU patch         ${(ours.s / patch.s).toFixed(2)}   [target ≤ 1.5]`);
    console.log(`      apply --yes / git apply         ${(ours.s / gitApply.s).toFixed(2)}`);
    syncShare(node, cli, pristine, work, diffPath, patch.s);
    if (process.env.BENCH_VERBOSE) {
      profileDryRun(node, cli, pristine, diffPath, dir);
      allocationsOfDryRun(node, cli, pristine, diffPath, dir);
      profileApply(node, cli, pristine, work, diffPath, dir);
    }

    // (c) planning a 100-hunk bare-@@ patch on a 50,000-line file, in process.
    const entry = join(dir, 'plan-entry.ts');
    writeFileSync(
      entry,
      `export { plan } from ${JSON.stringify(join(process.cwd(), 'shared/engine/index.ts'))};\n`,
    );
    const bundle = join(dir, 'plan.mjs');
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundle,
      logLevel: 'error',
    });
    const { plan } = await import(pathToFileURL(bundle).href);
    const big = [];
    for (let i = 1; i <= 50_000; i++) big.push(`line ${i}: value = ${(i * 7919) % 100_003}`);
    const text = `${big.join('\n')}\n`;
    const hunks = [];
    for (let h = 0; h < 100; h++) {
      const at = 200 + h * 490;
      hunks.push({
        lines: [
          ` ${big[at - 2]}`,
          ` ${big[at - 1]}`,
          `-${big[at]}`,
          `+${big[at]} // changed`,
          ` ${big[at + 1]}`,
        ],
      });
    }
    const cs = {
      id: 'bench',
      source: { format: 'unified-diff' },
      ops: [{ kind: 'patch', path: 'big.txt', line: 1, hunks }],
      diagnostics: [],
    };
    const snapshots = new Map([['big.txt', { text, hash: 'h' }]]);
    const times = [];
    for (let r = 0; r < 15; r++) {
      const t = performance.now();
      const p = plan(cs, snapshots);
      times.push(performance.now() - t);
      if (p.files[0].status !== 'ok') throw new Error(`plan failed: ${p.files[0].error?.message}`);
    }
    console.log(
      `  (c) plan 100 bare-@@ hunks on 50,000 lines   median ${median(times).toFixed(1)} ms   [target ≤ 50 ms]`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchApply();
