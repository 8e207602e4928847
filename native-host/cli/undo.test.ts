import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../fs/file-bytes';
import { apply as fsApply } from '../fs/transaction';
import { fakeIO } from './fake-io';
import { Exit } from './io';
import { undo } from './undo';

let project = '';
let state = '';
const io = (tty = false) => fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: state }, tty });

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'replyapply-undo-'));
  state = mkdtempSync(join(tmpdir(), 'replyapply-undo-state-'));
  writeFileSync(join(project, 'a.txt'), 'one\n');
});
afterEach(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

async function modifyA(content: string): Promise<string> {
  const before = readFileSync(join(project, 'a.txt'));
  const r = await fsApply(project, [{ action: 'modify', path: 'a.txt', baseHash: sha256(before), content }], {
    state,
  });
  return r.applyId;
}

describe('replyapply undo', () => {
  it('restores the newest apply and says which', async () => {
    await modifyA('two\n');
    const newest = await modifyA('three\n');
    const cli = io();
    expect(await undo([], cli)).toBe(Exit.Ok);
    expect(readFileSync(join(project, 'a.txt'), 'utf8')).toBe('two\n');
    expect(cli.out()).toContain(`Undid ${newest} (1 file)`);
    expect(cli.out()).toContain('restored  a.txt');
  });

  it('undoes a named apply with --dir, and prints the result object with --json', async () => {
    const first = await modifyA('two\n');
    const cli = fakeIO({ cwd: tmpdir(), env: { REPLYAPPLY_STATE_DIR: state } });
    expect(await undo(['--dir', project, '--json', first], cli)).toBe(Exit.Ok);
    expect(JSON.parse(cli.out())).toEqual({
      applyId: first,
      files: [{ path: 'a.txt', action: 'modify', status: 'ok' }],
    });
    expect(readFileSync(join(project, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('refuses when the file was edited since, and --force undoes anyway', async () => {
    await modifyA('two\n');
    writeFileSync(join(project, 'a.txt'), 'edited by hand\n');
    const cli = io();
    expect(await undo([], cli)).toBe(Exit.Unresolved);
    expect(cli.err()).toContain('a.txt was changed after the apply');
    expect(readFileSync(join(project, 'a.txt'), 'utf8')).toBe('edited by hand\n');
    expect(await undo(['--force'], io())).toBe(Exit.Ok);
    expect(readFileSync(join(project, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('exit 1 with the error as JSON when there is nothing to undo', async () => {
    const cli = io();
    expect(await undo(['--json'], cli)).toBe(Exit.Unresolved);
    expect(JSON.parse(cli.out()).error.message).toBe('There is nothing to undo in this project.');
  });

  it('exit 2 when the project folder does not exist', async () => {
    const cli = io();
    expect(await undo(['--dir', join(project, 'nope')], cli)).toBe(Exit.Usage);
    expect(cli.err()).toMatch(/^replyapply undo: /);
  });
});
