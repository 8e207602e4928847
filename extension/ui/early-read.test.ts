import { describe, expect, it } from 'vitest';
import type { Method } from '../../shared/protocol/protocol';
import { withEarlyRead } from './early-read';
import type { HostCall } from './review';
import type { EarlyRead } from './rpc';

const early: EarlyRead = {
  root: '/p',
  paths: ['a.ts', 'b.ts'],
  result: { root: '/p', files: [{ path: 'a.ts', exists: false }] } as never,
};

/** A host that records its calls and answers each with a marker. */
function host() {
  const calls: { method: Method; params: unknown }[] = [];
  const call: HostCall = async (method, params) => {
    calls.push({ method, params });
    return 'from the host' as never;
  };
  return { call, calls };
}

describe('withEarlyRead', () => {
  // [the early read, the calls the panel makes, which were answered early]
  const table: [string, () => Promise<EarlyRead | null>, [Method, unknown][], boolean[]][] = [
    [
      'same folder and paths',
      () => Promise.resolve(early),
      [['readFiles', { root: '/p', paths: ['a.ts', 'b.ts'] }]],
      [true],
    ],
    [
      'the same paths in another order',
      () => Promise.resolve(early),
      [['readFiles', { root: '/p', paths: ['b.ts', 'a.ts'] }]],
      [true],
    ],
    [
      'only once',
      () => Promise.resolve(early),
      [
        ['readFiles', { root: '/p', paths: ['a.ts', 'b.ts'] }],
        ['readFiles', { root: '/p', paths: ['a.ts', 'b.ts'] }],
      ],
      [true, false],
    ],
    [
      'another folder',
      () => Promise.resolve(early),
      [['readFiles', { root: '/q', paths: ['a.ts', 'b.ts'] }]],
      [false],
    ],
    ['fewer paths', () => Promise.resolve(early), [['readFiles', { root: '/p', paths: ['a.ts'] }]], [false]],
    [
      'more paths',
      () => Promise.resolve(early),
      [['readFiles', { root: '/p', paths: ['a.ts', 'b.ts', 'c.ts'] }]],
      [false],
    ],
    [
      'a path twice instead of two',
      () => Promise.resolve(early),
      [['readFiles', { root: '/p', paths: ['a.ts', 'a.ts'] }]],
      [false],
    ],
    [
      'let go after a first read that did not match',
      () => Promise.resolve(early),
      [
        ['readFiles', { root: '/q', paths: ['a.ts'] }],
        ['readFiles', { root: '/p', paths: ['a.ts', 'b.ts'] }],
      ],
      [false, false],
    ],
    [
      'no early read',
      () => Promise.resolve(null),
      [['readFiles', { root: '/p', paths: ['a.ts', 'b.ts'] }]],
      [false],
    ],
    [
      'an early read that failed',
      () => Promise.reject(new Error('no background')),
      [['readFiles', { root: '/p', paths: ['a.ts', 'b.ts'] }]],
      [false],
    ],
    [
      'other methods',
      () => Promise.resolve(early),
      [
        ['history', { root: '/p' }],
        ['readFiles', { root: '/p', paths: ['a.ts', 'b.ts'] }],
      ],
      [false, true],
    ],
  ];
  it.each(table)('%s', async (_, read, made, answeredEarly) => {
    const h = host();
    const call = withEarlyRead(h.call, read());
    const answers = [];
    for (const [method, params] of made) answers.push(await call(method, params as never));
    expect(answers.map((a) => a === early.result)).toEqual(answeredEarly);
    // Every call not answered early went to the host, as it was made.
    expect(h.calls).toEqual(
      made.filter((_, i) => !answeredEarly[i]).map(([method, params]) => ({ method, params })),
    );
  });
});
