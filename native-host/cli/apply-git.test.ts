/** `replyapply apply` and `undo` in a real git repository: the git state per file, --commit, and undo. */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRepo, type TestRepo } from '../git/test-repo';
import { type ApplyReport, apply } from './apply';
import { fakeIO } from './fake-io';
import { Exit } from './io';
import { undo } from './undo';

const REPLY = [
  'Swap the operands. The tests still pass.',
  '',
  '```diff',
  '--- a/calc.py',
  '+++ b/calc.py',
  '@@ -1,2 +1,2 @@',
  ' def add(a, b):',
  '-    return a + b',
  '+    return b + a',
  '```',
  '',
  '--- START-FILE: notes.txt ---',
  'new notes',
  '--- END-FILE: notes.txt ---',
  '',
  '--- START-FILE: .env ---',
  'TOKEN=1',
  '--- END-FILE: .env ---',
  '',
].join('\n');
const CALC = 'def add(a, b):\n    return a + b\n';

let r: TestRepo;
let state = '';
let replyFile = '';
beforeEach(() => {
  r = makeRepo({ '.gitignore': '.env\n', 'calc.py': CALC, 'notes.txt': 'old notes\n' });
  state = mkdtempSync(join(tmpdir(), 'replyapply-cli-git-'));
  replyFile = join(state, 'reply.md');
  writeFileSync(replyFile, REPLY);
});
afterEach(() => {
  r.remove();
  rmSync(state, { recursive: true, force: true });
});

const io = (env: NodeJS.ProcessEnv = r.env) =>
  fakeIO({ cwd: r.dir, env: { ...env, REPLYAPPLY_STATE_DIR: state } });
const log = () => r.git('log', '--format=%s').trim().split('\n');

