import { spawnSync } from 'node:child_process';
import { readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApplyResult, ErrorCode, type FileChange, HistoryEntrySchema } from '../../shared/protocol/protocol';
import { makeSandbox, probeSteps, put, type Sandbox, seed, sha, snapshotTree } from '../test/fs-sandbox';
import { fileSystemsSyncable, syncFileSystems } from './durable';
import { entryDir, pruneJournal, readManifestState, rootKey } from './journal';
import { lockPath } from './lock';
import { readSnapshots } from './snapshots';
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

const read = (rel: string) => readFile(path.join(sb.root, rel), 'utf8');
const modeOf = async (rel: string) => (await stat(path.join(sb.root, rel))).mode & 0o777;
const defaultMode = 0o666 & ~process.umask();

describe('apply and undo round trips', () => {
  it.each([
    ['CRLF', 'a\r\nb\r\n', 'a\r\nB\r\nc\r\n', 0o644],
    ['BOM', '\uFEFFconst a = 1;\n', '\uFEFFconst a = 2;\n', 0o644],
    ['no final newline', 'a\nb', 'a\nc', 0o600],
    ['executable', '#!/bin/sh\necho 1\n', '#!/bin/sh\necho 2\n', 0o755],
    // Above what the umask lets a new file have: the temp file is chmod'ed to it.
    ['writable by all', 'a\n', 'b\n', 0o666],
    ['to empty', 'x\n', '', 0o644],
    ['non-ASCII', 'héllo\n', 'héllo — 世界 🙂\n', 0o644],
  ])('%s: exact bytes written, mode kept, undo restores the tree', async (_name, original, next, mode) => {
    await put(sb.root, 'f.txt', original, mode);
    const before = await snapshotTree(sb.root);
    const [snap] = await readSnapshots(sb.root, ['f.txt']);
    if (snap?.exists !== true) throw new Error('expected a snapshot');
    expect(snap.text).toBe(original);
    const res = await apply(sb.root, [
      { action: 'modify', path: 'f.txt', baseHash: snap.hash, content: next },
    ]);
    expect(ApplyResult.parse(res)).toEqual(res);
    expect(await readFile(path.join(sb.root, 'f.txt'))).toEqual(Buffer.from(next, 'utf8'));
    expect(await modeOf('f.txt')).toBe(mode);
    const undone = await undo(sb.root);
    expect(undone.applyId).toBe(res.applyId);
    expect(await snapshotTree(sb.root)).toEqual(before);
  });

  it('many texts, each written as its own UTF-8 through one reused buffer, and undone without force', async () => {
    // Above BULK_SYNC_FROM (the bulk way), sizes up and down so the buffer is grown and reused, a lone
    // surrogate (written as U+FFFD, as every Node write of a string): the journal's hash of each written
    // file must be of the bytes written, or undo would find every file "changed after the apply".
    const texts = Array.from({ length: 80 }, (_, i) =>
      i % 7 === 0 ? `lone \ud800 surrogate ${i}\n` : `${'é€🙂x'.repeat((i * 37) % 300)}${i}\n`,
    );
    const changes: FileChange[] = [];
    for (const [i, text] of texts.entries()) {
      await put(sb.root, `d/f${i}.txt`, `old ${i}\n`);
      changes.push({ action: 'modify', path: `d/f${i}.txt`, baseHash: sha(`old ${i}\n`), content: text });
    }
    changes.push({ action: 'create', path: 'd/new.txt', baseHash: null, content: texts[3]! });
    const before = await snapshotTree(sb.root);
    const res = await apply(sb.root, changes);
    for (const [i, text] of texts.entries())
      expect(await readFile(path.join(sb.root, `d/f${i}.txt`))).toEqual(Buffer.from(text, 'utf8'));
    expect(await readFile(path.join(sb.root, 'd/new.txt'))).toEqual(Buffer.from(texts[3]!, 'utf8'));
    expect((await undo(sb.root)).applyId).toBe(res.applyId);
    expect(await snapshotTree(sb.root)).toEqual(before);
  });

  it('a change set with every action, and its undo', async () => {
    await put(sb.root, 'keep.txt', 'keep\n');
    await put(sb.root, 'src/a.ts', 'export const a = 1;\r\n');
    await put(sb.root, 'old/gone.txt', 'bye\n', 0o600);
    await put(sb.root, 'old/name.sh', '#!/bin/sh\n', 0o755);
    const before = await snapshotTree(sb.root);
    const changes: FileChange[] = [
      {
        action: 'modify',
        path: 'src/a.ts',
        baseHash: sha('export const a = 1;\r\n'),
        content: 'export const a = 2;\r\n',
      },
      { action: 'create', path: 'new/deep/er/b.ts', baseHash: null, content: 'b' },
      { action: 'create', path: 'top.md', baseHash: null, content: '# top' },
      { action: 'delete', path: 'old/gone.txt', baseHash: sha('bye\n') },
      {
        action: 'rename',
        from: 'old/name.sh',
        path: 'bin/run.sh',
        baseHash: sha('#!/bin/sh\n'),
        content: '#!/bin/sh\nrun\n',
      },
    ];
    const res = await apply(sb.root, changes, { label: 'chatgpt.com: reply 3' });
    expect(res.files).toEqual([
      { path: 'src/a.ts', action: 'modify', status: 'ok' },
      { path: 'new/deep/er/b.ts', action: 'create', status: 'ok' },
      { path: 'top.md', action: 'create', status: 'ok' },
      { path: 'old/gone.txt', action: 'delete', status: 'ok' },
      { path: 'bin/run.sh', action: 'rename', from: 'old/name.sh', status: 'ok' },
    ]);
    expect(await read('src/a.ts')).toBe('export const a = 2;\r\n');
    expect(await read('new/deep/er/b.ts')).toBe('b');
    expect(await modeOf('new/deep/er/b.ts')).toBe(defaultMode);
    expect(await read('bin/run.sh')).toBe('#!/bin/sh\nrun\n');
    expect(await modeOf('bin/run.sh')).toBe(0o755);
    const names = (await snapshotTree(sb.root)).map((e) => e.path);
    expect(names).not.toContain('old/gone.txt');
    expect(names).not.toContain('old/name.sh');
    expect(names.filter((n) => n.includes('replyapply'))).toEqual([]);

    const [entry] = await history(sb.root);
    expect(HistoryEntrySchema.parse(entry)).toEqual({
      applyId: res.applyId,
      time: expect.any(String),
      label: 'chatgpt.com: reply 3',
      files: changes.map((c) => ({
        path: c.path,
        action: c.action,
        ...(c.action === 'rename' ? { from: c.from } : {}),
      })),
      undone: false,
    });

    const u = await undo(sb.root, res.applyId);
    expect(u.files).toEqual(res.files);
    expect(await snapshotTree(sb.root)).toEqual(before);
    expect((await history(sb.root))[0]?.undone).toBe(true);
  });

  it('a created folder that holds other files at undo time is kept', async () => {
    await apply(sb.root, [{ action: 'create', path: 'gen/a.txt', baseHash: null, content: 'a' }]);
    await put(sb.root, 'gen/mine.txt', 'mine');
    await undo(sb.root);
    expect(await snapshotTree(sb.root)).toEqual([
      { path: 'gen', type: 'dir', mode: expect.any(Number) },
      { path: 'gen/mine.txt', type: 'file', mode: defaultMode, size: 4, sha256: sha('mine') },
    ]);
  });

  it('deleting an absent file that was planned absent is skipped', async () => {
    const res = await apply(sb.root, [{ action: 'delete', path: 'nope.txt', baseHash: null }]);
    expect(res.files[0]).toMatchObject({ status: 'skipped' });
    expect(await snapshotTree(sb.root)).toEqual([]);
  });
});

