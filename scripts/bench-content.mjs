// Browser benchmarks (content script, click-to-review, apply-to-written) in Debian's Chromium with the built
// extension: needs `npm run build` first. The TypeScript bench is bundled on the fly.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function benchContent() {
  if (!existsSync(join(root, 'dist', 'extension', 'manifest.json'))) {
    console.log('content script: skipped (run npm run build first)');
    return;
  }
  // Inside the repo, so the bundle's external imports resolve from node_modules.
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'replyapply-bench-browser-'));
  try {
    const out = join(dir, 'browser-bench.mjs');
    await build({
      entryPoints: [join(root, 'e2e', 'bench', 'browser-bench.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      external: ['@playwright/test', 'playwright', 'playwright-core'],
      logLevel: 'error',
      // import.meta.dirname must still point into e2e/ for the repo paths.
      define: { 'import.meta.dirname': JSON.stringify(join(root, 'e2e')) },
    });
    const { benchBrowser } = await import(pathToFileURL(out).href);
    await benchBrowser();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchContent();
