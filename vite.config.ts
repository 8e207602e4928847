/// <reference types="vitest/config" />
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import { COMPILE_HINT, compiledOnLoad } from './scripts/compile-hint.mjs';

/**
 * Every page, the background and the content script; chunks start with V8's compile hint as
 * scripts/compile-hint.mjs says. The side panel's page is built here too, so that the others' chunks are
 * split as they were measured, and then replaced by the panel bundled on its own (scripts/build-panel.mjs).
 */
export default defineConfig({
  plugins: process.env.VITEST ? [] : [preact(), crx({ manifest })],
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
      // The benchmarks' own readings (the Playwright specs are *.spec.ts).
      'e2e/bench/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/scenarios/**', '**/fixtures/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