describe('conflicts', () => {
  it('a file changed between plan and apply: Conflict naming it, nothing written', async () => {
    await put(sb.root, 'a.txt', 'a\n');
    await put(sb.root, 'b.txt', 'b\n');
    const snaps = await readSnapshots(sb.root, ['a.txt', 'b.txt']);
    const hashOf = (i: number) => (snaps[i]?.exists === true ? snaps[i].hash : null);
    await writeFile(path.join(sb.root, 'b.txt'), 'edited in the editor\n');
    const before = await snapshotTree(sb.root);
    await expect(
      apply(sb.root, [
        { action: 'modify', path: 'a.txt', baseHash: hashOf(0), content: 'A\n' },
        { action: 'modify', path: 'b.txt', baseHash: hashOf(1), content: 'B\n' },
      ]),
    ).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      path: 'b.txt',
      message: expect.stringContaining('b.txt'),
    });
    expect(await snapshotTree(sb.root)).toEqual(before);
    expect(await history(sb.root)).toEqual([]);
    // The journal entry the originals were saved into as they were read is gone with the refusal.
    expect(await readdir(path.join(sb.state, 'journal', rootKey(sb.root)))).toEqual([]);
  });

  it.each([
    [
      'create over a file that appeared',
      { action: 'create', path: 'x.txt', baseHash: null, content: 'new' },
      'x.txt',
    ],
    [
      'modify a file that was removed',
      { action: 'modify', path: 'gone.txt', baseHash: sha('g'), content: 'n' },
      'gone.txt',
    ],
    ['delete a file that changed', { action: 'delete', path: 'x.txt', baseHash: sha('old') }, 'x.txt'],
    [
      'rename onto an existing file',
      { action: 'rename', from: 'y.txt', path: 'x.txt', baseHash: sha('y'), content: 'y' },
      'x.txt',
    ],
    [
      'rename a changed file',
      { action: 'rename', from: 'y.txt', path: 'z.txt', baseHash: sha('old'), content: 'y' },
      'y.txt',
    ],
    [
      'rename a file that does not exist',
      { action: 'rename', from: 'nope.txt', path: 'z.txt', baseHash: null, content: 'z' },
      'nope.txt',
    ],
    ['write over a folder', { action: 'create', path: 'dir', baseHash: null, content: 'x' }, 'dir'],
  ] as Array<[string, FileChange, string]>)('%s', async (_name, change, where) => {
    await put(sb.root, 'x.txt', 'x');
    await put(sb.root, 'y.txt', 'y');
    await put(sb.root, 'dir/inner.txt', 'i');
    const before = await snapshotTree(sb.root);
    await expect(apply(sb.root, [change])).rejects.toMatchObject({ code: ErrorCode.Conflict, path: where });
    expect(await snapshotTree(sb.root)).toEqual(before);
  });

  it('names every conflicting file', async () => {
    await put(sb.root, 'a.txt', 'a');
    await put(sb.root, 'b.txt', 'b');
    await expect(
      apply(sb.root, [
        { action: 'create', path: 'a.txt', baseHash: null, content: '1' },
        { action: 'create', path: 'b.txt', baseHash: null, content: '2' },
      ]),
    ).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: expect.stringMatching(/2 files.*a\.txt.*b\.txt/),
    });
  });

  it('the same path twice is refused', async () => {
    await expect(
      apply(sb.root, [
        { action: 'create', path: 'a.txt', baseHash: null, content: '1' },
        { action: 'create', path: './a.txt', baseHash: null, content: '2' },
      ]),
    ).rejects.toMatchObject({ code: ErrorCode.InvalidParams, path: './a.txt' });
    expect(await snapshotTree(sb.root)).toEqual([]);
  });
});

