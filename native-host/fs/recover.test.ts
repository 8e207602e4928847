/**
 * An apply or undo that dies half-way (SimulatedCrash: no rollback, as if the process were killed) is put
 * back by the next apply or undo on the project, at every step where it can die.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, probeSteps, put, type Sandbox, seed, sha, snapshotTree } from '../test/fs-sandbox';
import { SimulatedCrash } from './commit-steps';
import { fileSystemsSyncable } from './durable';
import { rootKey } from './journal';
import { recoverInterrupted } from './recover';
import { apply } from './transaction';
import { history, undo } from './undo';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
  process.env.REPLYAPPLY_STATE_DIR = sb.state;
});
afterEach(async () => {
  delete process.env.REPLYAPPLY_STATE_DIR;
  await sb.cleanup();
});

const { apply: applySteps, undo: undoSteps } = await probeSteps();
const bulk = { bulkSyncFrom: 0 };
const BULK = await fileSystemsSyncable([os.tmpdir()]);
const { apply: bulkApplySteps } = await probeSteps(bulk);

const crashAt = (step: string) => (s: string) => {
  if (s === step) throw new SimulatedCrash(`died at ${s}`);
};

describe('an apply that died', () => {
  it.each(applySteps)('at %s is rolled back by the next apply', async (step) => {
    const changes = await seed(sb.root);
    const before = await snapshotTree(sb.base);
    await expect(apply(sb.root, changes, { faults: crashAt(step) })).rejects.toBeInstanceOf(SimulatedCrash);
    const later = await apply(sb.root, [
      { action: 'create', path: 'later.txt', baseHash: null, content: 'l' },
    ]);
    const after = await snapshotTree(sb.base);
    expect(after.filter((e) => e.path !== 'proj/later.txt')).toEqual(before);
    expect((await history(sb.root)).map((h) => h.applyId)).toEqual([later.applyId]);
  });

  it.runIf(BULK).each(bulkApplySteps)(
    'at %s, syncing the file system once, is rolled back too',
    async (step) => {
      const changes = await seed(sb.root);
      const before = await snapshotTree(sb.base);
      await expect(apply(sb.root, changes, { ...bulk, faults: crashAt(step) })).rejects.toBeInstanceOf(
        SimulatedCrash,
      );
      await recoverInterrupted(sb.root, sb.state, rootKey(sb.root));
      expect(await snapshotTree(sb.base)).toEqual(before);
    },
  );

  it('leaves alone a file edited after the crash, and says so', async () => {
    const changes = await seed(sb.root);
    const before = await snapshotTree(sb.root);
    await expect(apply(sb.root, changes, { faults: crashAt('commit') })).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    await writeFile(path.join(sb.root, 'src/a.ts'), 'edited after the crash');
    const recovered = await recoverInterrupted(sb.root, sb.state, rootKey(sb.root));
    expect(recovered).toEqual([{ applyId: expect.any(String), step: 'apply', leftAlone: ['src/a.ts'] }]);
    const now = await snapshotTree(sb.root);
    expect(now.find((e) => e.path === 'src/a.ts')).toMatchObject({ sha256: sha('edited after the crash') });
    expect(now.filter((e) => e.path !== 'src/a.ts')).toEqual(before.filter((e) => e.path !== 'src/a.ts'));
  });
});

describe('an undo that died', () => {
  it.each(undoSteps)('at %s is rolled back, and undo works afterwards', async (step) => {
    const changes = await seed(sb.root);
    const original = await snapshotTree(sb.base);
    await apply(sb.root, changes);
    const applied = await snapshotTree(sb.base);
    await expect(undo(sb.root, undefined, { faults: crashAt(step) })).rejects.toBeInstanceOf(SimulatedCrash);
    await recoverInterrupted(sb.root, sb.state, rootKey(sb.root));
    expect(await snapshotTree(sb.base)).toEqual(applied);
    expect((await history(sb.root))[0]?.undone).toBe(false);
    await undo(sb.root);
    expect(await snapshotTree(sb.base)).toEqual(original);
  });
});

it('nothing interrupted: nothing recovered', async () => {
  await put(sb.root, 'a.txt', 'a');
  await apply(sb.root, [{ action: 'modify', path: 'a.txt', baseHash: sha('a'), content: 'b' }]);
  expect(await recoverInterrupted(sb.root, sb.state, rootKey(sb.root))).toEqual([]);
});
