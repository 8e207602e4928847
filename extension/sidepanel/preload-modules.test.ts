import { describe, expect, it } from 'vitest';
import { type BuiltChunk, panelPreloads } from './preload-modules';

describe('panelPreloads', () => {
  it('lists what the dynamic import loads, and nothing the page loads already', () => {
    const bundle: Record<string, BuiltChunk> = {
      'main.js': { type: 'chunk', imports: ['shared.js'], dynamicImports: ['start.js'] },
      'shared.js': { type: 'chunk', imports: [] },
      'start.js': { type: 'chunk', imports: ['review.js', 'shared.js'], dynamicImports: ['later.js'] },
      'review.js': { type: 'chunk', imports: ['engine.js'] },
      'engine.js': { type: 'chunk', imports: ['review.js'] },
      'later.js': { type: 'chunk', imports: [] },
      'ui.css': { type: 'asset' },
    };
    expect(panelPreloads(bundle, 'main.js')).toEqual(['start.js', 'review.js', 'engine.js']);
  });

  it('an entry without a dynamic import preloads nothing more', () => {
    expect(panelPreloads({ 'main.js': { type: 'chunk', imports: [] } }, 'main.js')).toEqual([]);
  });
});
