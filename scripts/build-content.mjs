// The content script as one self-contained file (dist/extension/content-standalone.js), for the chat origins
// the user adds at run time: the bundler's module loader imports its chunks as web-accessible resources,
// which are exposed only to the sites named in the manifest, so it cannot run anywhere else.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'extension', 'content-standalone.js');
if (!existsSync(join(root, 'dist', 'extension', 'manifest.json'))) {
  console.error('build the extension first (vite build)');
  process.exit(1);
}
await build({
  absWorkingDir: root,
  entryPoints: ['extension/content/index.ts'],
  outfile: out,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome116',
  minify: true,
  logLevel: 'warning',
});
console.log(`built ${out}`);
