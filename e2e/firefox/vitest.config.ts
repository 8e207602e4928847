/// <reference types="vitest/config" />
// The Firefox e2e (npm run test:firefox): one Firefox at a time, each test file its own browser.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(import.meta.dirname, '..', '..'),
  test: {
    include: ['e2e/firefox/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