describe('lock', () => {
  it('a second apply while one runs is refused with Locked; the first completes', async () => {
    await put(sb.root, 'a.txt', 'a');
    let release!: () => void;
    const paused = new Promise<void>((r) => {
      release = r;
    });
    let reached!: () => void;
    const atJournal = new Promise<void>((r) => {
      reached = r;
    });
    const first = apply(
      sb.root,
      [{ action: 'modify', path: 'a.txt', baseHash: sha('a'), content: 'first' }],
      {
        faults: async (step) => {
          if (step === 'journal') {
            reached();
            await paused;
          }
        },
      },
    );
    await atJournal;
    await expect(
      apply(sb.root, [{ action: 'modify', path: 'a.txt', baseHash: sha('a'), content: 'second' }]),
    ).rejects.toMatchObject({ code: ErrorCode.Locked });
    await expect(undo(sb.root)).rejects.toMatchObject({ code: ErrorCode.Locked });
    release();
    await first;
    expect(await read('a.txt')).toBe('first');
    // Released: the next one goes through.
    await apply(sb.root, [{ action: 'modify', path: 'a.txt', baseHash: sha('first'), content: 'third' }]);
    expect(await read('a.txt')).toBe('third');
  });

  it('another live process holding the lock: Locked; a dead one: taken over', async () => {
    const file = lockPath(sb.state, rootKey(sb.root));
    await put(
      path.dirname(file),
      path.basename(file),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), token: 't', time: '' }),
    );
    const change: FileChange = { action: 'create', path: 'a.txt', baseHash: null, content: 'a' };
    await expect(apply(sb.root, [change])).rejects.toMatchObject({
      code: ErrorCode.Locked,
      message: expect.stringContaining(String(process.ppid)),
    });
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(file, JSON.stringify({ pid: dead, host: os.hostname(), token: 't', time: '' }));
    await apply(sb.root, [change]);
    expect(await read('a.txt')).toBe('a');
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a failed apply releases the lock', async () => {
    const change: FileChange = { action: 'create', path: 'a.txt', baseHash: null, content: 'a' };
    await expect(
      apply(sb.root, [change], {
        faults: (s) => {
          if (s === 'commit') throw new Error('boom');
        },
      }),
    ).rejects.toMatchObject({ code: ErrorCode.WriteFailed });
    await apply(sb.root, [change]);
    expect(await read('a.txt')).toBe('a');
  });
});

