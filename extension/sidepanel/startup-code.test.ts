import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The source files the side panel evaluates before it can show anything: the entry chunk and every chunk
 * it imports statically (what `import()` loads later is left out), as esbuild splits them (the panel is
 * built this way: scripts/build-panel.mjs).
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
    // Output paths, and the paths of the chunks they import, are both relative to the working folder.
    const outputs = (metafile as Metafile).outputs;
    const main = Object.keys(outputs).find((p) => outputs[p]!.entryPoint !== undefined)!;
    const seen = new Set<string>([main]);
    const queue = [main];
    const inputs = new Set<string>();
    while (queue.length) {
      const out = outputs[queue.pop()!]!;
      for (const input of Object.keys(out.inputs)) inputs.add(input);
      for (const imp of out.imports) {
        if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue;
        if (!outputs[imp.path]) throw new Error(`a chunk not among the outputs: ${imp.path}`);
        seen.add(imp.path);
        queue.push(imp.path);
      }
    }
    return [...inputs];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('side panel start-up', () => {
  it('asks for the proposal and the folders before loading the rest (the entry is only those reads)', async () => {
    const inputs = await loadedAtStart(join(import.meta.dirname, 'main.tsx'));
    expect(inputs.filter((i) => i.endsWith('.ts') || i.endsWith('.tsx')).sort()).toEqual([
      'extension/sidepanel/main.tsx',
      'extension/ui/folders.ts',
      'extension/ui/rpc.ts',
    ]);
  });

  it('then loads the engine but none of the format readers: a clicked reply arrives already read', async () => {
    const inputs = await loadedAtStart(join(import.meta.dirname, 'start.tsx'));
    expect(inputs.some((i) => i.endsWith('shared/engine/plan.ts'))).toBe(true);
    expect(inputs.some((i) => i.endsWith('extension/ui/review.ts'))).toBe(true);
    const readers = inputs.filter((i) => /shared\/formats\/(?!refused-paths)/.test(i));
    expect(readers).toEqual([]);
  });

  it('and none of the message schemas: zod builds every schema when its module is evaluated', async () => {
    const inputs = await loadedAtStart(join(import.meta.dirname, 'start.tsx'));
    expect(
      inputs.filter((i) => /node_modules\/zod\/|shared\/protocol\/(protocol|messages)\.ts$/.test(i)),
    ).toEqual([]);
  });
});
