// `npm run bench`: every benchmark, one after another, printing figures (targets in brackets).
// Benchmarks print; they do not fail the build — performance is judged by reading the figures.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const sections = [
  ['bench-parse.mjs', 'benchParse'],
  ['bench-apply.mjs', 'benchApply'],
  ['bench-host.mjs', 'benchHost'],
  ['bench-tree.mjs', 'benchTree'],
  ['bench-content.mjs', 'benchContent'],
  ['bench-tokens.mjs', 'benchTokens'],
];
for (const [file, fn] of sections) {
  if (!existsSync(here(file))) continue;
  const mod = await import(here(file));
  if (typeof mod[fn] === 'function') await mod[fn]();
  console.log('');
}
