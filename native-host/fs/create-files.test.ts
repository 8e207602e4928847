/**
 * createFilesIn (in-folder.ts): many files created as createFileIn creates one, on two threads from
 * `lanesFrom` files (create-lane.ts). Both ways must make exactly the same files, tell of each file made
 * exactly once, and after any failure leave no file made that it did not tell of (the caller's rollback
 * removes what it was told of, and nothing else).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../test/fs-sandbox';
import { CreateLane, laneSourceForTests } from './create-lane';
import {
  closeIdleFolders,
  createFilesIn,
  type Folder,
  folderAt,
  type Made,
  type ToCreate,
} from './in-folder';

let sb: Sandbox;
let root: string;
beforeEach(async () => {
  sb = await makeSandbox();
  root = await realpath(sb.root);
});
afterEach(async () => {
  closeIdleFolders();
  await sb.cleanup();
});

const LINUX_PROC = process.platform === 'linux' && existsSync('/proc/self/fd');
const umasked = 0o666 & ~process.umask();

/** `folders` folders of `each` files: texts (multi-byte, a lone surrogate, empty) and raw bytes, some modes. */
async function plan(folders: number, each: number): Promise<ToCreate[]> {
  const out: ToCreate[] = [];
  for (let d = 0; d < folders; d++) {
    const abs = path.join(root, `d${d}`);
    await mkdir(abs);
    const folder: Folder = folderAt(root, abs);
    for (let f = 0; f < each; f++) {
      const k = d * each + f;
      const data =
        k % 7 === 0
          ? Uint8Array.from([0, 255, k & 255, 10])
          : k % 11 === 0
            ? ''
            : `file ${k} — ${'é'.repeat(k % 5)} 世界 ${k % 13 === 0 ? '\uD800' : ''}\n`.repeat(1 + (k % 3));
      out.push({
        folder,
        name: `.t${k}.tmp`,
        data,
        mode: k % 5 === 0 ? 0o755 : k % 5 === 1 ? 0o600 : undefined,
      });
    }
  }
  return out;
}

const bytesOf = (data: ToCreate['data']) =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);

/** Every file named in `files` that exists on disk, by index. */
function onDisk(files: readonly ToCreate[]): number[] {
  return files.flatMap((f, i) => (existsSync(path.join(f.folder.abs, f.name)) ? [i] : []));
}

function recorder() {
  const made = new Map<number, Made>();
  const twice: number[] = [];
  const failed: number[] = [];
  return {
    made,
    twice,
    failed,
    hooks: {
      before: () => {},
      made: (i: number, m: Made) => {
        if (made.has(i)) twice.push(i);
        made.set(i, m);
      },
      failed: (i: number) => {
        failed.push(i);
      },
    },
  };
}

/**
 * Every file of `files` made exactly once, none failed, each with its bytes (and its mode when `modes`), and
 * told of with the identity of the file at its name.
 */
function expectAllMade(files: readonly ToCreate[], r: ReturnType<typeof recorder>, modes = false): void {
  expect(r.twice).toEqual([]);
  expect(r.failed).toEqual([]);
  expect([...r.made.keys()].sort((a, b) => a - b)).toEqual(files.map((_, i) => i));
  files.forEach((f, i) => {
    const abs = path.join(f.folder.abs, f.name);
    expect(readFileSync(abs)).toEqual(bytesOf(f.data));
    const st = lstatSync(abs, { bigint: true });
    if (modes) expect(Number(st.mode) & 0o777).toBe(f.mode ?? umasked);
    expect(r.made.get(i)).toEqual({ folder: f.folder, name: f.name, dev: st.dev, ino: st.ino });
  });
}