// The step names of one successful apply and undo, recorded once so each can be failed in its own test.
const { apply: applySteps, undo: undoSteps } = await probeSteps();

describe('a failure at any step leaves the tree byte-identical', () => {
  it('covers every kind of step', () => {
    const kinds = (steps: string[]) => [...new Set(steps.map((s) => s.split(':')[0]))].sort();
    const all = [
      'commit',
      'create',
      'delete',
      'fsync',
      'fsync-dir',
      'journal',
      'mkdir',
      'rename',
      'verify',
      'write',
    ];
    expect(kinds(applySteps)).toEqual(all);
    expect(kinds(undoSteps)).toEqual(all.filter((k) => k !== 'mkdir'));
    expect(applySteps).toContain('delete:old/from.txt');
    expect(applySteps).toContain('mkdir:gen/deep');
  });

  it.each(applySteps)('apply failing at %s', async (failAt) => {
    const changes = await seed(sb.root);
    const before = await snapshotTree(sb.base);
    const faults = (s: string) => {
      if (s === failAt) throw new Error(`injected at ${s}`);
    };
    await expect(apply(sb.root, changes, { faults })).rejects.toMatchObject({
      code: ErrorCode.WriteFailed,
      message: expect.stringMatching(/Every file was put back|nothing was written/),
    });
    expect(await snapshotTree(sb.base)).toEqual(before);
    expect(await history(sb.root)).toEqual([]);
    const entries = await readdir(path.join(sb.state, 'journal', rootKey(sb.root))).catch(() => []);
    expect(entries).toEqual([]);
  });

  it.each(undoSteps)('undo failing at %s', async (failAt) => {
    const changes = await seed(sb.root);
    const original = await snapshotTree(sb.base);
    await apply(sb.root, changes);
    const applied = await snapshotTree(sb.base);
    const faults = (s: string) => {
      if (s === failAt) throw new Error(`injected at ${s}`);
    };
    await expect(undo(sb.root, undefined, { faults })).rejects.toMatchObject({ code: ErrorCode.WriteFailed });
    expect(await snapshotTree(sb.base)).toEqual(applied);
    expect((await history(sb.root))[0]?.undone).toBe(false);
    await undo(sb.root);
    expect(await snapshotTree(sb.base)).toEqual(original);
  });
});

