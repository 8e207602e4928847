import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pushAll } from './push-all';

const REPO = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('pushAll', () => {
  it('appends more items than push(...items) can take', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [].push(...(many as never[]))).toThrow(RangeError);
    expect(pushAll([-1], many)).toHaveLength(300_001);
  });

  it('is what the product uses: no source spreads a list into push()', () => {
    const spread = ['shared', 'native-host', 'extension']
      .flatMap((d) => sources(join(REPO, d)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            /\.push\(\s*\.\.\./.test(line) && !/^\s*(\*|\/\/)/.test(line)
              ? [`${relative(REPO, file)}:${i + 1}`]
              : [],
          ),
      );
    expect(spread).toEqual([]);
  });
});
