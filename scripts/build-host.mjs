// Bundles the native host and the CLI into plain JavaScript that Node ≥ 20 runs without a TS loader.
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The host's start-up answers hello without the server (native-host/host/main.ts), which it imports later:
 * that import stays an import of a file of its own, host-server.mjs, so that starting parses none of it.
 */
const HOST_SERVER = join(root, 'native-host', 'host', 'create-server.ts');
const hostServerApart = {
  name: 'host-server-apart',
  setup(b) {
    b.onResolve({ filter: /\/create-server$/ }, (args) =>
      args.kind === 'dynamic-import' && join(args.resolveDir, `${args.path}.ts`) === HOST_SERVER
        ? { path: './host-server.mjs', external: true }
        : undefined,
    );
  },
};

/** Build host.mjs (with host-server.mjs) and cli.mjs into `outdir` (default dist/host). */
export async function buildHost(outdir = join(root, 'dist', 'host')) {
  await build({
    absWorkingDir: root,
    entryPoints: {
      host: 'native-host/host/main.ts',
      'host-server': 'native-host/host/create-server.ts',
      cli: 'native-host/cli/entry.ts',
    },
    plugins: [hostServerApart],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS dependencies may call require(); give the ESM output one.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  await chmod(join(outdir, 'host.mjs'), 0o755);
  return { host: join(outdir, 'host.mjs'), cli: join(outdir, 'cli.mjs') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const out = await buildHost();
  console.log(`built ${out.host} and ${out.cli} in ${Date.now() - started} ms`);
}
