import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, FindTextResult } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { FIND_LIMITS, findText } from './find-text';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const NEEDLE = ['const answer = 42;'];
const HOLDER = 'export {};\nconst answer = 42;\n';
const paths = async (queries: string[][] = [NEEDLE], options = {}) => {
  const r = await findText(sb.root, queries, options);
  expect(FindTextResult.parse(r)).toEqual(r);
  return r.queries.map((q) => q.paths);
};

describe('findText', () => {
  it('lists, per query, the text files that hold every needle, compared as the engine’s loosest rung', async () => {
    await put(sb.root, 'src/b.ts', HOLDER);
    await put(sb.root, 'a.ts', '\t\tconst  answer = 42;   \r\n');
    await put(sb.root, 'quotes.ts', 'say(“hi”) — ok\n');
    await put(sb.root, 'none.ts', 'const answer = 41;\n');
    const r = await findText(sb.root, [NEEDLE, ['say("hi") - ok'], ['const answer = 42;', 'export {};']]);
    expect(r).toEqual({
      root: sb.root,
      queries: [
        { paths: ['a.ts', 'src/b.ts'], matched: 2 },
        { paths: ['quotes.ts'], matched: 1 },
        { paths: ['src/b.ts'], matched: 1 },
      ],
      files: 4,
    });
  });

  it('leaves out node_modules/, repository stores and what a .gitignore on the way ignores, as git reads them', async () => {
    await put(sb.root, 'kept.js', HOLDER);
    await put(sb.root, 'node_modules/pkg/index.js', HOLDER);
    await put(sb.root, '.git/objects/x', HOLDER);
    await put(sb.root, 'sub/.hg/store', HOLDER);
    await put(sb.root, '.gitignore', 'dist/\n*.log\n!keep.log\n');
    await put(sb.root, 'dist/bundle.js', HOLDER);
    await put(sb.root, 'x.log', HOLDER);
    await put(sb.root, 'keep.log', HOLDER);
    // A deeper .gitignore decides for its folder, and may take back what a shallower one ignores.
    await put(sb.root, 'pkg/.gitignore', 'gen.js\n!*.log\n');
    await put(sb.root, 'pkg/gen.js', HOLDER);
    await put(sb.root, 'pkg/y.log', HOLDER);
    await put(sb.root, 'pkg/z.js', HOLDER);
    expect(await paths()).toEqual([['keep.log', 'kept.js', 'pkg/y.log', 'pkg/z.js']]);
  });

  it('reads text files only: binary and non-UTF-8 files are skipped', async () => {
    await put(sb.root, 'text.txt', HOLDER);
    await writeFile(
      path.join(sb.root, 'img.bin'),
      Buffer.concat([Buffer.from(HOLDER), Buffer.from([0, 1, 2])]),
    );
    await writeFile(
      path.join(sb.root, 'latin1.txt'),
      Buffer.concat([Buffer.from(HOLDER), Buffer.from([0xe9, 0x0a])]),
    );
    const r = await findText(sb.root, [NEEDLE]);
    expect(r.queries[0]!.paths).toEqual(['text.txt']);
    expect(r.files).toBe(1);
  });

  it('never follows a symbolic link, to a file or a folder, inside the project or out of it', async () => {
    await put(sb.outside, 'secret.txt', HOLDER);
    await mkdir(sb.root, { recursive: true });
    await symlink(path.join(sb.outside, 'secret.txt'), path.join(sb.root, 'link.txt'));
    await symlink(sb.outside, path.join(sb.root, 'out'));
    await put(sb.root, 'real/in.txt', HOLDER);
    await symlink(path.join(sb.root, 'real'), path.join(sb.root, 'again'));
    expect(await paths()).toEqual([['real/in.txt']]);
  });

  it('leaves out a name the host would refuse to write', async () => {
    await put(sb.root, 'ok.txt', HOLDER);
    await put(sb.root, 'nul.txt', HOLDER);
    await put(sb.root, 'dir./a.txt', HOLDER);
    await put(sb.root, 'trailing ', HOLDER);
    expect(await paths()).toEqual([['ok.txt']]);
  });

  it('stops at the number of files, and says so', async () => {
    for (const n of [1, 2, 3, 4]) await put(sb.root, `f${n}.txt`, HOLDER);
    const r = await findText(sb.root, [NEEDLE], { maxFiles: 2 });
    expect(r).toMatchObject({ files: 2, stopped: { bound: 'files', limit: 2 } });
    expect(r.queries[0]!.paths).toEqual(['f1.txt', 'f2.txt']);
  });

  it('stops at the bytes read, and says so; a binary file costs its first 8 KiB only', async () => {
    await writeFile(path.join(sb.root, 'a.bin'), Buffer.alloc(100_000));
    await put(sb.root, 'b.txt', HOLDER);
    await put(sb.root, 'c.txt', 'x'.repeat(20_000));
    await put(sb.root, 'd.txt', HOLDER);
    const r = await findText(sb.root, [NEEDLE], { maxBytes: 8192 + HOLDER.length + 100 });
    expect(r).toMatchObject({ files: 1, stopped: { bound: 'bytes', limit: 8192 + HOLDER.length + 100 } });
    expect(r.queries[0]!.paths).toEqual(['b.txt']);
  });

  it('stops at its time, and says so', async () => {
    for (const n of [1, 2, 3]) await put(sb.root, `f${n}.txt`, HOLDER);
    let clock = 0;
    const r = await findText(sb.root, [NEEDLE], { timeoutMs: 1000, now: () => (clock += 600) });
    expect(r.stopped).toEqual({ bound: 'time', limit: 1000 });
    expect(r.files).toBeLessThan(3);
  });

  it('never reads more than its own limits, whatever the caller asks', async () => {
    await put(sb.root, 'a.txt', HOLDER);
    const r = await findText(sb.root, [NEEDLE], {
      maxFiles: 10 ** 9,
      maxBytes: 10 ** 12,
      timeoutMs: 10 ** 9,
    });
    expect(r.stopped).toBeUndefined();
    expect(FIND_LIMITS.maxFiles).toBeLessThan(10 ** 9);
  });

  it('lists at most 50 files per query, and says how many there are', async () => {
    for (let n = 0; n < 60; n++) await put(sb.root, `f${String(n).padStart(2, '0')}.txt`, HOLDER);
    const r = await findText(sb.root, [NEEDLE]);
    expect(r.queries[0]!.paths).toHaveLength(50);
    expect(r.queries[0]!.matched).toBe(60);
  });

  it('refuses a root that is not a project folder', async () => {
    await expect(findText('/', [NEEDLE])).rejects.toMatchObject({ code: ErrorCode.RootRefused });
    await expect(findText(path.join(sb.base, 'missing'), [NEEDLE])).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
  });
});
