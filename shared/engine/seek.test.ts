import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Haystack, LineIndex, nearestWindow, seek } from './seek';

/** What LineIndex must answer, the plain way: every position of every key, in file order. */
function reference(keys: readonly string[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  keys.forEach((k, i) => {
    const list = map.get(k);
    if (list) list.push(i);
    else map.set(k, [i]);
  });
  return map;
}

function positions(index: LineIndex, key: string): number[] {
  const out: number[] = [];
  for (let p = index.first(key); p !== -1; p = index.next(p)) out.push(p);
  return out;
}

describe('LineIndex', () => {
  it('finds every line of every key in file order, with its count, as a map of lists would', () => {
    // Many distinct keys in a table twice their number: buckets hold several keys, so chains are walked.
    const line = fc.string({
      unit: fc.constantFrom('', ' ', '}', 'a', 'é', '\u{1F600}', 'x\r', '\t'),
      maxLength: 3,
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1000, maxLength: 3000 }), (keys) => {
        const index = new LineIndex(keys);
        for (const [key, list] of reference(keys)) {
          expect(positions(index, key), `key ${JSON.stringify(key)}`).toEqual(list);
          expect(index.count(index.first(key))).toBe(list.length);
          expect(index.has(key)).toBe(true);
        }
        expect(index.first('not a line of the file')).toBe(-1);
        expect(index.has('zzzz')).toBe(false);
      }),
      { numRuns: 20 },
    );
  });

  it('lines made to collide in plain FNV-1a do not pile up in one bucket (the hash is seeded)', () => {
    // 500 distinct lines whose unseeded FNV-1a hashes share their low 10 bits: the bucket of a table of
    // 1024 (the size for 500 lines). Unseeded, every lookup among them would walk all 500.
    const fnv = (t: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 16777619);
      return h;
    };
    const lines: string[] = [];
    for (let i = 0; lines.length < 500; i++) if ((fnv(`x${i}`) & 1023) === 0) lines.push(`x${i}`);
    const index = new LineIndex(lines);
    expect(index.longestBucket()).toBeLessThan(12);
    for (const [i, l] of lines.entries()) expect(positions(index, l)).toEqual([i]);
  });

  it('knows the empty line and an empty file', () => {
    const index = new LineIndex(['a', '', 'b', '']);
    expect(positions(index, '')).toEqual([1, 3]);
    expect(new LineIndex([]).first('')).toBe(-1);
  });
});

describe('seek through the index', () => {
  it('a bare block is found at its one place, and two places are ambiguous', () => {
    const lines = ['a', 'b', 'c', 'a', 'b', 'd'];
    expect(seek(new Haystack(lines), ['b', 'c'])).toMatchObject({ kind: 'found', match: { start: 1 } });
    expect(seek(new Haystack(lines), ['a', 'b'])).toMatchObject({ kind: 'ambiguous' });
    expect(seek(new Haystack(lines), ['b', 'e'])).toEqual({ kind: 'none' });
  });

  it('the nearest window is voted for by the lines the block shares with the file', () => {
    const hay = new Haystack(['x', 'function f() {', '  return 1;', '}', 'y']);
    expect(nearestWindow(hay, ['function f() {', '  return 2;', '}'])?.start).toBe(1);
  });
});
