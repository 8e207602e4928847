/** How "Add files to the chat" counts without stalling the popup. */
import { buildBundle } from '../../shared/context/bundle';
import type { TokenCount } from '../../shared/context/tokens';

export type TokensModule = typeof import('../../shared/context/tokens');

/**
 * A pause for countEach that lets the popup paint and take clicks once a frame's worth of counting has
 * run, not after every file: a timer after each of thousands of small files would add seconds (browsers
 * hold nested timers to 4 ms at least).
 */
export function slicer(sliceMs = 16): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (performance.now() - start < sliceMs) return;
    await new Promise<void>((r) => setTimeout(r, 0));
    start = performance.now();
  };
}

/**
 * The tokens of the bundle without the files' contents (the intro, the list of paths, a path and fence
 * per file, the instruction), kept for the last set of paths: counted once the files are, not at each
 * render while they are counted.
 */
let framed: { key: string; count: TokenCount } | undefined;
export function framing(
  tokens: TokensModule,
  paths: readonly string[],
  instruction: string,
  site: string,
): TokenCount {
  const key = `${site}\0${instruction}\0${paths.join('\0')}`;
  if (framed?.key !== key) {
    const text = buildBundle(
      paths.map((path) => ({ path, content: '' })),
      instruction ? { instruction } : {},
    );
    framed = { key, count: tokens.countTokens(text, site) };
  }
  return framed.count;
}
