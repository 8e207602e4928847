// Parse benchmark: `detectAll` over generated replies of 1, 4 and 16 MiB in mixed formats (200 operations
// per MiB), and our `parseUnifiedDiff` beside jsdiff's `parsePatch` on the same plain unified diff.
// Targets: 1 MiB ≤ 20 ms; linear growth (16 MiB within 20× of 1 MiB). Prints medians; does not fail.
// Then the worst growth of the hostile shapes (shared/formats/growth-shapes.ts) from 512 KiB to 2 MiB,
// in a Node of its own (target ≤ 6×; the quadratic readers of issue 44 grew 16× to 73×).
// Runs on its own (`node scripts/bench-parse.mjs`): the TypeScript sources are bundled with esbuild.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parsePatch } from 'diff';
import { build } from 'esbuild';

const MiB = 1024 * 1024;
const root = resolve(import.meta.dirname, '..');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function loadParsers() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-parse-'));
  try {
    const out = join(dir, 'parsers.mjs');
    await build({
      stdin: {
        contents:
          "export { detectAll } from './shared/formats/registry';\nexport { parseUnifiedDiff } from './shared/formats/unified-diff';\nexport { GROWTH_SHAPES } from './shared/formats/growth-shapes';\n",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      logLevel: 'error',
    });
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** About `n` lines of code-like text, varied by `seed` so no two files are the same. */
function codeLines(n, seed) {
  const out = [];
  for (let i = 0; i < n; i++)
    out.push(`  const value_${seed}_${i} = compute(${i}, "item-${(seed * 31 + i) % 97}");`);
  return out;
}

// One generator per format; each returns one operation of about 5 KiB.
const generators = [
  (k) => {
    const body = codeLines(70, k);
    const hunk = [
      ...body.slice(0, 30).map((l) => ` ${l}`),
      ...body.slice(30, 35).map((l) => `-${l}`),
      ...body.slice(30, 35).map((l) => `+${l.replace('compute', 'computeFast')}`),
      ...body.slice(35).map((l) => ` ${l}`),
    ];
    return [
      '```diff',
      `--- a/src/diff_${k}.ts`,
      `+++ b/src/diff_${k}.ts`,
      '@@ -10,70 +10,70 @@',
      ...hunk,
      '```',
    ].join('\n');
  },
  (k) =>
    [
      `--- START-FILE: src/delim_${k}.ts ---`,
      ...codeLines(75, k),
      `--- END-FILE: src/delim_${k}.ts ---`,
    ].join('\n'),
  (k) =>
    [
      '<FILE_CHANGES>',
      `<FILE_NEW file_path="src/tag_${k}.ts">`,
      ...codeLines(75, k),
      '</FILE_NEW>',
      '</FILE_CHANGES>',
    ].join('\n'),
  (k) =>
    [
      '```json',
      JSON.stringify(
        { root: '.', files: [{ path: `src/aptix_${k}.ts`, content: `${codeLines(75, k).join('\n')}\n` }] },
        null,
        2,
      ),
      '```',
    ].join('\n'),
  (k) => {
    const body = codeLines(36, k);
    return [
      `src/sr_${k}.py`,
      '```python',
      '<<<<<<< SEARCH',
      ...body,
      '=======',
      ...body.map((l) => l.replace('compute', 'computeFast')),
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
  },
  (k) =>
    [
      '*** Begin Patch',
      `*** Add File: src/openai_${k}.ts`,
      ...codeLines(75, k).map((l) => `+${l}`),
      '*** End Patch',
    ].join('\n'),
  (k) => [`### src/whole_${k}.ts`, '```ts', ...codeLines(75, k), '```'].join('\n'),
];

/** A reply of about `bytes` with 200 operations per MiB, in every format in turn, with prose between. */
function mixedReply(bytes) {
  const ops = Math.round((200 * bytes) / MiB);
  const parts = ['Here are the changes you asked for.'];
  for (let k = 0; k < ops; k++) {
    parts.push(`Step ${k + 1}: the next change.`);
    parts.push(generators[k % generators.length](k));
  }
  return { text: parts.join('\n\n'), ops };
}

/** One plain multi-file unified diff of about `bytes`. */
function plainDiff(bytes) {
  const files = [];
  let size = 0;
  for (let k = 0; size < bytes; k++) {
    const body = codeLines(60, k);
    const text = [
      `diff --git a/src/f_${k}.ts b/src/f_${k}.ts`,
      'index 1111111..2222222 100644',
      `--- a/src/f_${k}.ts`,
      `+++ b/src/f_${k}.ts`,
      '@@ -1,60 +1,60 @@',
      ...body.slice(0, 28).map((l) => ` ${l}`),
      ...body.slice(28, 32).map((l) => `-${l}`),
      ...body.slice(28, 32).map((l) => `+${l}!`),
      ...body.slice(32).map((l) => ` ${l}`),
    ].join('\n');
    files.push(text);
    size += text.length + 1;
  }
  return `${files.join('\n')}\n`;
}

/**
 * Median ms of `fn(input)` over `runs` runs. Two inputs that differ by a leading blank line take turns, so
 * no run profits from the previous one (the parsers share the line split of the reply they were last
 * given, which a real reply gets only once).
 */
function time(fn, input, runs) {
  const inputs = [input, `\n${input}`];
  for (let i = 0; i < 5; i++) fn(inputs[1]); // warm-up: let the JIT optimize first
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const x = inputs[i % 2];
    const t = performance.now();
    fn(x);
    ms.push(performance.now() - t);
  }
  return { median: median(ms), min: Math.min(...ms) };
}

/** The shape of growth-shapes.ts that grows most from `n` to 4n, by the least of 3 runs of each after one. */
function worstGrowth(detectAll, shapes, n) {
  const once = (text) => {
    // From a collected heap each time where Node lets us (`--expose-gc`, as `npm run bench` runs this
    // row): what one run leaves to collect must not land in the next one's time.
    globalThis.gc?.();
    const t = performance.now();
    detectAll(text);
    return performance.now() - t;
  };
  let worst = null;
  for (const shape of shapes) {
    const smallText = shape.make(n);
    const largeText = shape.make(4 * n);
    once(smallText);
    once(largeText);
    // The least of 3 runs of each, taking turns (as the growth test does): a collection or a busy moment
    // slows one run of either, not every run of one.
    let small = Number.POSITIVE_INFINITY;
    let large = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      small = Math.min(small, once(smallText));
      large = Math.min(large, once(largeText));
    }
    // Below a millisecond the ratio is noise, as the growth test's floor says.
    const ratio = large / Math.max(small, 1);
    if (!worst || ratio > worst.ratio) worst = { shape, small, large, ratio };
  }
  return worst;
}

export async function benchParse() {
  const { detectAll, parseUnifiedDiff, GROWTH_SHAPES } = await loadParsers();
  console.log('parse: detectAll over mixed-format replies (median)');
  const results = [];
  for (const [mib, runs] of [
    [1, 31],
    [4, 9],
    [16, 5],
  ]) {
    const { text, ops } = mixedReply(mib * MiB);
    const found = detectAll(text).reduce((n, s) => n + s.ops.length, 0);
    const { median: ms, min } = time(detectAll, text, runs);
    results.push(ms);
    const target =
      mib === 1 ? '  [≤ 20 ms]' : mib === 16 ? `  [≤ 20× of 1 MiB: ${(ms / results[0]).toFixed(1)}×]` : '';
    console.log(
      `  ${String(mib).padStart(2)} MiB, ${String(ops).padStart(4)} ops (${found} found): ${ms.toFixed(1).padStart(7)} ms (min ${min.toFixed(1)}), ${((text.length / MiB / ms) * 1000).toFixed(0).padStart(4)} MB/s${target}`,
    );
  }
  console.log('parse: plain unified diff, ours vs jsdiff parsePatch (median)');
  for (const mib of [1, 16]) {
    const diff = plainDiff(mib * MiB);
    const runs = mib === 1 ? 31 : 5;
    const ours = time(parseUnifiedDiff, diff, runs);
    const theirs = time(parsePatch, diff, runs);
    const rate = (ms) => ((diff.length / MiB / ms) * 1000).toFixed(0);
    console.log(
      `  ${String(mib).padStart(2)} MiB: parseUnifiedDiff ${ours.median.toFixed(1).padStart(6)} ms (min ${ours.min.toFixed(1)}, ${rate(ours.median)} MB/s), jsdiff parsePatch ${theirs.median.toFixed(1).padStart(6)} ms (min ${theirs.min.toFixed(1)}, ${rate(theirs.median)} MB/s)`,
    );
  }
  // In a Node of its own, with a collected heap before each run: after the 16 MiB rows above, the
  // collector's work on what they left weighed on the larger size more than on the smaller one (7×
  // here, 4× in a fresh process, for the same reader).
  const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--growth'], {
    encoding: 'utf8',
  });
  process.stdout.write(child.stdout || `parse: worst growth not measured: ${child.stderr}\n`);
}

async function benchGrowth() {
  const { detectAll, GROWTH_SHAPES } = await loadParsers();
  // 512 KiB → 2 MiB: below 512 KiB a reply's blocks and diagnostics still fit the young generation,
  // and the cost of each grows by half once they do not (the bare `*** Begin Patch` run: 7× from 128 to
  // 512 KiB, 3.7× from 512 KiB to 2 MiB). The growth test, in-process and small, bounds 128 → 512 KiB
  // at 8×; this is the reader's own growth.
  const w = worstGrowth(detectAll, GROWTH_SHAPES, 512 * 1024);
  console.log(
    `parse: worst growth of ${GROWTH_SHAPES.length} hostile shapes, 512 KiB → 2 MiB: ${w.ratio.toFixed(1)}× (${w.shape.format}: ${w.shape.name}, ${w.small.toFixed(1)} → ${w.large.toFixed(1)} ms)  [≤ 6×]`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()))
  await (process.argv.includes('--growth') ? benchGrowth() : benchParse());
