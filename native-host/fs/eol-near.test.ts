/**
 * readFiles' `eolNear` (eol-near.ts): a missing path comes with the line endings of existing files near
 * it, same extension first, so a new file is written with the project's endings (new-file-eol.ts). It
 * never follows a link, never names a binary file, and looks up at most two folders above the deepest
 * existing one.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SnapshotSchema } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { readSnapshots } from './snapshots';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

async function near(p: string) {
  const [s] = await readSnapshots(sb.root, [p]);
  expect(SnapshotSchema.parse(s)).toEqual(s);
  if (s!.exists !== false) throw new Error(`${p} exists`);
  return s!.eolNear;
}

describe('readFiles: the line endings near a missing file', () => {
  it('names files of the same extension first, with what their first lines show', async () => {
    await put(sb.root, 'backend/app.py', 'import os\r\nx = 1\r\n');
    await put(sb.root, 'backend/notes.md', 'a\nb\n');
    expect(await near('backend/db.py')).toEqual([{ path: 'backend/app.py', eol: 'crlf' }]);
    // No file of its extension: the others.
    expect(await near('backend/run.sh')).toEqual([
      { path: 'backend/app.py', eol: 'crlf' },
      { path: 'backend/notes.md', eol: 'lf' },
    ]);
  });

  it('looks in the deepest folder that exists, and up to two above it when that one shows nothing', async () => {
    await put(sb.root, 'main.py', 'a\r\n');
    await mkdir(path.join(sb.root, 'backend/empty'), { recursive: true });
    expect(await near('backend/empty/tests/t.py')).toEqual([{ path: 'main.py', eol: 'crlf' }]);
    await mkdir(path.join(sb.root, 'a/b/c/d'), { recursive: true });
    expect(await near('a/b/c/d/x.py')).toBeUndefined();
  });

  it('says nothing of binary files, files without a line break, or files behind a link', async () => {
    await writeFile(path.join(sb.root, 'img.py'), Buffer.from([0x61, 0x0d, 0x0a, 0x00, 0x62]));
    await put(sb.root, 'one.py', 'no line break');
    await put(sb.outside, 'far.py', 'a\r\nb\r\n');
    await symlink(path.join(sb.outside, 'far.py'), path.join(sb.root, 'link.py'));
    await put(sb.root, 'inside/inner.py', 'a\r\n');
    await symlink(path.join(sb.root, 'inside'), path.join(sb.root, 'linked'));
    expect(await near('new.py')).toBeUndefined();
    // A folder reached through a link (inside the root) is not read: the root above it is, and shows nothing.
    expect(await near('linked/new.py')).toBeUndefined();
    expect(await near('inside/new.py')).toEqual([{ path: 'inside/inner.py', eol: 'crlf' }]);
  });

  it('reads only the head of a file, and a CRLF cut at its end is not taken for LF', async () => {
    // 8 KiB of CRLF lines with the read ending between a CR and its LF.
    const line = `${'x'.repeat(8190)}\r\n`;
    await put(sb.root, 'big.py', line + line);
    expect(await near('new.py')).toEqual([{ path: 'big.py', eol: 'crlf' }]);
  });
});
