#!/usr/bin/env node
/**
 * `npm run corpus`: the external corpus (`../shared/corpus` beside the repository) measured the way a user meets it.
 * Every apply-level case of `udiff/`, `llm-edits/` and `llm-edits/aider/<owner>__<name>/` runs through the built CLI in a fresh temp folder: the original
 * files are written, the reply goes to stdin of `replyapply apply --yes --json --include-guesses --dir <tmp> -`,
 * and the whole tree afterwards is compared with the expected one.
 *
 * Outcomes, per case:
 * - applied:  the CLI wrote, and the tree is exactly the expected tree;
 * - refused:  nothing changed on disk (the CLI refused, with its reason);
 * - wrong:    the tree changed and is not the expected tree, or the CLI said it applied and the tree is wrong.
 * An `expect_fail` case must be refused. A case in POLICY (our policy deliberately differs from upstream's) counts as
 * refused when we refuse it, is shown with its reason, and never counts as applied. A case in POLICY_RESULT (the
 * upstream result is that tool's bug) counts as `policy` only when our result is exactly the one the table states.
 *
 * The aider replies are also counted per repository and per model.
 *
 * Options: `--json` prints every case's result as one JSON object (for the test), `--why` prints each refusal's
 * reason, `--only ID[,ID…]` runs just those cases.
 *
 * The CLI runs many cases per process (scripts/cli-pool.mjs): a process per case made the run minutes long on a
 * loaded two-core machine, mostly Node's start-up. `--spawn` (or CORPUS_SPAWN=1, which the corpus tests pass on)
 * runs each case in a process of its own, `node dist/host/cli.mjs …` exactly as a user runs it; `--compare` runs
 * everything both ways and prints each case whose result differs (exit 1 if any; cli-pool.test.ts on a sample).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHost } from './build-host.mjs';
import { cliPool, spawnRunner } from './cli-pool.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** `../shared` is reference material beside the repository; CORPUS_DIR points elsewhere. */
export const corpusDir = process.env.CORPUS_DIR ?? join(repo, '..', 'shared', 'corpus');

/**
 * Where our policy differs from the upstream expectation on purpose. Such a case counts as refused (never applied),
 * and is listed with its reason in every run.
 */
export const POLICY = {
  'udiff-029':
    'jsdiff applies it with fuzzFactor 2 (two context lines missing from the file); udiff-033 is the same patch on the same file with fuzzFactor 1 and upstream demands a refusal. One input cannot give both; we refuse context lines that are missing from the file.',
  'udiff-031':
    'jsdiff applies it with fuzzFactor 3 (context lines inserted, substituted and missing); udiff-035 is the same patch on the same file with fuzzFactor 2 and upstream demands a refusal. We refuse it, as 035 requires.',
  'udiff-059':
    'jsdiff with fuzzFactor 1 ignores a patch whose old side says the last line has no newline when the file has one; its own next test (same patch, same file, fuzzFactor 0) demands a refusal, as git and GNU patch give. When a patch marks the final newline, the file must end as its old side says.',
  'udiff-055':
    'jsdiff with fuzzFactor 1 ignores a patch that removes a final newline the file does not have; udiff-053 is the same patch on the same file with fuzzFactor 0 and upstream demands a refusal. When a patch changes the final newline, the file must end as its old side says.',
  'aider-brezzy1337__wiseqrpay-015':
    "a block of the reply has two ======= lines with text after each: two versions of the replacement. aider wrote the first (the commit holds it); the reply's later blocks build on the second (they return { zodSchema, jsonSchema }, which only the second version's signature declares). Which one is meant is not certain, so the block is refused with that reason.",
  'aider-clusterpj__cluster-estate-005':
    "the diff creates components/properties/PropertyBooking/BookingForm.tsx (--- /dev/null), which exists; aider appended the whole new text to the old file, glued to its last line (`}'use client'`), leaving two components in one file. A diff that creates a file that exists is refused.",
  'aider-aliscie__odoc-004':
    'edit 2 names src/frontend/pages/profile/friends.tsx, which exists and does not hold its search text; aider applied it to another file of its chat that does (chatWindow.tsx), adding an import the reply meant for friends.tsx. An edit is never moved from the existing file the reply names to another one.',
  'aider-aliscie__odoc-009':
    'edit 2 names src/frontend/components/Chat/chatWindow.tsx, which exists and does not hold its search text; aider applied it to another file of its chat that does (MainComponents/Workspaces/index.tsx). An edit is never moved from the existing file the reply names to another one.',
};