// Many files: every temp file is written first, then one sync per file system makes them durable (and one
// more the renames). `bulkSyncFrom: 0` takes that path with the small seed.
const bulk = { bulkSyncFrom: 0 };
/** Whether this machine's temp folder takes the bulk path at all (Linux, a trusted sync, ext4 and kin). */
const BULK = await fileSystemsSyncable([os.tmpdir()]);
const { apply: bulkApplySteps, undo: bulkUndoSteps } = await probeSteps(bulk);

// From in-folder.ts LANES_FROM files a second thread creates some of the temp files (createFilesIn);
// `lanesFrom: 0` takes that way with the small seed, whose writes are in four folders.
const lanes = { ...bulk, lanesFrom: 0 };
const { apply: laneApplySteps, undo: laneUndoSteps } = await probeSteps(lanes);

describe.runIf(BULK)('many files: one sync of the file system instead of an fsync each', () => {
  it('syncs the data once before any rename and the folders once after, with no fsync per file', () => {
    const kinds = (steps: string[]) => [...new Set(steps.map((s) => s.split(':')[0]))].sort();
    expect(kinds(bulkApplySteps)).toEqual([
      'commit',
      'create',
      'delete',
      'journal',
      'mkdir',
      'rename',
      'sync',
      'verify',
      'write',
    ]);
    expect(bulkApplySteps.filter((s) => s.startsWith('sync:'))).toEqual(['sync:data', 'sync:folders']);
    const at = (name: string) => bulkApplySteps.indexOf(name);
    expect(at('sync:data')).toBeGreaterThan(
      Math.max(...bulkApplySteps.map((s, i) => (s.startsWith('write:') ? i : -1))),
    );
    expect(at('sync:data')).toBeLessThan(bulkApplySteps.findIndex((s) => s.startsWith('rename:')));
    expect(at('sync:folders')).toBeGreaterThan(bulkApplySteps.findIndex((s) => s.startsWith('delete:')));
    expect(kinds(bulkUndoSteps)).toContain('sync');
  });

  it('writes exact bytes and modes, and undo restores the tree', async () => {
    const changes = await seed(sb.root);
    const before = await snapshotTree(sb.base);
    await apply(sb.root, changes, bulk);
    expect(await readFile(path.join(sb.root, 'src/b.ts'), 'utf8')).toBe('\uFEFFB\n');
    expect(await modeOf('run.sh')).toBe(0o755);
    expect(await read('moved/to.txt')).toBe('to\n');
    await undo(sb.root, undefined, bulk);
    expect(await snapshotTree(sb.base)).toEqual(before);
  });

  it('when the file-system sync cannot run, fsyncs each file and folder instead', async () => {
    const changes = await seed(sb.root);
    const steps: string[] = [];
    const synced: string[][] = [];
    await apply(sb.root, changes, {
      ...bulk,
      faults: (s) => {
        steps.push(s);
      },
      syncFs: async (paths) => {
        synced.push([...paths]);
        return false;
      },
    });
    expect(synced).toHaveLength(2);
    expect(synced[0]).toContain(path.join(await realpath(sb.root), 'src'));
    expect(steps.filter((s) => s.startsWith('fsync:')).sort()).toEqual([
      'fsync:gen/deep/c.ts',
      'fsync:moved/to.txt',
      'fsync:run.sh',
      'fsync:src/a.ts',
      'fsync:src/b.ts',
    ]);
    expect(steps.some((s) => s.startsWith('fsync-dir:'))).toBe(true);
    expect(await read('src/a.ts')).toBe('A\r\n');
  });

  it('a failure the file-system sync reports stops the apply; the tree is put back', async () => {
    const changes = await seed(sb.root);
    const before = await snapshotTree(sb.base);
    const syncFs = async () => {
      throw new Error('syncing the file system failed (sync: error syncing /x: Input/output error)');
    };
    await expect(apply(sb.root, changes, { ...bulk, syncFs })).rejects.toMatchObject({
      code: ErrorCode.WriteFailed,
      message: expect.stringMatching(/Input\/output error.*Every file was put back/),
    });
    expect(await snapshotTree(sb.base)).toEqual(before);
  });

  // On one thread, and with the temp files created on two (the steps' order differs).
  it.each([
    ...bulkApplySteps.map((step) => [step, 'one thread', bulk] as const),
    ...laneApplySteps.map((step) => [step, 'two threads', lanes] as const),
  ])('apply failing at %s (%s) leaves the tree byte-identical', async (failAt, _way, durability) => {
    const changes = await seed(sb.root);
    const before = await snapshotTree(sb.base);
    const faults = (s: string) => {
      if (s === failAt) throw new Error(`injected at ${s}`);
    };
    await expect(apply(sb.root, changes, { ...durability, faults })).rejects.toMatchObject({
      code: ErrorCode.WriteFailed,
    });
    expect(await snapshotTree(sb.base)).toEqual(before);
    expect(await history(sb.root)).toEqual([]);
  });

  it.each(bulkUndoSteps)('undo failing at %s leaves the applied tree', async (failAt) => {
    const changes = await seed(sb.root);
    await apply(sb.root, changes, bulk);
    const applied = await snapshotTree(sb.base);
    const faults = (s: string) => {
      if (s === failAt) throw new Error(`injected at ${s}`);
    };
    await expect(undo(sb.root, undefined, { ...bulk, faults })).rejects.toMatchObject({
      code: ErrorCode.WriteFailed,
    });
    expect(await snapshotTree(sb.base)).toEqual(applied);
  });
});

