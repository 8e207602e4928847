// Bundles the native host and the CLI into plain JavaScript that Node ≥ 20 runs without a TS loader.

import { chmod } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: { host: 'native-host/host/main.ts', cli: 'native-host/cli/main.ts' },
  outdir: 'dist/host',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS dependencies may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
await chmod(`${root}dist/host/host.mjs`, 0o755);
console.log(`built dist/host/host.mjs and dist/host/cli.mjs in ${Date.now() - started} ms`);