/**
 * Where aider's own result is a bug of aider's and ours is right: the case counts as policy (never as
 * applied), and the test asserts our result, which is `expected` changed by `ours`.
 */
export const POLICY_RESULT = {
  'aider-MelleJo__VA-AI-transcribeerder-006': {
    why: 'the reply appends to static/styles.css, which does not end with a line break; aider glued the new text to the old last line (`}.full-screen-loader {`). We put a line break between them.',
    ours: (tree) => ({
      ...tree,
      'static/styles.css': tree['static/styles.css'].replace(
        '}.full-screen-loader {',
        '}\n.full-screen-loader {',
      ),
    }),
  },
};

/** Cline's cases hold only the `diff` argument of a replace_in_file call: wrap it as it stands in a reply. */
function clineReply(c) {
  const [path] = Object.keys(c.original_files);
  return `<replace_in_file>\n<path>${path}</path>\n<diff>\n${c.reply_text}\n</diff>\n</replace_in_file>\n`;
}

/** The name a single-file udiff case's file gets: the `+++` line's path (`---` for a deletion), `-p<strip>`. */
export function udiffFileName(patch, strip = 0) {
  let plus;
  let minus;
  for (const line of patch.split('\n')) {
    if (minus === undefined && line.startsWith('--- ')) minus = headerPath(line.slice(4));
    else if (minus !== undefined && line.startsWith('+++ ')) {
      plus = headerPath(line.slice(4));
      break;
    }
  }
  const name = plus && plus !== '/dev/null' ? plus : minus;
  if (!name || name === '/dev/null') throw new Error('patch names no file');
  const parts = name.split('/');
  return parts.slice(Math.min(strip, parts.length - 1)).join('/');
}

function headerPath(rest) {
  const text = rest.replace(/\r$/, '');
  const tab = text.indexOf('\t');
  return (tab === -1 ? text : text.slice(0, tab)).trim();
}

/** Every case of the corpus that applies files, as { id, kinds, tree, reply, expected, expectFail, modNewline }. */
export async function loadCases() {
  const cases = [];
  const udiffDir = join(corpusDir, 'udiff');
  for (const f of (await readdir(udiffDir)).filter((f) => f.endsWith('.json')).sort()) {
    const c = JSON.parse(await readFile(join(udiffDir, f), 'utf8'));
    let tree;
    let expected;
    let kind;
    if (typeof c.old === 'string') {
      const name = udiffFileName(c.patch, c.strip ?? 0);
      tree = { [name]: c.old };
      expected = c.expect_fail ? tree : { [name]: c.expected };
      kind = 'udiff single-file';
    } else {
      tree = c.old;
      expected = c.expect_fail ? c.old : { ...c.old, ...c.expected };
      kind = 'udiff multi-file';
    }
    cases.push({
      id: c.id,
      kinds: [kind],
      tree,
      reply: c.patch,
      expected,
      expectFail: c.expect_fail === true,
      modNewline: /modulo (the|a) final newline/i.test(c.notes ?? ''),
    });
  }
  const llmDir = join(corpusDir, 'llm-edits');
  for (const f of (await readdir(llmDir)).filter((f) => f.endsWith('.json')).sort()) {
    const c = JSON.parse(await readFile(join(llmDir, f), 'utf8'));
    if (c.level !== 'apply') continue;
    const kinds = [`llm ${c.format}`];
    if (c.model || c.real_model_output) kinds.push('real model-written');
    cases.push({
      id: c.id,
      kinds,
      tree: c.original_files,
      reply: c.format === 'cline-search-replace' ? clineReply(c) : c.reply_text,
      expected: c.expect_fail ? c.original_files : { ...c.original_files, ...c.expected_files },
      expectFail: c.expect_fail === true,
      modNewline: /modulo (the|a) final newline/i.test(c.notes ?? ''),
    });
  }
  const aiderDir = join(llmDir, 'aider');
  for (const repoDir of (await readdir(aiderDir, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    const dir = join(aiderDir, repoDir.name);
    for (const f of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      const c = JSON.parse(await readFile(join(dir, f), 'utf8'));
      if (c.level !== 'apply') continue;
      cases.push({
        id: c.id,
        kinds: [`aider ${c.format}`, 'real model-written'],
        repo: c.source?.repo ?? repoDir.name,
        model: c.model ?? 'unknown',
        tree: c.original_files,
        reply: c.reply_text,
        expected: c.expect_fail ? c.original_files : { ...c.original_files, ...c.expected_files },
        expectFail: c.expect_fail === true,
        modNewline: /modulo (the|a) final newline/i.test(c.notes ?? ''),
      });
    }
  }
  return cases;
}

/** A tree without its absent (null) entries. */
function present(tree) {
  return Object.fromEntries(Object.entries(tree).filter(([, v]) => v !== null && v !== undefined));
}

async function writeTree(dir, tree) {
  for (const [path, text] of Object.entries(present(tree))) {
    const abs = join(dir, path);
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, text);
  }
}

async function readTree(dir, prefix = '') {
  const out = {};
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, await readTree(dir, rel));
    else out[rel] = await readFile(join(dir, rel), 'utf8');
  }
  return out;
}

