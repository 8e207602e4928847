// The side panel, bundled on its own (esbuild) into dist/extension/panel/, its page written over the one
// Vite built at dist/extension/extension/sidepanel/index.html (the manifest's side_panel path).
//
// Why on its own (issue 28): Vite bundles every extension page, the background and the content script
// together, and splits their shared code by who shares it. The panel started with eleven files (Preact
// shared with the popup and options, the engine with the background, the readers with the content
// script, …), and Chromium pays for each file of an extension page on the page's main thread while it
// loads (a request through the extension's URL loader, then its compile). Bundled for the panel alone it
// starts with five (and two stylesheets), and the review comes sooner: A/B of 30 clicks each, click →
// first diff 410 → 354 ms, → all 50 planned 448 → 413 ms (a trace showed single requests taking 17–27 ms
// of the panel's main thread).
//
// Vite still builds the panel's page with the others: taken out of its graph, the chunks of the content
// script are split differently, and its CPU on a 200-reply page rose from 38 to 43 ms (A/B of 21 loads
// each). The chunks only Vite's panel page loaded are then removed (`unusedChunks`).
//
// The page: main.tsx is the entry (it starts the review's first reads), the rest of the panel is its
// dynamic import, listed as modulepreload so that Chromium fetches and compiles it while the document is
// still parsed, and every stylesheet the bundle has is linked (esbuild does not load the stylesheet of a
// dynamic import itself).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { COMPILE_HINT, compiledOnLoad } from './compile-hint.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ext = join(root, 'dist', 'extension');
const SOURCE_PAGE = 'extension/sidepanel/index.html';
const ENTRY = 'extension/sidepanel/main.tsx';

/**
 * The chunks to list as modulepreload, in the order they are reached (`outputs` is esbuild's
 * metafile.outputs): those the entry imports (else each is asked for only once the entry is in), then
 * those its dynamic imports load that it does not already.
 */
export function panelPreloads(outputs, entry) {
  const closure = (roots) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
    };
    for (const r of roots) visit(r);
    return seen;
  };
  const loaded = closure([entry]);
  const dynamic = (outputs[entry]?.imports ?? [])
    .filter((i) => i.kind === 'dynamic-import')
    .map((i) => i.path);
  const later = [...closure(dynamic)].filter((f) => !loaded.has(f));
  return [...loaded, ...later].filter((f) => f !== entry && f.endsWith('.js'));
}

/** The page: the source page with its script replaced by the built entry, preloads and stylesheets in its head. */
export function panelPage(source, { entry, preloads, styles }) {
  const script = /\s*<script type="module" src="\.\/main\.tsx"><\/script>/;
  if (!script.test(source)) throw new Error(`${SOURCE_PAGE} no longer loads ./main.tsx as a module script`);
  if (!source.includes('</head>')) throw new Error(`${SOURCE_PAGE} has no </head>`);
  const head = [
    `<script type="module" src="${entry}"></script>`,
    ...preloads.map((f) => `<link rel="modulepreload" href="${f}">`),
    ...styles.map((f) => `<link rel="stylesheet" href="${f}">`),
  ];
  return source.replace(script, '').replace('</head>', `  ${head.join('\n    ')}\n  </head>`);
}

/**
 * The files of `dir` (a built extension, paths relative to it) that only `page` needed: those its tags
 * name, and the chunks those import, that no other file names. Names are compared as the bundler writes
 * them (a chunk's file name, unique by its hash); a source map goes with its file. The folders in `keep`
 * are not looked at (the panel's own bundle, when the page is already the one written here).
 */
export function unusedChunks(dir, page, keep = []) {
  const files = [];
  const walk = (sub) => {
    for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!keep.includes(rel)) walk(rel);
      } else if (!rel.endsWith('.map')) files.push(rel);
    }
  };
  walk('');
  const text = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const base = (f) => f.slice(f.lastIndexOf('/') + 1);
  /** The other files `f` names. */
  const names = (f) => files.filter((g) => g !== f && text.get(f)?.includes(base(g)));
  // What the page loads: the files its tags name, and what those import, transitively.
  const loaded = new Set();
  const visit = (f) => {
    if (loaded.has(f)) return;
    loaded.add(f);
    for (const g of names(f)) visit(g);
  };
  for (const f of files) if (f !== page && text.get(page)?.includes(base(f))) visit(f);
  // Of those, the ones no file outside them (and outside the page) names; until nothing changes.
  const unused = new Set(loaded);
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of unused)
      if (files.some((g) => g !== page && !unused.has(g) && text.get(g).includes(base(f)))) {
        unused.delete(f);
        changed = true;
      }
  }
  return [...unused].sort();
}

/** A built chunk's first line becomes the compile hint; its source map gets an empty first line to match. */
function addCompileHint(file) {
  writeFileSync(file, `${COMPILE_HINT}\n${readFileSync(file, 'utf8')}`);
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  map.mappings = `;${map.mappings}`;
  writeFileSync(`${file}.map`, JSON.stringify(map));
}

export async function buildPanel() {
  const pagePath = join(ext, SOURCE_PAGE);
  if (!existsSync(pagePath)) throw new Error(`${pagePath} is missing: run vite build first`);
  // The chunks only Vite's page for the panel loaded go (none when the page is already this one).
  for (const f of unusedChunks(ext, SOURCE_PAGE, ['panel'])) {
    rmSync(join(ext, f));
    rmSync(join(ext, `${f}.map`), { force: true });
  }
  const outdir = join(ext, 'panel');
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome116',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = metafile.outputs;
  const files = Object.keys(outputs);
  const entry = files.find((f) => outputs[f].entryPoint === ENTRY);
  if (!entry) throw new Error(`no output for ${ENTRY}`);
  for (const f of files)
    if (f.endsWith('.js') && compiledOnLoad(Object.keys(outputs[f].inputs))) addCompileHint(join(root, f));
  const url = (f) => `/${relative(ext, join(root, f)).split('\\').join('/')}`;
  const page = panelPage(readFileSync(join(root, SOURCE_PAGE), 'utf8'), {
    entry: url(entry),
    preloads: panelPreloads(outputs, entry).map(url),
    styles: files.filter((f) => f.endsWith('.css')).map(url),
  });
  writeFileSync(pagePath, page);
  return { page: join(ext, SOURCE_PAGE), files: files.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { page, files } = await buildPanel();
  console.log(`built ${page} (${files} files in dist/extension/panel)`);
}
