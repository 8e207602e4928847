/** `replyapply context`: the project's files as one message, by the popup's rules, on stdout exactly. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBundle } from '../../shared/context/bundle';
import { instructionFor } from '../../shared/instructions/registry';
import { context } from './context';
import { fakeIO } from './fake-io';
import { Exit } from './io';
import { main } from './main';

let base = '';
let project = '';
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'replyapply-context-'));
  project = join(base, 'proj');
  mkdirSync(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function put(files: Record<string, string | Buffer>) {
  for (const [p, data] of Object.entries(files)) {
    mkdirSync(dirname(join(project, p)), { recursive: true });
    writeFileSync(join(project, p), data);
  }
}

async function run(...args: string[]) {
  const io = fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: join(base, 'state') } });
  const exit = await context(args, io);
  return { exit, out: io.out(), err: io.err() };
}

const PROJECT = {
  '.gitignore': 'dist/\n*.log\n',
  'src/app.ts': 'export const app = 1;\n',
  'src/lib/util.ts': 'export const util = 2;\n',
  'README.md': '# Project\n',
  'debug.log': 'noise\n',
  'dist/out.js': 'built\n',
  '.env': 'TOKEN=secret\n',
  'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]),
};

describe('replyapply context', () => {
  it('with no PATH: every file but what git ignores, secrets and binaries, as the bundle, exactly', async () => {
    put(PROJECT);
    const r = await run();
    expect(r.exit).toBe(Exit.Ok);
    expect(r.out).toBe(
      buildBundle([
        { path: '.gitignore', content: '.gitignore' in PROJECT ? PROJECT['.gitignore'] : '' },
        { path: 'README.md', content: '# Project\n' },
        { path: 'src/app.ts', content: 'export const app = 1;\n' },
        { path: 'src/lib/util.ts', content: 'export const util = 2;\n' },
      ]),
    );
    expect(r.out).not.toContain('TOKEN=secret');
    expect(r.out).not.toContain('noise');
    expect(r.err).toContain('4 files');
    expect(r.err).toContain('left out: 1 git ignores, 1 that look like secrets');
  });

  it('asks git what it ignores in a work tree (info/exclude too)', async () => {
    put({ 'a.ts': 'a\n', 'local.txt': 'mine\n' });
    execFileSync('git', ['init', '-q'], { cwd: project });
    writeFileSync(join(project, '.git/info/exclude'), 'local.txt\n');
    const r = await run();
    expect(r.out).toContain('a.ts');
    expect(r.out).not.toContain('mine');
    expect(r.err).toContain('1 git ignores');
  });

  it('takes a file named by hand even when git ignores it or it looks like a secret, and says so', async () => {
    put(PROJECT);
    const r = await run('debug.log', '.env', 'src/app.ts');
    expect(r.exit).toBe(Exit.Ok);
    expect(r.out).toBe(
      buildBundle([
        { path: '.env', content: 'TOKEN=secret\n' },
        { path: 'debug.log', content: 'noise\n' },
        { path: 'src/app.ts', content: 'export const app = 1;\n' },
      ]),
    );
    expect(r.err).toContain('debug.log is in because you named it (git ignores it)');
    expect(r.err).toContain('.env is in because you named it (its name says it holds secrets)');
  });

  it('takes a folder or a pattern by the default rules', async () => {
    put({ ...PROJECT, 'src/.env.local': 'K=1\n', 'docs/a.md': 'a\n', 'docs/deep/b.md': 'b\n' });
    const folder = await run('./src/');
    expect(folder.out).toContain('- src/app.ts\n- src/lib/util.ts\n\n');
    expect(folder.out).not.toContain('K=1');
    expect(folder.err).toContain('1 that look like secrets');
    const pattern = await run('*.md');
    expect(pattern.out).toContain('Files:\n- README.md\n- docs/a.md\n- docs/deep/b.md\n\n');
    const scoped = await run('src/*.ts');
    expect(scoped.out).toContain('Files:\n- src/app.ts\n\n');
  });

  it('refuses a PATH that names nothing it can put in, printing nothing', async () => {
    put(PROJECT);
    symlinkSync('/etc/passwd', join(project, 'passwd'));
    for (const [arg, says] of [
      ['missing.ts', 'missing.ts is not a text file or folder of the project'],
      ['logo.png', 'logo.png is not a text file or folder of the project'],
      ['passwd', 'passwd is not a text file or folder'],
      ['dist', 'dist/ is a folder git ignores'],
      ['*.rs', '*.rs matches no text file'],
    ] as const) {
      const r = await run('src/app.ts', arg);
      expect(r.exit, arg).toBe(Exit.Unresolved);
      expect(r.out, arg).toBe('');
      expect(r.err, arg).toContain(says);
    }
    for (const arg of ['../outside.ts', '/etc/passwd', 'src\\app.ts']) {
      const io = fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: join(base, 'state') } });
      expect(await main(['context', arg], io), arg).toBe(Exit.Usage);
      expect(io.out()).toBe('');
    }
  });

  it('refuses a file over 1 MiB by name, and leaves it out of a folder', async () => {
    put({ 'big.txt': 'a'.repeat(1024 * 1024 + 1), 'small.txt': 's\n' });
    const named = await run('big.txt');
    expect(named.exit).toBe(Exit.Unresolved);
    expect(named.err).toContain('big.txt is over 1 MiB');
    const all = await run();
    expect(all.out).toContain('- small.txt\n');
    expect(all.out).not.toContain('- big.txt');
    expect(all.err).toContain('1 over 1 MiB');
  });

  it('leaves out a file whose name no reply could give back exactly, and refuses it by name', async () => {
    put({ 'a.ts': 'a\n', 'say "hi".ts': 'x\n' });
    const all = await run();
    expect(all.out).toContain('- a.ts\n');
    expect(all.out).not.toContain('hi');
    expect(all.err).toContain('1 whose names a reply could not give back exactly');
    const named = await run('say "hi".ts');
    expect(named.exit).toBe(Exit.Unresolved);
    expect(named.err).toContain('cannot go into the chat');
  });

  it('adds the format instruction chosen, and refuses an unknown one with the list', async () => {
    put({ 'a.ts': 'a\n' });
    const r = await run('--instructions', 'unified-diff');
    expect(r.out).toBe(
      buildBundle([{ path: 'a.ts', content: 'a\n' }], { instruction: instructionFor('unified-diff').text }),
    );
    const io = fakeIO({ cwd: project, env: {} });
    expect(await main(['context', '--instructions', 'nope'], io)).toBe(Exit.Usage);
    expect(io.err()).toContain('unknown format "nope"');
    expect(io.err()).toContain('search-replace');
  });

  it('writes the files exactly to a pipe, control characters and all; a terminal sees them made visible', async () => {
    put({ 'esc.txt': 'red \u001b]0;title\u0007text\n' });
    const r = await run();
    expect(r.out).toContain('red \u001b]0;title\u0007text');
    const tty = fakeIO({ cwd: project, tty: true, env: { REPLYAPPLY_STATE_DIR: join(base, 'state') } });
    await context([], tty);
    expect(tty.out()).not.toContain('\u001b]0;');
  });

  it('counts tokens on stderr with --tokens, exact for ChatGPT, an estimate elsewhere; stdout unchanged', async () => {
    put({ 'a.ts': 'hello world\n' });
    const plain = await run();
    const exact = await run('--tokens');
    expect(exact.out).toBe(plain.out);
    expect(exact.err).toMatch(/^\s+3 {2}a\.ts$/m);
    expect(exact.err).toMatch(/in all, the bundle \(o200k_base, as chatgpt counts\)/);
    const estimate = await run('--tokens', '--site', 'claude');
    expect(estimate.err).toMatch(/^\s+≈3 {2}a\.ts$/m);
    expect(estimate.err).toContain('estimate');
  });

  it('says what was wrong with the folder (exit 2)', async () => {
    const io = fakeIO({ cwd: project, env: {} });
    expect(await context(['--dir', join(base, 'nope')], io)).toBe(Exit.Usage);
    expect(io.err()).toContain('does not exist');
    expect(await context(['--dir', '/'], fakeIO({ cwd: project, env: {} }))).toBe(Exit.Usage);
  });

  it('says so when no file is left to put in', async () => {
    put({ '.env': 'A=1\n' });
    const r = await run();
    expect(r.exit).toBe(Exit.NothingFound);
    expect(r.out).toBe('');
    expect(r.err).toContain('no file to put in; left out: 1 that look like secrets');
  });
});