describe.runIf(BULK)('many files, their temp files created on two threads', () => {
  it('goes through the same steps as on one thread', () => {
    expect([...laneApplySteps].sort()).toEqual([...bulkApplySteps].sort());
    expect([...laneUndoSteps].sort()).toEqual([...bulkUndoSteps].sort());
  });

  it('writes exact bytes and modes, and undo restores the tree', async () => {
    const changes = await seed(sb.root);
    const before = await snapshotTree(sb.base);
    await apply(sb.root, changes, lanes);
    expect(await readFile(path.join(sb.root, 'src/b.ts'), 'utf8')).toBe('\uFEFFB\n');
    expect(await read('gen/deep/c.ts')).toBe('c');
    expect(await modeOf('run.sh')).toBe(0o755);
    expect(await read('moved/to.txt')).toBe('to\n');
    await undo(sb.root, undefined, lanes);
    expect(await snapshotTree(sb.base)).toEqual(before);
  });
});

describe.runIf(BULK)('syncing whole file systems', () => {
  it('syncs the file systems of existing paths; false for a path or file system it cannot use', async () => {
    expect(await syncFileSystems([sb.root, sb.state])).toBe(true);
    expect(await syncFileSystems([])).toBe(true);
    expect(await syncFileSystems([path.join(sb.root, 'missing')])).toBe(false);
    expect(await fileSystemsSyncable([sb.root, sb.state])).toBe(true);
    expect(await fileSystemsSyncable([path.join(sb.root, 'missing')])).toBe(false);
    // Only file systems whose syncfs reaches the storage: not /proc (nor FUSE, 9p, NFS…).
    expect(await fileSystemsSyncable([sb.root, '/proc'])).toBe(false);
  });
});

