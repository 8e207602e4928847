/** `replyapply apply --partial` (issue 29, part 4): a file's edits that fit are written, the others said. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApplyReport, apply } from './apply';
import { fakeIO } from './fake-io';
import { Exit } from './io';

const APP = [
  'def greet(name):',
  '    return "Hi " + name',
  '',
  'def add(a, b):',
  '    return a + b',
  '',
  'def sub(a, b):',
  '    return a - b',
  '',
].join('\n');

/** Three SEARCH/REPLACE blocks for app.py; the second searches for a line the file does not have. */
const REPLY = [
  'app.py',
  '```python',
  '<<<<<<< SEARCH',
  '    return "Hi " + name',
  '=======',
  '    return f"Hello, {name}!"',
  '>>>>>>> REPLACE',
  '```',
  '',
  'app.py',
  '```python',
  '<<<<<<< SEARCH',
  'def add(a, b):',
  '    return a * b',
  '=======',
  'def add(a, b):',
  '    return b * a',
  '>>>>>>> REPLACE',
  '```',
  '',
  'app.py',
  '```python',
  '<<<<<<< SEARCH',
  '    return a - b',
  '=======',
  '    return b - a',
  '>>>>>>> REPLACE',
  '```',
  '',
].join('\n');

const PARTLY = APP.replace('return "Hi " + name', 'return f"Hello, {name}!"').replace('a - b', 'b - a');

let project = '';
let state = '';
let replyFile = '';

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'replyapply-partial-'));
  state = mkdtempSync(join(tmpdir(), 'replyapply-partial-state-'));
  writeFileSync(join(project, 'app.py'), APP);
  replyFile = join(state, 'reply.md');
  writeFileSync(replyFile, REPLY);
});
afterEach(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

const io = () => fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: state } });
const app = () => readFileSync(join(project, 'app.py'), 'utf8');

describe('replyapply apply --partial', () => {
  it('without --partial nothing is written (exit 1), and the refusal says what --partial would write', async () => {
    const cli = io();
    expect(await apply(['--yes', replyFile], cli)).toBe(Exit.Unresolved);
    expect(app()).toBe(APP);
    expect(cli.out()).toContain('Nothing written: 1 file could not be resolved against the project.');
    expect(cli.out()).toContain('--partial would write the 2 edits that fit and skip 1');
  });

  it('writes the edits that fit, says each skipped one with its reason, and exits 4', async () => {
    const cli = io();
    expect(await apply(['--yes', '--partial', replyFile], cli)).toBe(Exit.Partial);
    expect(app()).toBe(PARTLY);
    const out = cli.out();
    expect(out).toMatch(/ok {6}modify {2}app\.py {2}\+2 -2/);
    expect(out).toContain('written in part (--partial): the 2 edits that fit; 1 edit skipped');
    expect(out).toContain(
      'skipped: The search text of edit 2 of the SEARCH/REPLACE for app.py (reply line 1) is not in the file. The most similar place starts at line 4;',
    );
    expect(out).toContain(
      'The closest lines in the file:\n          | def add(a, b):\n          |     return a + b\n',
    );
    expect(out).toMatch(
      /Applied 1 file change \(undo with: replyapply undo \S+\)\.\nIn part: 1 edit of 1 file was skipped \(see above\)\./,
    );
  });

  it('--dry-run --partial shows the partial diff, writes nothing, and exits 4', async () => {
    const cli = io();
    expect(await apply(['--dry-run', '--partial', replyFile], cli)).toBe(Exit.Partial);
    expect(app()).toBe(APP);
    expect(cli.out()).toContain('-    return a - b\n    +    return b - a');
    expect(cli.out()).toContain('Dry run: nothing written.');
  });

  it('--json names the edits applied and skipped', async () => {
    const cli = io();
    expect(await apply(['--yes', '--json', '--partial', replyFile], cli)).toBe(Exit.Partial);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.applied).toBe(true);
    expect(report.files).toEqual([
      {
        path: 'app.py',
        action: 'modify',
        status: 'ok',
        partial: {
          applied: 2,
          skipped: [
            {
              line: 1,
              edit: 2,
              kind: 'no-match',
              message: expect.stringContaining('is not in the file'),
              nearest: 'def add(a, b):\n    return a + b',
            },
          ],
        },
      },
    ]);
  });

  it('a file whose every edit fails is still refused with --partial: nothing is written (exit 1)', async () => {
    writeFileSync(join(project, 'other.py'), 'x = 1\n');
    const more = `${REPLY}\nother.py\n\`\`\`python\n<<<<<<< SEARCH\ny = 2\n=======\ny = 3\n>>>>>>> REPLACE\n\`\`\`\n`;
    writeFileSync(replyFile, more);
    const cli = io();
    expect(await apply(['--yes', '--partial', replyFile], cli)).toBe(Exit.Unresolved);
    expect(app()).toBe(APP);
    expect(readFileSync(join(project, 'other.py'), 'utf8')).toBe('x = 1\n');
    expect(cli.out()).toContain('Nothing written: 1 file could not be resolved against the project.');
  });

  it('with every edit fitting, --partial changes nothing: exit 0', async () => {
    writeFileSync(replyFile, REPLY.replace('    return a * b', '    return a + b'));
    const cli = io();
    expect(await apply(['--yes', '--partial', replyFile], cli)).toBe(Exit.Ok);
    expect(app()).toBe(PARTLY.replace('a + b', 'b * a'));
    expect(cli.out()).not.toContain('In part');
  });
});
