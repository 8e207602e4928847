/**
 * The build's list of the side panel's modules to preload (vite.config.ts). The panel's engine and views
 * are a dynamic import: main.tsx starts the review's first reads before they load. Vite asks for that
 * import's chunks only when main.tsx runs, after the document and its first module; listed in the
 * page's head, Chromium fetches and compiles them while the document is still being parsed (issue 28:
 * the modules were 110 ms of click → first diff; listed, they are in by DOMContentLoaded, and the first
 * diff comes about 50 ms sooner).
 */

/** What the build says of a chunk (a part of Rollup's OutputBundle). */
export interface BuiltChunk {
  type: 'chunk' | 'asset';
  imports?: readonly string[];
  dynamicImports?: readonly string[];
}

/** The files the entry's dynamic imports load, that its own static imports do not already load. */
export function panelPreloads(bundle: Readonly<Record<string, BuiltChunk>>, entry: string): string[] {
  const closure = (roots: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const c = bundle[file];
      if (c?.type === 'chunk') for (const i of c.imports ?? []) visit(i);
    };
    for (const r of roots) visit(r);
    return seen;
  };
  const loaded = closure([entry]);
  return [...closure(bundle[entry]?.dynamicImports ?? [])].filter((f) => !loaded.has(f) && f.endsWith('.js'));
}
