import { spawnSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, SnapshotSchema } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox, sha } from '../test/fs-sandbox';
import { readSnapshots } from './snapshots';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

describe('readSnapshots', () => {
  it.each([
    ['LF', 'a\nb\n'],
    ['CRLF', 'a\r\nb\r\n'],
    ['no final newline', 'a\nb'],
    ['BOM', '\uFEFFa\n'],
    ['empty', ''],
    ['non-ASCII', 'héllo — 世界 🙂\n'],
    ['lone CR', 'a\rb'],
  ])('reads %s text exactly', async (_name, text) => {
    await put(sb.root, 'f.txt', text, 0o640);
    const [snap] = await readSnapshots(sb.root, ['f.txt']);
    expect(snap).toEqual({
      path: 'f.txt',
      exists: true,
      text,
      hash: sha(text),
      size: Buffer.byteLength(text),
      mode: 0o640,
    });
    expect(SnapshotSchema.parse(snap)).toEqual(snap);
  });

  it('hash: false reads the same text and leaves the hash empty (a dry run writes nothing)', async () => {
    await put(sb.root, 'f.txt', 'a\r\nb\n', 0o640);
    const [hashed] = await readSnapshots(sb.root, ['f.txt']);
    const [bare] = await readSnapshots(sb.root, ['f.txt'], { hash: false });
    expect(hashed).toMatchObject({ hash: sha('a\r\nb\n') });
    expect(bare).toEqual({ ...hashed, hash: '' });
  });

  it('keeps the mode bits of an executable', async () => {
    await put(sb.root, 'run.sh', '#!/bin/sh\n', 0o755);
    const [snap] = await readSnapshots(sb.root, ['run.sh']);
    expect(snap).toMatchObject({ mode: 0o755 });
  });

  it('a missing file, a missing folder', async () => {
    expect(await readSnapshots(sb.root, ['nope.txt', 'no/such/dir.txt'])).toEqual([
      { path: 'nope.txt', exists: false },
      { path: 'no/such/dir.txt', exists: false },
    ]);
  });

  it.each([
    ['a NUL byte', Buffer.from('abc\0def'), ErrorCode.Binary],
    [
      'a NUL byte inside the first 8 KiB',
      Buffer.concat([Buffer.alloc(8000, 'a'), Buffer.from([0])]),
      ErrorCode.Binary,
    ],
    ['invalid UTF-8', Buffer.from([0x61, 0xff, 0x62]), ErrorCode.Binary],
    ['a truncated UTF-8 sequence', Buffer.from([0x61, 0xe2, 0x82]), ErrorCode.Binary],
    [
      'a PNG header',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      ErrorCode.Binary,
    ],
  ])('reports %s as an error entry', async (_name, data, code) => {
    await put(sb.root, 'bin', data);
    const [snap] = await readSnapshots(sb.root, ['bin']);
    expect(snap).toMatchObject({ path: 'bin', exists: 'error', error: { code, path: 'bin' } });
  });

  it('a NUL byte after the first 8 KiB in valid UTF-8 is still text', async () => {
    const text = `${'a'.repeat(9000)}\0`;
    await put(sb.root, 'late-nul.txt', text);
    const [snap] = await readSnapshots(sb.root, ['late-nul.txt']);
    expect(snap).toMatchObject({ exists: true, text });
  });

  it('refuses files over the size limit without reading them', async () => {
    await put(sb.root, 'big.txt', 'x'.repeat(101));
    await put(sb.root, 'small.txt', 'x'.repeat(100));
    const snaps = await readSnapshots(sb.root, ['big.txt', 'small.txt'], { maxBytes: 100 });
    expect(snaps[0]).toMatchObject({ exists: 'error', error: { code: ErrorCode.TooLarge } });
    expect(snaps[1]).toMatchObject({ exists: true, size: 100 });
  });

  it('a folder or a FIFO is not a file', async () => {
    await mkdir(path.join(sb.root, 'dir'));
    const fifo = spawnSync('mkfifo', [path.join(sb.root, 'fifo')]);
    const paths = fifo.status === 0 ? ['dir', 'fifo'] : ['dir'];
    const snaps = await readSnapshots(sb.root, paths);
    for (const s of snaps)
      expect(s).toMatchObject({ exists: 'error', error: { code: ErrorCode.UnsafePath } });
  });

  it('keeps the order and the spelling of the asked paths', async () => {
    await put(sb.root, 'src/a.ts', 'a');
    await symlink('src', path.join(sb.root, 'alias'));
    const snaps = await readSnapshots(sb.root, ['./src/a.ts', 'alias/a.ts', '../x', 'src/a.ts']);
    expect(snaps.map((s) => [s.path, s.exists])).toEqual([
      ['./src/a.ts', true],
      ['alias/a.ts', true],
      ['../x', 'error'],
      ['src/a.ts', true],
    ]);
  });

  it('throws for a refused root', async () => {
    await expect(readSnapshots('/', ['etc/passwd'])).rejects.toMatchObject({ code: ErrorCode.RootRefused });
    await expect(readSnapshots('relative', ['a'])).rejects.toMatchObject({ code: ErrorCode.RootRefused });
  });
});