describe('undo', () => {
  it('refuses when a file was edited after the apply, naming it; force undoes anyway', async () => {
    await put(sb.root, 'a.txt', 'a');
    await put(sb.root, 'b.txt', 'b', 0o755);
    const before = await snapshotTree(sb.root);
    await apply(sb.root, [
      { action: 'modify', path: 'a.txt', baseHash: sha('a'), content: 'A' },
      { action: 'modify', path: 'b.txt', baseHash: sha('b'), content: 'B' },
    ]);
    await writeFile(path.join(sb.root, 'b.txt'), 'edited after');
    const edited = await snapshotTree(sb.root);
    const res = await history(sb.root);
    const entry = entryDir(sb.state, rootKey(sb.root), res[0]!.applyId);
    await expect(undo(sb.root)).rejects.toMatchObject({ code: ErrorCode.Conflict, path: 'b.txt' });
    expect(await snapshotTree(sb.root)).toEqual(edited);
    // The files undo saved as it read them are gone with the refusal: only the apply's own journal stays.
    expect((await readdir(entry)).sort()).toEqual(['before.bin', 'manifest.json']);
    await undo(sb.root, undefined, { force: true });
    expect(await snapshotTree(sb.root)).toEqual(before);
    // A forced undo keeps what it replaced: the edit made after the apply is in its blob.
    const blob = (await readdir(entry)).find((f) => f.startsWith('undo-'));
    expect(blob).toBeDefined();
    expect((await readFile(path.join(entry, blob!))).toString()).toContain('edited after');
  });

  it('a created file the user removed is a conflict; force leaves it removed', async () => {
    await apply(sb.root, [{ action: 'create', path: 'n/new.txt', baseHash: null, content: 'n' }]);
    await rm(path.join(sb.root, 'n/new.txt'));
    await expect(undo(sb.root)).rejects.toMatchObject({ code: ErrorCode.Conflict, path: 'n/new.txt' });
    await undo(sb.root, undefined, { force: true });
    expect(await snapshotTree(sb.root)).toEqual([]);
  });

  it('re-creates a deleted file whose folder was removed since', async () => {
    await put(sb.root, 'd/x.txt', 'x', 0o600);
    const before = await snapshotTree(sb.root);
    await apply(sb.root, [{ action: 'delete', path: 'd/x.txt', baseHash: sha('x') }]);
    await rm(path.join(sb.root, 'd'), { recursive: true });
    await undo(sb.root);
    expect(await snapshotTree(sb.root)).toEqual(
      before.map((e) => (e.path === 'd' ? { ...e, mode: 0o777 & ~process.umask() } : e)),
    );
  });

  it('an older apply whose file a newer apply changed is a conflict', async () => {
    await put(sb.root, 'a.txt', '1');
    const first = await apply(sb.root, [
      { action: 'modify', path: 'a.txt', baseHash: sha('1'), content: '2' },
    ]);
    await apply(sb.root, [{ action: 'modify', path: 'a.txt', baseHash: sha('2'), content: '3' }]);
    await expect(undo(sb.root, first.applyId)).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      path: 'a.txt',
    });
    await undo(sb.root);
    await undo(sb.root);
    expect(await read('a.txt')).toBe('1');
  });

  it.each([
    ['nothing to undo', undefined],
    ['an unknown id', '20260101T000000000Z-00000000'],
    ['a path as id', '../../etc'],
    ['a malformed id', 'x'],
  ])('%s: NoSuchApply', async (_name, id) => {
    await expect(undo(sb.root, id)).rejects.toMatchObject({ code: ErrorCode.NoSuchApply });
  });

  it('a damaged journal copy is refused before anything is written', async () => {
    await put(sb.root, 'a.txt', 'original');
    const res = await apply(sb.root, [
      { action: 'modify', path: 'a.txt', baseHash: sha('original'), content: 'new' },
    ]);
    await writeFile(path.join(sb.state, 'journal', rootKey(sb.root), res.applyId, 'before.bin'), 'origimal');
    const picture = await snapshotTree(sb.root);
    await expect(undo(sb.root)).rejects.toMatchObject({ code: ErrorCode.Internal, path: 'a.txt' });
    expect(await snapshotTree(sb.root)).toEqual(picture);
  });

  it('an apply undone twice: NoSuchApply', async () => {
    const res = await apply(sb.root, [{ action: 'create', path: 'a.txt', baseHash: null, content: 'a' }]);
    await undo(sb.root, res.applyId);
    await expect(undo(sb.root, res.applyId)).rejects.toMatchObject({
      code: ErrorCode.NoSuchApply,
      message: expect.stringContaining('already undone'),
    });
  });
});

