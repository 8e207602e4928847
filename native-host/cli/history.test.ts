import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../fs/file-bytes';
import { apply as fsApply } from '../fs/transaction';
import { undo as fsUndo } from '../fs/undo';
import { fakeIO } from './fake-io';
import { history } from './history';
import { Exit } from './io';

let project = '';
let state = '';
const io = () => fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: state } });

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'replyapply-history-'));
  state = mkdtempSync(join(tmpdir(), 'replyapply-history-state-'));
  writeFileSync(join(project, 'a.txt'), 'one\n');
});
afterEach(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

describe('replyapply history', () => {
  it('says so when nothing was applied', async () => {
    const cli = io();
    expect(await history([], cli)).toBe(Exit.Ok);
    expect(cli.out()).toBe(`No applies recorded for ${project}.\n`);
  });

  it('lists applies newest first, with files, label and undone mark', async () => {
    const a = readFileSync(join(project, 'a.txt'));
    const first = await fsApply(
      project,
      [{ action: 'modify', path: 'a.txt', baseHash: sha256(a), content: 'two\n' }],
      { state, label: 'replyapply apply r1.md' },
    );
    const second = await fsApply(
      project,
      [
        { action: 'create', path: 'b.txt', baseHash: null, content: 'b\n' },
        {
          action: 'rename',
          from: 'a.txt',
          path: 'c.txt',
          baseHash: sha256(Buffer.from('two\n')),
          content: 'two\n',
        },
      ],
      { state },
    );
    await fsUndo(project, second.applyId, { state });

    const cli = io();
    expect(await history([], cli)).toBe(Exit.Ok);
    const lines = cli.out().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${second.applyId}  \\S+  2 files  \\(undone\\)$`));
    expect(lines[1]).toBe('  create  b.txt');
    expect(lines[2]).toBe('  rename  a.txt → c.txt');
    expect(lines[3]).toMatch(new RegExp(`^${first.applyId}  \\S+  1 file  replyapply apply r1.md$`));
    expect(lines[4]).toBe('  modify  a.txt');

    const json = io();
    expect(await history(['--json', '--dir', project], json)).toBe(Exit.Ok);
    const parsed = JSON.parse(json.out());
    expect(parsed.entries.map((e: { applyId: string; undone: boolean }) => [e.applyId, e.undone])).toEqual([
      [second.applyId, true],
      [first.applyId, false],
    ]);
  });

  it('takes no positional argument', async () => {
    await expect(history(['extra'], io())).rejects.toThrow('unexpected argument extra');
  });

  it('exit 2 for a project folder that does not exist, with the error as JSON', async () => {
    const cli = io();
    expect(await history(['--json', '--dir', 'missing'], cli)).toBe(Exit.Usage);
    expect(JSON.parse(cli.out()).error.code).toBeTypeOf('number');
  });
});
