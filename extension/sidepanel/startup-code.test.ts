import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The source files the side panel evaluates before it can show anything: the entry chunk and every chunk
 * it imports statically (what `import()` loads later is left out), as esbuild splits them.
 */
async function loadedAtStart(entry: string): Promise<string[]> {
  const outdir = mkdtempSync(join(tmpdir(), 'replyapply-startup-'));
  try {
    const { metafile } = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      outdir,
      write: false,
      metafile: true,
      logLevel: 'silent',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      loader: { '.css': 'empty' },
    });
    const outputs = (metafile as Metafile).outputs;
    const byPath = new Map(Object.entries(outputs).map(([p, o]) => [p.slice(p.indexOf(outdir)), o]));
    const start = [...byPath.entries()].find(([, o]) => o.entryPoint !== undefined)!;
    const seen = new Set<string>([start[0]]);
    const queue = [start[1]];
    const inputs = new Set<string>();
    while (queue.length) {
      const out = queue.pop()!;
      for (const input of Object.keys(out.inputs)) inputs.add(input);
      for (const imp of out.imports) {
        if (imp.kind !== 'import-statement' || imp.external) continue;
        const key = [...byPath.keys()].find((p) => p.endsWith(imp.path.slice(imp.path.lastIndexOf('/'))));
        if (key && !seen.has(key)) {
          seen.add(key);
          queue.push(byPath.get(key)!);
        }
      }
    }
    return [...inputs];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('side panel start-up', () => {
  it('loads the engine but none of the format readers: a clicked reply arrives already read', async () => {
    const inputs = await loadedAtStart(join(import.meta.dirname, 'main.tsx'));
    expect(inputs.some((i) => i.endsWith('shared/engine/plan.ts'))).toBe(true);
    expect(inputs.some((i) => i.endsWith('extension/ui/review.ts'))).toBe(true);
    const readers = inputs.filter((i) => /shared\/formats\/(?!refused-paths)/.test(i));
    expect(readers).toEqual([]);
  });
});