describe('replyapply apply in a git work tree', () => {
  it('the plan says each file’s git state', async () => {
    r.write({ 'notes.txt': 'my own edit\n' });
    const cli = io();
    expect(await apply(['--dry-run', replyFile], cli)).toBe(Exit.Ok);
    expect(cli.out()).toContain('Git:\n');
    expect(cli.out()).toMatch(/ {2}modified {2}notes\.txt {2}\(has uncommitted changes\)\n/);
    expect(cli.out()).toMatch(
      / {2}ignored {3}\.env {2}\(is ignored by \.gitignore: is the reply confused\?\)\n/,
    );
    expect(cli.out()).not.toMatch(/ {2}calc\.py {2}\(has/);
  });

  it('a dry run says of an ignored file what the apply will do: skipped without --include-ignored', async () => {
    const cli = io();
    expect(await apply(['--dry-run', '--json', replyFile], cli)).toBe(Exit.Ok);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.files.find((f) => f.path === '.env')).toMatchObject({
      status: 'skipped',
      message: expect.stringContaining('git ignores this file'),
    });
    expect(report.files.find((f) => f.path === 'calc.py')).toMatchObject({
      status: 'skipped',
      message: 'not written',
    });
  });

  it('--commit commits the written files with the reply’s first sentence, and not those that had changes', async () => {
    r.write({ 'notes.txt': 'my own edit\n' });
    const cli = io();
    expect(await apply(['--yes', '--commit', '--json', replyFile], cli)).toBe(Exit.Ok);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.commit).toMatchObject({
      ok: true,
      message: 'replyapply: Swap the operands',
      paths: ['calc.py'],
    });
    expect(report.files.map((f) => [f.path, f.git ?? null])).toEqual([
      ['calc.py', null],
      ['notes.txt', 'modified'],
      ['.env', 'ignored'],
    ]);
    expect(log()).toEqual(['replyapply: Swap the operands', 'initial']);
    expect(r.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('calc.py');
    // The other files are written, and stay uncommitted.
    expect(readFileSync(join(r.dir, 'notes.txt'), 'utf8')).toBe('new notes\n');
    expect(r.git('status', '--porcelain').trim()).toBe('M notes.txt');
    expect(cli.err()).toMatch(
      /not committed {2}notes\.txt {2}\(it had uncommitted changes before the apply\)/,
    );
    // The ignored file waits for --include-ignored, as an unticked row in the review.
    expect(cli.err()).toMatch(
      /skipped {2}\.env {2}\(git ignores it: is the reply confused\? pass --include-ignored/,
    );
    expect(report.files.find((f) => f.path === '.env')?.status).toBe('skipped');
    expect(existsSync(join(r.dir, '.env'))).toBe(false);
    expect(cli.err()).toMatch(/Committed [0-9a-f]{12} {2}replyapply: Swap the operands/);
  });

  it('--include-ignored writes an ignored file, and --commit still leaves it out', async () => {
    const cli = io();
    expect(await apply(['--yes', '--commit', '--include-ignored', replyFile], cli)).toBe(Exit.Ok);
    expect(readFileSync(join(r.dir, '.env'), 'utf8')).toBe('TOKEN=1\n');
    expect(cli.out()).toMatch(/not committed {2}\.env {2}\(git ignores it\)/);
    expect(r.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([
      'calc.py',
      'notes.txt',
    ]);
  });

  it('--commit where git does not know who commits: nothing written, and how to fix it', async () => {
    r.git('config', '--unset', 'user.name');
    r.git('config', '--unset', 'user.email');
    const cli = io();
    expect(await apply(['--yes', '--commit', replyFile], cli)).toBe(Exit.Unresolved);
    expect(cli.out()).toContain(
      'Nothing written: --commit: git does not know who you are. Set your name and email',
    );
    expect(readFileSync(join(r.dir, 'calc.py'), 'utf8')).toBe(CALC);
  });

  it('--commit with no git on the PATH: nothing written, and says the folder is not a work tree', async () => {
    const cli = io({ ...r.env, PATH: '/nonexistent' });
    expect(await apply(['--yes', '--commit', replyFile], cli)).toBe(Exit.Unresolved);
    expect(cli.out()).toMatch(
      /Nothing written: --commit: The project folder is not in a git work tree \(git is not installed/,
    );
    expect(readFileSync(join(r.dir, 'calc.py'), 'utf8')).toBe(CALC);
  });

  it('--commit leaves a rename out whole when its old name had uncommitted changes', async () => {
    r.write({ 'notes.txt': 'my own edit\n' });
    const rename = join(state, 'rename.md');
    writeFileSync(
      rename,
      [
        'Move the notes.',
        '',
        '```diff',
        'diff --git a/notes.txt b/docs.txt',
        'rename from notes.txt',
        'rename to docs.txt',
        '```',
        '',
      ].join('\n'),
    );
    const cli = io();
    expect(await apply(['--yes', '--commit', rename], cli)).toBe(Exit.Ok);
    expect(cli.out()).toMatch(/not committed {2}docs\.txt {2}\(it had uncommitted changes/);
    expect(cli.out()).toMatch(/not committed {2}notes\.txt {2}\(it had uncommitted changes/);
    // Nothing committed: HEAD still has notes.txt as it was, and no docs.txt.
    expect(log()).toEqual(['initial']);
    expect(readFileSync(join(r.dir, 'docs.txt'), 'utf8')).toBe('my own edit\n');
  });

  it('--commit when git cannot tell the files’ states (a path through a linked folder): nothing written', async () => {
    symlinkSync('sub', join(r.dir, 'linked'));
    mkdirSync(join(r.dir, 'sub'));
    const reply = join(state, 'linked.md');
    writeFileSync(
      reply,
      ['--- START-FILE: linked/a.txt ---', 'a', '--- END-FILE: linked/a.txt ---', ''].join('\n'),
    );
    const cli = io();
    expect(await apply(['--yes', '--commit', reply], cli)).toBe(Exit.Unresolved);
    expect(cli.out() + cli.err()).toContain('git could not tell the state of these files');
    expect(existsSync(join(r.dir, 'sub', 'a.txt'))).toBe(false);
  });

  it('a commit message never carries control characters', async () => {
    const nul = join(state, 'nul.md');
    writeFileSync(nul, REPLY.replace('Swap the operands.', 'Swap\0 the \u001b[31moperands.'));
    const cli = io();
    expect(await apply(['--yes', '--commit', '--json', nul], cli)).toBe(Exit.Ok);
    expect((JSON.parse(cli.out()) as ApplyReport).commit).toMatchObject({ ok: true });
    expect(log()[0]).toBe('replyapply: Swap the [31moperands');
  });

  it('undo of a committed apply: a revert commit while it is HEAD', async () => {
    expect(await apply(['--yes', '--commit', replyFile], io())).toBe(Exit.Ok);
    const cli = io();
    expect(await undo([], cli)).toBe(Exit.Ok);
    expect(cli.out()).toMatch(/Committed the revert: [0-9a-f]{12}/);
    expect(log()).toEqual([
      'Revert "replyapply: Swap the operands"',
      'replyapply: Swap the operands',
      'initial',
    ]);
    expect(readFileSync(join(r.dir, 'calc.py'), 'utf8')).toBe(CALC);
  });

  it('undo of a committed apply that is no longer HEAD: refused, with the git revert to run', async () => {
    expect(await apply(['--yes', '--commit', replyFile], io())).toBe(Exit.Ok);
    const hash = r.git('rev-parse', 'HEAD').trim();
    r.git('commit', '-q', '--allow-empty', '-m', 'later');
    const cli = io();
    expect(await undo([], cli)).toBe(Exit.Unresolved);
    expect(cli.err()).toContain(`git revert ${hash}`);
    expect(readFileSync(join(r.dir, 'calc.py'), 'utf8')).toBe('def add(a, b):\n    return b + a\n');
  });
});

describe('replyapply apply outside a git work tree', () => {
  it('says nothing about git, and --commit writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replyapply-cli-nogit-'));
    writeFileSync(join(dir, 'calc.py'), CALC);
    writeFileSync(join(dir, 'notes.txt'), 'old notes\n');
    const plain = () => fakeIO({ cwd: dir, env: { REPLYAPPLY_STATE_DIR: state } });
    const dry = plain();
    expect(await apply(['--dry-run', replyFile], dry)).toBe(Exit.Ok);
    expect(dry.out()).not.toContain('Git:');
    const cli = plain();
    expect(await apply(['--yes', '--commit', replyFile], cli)).toBe(Exit.Unresolved);
    expect(cli.out()).toContain('Nothing written: --commit: The project folder is not in a git work tree');
    expect(readFileSync(join(dir, 'calc.py'), 'utf8')).toBe(CALC);
    rmSync(dir, { recursive: true, force: true });
  });
});
