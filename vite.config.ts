/// <reference types="vitest/config" />
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { type BuiltChunk, panelPreloads } from './extension/sidepanel/preload-modules';
import manifest from './manifest.json' with { type: 'json' };

/**
 * V8's explicit compile hint (Chrome 136+): every function of a chunk that starts with it is compiled
 * with the module while it streams in, off the main thread, and goes into Chrome's code cache (written
 * on a script's second load, read from the third on). Without it each function the content script
 * calls is compiled on the chat page's main thread at its first call, on every page load: a third of
 * the content script's CPU on a 200-reply conversation (issue 16). The price is paid once, when the
 * cache is written (it holds every function, not only those that ran). The chunks of the content script
 * and the format parsers carry it, and those of the review (the engine plans every file the moment the
 * side panel opens); Firefox ignores the comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const compiledOnLoad = (moduleIds: readonly string[]) =>
  moduleIds.some((id) =>
    /[\\/](extension[\\/](content|sidepanel|ui)|shared[\\/](formats|engine))[\\/]/.test(id),
  );

/** The side panel's lazily imported modules, listed in its head (extension/sidepanel/preload-modules.ts). */
const preloadPanelModules: Plugin = {
  name: 'replyapply-preload-panel-modules',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const { bundle, chunk } = ctx;
      if (!bundle || !chunk || !ctx.path.endsWith('/sidepanel/index.html')) return html;
      return panelPreloads(bundle as Record<string, BuiltChunk>, chunk.fileName).map((f) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
        injectTo: 'head' as const,
      }));
    },
  },
};

export default defineConfig({
  plugins: process.env.VITEST ? [] : [preact(), crx({ manifest }), preloadPanelModules],
  build: {
    outDir: 'dist/extension',
    emptyOutDir: true,
    sourcemap: true,
    target: 'chrome116',
    rolldownOptions: {
      input: { demo: 'extension/demo/index.html' },
      output: { postBanner: (chunk) => (compiledOnLoad(chunk.moduleIds) ? COMPILE_HINT : '') },
    },
  },
  server: { cors: { origin: [/chrome-extension:\/\//] } },
  test: {
    include: [
      'shared/**/*.test.ts',
      'native-host/**/*.test.ts',
      'extension/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/scenarios/**', '**/fixtures/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
