import { describe, expect, it } from 'vitest';
import { detectAll } from '../formats/registry';
import { countFiles } from './paths-of';

describe('countFiles (the Apply button’s "Apply 2 files")', () => {
  it('counts a SEARCH block that names no file as a file of its own: what the reply proposes is never invisible', () => {
    const reply = [
      '```',
      '<<<<<<< SEARCH',
      'x = 1',
      '=======',
      'x = 2',
      '>>>>>>> REPLACE',
      '```',
      '',
      'b.py',
      '```',
      '<<<<<<< SEARCH',
      'y = 1',
      '=======',
      'y = 2',
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
    const sets = detectAll(reply);
    expect(
      sets.flatMap((s) => s.ops).map((o) => o.kind !== 'shell' && o.kind !== 'rename' && o.path),
    ).toEqual(['', 'b.py']);
    expect(countFiles(sets)).toBe(2);
  });
});