/** `either`: per path, a second content that counts as `b`'s (a variant's new file in CRLF). */
function sameTree(a, b, modNewline, either = {}) {
  const norm = (t) => (modNewline ? t.replace(/\r?\n$/, '') : t);
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  if (ka.join('\0') !== kb.join('\0')) return false;
  return ka.every((k) => norm(a[k]) === norm(b[k]) || (k in either && norm(a[k]) === norm(either[k])));
}

/** What differs between two trees, in a line: for the report of a wrong write. */
function treeDiff(got, want) {
  const out = [];
  for (const k of new Set([...Object.keys(got), ...Object.keys(want)])) {
    if (!(k in want)) out.push(`${k}: written, not expected`);
    else if (!(k in got)) out.push(`${k}: missing`);
    else if (got[k] !== want[k]) out.push(`${k}: content differs`);
  }
  return out.join('; ');
}

function runCli(cli, dir, stateDir, reply) {
  return cli.run(['apply', '--yes', '--json', '--include-guesses', '--dir', dir, '-'], reply, {
    REPLYAPPLY_STATE_DIR: stateDir,
  });
}

/** Why the CLI refused, from its JSON answer: the first failed file or error diagnostic. */
function reasonOf(code, stdout, stderr) {
  try {
    const r = JSON.parse(stdout);
    const file =
      r.files?.find((f) => f.status === 'error' && f.message) ??
      r.files?.find((f) => f.status !== 'ok' && f.message);
    if (file) return `${file.path}: ${file.message}`;
    const diag = r.diagnostics?.find((d) => d.severity === 'error') ?? r.diagnostics?.[0];
    if (diag) return `line ${diag.line}: ${diag.message}`;
  } catch {
    // not JSON: a crash; stderr says why
  }
  return `exit ${code}: ${(stderr.trim().split('\n').pop() ?? '').slice(0, 300)}`;
}

