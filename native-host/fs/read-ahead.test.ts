import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../scripts/spawn-cli.mjs';
import { buildTempHost } from '../test/built-host';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { READ_AHEAD_MIN, startReadAhead, WINDOW } from './read-ahead';
import { readerAt } from './snapshots';

// The worker as the CLI runs it: built from read-ahead-worker.ts beside the bundled CLI.
let worker: string;
let cli: string;
let sb: Sandbox;
const N = READ_AHEAD_MIN + WINDOW + 45; // more than one window, and a last batch that is not full
const paths: string[] = [];

beforeAll(async () => {
  const built = await buildTempHost();
  cli = built.cli;
  worker = path.join(path.dirname(built.cli), 'read-ahead-worker.mjs');
  sb = await makeSandbox();
  for (let i = 0; i < N; i++) {
    const p = `pkg${i % 7}/file${i}.ts`;
    paths.push(p);
    await put(sb.root, p, i % 5 === 0 ? `é ${i}\r\n`.repeat(i) : `line ${i}\n`.repeat(i % 40));
  }
  // What a read can say besides a file's text: missing (with its case variant), not a file, a link out,
  // binary, not UTF-8.
  await put(sb.root, 'Upper.ts', 'x\n');
  await mkdir(path.join(sb.root, 'folder'));
  await symlink('/etc/hostname', path.join(sb.root, 'link.ts'));
  await writeFile(path.join(sb.root, 'binary.bin'), Buffer.from([1, 0, 2]));
  await writeFile(path.join(sb.root, 'latin1.txt'), Buffer.from([0xe9, 0x0a]));
  paths.splice(
    100,
    0,
    'missing.ts',
    'upper.ts',
    'folder',
    'link.ts',
    'binary.bin',
    'latin1.txt',
    '../out.ts',
  );
}, 60_000);
afterAll(() => sb?.cleanup());

describe('read-ahead', () => {
  it.each([true, false])(
    'gives exactly the snapshots the planning thread reads itself (hash: %s)',
    (hash) => {
      const here = readerAt(sb.root, { hash }).read(paths);
      const reader = readerAt(sb.root, { hash });
      reader.expect!(paths, worker);
      // Asked in rounds, as plan-parts asks part by part.
      const ahead = [];
      for (let i = 0; i < paths.length; i += 3) ahead.push(...reader.read(paths.slice(i, i + 3)));
      reader.close!();
      expect(ahead).toEqual(here);
      expect(here.filter((s) => s.exists === 'error').length).toBeGreaterThanOrEqual(4);
      expect(here.find((s) => s.path === 'upper.ts')).toMatchObject({
        exists: false,
        caseVariants: ['Upper.ts'],
      });
    },
    30_000,
  );

  it('hands over every path it was asked for, from the worker, and nothing it was not asked for', () => {
    const ahead = startReadAhead(worker, { realRoot: sb.root, paths, maxBytes: 1 << 20, hash: true })!;
    expect(ahead).not.toBeNull();
    expect(ahead.take('pkg0/file0.ts.not-asked')).toBeUndefined();
    const got = paths.map((p) => ahead.take(p));
    expect(got.every((s) => s !== undefined)).toBe(true);
    expect(got.map((s) => s!.path)).toEqual(paths);
    // Taken once: a second take is read on the planning thread again.
    expect(ahead.take(paths[0]!)).toBeUndefined();
    ahead.close();
  }, 30_000);

  it('is not started for a short list: the planning thread reads it', () => {
    expect(
      startReadAhead(worker, {
        realRoot: sb.root,
        paths: paths.slice(0, READ_AHEAD_MIN - 1),
        maxBytes: 1,
        hash: false,
      }),
    ).toBeNull();
  });

  it('a worker that fails, or posts nothing, leaves every read to the planning thread', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replyapply-read-ahead-'));
    const failing = path.join(dir, 'failing.mjs');
    writeFileSync(failing, "throw new Error('no');\n");
    const silent = path.join(dir, 'silent.mjs');
    writeFileSync(silent, 'setInterval(() => {}, 1000);\n');
    for (const file of [failing, silent]) {
      const ahead = startReadAhead(
        file,
        { realRoot: sb.root, paths, maxBytes: 1 << 20, hash: true },
        { stallMs: 300 },
      )!;
      expect(ahead.take(paths[0]!)).toBeUndefined();
      expect(ahead.take(paths[1]!)).toBeUndefined();
      ahead.close();
    }
  }, 30_000);

  it('the built CLI plans a large reply the same with the worker beside it as without', async () => {
    // A line added on top of every file of `line N` lines.
    const diff = paths
      .map((p) => ({ p, text: p.startsWith('pkg') ? readFileSync(path.join(sb.root, p), 'utf8') : '' }))
      .filter(({ text }) => text.startsWith('line'))
      .map(({ p, text }) => {
        const lines = text.split('\n').slice(0, -1);
        const body = lines.map((l) => ` ${l}\n`).join('');
        return `--- a/${p}\n+++ b/${p}\n@@ -1,${lines.length} +1,${lines.length + 1} @@\n+added\n${body}`;
      })
      .join('');
    // The same bundle alone in a folder: no worker beside it, so every file is read on the main thread.
    const alone = path.join(mkdtempSync(path.join(tmpdir(), 'replyapply-cli-alone-')), 'cli.mjs');
    copyFileSync(cli, alone);
    const args = ['apply', '--dry-run', '--dir', sb.root, '-'];
    const [withWorker, without] = await Promise.all([spawnCli(cli, args, diff), spawnCli(alone, args, diff)]);
    expect(withWorker.stderr).toBe(without.stderr);
    expect(withWorker.code).toBe(0);
    expect(withWorker.stdout).toBe(without.stdout);
    expect((withWorker.stdout.match(/^ok {6}modify/gm) ?? []).length).toBeGreaterThanOrEqual(READ_AHEAD_MIN);
  }, 60_000);
});
