import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The content script runs on every chat page, and zod builds every schema when its module is evaluated
 * (20 ms of the page's thread at start, issue 44): the script takes constants from bounds.ts and only
 * types from messages.ts.
 */
describe('the content script bundle', () => {
  it('holds no zod and none of the message schemas', async () => {
    const { metafile } = await build({
      entryPoints: [join(import.meta.dirname, 'index.ts')],
      bundle: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: 'out',
    });
    const inputs = Object.keys((metafile as Metafile).inputs);
    expect(inputs.some((i) => i.endsWith('extension/content/content-app.ts'))).toBe(true);
    expect(
      inputs.filter((i) => /node_modules\/zod\/|shared\/protocol\/(protocol|messages)\.ts$/.test(i)),
    ).toEqual([]);
  });
});
