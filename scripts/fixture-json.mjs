#!/usr/bin/env node
// Writes the expected `detectAll` output beside reply fixtures: `node scripts/fixture-json.mjs a.md b.md`
// writes a.json and b.json. Only run it after reading the reply and the printed result by eye; the
// JSON is the test's expectation, not a snapshot to refresh blindly. `--print` prints without writing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const print = args.includes('--print');
const files = args.filter((a) => a !== '--print');
if (files.length === 0) {
  console.error('usage: node scripts/fixture-json.mjs [--print] fixture.md…');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'fixture-json-'));
try {
  const out = join(dir, 'registry.mjs');
  await build({
    entryPoints: [join(root, 'shared/formats/registry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: out,
    logLevel: 'error',
  });
  const { detectAll } = await import(pathToFileURL(out).href);
  for (const file of files) {
    const sets = detectAll(readFileSync(file, 'utf8'));
    const json = `${JSON.stringify(sets, null, 2)}\n`;
    if (print) process.stdout.write(`== ${file}\n${json}`);
    else writeFileSync(file.replace(/\.md$/, '.json'), json);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