/** One case through `cli` (a runner of cli-pool.mjs: the built CLI in a pool, or a process per case). */
export async function runCase(cli, c) {
  const dir = await mkdtemp(join(tmpdir(), 'replyapply-corpus-'));
  try {
    const project = join(dir, 'project');
    const state = join(dir, 'state');
    await mkdir(project);
    await writeTree(project, c.tree);
    const { code, stdout, stderr } = await runCli(cli, project, state, c.reply);
    const got = await readTree(project);
    const before = present(c.tree);
    const want = present(c.expected);
    const untouched = sameTree(got, before, false);
    let outcome;
    let why = '';
    if (c.expectFail) {
      outcome = untouched ? 'refused' : 'wrong';
      why = untouched ? reasonOf(code, stdout, stderr) : treeDiff(got, before);
    } else if (sameTree(got, want, c.modNewline, c.eitherEol) && (code === 0 || (code === 3 && untouched))) {
      // exit 3 (no file operations) with nothing to change is a faithful no-op.
      outcome = 'applied';
    } else if (
      POLICY_RESULT[c.id] &&
      code === 0 &&
      sameTree(got, present(POLICY_RESULT[c.id].ours(want)), false)
    ) {
      outcome = 'policy';
      why = POLICY_RESULT[c.id].why;
    } else if (untouched && code !== 0) {
      outcome = 'refused';
      why = reasonOf(code, stdout, stderr);
    } else {
      outcome = 'wrong';
      why = `exit ${code}; ${untouched ? 'nothing written' : treeDiff(got, want)}`;
    }
    return {
      id: c.id,
      kinds: c.kinds,
      repo: c.repo,
      model: c.model,
      expectFail: c.expectFail,
      outcome,
      why,
      exit: code,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pool(items, width, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** Per-kind counts and the totals: applied / wrong / refused-as-expected. */
export function summarize(results) {
  const rows = new Map();
  const row = (kind) => {
    if (!rows.has(kind))
      rows.set(kind, { kind, cases: 0, applied: 0, wrong: 0, policy: 0, fail: 0, failRefused: 0 });
    return rows.get(kind);
  };
  for (const r of results) {
    for (const kind of [...r.kinds, 'all']) {
      const s = row(kind);
      if (r.expectFail) {
        s.fail++;
        if (r.outcome === 'refused') s.failRefused++;
      } else {
        s.cases++;
        if (r.outcome === 'applied') s.applied++;
        if ((POLICY[r.id] && r.outcome === 'refused') || r.outcome === 'policy') s.policy++;
      }
      if (r.outcome === 'wrong') s.wrong++;
    }
  }
  return rows;
}

const pct = (n, m) => (m === 0 ? '100' : ((100 * n) / m).toFixed(1));

function report(results, why) {
  const rows = summarize(results);
  const lines = [];
  const kinds = [...rows.keys()].filter((k) => k !== 'all');
  const width = Math.max(...kinds.map((k) => k.length), 8);
  lines.push(`${'kind'.padEnd(width)}  applied          wrong  policy  refused-as-expected`);
  for (const k of kinds) {
    const s = rows.get(k);
    const applied = `${s.applied}/${s.cases} (${pct(s.applied, s.cases)}%)`;
    lines.push(
      `${k.padEnd(width)}  ${applied.padEnd(16)} ${String(s.wrong).padStart(5)}  ${String(s.policy).padStart(6)}  ${s.failRefused}/${s.fail}`,
    );
  }
  for (const [title, key] of [
    ['aider replies by repository', 'repo'],
    ['aider replies by model', 'model'],
  ]) {
    const groups = new Map();
    for (const r of results) {
      if (!r[key]) continue;
      if (!groups.has(r[key])) groups.set(r[key], []);
      groups.get(r[key]).push(r);
    }
    if (groups.size === 0) continue;
    const names = [...groups.keys()].sort();
    const w = Math.max(...names.map((n) => n.length), title.length);
    lines.push('', `${title.padEnd(w)}  applied          wrong  refused-as-expected`);
    for (const name of names) {
      const rs = groups.get(name);
      const want = rs.filter((r) => !r.expectFail);
      const ok = want.filter((r) => r.outcome === 'applied').length;
      const fails = rs.filter((r) => r.expectFail);
      const applied = `${ok}/${want.length} (${pct(ok, want.length)}%)`;
      const wrong = rs.filter((r) => r.outcome === 'wrong').length;
      const refused = fails.filter((r) => r.outcome === 'refused').length;
      lines.push(
        `${name.padEnd(w)}  ${applied.padEnd(16)} ${String(wrong).padStart(5)}  ${refused}/${fails.length}`,
      );
    }
  }
  const bad = results.filter((r) => r.outcome !== 'applied' && !(r.outcome === 'refused' && r.expectFail));
  if (bad.length > 0) lines.push('', 'not applied:');
  for (const r of bad) {
    if (r.outcome === 'policy') {
      lines.push(`  ours   ${r.id} [policy: ${r.why}]`);
      continue;
    }
    const policy = POLICY[r.id] ? ` [policy: ${POLICY[r.id]}]` : '';
    lines.push(`  ${r.outcome === 'wrong' ? 'WRONG  ' : 'refused'} ${r.id}${policy}: ${r.why}`);
  }
  if (why) {
    lines.push('', 'refused as expected:');
    for (const r of results.filter((r) => r.expectFail && r.outcome === 'refused'))
      lines.push(`  ${r.id}: ${r.why}`);
  }
  const all = rows.get('all');
  lines.push(
    '',
    `corpus: applied ${all.applied}/${all.cases} (${pct(all.applied, all.cases)}%), wrong writes ${all.wrong}, refused-as-expected ${all.failRefused}/${all.fail}`,
  );
  return lines.join('\n');
}

/**
 * Every case, then every unprompted reply, through `cli` (a runner of cli-pool.mjs), `width` at a time:
 * `{ results, unprompted }`, each in the order given.
 */
export async function runCorpus(cli, cases, replies, width) {
  const results = await pool(cases, width, (c) => runCase(cli, c));
  const { runUnprompted } = await import('./corpus-unprompted.mjs');
  const unprompted = await pool(replies, width, (c) => runUnprompted(cli, c));
  return { results, unprompted };
}

/** The built CLI at `cli` run by `runner` for every case and reply; the runner is closed after. */
async function runWith(runner, cli, cases, replies, width) {
  const own = runner(cli);
  try {
    return await runCorpus(own, cases, replies, width);
  } finally {
    await own.close();
  }
}

/** The cases and replies whose results differ between two runs of runCorpus, each with both results. */
export function differences(a, b) {
  const out = [];
  for (const key of ['results', 'unprompted'])
    a[key].forEach((r, i) => {
      if (JSON.stringify(r) !== JSON.stringify(b[key][i])) out.push({ id: r.id, a: r, b: b[key][i] });
    });
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : null;
  const { cli } = await buildHost();
  let cases = await loadCases();
  if (only) cases = cases.filter((c) => only.has(c.id) || only.has(c.id.replace(/^\D+-/, '')));
  // Replies nobody asked a format of: what is found in them (scripts/corpus-unprompted.mjs).
  const { loadUnprompted, unpromptedReport } = await import('./corpus-unprompted.mjs');
  const replies = only ? [] : await loadUnprompted(corpusDir);
  // One more than the cores: a case also waits on the disk (fsync), and this process writes and reads its trees.
  const width = Math.max(2, availableParallelism() + 1);
  const spawned = args.includes('--spawn') || process.env.CORPUS_SPAWN === '1';
  const runner = (path) => (spawned ? spawnRunner(path) : cliPool(path, { width }));
  if (args.includes('--variants')) {
    // Metamorphic variants of the cases (BOM, CRLF, tabs, …): scripts/corpus-variants.mjs.
    const { variantsMain } = await import('./corpus-variants.mjs');
    await variantsMain(args, { cli, runner, cases, runCase, pool: (items, fn) => pool(items, width, fn) });
  } else if (args.includes('--compare')) {
    const timed = async (how, runner) => {
      const started = Date.now();
      const run = await runWith(runner, cli, cases, replies, width);
      process.stderr.write(`${how}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      return run;
    };
    const bySpawn = await timed('a process per case', spawnRunner);
    const byPool = await timed('cli-pool', (path) => cliPool(path, { width }));
    const diff = differences(bySpawn, byPool);
    for (const d of diff)
      process.stdout.write(`${d.id}\n  spawned: ${JSON.stringify(d.a)}\n  pooled:  ${JSON.stringify(d.b)}\n`);
    const n = bySpawn.results.length + bySpawn.unprompted.length;
    process.stdout.write(`compare: ${n - diff.length}/${n} cases and replies alike in both runs\n`);
    process.exitCode = diff.length === 0 ? 0 : 1;
  } else {
    const { results, unprompted } = await runWith(runner, cli, cases, replies, width);
    if (args.includes('--json')) {
      process.stdout.write(
        `${JSON.stringify({ results, summary: Object.fromEntries(summarize(results)), unprompted }, null, 2)}\n`,
      );
    } else {
      process.stdout.write(`${report(results, args.includes('--why'))}\n${unpromptedReport(unprompted)}\n`);
    }
  }
}
