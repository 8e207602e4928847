/**
 * readFiles' `caseVariants` (case-variants.ts): a missing path comes with the files of the project whose
 * path equals it ignoring letter case, compared name by name from the root. Needs a case-sensitive disk
 * (Linux): on macOS or Windows `README.md` and `readme.md` are one name and the missing file exists.
 */
import { existsSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SnapshotSchema } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { caseVariantsOf, type Listings, MAX_CASE_VARIANTS } from './case-variants';
import { readSnapshots } from './snapshots';

let sb: Sandbox;
let caseSensitive = true;
beforeEach(async () => {
  sb = await makeSandbox();
  await put(sb.root, 'Probe', '');
  caseSensitive = !existsSync(path.join(sb.root, 'probe'));
});
afterEach(() => sb.cleanup());

/** The answer for each path, by path: `false` when missing without variants. */
async function variants(paths: string[]): Promise<Record<string, string[] | false | true>> {
  const out: Record<string, string[] | false | true> = {};
  for (const s of await readSnapshots(sb.root, paths)) {
    expect(SnapshotSchema.parse(s)).toEqual(s);
    out[s.path] = s.exists === true ? true : s.exists === false ? (s.caseVariants ?? false) : false;
  }
  return out;
}

describe('readFiles: a missing file with its name in another case', () => {
  it('names the file, the folder, or both in another case; the exact name stays as it is', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'readme.md', '# x\n');
    await put(sb.root, 'src/app.js', 'x\n');
    await put(sb.root, 'src/App.jsx', 'x\n');
    expect(
      await variants([
        'README.md',
        'readme.md',
        'Src/app.js',
        'SRC/APP.JS',
        'src/app.jsx',
        'new.md',
        'src/new.js',
      ]),
    ).toEqual({
      'README.md': ['readme.md'],
      'readme.md': true,
      'Src/app.js': ['src/app.js'],
      'SRC/APP.JS': ['src/app.js'],
      'src/app.jsx': ['src/App.jsx'],
      'new.md': false,
      'src/new.js': false,
    });
  });

  it('names every variant, through every folder that fits', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'src/app.js', 'x\n');
    await put(sb.root, 'SRC/app.js', 'x\n');
    await put(sb.root, 'src/APP.js', 'x\n');
    expect(await variants(['Src/App.js'])).toEqual({
      'Src/App.js': ['SRC/app.js', 'src/APP.js', 'src/app.js'],
    });
  });

  it('leaves out folders for a file, files for a folder, and links', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await mkdir(path.join(sb.root, 'readme.md'));
    await put(sb.root, 'lib', 'a file, not a folder\n');
    await put(sb.root, 'real.txt', 'x\n');
    await symlink('real.txt', path.join(sb.root, 'notes.txt'));
    await put(sb.root, 'dir/a.txt', 'x\n');
    await symlink('dir', path.join(sb.root, 'linked'));
    expect(await variants(['README.md', 'LIB/x.js', 'NOTES.txt', 'Linked/a.txt'])).toEqual({
      'README.md': false,
      'LIB/x.js': false,
      'NOTES.txt': false,
      'Linked/a.txt': false,
    });
  });

  it('a new name whose folders exist in another case: the place inside them, which does not exist', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    await put(sb.root, 'src/app.js', 'x\n');
    await put(sb.root, 'Lib/a.js', 'x\n');
    await put(sb.root, 'LIB/b.js', 'x\n');
    await put(sb.root, 'Docs/guide.md', 'x\n');
    await put(sb.root, 'docs/other.md', 'x\n');
    expect(
      await variants([
        'Src/new.js',
        'SRC/deep/er/new.js',
        'Src/app.js/x.js',
        'src/new.js',
        'lib/c.js',
        'Docs/new.md',
        'DOCS/new.md',
      ]),
    ).toEqual({
      'Src/new.js': ['src/new.js'],
      'SRC/deep/er/new.js': ['src/deep/er/new.js'],
      // A file where the folder would be: no place.
      'Src/app.js/x.js': false,
      // The folder as written exists: a new file there, as always.
      'src/new.js': false,
      // Two folders in other cases: both named (the plan refuses to choose).
      'lib/c.js': ['LIB/c.js', 'Lib/c.js'],
      'Docs/new.md': false,
      'DOCS/new.md': ['Docs/new.md', 'docs/new.md'],
    });
  });

  it('lists each folder once for many missing files, and names at most a few variants', async (ctx) => {
    if (!caseSensitive) ctx.skip();
    for (const name of ['a.txt', 'A.txt']) await put(sb.root, `d/${name}`, 'x\n');
    const listings: Listings = new Map();
    const real = sb.root;
    expect(caseVariantsOf(real, 'D/a.TXT', listings)).toEqual(['d/A.txt', 'd/a.txt']);
    expect(caseVariantsOf(real, 'd/b.txt', listings)).toEqual([]);
    expect([...listings.keys()].sort()).toEqual([real, path.join(real, 'd')].sort());
    const many = Array.from({ length: 12 }, (_, i) =>
      Array.from('abcd', (ch, j) => ((i >> j) & 1 ? ch.toUpperCase() : ch)).join(''),
    );
    for (const name of many) await put(sb.root, `m/${name}`, 'x\n');
    expect(caseVariantsOf(real, 'm/ABCD', new Map())).toHaveLength(MAX_CASE_VARIANTS);
  });
});
