/// <reference types="vitest/config" />
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

export default defineConfig({
  plugins: process.env.VITEST ? [] : [preact(), crx({ manifest })],
  build: {
    outDir: 'dist/extension',
    emptyOutDir: true,
    sourcemap: true,
    target: 'chrome116',
    rolldownOptions: { input: { demo: 'extension/demo/index.html' } },
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
