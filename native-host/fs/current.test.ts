import { readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, put, type Sandbox, sha } from '../test/fs-sandbox';
import { readCurrent } from './current';
import { BlobWriter } from './journal';
import { resolveInRoot } from './safe-path';

let sb: Sandbox;
let root: string;
beforeEach(async () => {
  sb = await makeSandbox();
  await put(sb.root, '.keep', '');
  root = await realpath(sb.root);
});
afterEach(async () => {
  await sb.cleanup();
});

describe('readCurrent saving to a journal blob', () => {
  it('appends each file as it reads it, keeps none of its bytes, and gives them back from the blob', async () => {
    const texts = ['first\n', 'é€🙂 second, longer than the first\n', '', 'x'.repeat(70_000), 'last\n'];
    for (const [i, t] of texts.entries()) await put(sb.root, `f${i}.txt`, t);
    const blobFile = path.join(sb.state, 'before.bin');
    const blob = new BlobWriter(blobFile);
    const read = [];
    for (const i of texts.keys())
      read.push(await readCurrent(await resolveInRoot(root, `f${i}.txt`, 'write'), `f${i}.txt`, blob));
    await blob.finish();

    // In the order read, one after another.
    const bytes = texts.map((t) => Buffer.from(t));
    let offset = 0;
    for (const [i, cur] of read.entries()) {
      if (!cur.state.exists) throw new Error('expected a file');
      expect(cur.state.span).toEqual([offset, bytes[i]!.length]);
      offset += bytes[i]!.length;
      expect(cur.hash).toBe(sha(bytes[i]!));
      // No Buffer is held: the bytes are the blob's.
      expect(Object.values(cur.state).some((v) => Buffer.isBuffer(v))).toBe(false);
    }
    expect(await readFile(blobFile)).toEqual(Buffer.concat(bytes));

    // A rollback's read of the original: the blob's bytes, whatever the file holds now.
    await writeFile(path.join(sb.root, 'f1.txt'), 'changed');
    for (const [i, cur] of read.entries()) {
      if (!cur.state.exists) throw new Error('expected a file');
      expect(cur.state.data).toEqual(bytes[i]);
    }
  });

  it('a missing file saves nothing', async () => {
    const blob = new BlobWriter(path.join(sb.state, 'before.bin'));
    const cur = await readCurrent(await resolveInRoot(root, 'nope.txt', 'write'), 'nope.txt', blob);
    await blob.finish();
    expect(cur.state.exists).toBe(false);
    expect((await readFile(path.join(sb.state, 'before.bin'))).length).toBe(0);
  });
});
