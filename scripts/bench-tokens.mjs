// Token-count benchmark (issue 41): the popup's "Add files to the chat" counts the ticked files' tokens with
// o200k_base for ChatGPT (shared/context/tokens.ts). Counts a 1 MiB selection of real source text, this
// project's own files taken whole in path order, file by file as the popup does. Each run loads the module
// anew, as a popup opening does, so the tokenizer's merge cache starts empty: "load" is reading the rank
// table, "count" the first count of the selection. Then the same selection again through the TokenCache
// (what a tick or a filter costs), and the estimate for the other sites. Target: 1 MiB counted ≤ 150 ms.
// Prints medians; does not fail. Runs on its own (`node scripts/bench-tokens.mjs`): bundled with esbuild.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const MiB = 1024 * 1024;
const root = resolve(import.meta.dirname, '..');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Whole source files of this repository, in path order, until they reach 1 MiB (the last one cut to fit). */
function selection() {
  const paths = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((p) => p && !p.includes('fixtures/') && !p.includes('scenarios/'));
  const files = [];
  let size = 0;
  for (const path of paths) {
    if (size >= MiB) break;
    let text;
    try {
      text = readFileSync(join(root, path), 'utf8');
    } catch {
      continue;
    }
    if (size + text.length > MiB) text = text.slice(0, MiB - size);
    files.push({ path, hash: String(files.length), text });
    size += text.length;
  }
  return { files, size };
}

export async function benchTokens() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tokens-'));
  try {
    const out = join(dir, 'tokens.mjs');
    await build({
      entryPoints: [join(root, 'shared/context/tokens.ts')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      outfile: out,
      logLevel: 'error',
    });
    const { files, size } = selection();
    console.log(
      `tokens: ${files.length} source files, ${(size / MiB).toFixed(2)} MiB, counted file by file (median of 5 fresh loads)`,
    );
    const loads = [];
    const counts = [];
    const cached = [];
    let total = 0;
    for (let run = 0; run < 5; run++) {
      let t = performance.now();
      const mod = await import(`${pathToFileURL(out).href}?run=${run}`);
      loads.push(performance.now() - t);
      const cache = new mod.TokenCache();
      t = performance.now();
      total = 0;
      for (const f of files) total += cache.count('chatgpt', f.path, f.hash, f.text).count;
      counts.push(performance.now() - t);
      t = performance.now();
      for (const f of files) cache.count('chatgpt', f.path, f.hash, f.text);
      cached.push(performance.now() - t);
    }
    const mod = await import(pathToFileURL(out).href);
    const t = performance.now();
    let estimate = 0;
    for (const f of files) estimate += mod.countTokens(f.text, 'claude').count;
    const estimateMs = performance.now() - t;
    const ms = median(counts);
    console.log(`  o200k_base load (rank table):   ${median(loads).toFixed(1).padStart(6)} ms`);
    console.log(
      `  o200k_base count, 1 MiB:        ${ms.toFixed(1).padStart(6)} ms (min ${Math.min(...counts).toFixed(1)}, max ${Math.max(...counts).toFixed(1)}), ${total} tokens, ${((size / MiB / ms) * 1000).toFixed(1)} MB/s  [≤ 150 ms]`,
    );
    console.log(`  again through the cache:        ${median(cached).toFixed(2).padStart(6)} ms`);
    console.log(
      `  estimate (chars ÷ 4), 1 MiB:    ${estimateMs.toFixed(2).padStart(6)} ms, ${estimate} tokens`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) await benchTokens();
