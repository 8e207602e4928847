/**
 * `replyapply apply` creating files in a project whose files end their lines with CRLF (issue 25,
 * held-out: aider on Windows): end to end in a temp folder, through the CLI's own file code. A new file
 * takes CRLF from the files the reply edits or from its neighbours on disk; a shell script only from
 * scripts; an LF project stays LF.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from './apply';
import { fakeIO } from './fake-io';
import { Exit } from './io';

let base = '';
let project = '';
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'replyapply-eol-'));
  project = join(base, 'proj');
  mkdirSync(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function put(files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, p)), { recursive: true });
    writeFileSync(join(project, p), text);
  }
}
const read = (p: string) => readFileSync(join(project, p), 'utf8');
const run = async (reply: string) => {
  writeFileSync(join(base, 'reply.md'), reply);
  const cli = fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: join(base, 'state') } });
  return { exit: await apply(['--yes', join(base, 'reply.md')], cli), out: cli.out() };
};
const create = (path: string, body: string) =>
  `${path}\n\`\`\`\n<<<<<<< SEARCH\n=======\n${body}>>>>>>> REPLACE\n\`\`\`\n\n`;

describe('replyapply apply: new files in a CRLF project', () => {
  it('a new file beside CRLF files is written CRLF, and the plan says so', async () => {
    put({ 'backend/app.py': 'import os\r\nx = 1\r\n' });
    const r = await run(create('backend/tests/test_app.py', 'import app\n\ndef test():\n    pass\n'));
    expect(r.exit).toBe(Exit.Ok);
    expect(read('backend/tests/test_app.py')).toBe('import app\r\n\r\ndef test():\r\n    pass\r\n');
    expect(r.out).toContain('written with CRLF line endings, like backend/app.py');
  });

  it('a shell script is written LF unless scripts there are CRLF', async () => {
    put({ 'app.py': 'a\r\n' });
    await run(create('run.sh', 'echo hi\n'));
    expect(read('run.sh')).toBe('echo hi\n');
    rmSync(join(project, 'run.sh'));
    put({ 'lint.sh': 'echo\r\n' });
    await run(create('dev.sh', 'echo hi\n'));
    expect(read('dev.sh')).toBe('echo hi\r\n');
  });

  it('an LF project, or an empty folder, stays LF', async () => {
    put({ 'app.py': 'a\n' });
    await run(create('new.py', 'x\ny\n'));
    expect(read('new.py')).toBe('x\ny\n');
    rmSync(join(project, 'app.py'));
    await run(create('other.py', 'x\ny\n'));
    expect(read('other.py')).toBe('x\ny\n');
  });
});