describe.each([
  ['one thread', Number.POSITIVE_INFINITY],
  ['two threads', 0],
])('createFilesIn, %s', (way, lanesFrom) => {
  it('creates every file with its exact bytes and mode, and tells of each once with its identity', async () => {
    // Six folders, one of them holding more than a batch (64) of files.
    const files = [...(await plan(5, 40)), ...(await plan(0, 0))];
    const big = path.join(root, 'big');
    await mkdir(big);
    const bigFolder = folderAt(root, big);
    for (let k = 0; k < 150; k++)
      files.push({ folder: bigFolder, name: `.b${k}.tmp`, data: `b${k}\n`, mode: undefined });
    const r = recorder();
    const byLane = await createFilesIn(root, files, r.hooks, lanesFrom);
    if (way === 'two threads' && LINUX_PROC) {
      // The second thread made some of them, and this one the rest.
      expect(byLane).toBeGreaterThan(0);
      expect(byLane).toBeLessThan(files.length);
    } else expect(byLane).toBe(0);
    expectAllMade(files, r, true);
  });

  it('a file that cannot be created (its name taken) fails it; every file left was told of, the taken one was not touched', async () => {
    const files = await plan(8, 30);
    // The last folder's files go to the second thread first (it takes batches from the back).
    const taken = files.length - 10;
    writeFileSync(path.join(files[taken]!.folder.abs, files[taken]!.name), 'not ours');
    const r = recorder();
    await expect(createFilesIn(root, files, r.hooks, lanesFrom)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(r.failed).toEqual([taken]);
    expect(r.twice).toEqual([]);
    expect(r.made.has(taken)).toBe(false);
    expect(readFileSync(path.join(files[taken]!.folder.abs, files[taken]!.name), 'utf8')).toBe('not ours');
    expect(onDisk(files).filter((i) => i !== taken)).toEqual([...r.made.keys()].sort((a, b) => a - b));
  });

  it.each([3, 200, 239])(
    'a throw from `before` at file %i fails it: nothing after it is started, every file left was told of',
    async (at) => {
      const files = await plan(8, 30);
      const r = recorder();
      const hooks = {
        ...r.hooks,
        before: (i: number) => {
          if (i === at) throw new Error(`stop at ${i}`);
        },
      };
      await expect(createFilesIn(root, files, hooks, lanesFrom)).rejects.toThrow(`stop at ${at}`);
      expect(r.failed).toEqual([at]);
      expect(r.made.has(at)).toBe(false);
      expect(onDisk(files)).toEqual([...r.made.keys()].sort((a, b) => a - b));
      // Nothing but the files told of is in any folder.
      const all = readdirSync(root).flatMap((d) => readdirSync(path.join(root, d)));
      expect(all).toHaveLength(r.made.size);
    },
  );
});

describe('CreateLane: the second thread', () => {
  it('creates each file of a batch with its bytes, stops at the first failure, and removes a file it could not finish', async () => {
    const lane = CreateLane.start();
    if (lane === null) throw new Error('no thread');
    try {
      const dir = path.join(root, 'lane');
      await mkdir(dir);
      const buffer = lane.buffer(6);
      new Uint8Array(buffer).set(Buffer.from('abcdef'));
      const at = (name: string) => path.join(dir, name);
      lane.send(
        [
          { path: at('one'), mode: undefined, from: 0, to: 3 },
          // Its bytes lie past the buffer's end: created, then the write fails.
          { path: at('two'), mode: 0o600, from: buffer.byteLength - 1, to: buffer.byteLength + 5 },
          { path: at('three'), mode: undefined, from: 3, to: 6 },
        ],
        buffer,
        'tag',
      );
      const { tag, out } = await lane.next();
      expect(tag).toBe('tag');
      expect(out).toHaveLength(2);
      const st = lstatSync(at('one'), { bigint: true });
      expect(out[0]).toEqual({ dev: st.dev, ino: st.ino });
      expect(readFileSync(at('one'), 'utf8')).toBe('abc');
      expect(out[1]).toMatchObject({ error: { message: expect.any(String) } });
      expect(existsSync(at('two'))).toBe(false);
      expect(existsSync(at('three'))).toBe(false);
      expect(lane.pending.size).toBe(0);
    } finally {
      lane.stop();
    }
  });
});

describe.runIf(LINUX_PROC)('createFilesIn when the second thread fails', () => {
  let was: string | undefined;
  afterEach(() => {
    laneSourceForTests(was);
  });

  it.each([
    ['never starts', "throw new Error('no thread here');"],
    // Takes the first batch, leaves its first file half written, and stops.
    [
      'dies in the middle of a batch',
      "const { workerData } = require('node:worker_threads'); workerData.port.on('message', ({ files }) => { require('node:fs').writeFileSync(files[0].path, 'half'); process.exit(1); });",
    ],
  ])(
    'a thread that %s: this thread makes its files, none half written, each told once',
    async (_what, source) => {
      was = laneSourceForTests(source);
      const files = await plan(6, 40);
      const r = recorder();
      const byLane = await createFilesIn(root, files, r.hooks, 0);
      expect(byLane).toBe(0);
      expectAllMade(files, r);
      const all = readdirSync(root).flatMap((d) => readdirSync(path.join(root, d)));
      expect(all).toHaveLength(files.length);
    },
  );
});