describe('history', () => {
  it('lists applies newest first, marks undone ones, honours the limit, skips undone ones for undo', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await apply(
        sb.root,
        [{ action: 'create', path: `f${i}.txt`, baseHash: null, content: `${i}` }],
        {
          label: `reply ${i}`,
        },
      );
      ids.push(res.applyId);
    }
    expect([...ids].sort()).toEqual(ids);
    await undo(sb.root, ids[1]);
    const h = await history(sb.root);
    expect(h.map((e) => [e.label, e.undone])).toEqual([
      ['reply 4', false],
      ['reply 3', false],
      ['reply 2', true],
      ['reply 1', false],
    ]);
    expect((await history(sb.root, 2)).map((e) => e.applyId)).toEqual([ids[3], ids[2]]);
    expect((await undo(sb.root)).applyId).toBe(ids[3]);
    expect((await undo(sb.root)).applyId).toBe(ids[2]);
    expect((await undo(sb.root)).applyId).toBe(ids[0]);
    await expect(undo(sb.root)).rejects.toMatchObject({ code: ErrorCode.NoSuchApply });
    expect(await snapshotTree(sb.root)).toEqual([]);
  });

  it('keeps projects apart', async () => {
    await apply(sb.root, [{ action: 'create', path: 'a.txt', baseHash: null, content: 'a' }]);
    expect(await history(sb.sibling)).toEqual([]);
  });
});

describe('concurrent applies', () => {
  it('racing applies: each one either completes or is refused with Locked; nothing half-written', async () => {
    const runs = Array.from({ length: 6 }, (_, i) =>
      apply(sb.root, [
        { action: 'create', path: `r${i}/a.txt`, baseHash: null, content: `${i}a` },
        { action: 'create', path: `r${i}/b.txt`, baseHash: null, content: `${i}b` },
      ]),
    );
    const settled = await Promise.allSettled(runs);
    const ok = settled.flatMap((s, i) => (s.status === 'fulfilled' ? [i] : []));
    for (const s of settled) {
      if (s.status === 'rejected') expect(s.reason).toMatchObject({ code: ErrorCode.Locked });
    }
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const files = (await snapshotTree(sb.root)).filter((e) => e.type === 'file').map((e) => e.path);
    expect(files).toEqual(ok.flatMap((i) => [`r${i}/a.txt`, `r${i}/b.txt`]));
    expect(await history(sb.root)).toHaveLength(ok.length);
  });
});

describe('journal pruning', () => {
  it('keeps the newest entries only', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await apply(sb.root, [{ action: 'create', path: `p${i}.txt`, baseHash: null, content: 'p' }]))
          .applyId,
      );
    }
    await pruneJournal(sb.state, rootKey(sb.root), 2);
    expect((await history(sb.root)).map((h) => h.applyId)).toEqual([ids[4], ids[3]]);
    await undo(sb.root);
    await undo(sb.root);
    await expect(undo(sb.root)).rejects.toMatchObject({ code: ErrorCode.NoSuchApply });
  });

  it("tells an entry's state from the manifest's first bytes; a manifest with state later is read whole", async () => {
    const { applyId } = await apply(sb.root, [
      { action: 'create', path: 'a.txt', baseHash: null, content: 'a' },
    ]);
    const dir = entryDir(sb.state, rootKey(sb.root), applyId);
    const file = path.join(dir, 'manifest.json');
    expect((await readFile(file, 'utf8')).startsWith('{"state":"applied",')).toBe(true);
    expect(await readManifestState(dir)).toBe('applied');
    // The layout of earlier versions: state after the other fields.
    const { state, ...rest } = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...rest, state }));
    expect(await readManifestState(dir)).toBe('applied');
    expect((await history(sb.root)).map((h) => h.applyId)).toEqual([applyId]);
    await undo(sb.root);
    expect(await readManifestState(dir)).toBe('undone');
    await expect(undo(sb.root)).rejects.toMatchObject({ code: ErrorCode.NoSuchApply });
    expect(await readManifestState(path.join(dir, 'nothing-here'))).toBeNull();
  });
});
