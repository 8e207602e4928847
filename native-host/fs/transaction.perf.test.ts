/**
 * Many small files in one apply: the time is printed so it can be reported, and a generous bound catches
 * pathological slowness (a quadratic step, an fsync per folder per file). 2,000 files in the unit suite;
 * REPLYAPPLY_PERF=1 runs the full 10,000 (about 3–9 s per apply on a 2-core VM with ext4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileChange } from '../../shared/protocol/protocol';
import { makeSandbox, type Sandbox, sha } from '../test/fs-sandbox';
import { readSnapshots } from './snapshots';
import { apply } from './transaction';
import { undo } from './undo';

const COUNT = process.env.REPLYAPPLY_PERF ? 10_000 : 2_000;
const BOUND_MS = COUNT * 6;
const paths = Array.from({ length: COUNT }, (_, i) => `pkg${Math.floor(i / 100)}/file${i}.ts`);

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
});
afterAll(() => sb.cleanup());

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  const ms = performance.now() - t0;
  console.log(`[perf] ${label}: ${Math.round(ms)} ms`);
  expect(ms).toBeLessThan(BOUND_MS);
  return out;
}

describe(`apply of ${COUNT} small files`, () => {
  it('creates, modifies, reads and undoes in reasonable time', { timeout: 5 * BOUND_MS }, async () => {
    const opts = { state: sb.state };
    const create: FileChange[] = paths.map((p, i) => ({
      action: 'create',
      path: p,
      baseHash: null,
      content: `v1 ${i}\n`,
    }));
    await timed(`create ${COUNT} files in ${COUNT / 100} new folders`, () => apply(sb.root, create, opts));
    const snaps = await timed(`readFiles ${COUNT}`, () => readSnapshots(sb.root, paths));
    expect(snaps.every((s) => s.exists === true)).toBe(true);
    const modify: FileChange[] = paths.map((p, i) => ({
      action: 'modify',
      path: p,
      baseHash: sha(`v1 ${i}\n`),
      content: `v2 ${i}\n`,
    }));
    await timed(`modify ${COUNT} files`, () => apply(sb.root, modify, opts));
    await timed(`undo the modify of ${COUNT} files`, () => undo(sb.root, undefined, opts));
    const [first] = await readSnapshots(sb.root, [paths[0]!]);
    expect(first).toMatchObject({ text: 'v1 0\n' });
  });
});
