import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../shared/changeset/changeset';
import { detect } from './detect';
import { fakeIO } from './fake-io';
import { Exit } from './io';

const dir = mkdtempSync(join(tmpdir(), 'replyapply-detect-'));
const REPLY = [
  'Two changes:', // 1
  '', // 2
  '--- START-FILE: src/new.ts ---', // 3
  'export const x = 1;', // 4
  '--- END-FILE: src/new.ts ---', // 5
  '', // 6
  '--- DELETE-FILE: ../outside.txt ---', // 7
  '', // 8
  '--- DELETE-FILE: old.ts ---', // 9
  '',
].join('\n');
writeFileSync(join(dir, 'reply.md'), REPLY);

describe('replyapply detect', () => {
  it('lists each change set with its format, ops (action, path, reply line) and diagnostics', async () => {
    const io = fakeIO({ cwd: dir });
    expect(await detect(['reply.md'], io)).toBe(Exit.Ok);
    const out = io.out();
    expect(out).toContain('delimiter-blocks: 2 operations\n');
    expect(out).toMatch(/ {2}write +src\/new\.ts {2}\(reply line 3\)\n/);
    expect(out).toMatch(/ {2}delete +old\.ts {2}\(reply line 9\)\n/);
    expect(out).toContain('error (reply line 7): Refused the path "../outside.txt"');
  });

  it('--json prints the ChangeSet array', async () => {
    const io = fakeIO({ cwd: dir });
    expect(await detect(['--json', 'reply.md'], io)).toBe(Exit.Ok);
    const sets = JSON.parse(io.out()) as ChangeSet[];
    expect(sets).toHaveLength(1);
    expect(sets[0]!.source.format).toBe('delimiter-blocks');
    expect(sets[0]!.ops.map((o) => [o.kind, o.line])).toEqual([
      ['create', 3],
      ['delete', 9],
    ]);
  });

  it('reads stdin for -', async () => {
    const io = fakeIO({ cwd: dir, stdin: REPLY });
    expect(await detect(['-'], io)).toBe(Exit.Ok);
    expect(io.out()).toContain('delimiter-blocks: 2 operations');
  });

  it('exit 3 when nothing is found, with --json printing []', async () => {
    const io = fakeIO({ cwd: dir, stdin: 'No code here.\n' });
    expect(await detect(['-'], io)).toBe(Exit.NothingFound);
    expect(io.out()).toBe('No file operations found in the reply.\n');
    const json = fakeIO({ cwd: dir, stdin: 'No code here.\n' });
    expect(await detect(['--json', '-'], json)).toBe(Exit.NothingFound);
    expect(JSON.parse(json.out())).toEqual([]);
  });

  it('exit 3 when the reply only declines, and the refusal is shown', async () => {
    const text = 'A patch cannot be safely generated with the information provided.\n';
    const io = fakeIO({ cwd: dir, stdin: text });
    expect(await detect([], io)).toBe(Exit.NothingFound);
    expect(io.out()).toContain('aptix: 0 operations');
    expect(io.out()).toContain('No file operations found in the reply.');
  });

  it('exit 2 for a reply file that cannot be read', async () => {
    const io = fakeIO({ cwd: dir });
    expect(await detect(['missing.md'], io)).toBe(Exit.Usage);
    expect(io.err()).toBe('replyapply detect: could not read the reply missing.md: no such file\n');
  });
});
