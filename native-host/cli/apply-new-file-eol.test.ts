/**
 * `replyapply apply` creating files in a project whose files end their lines with CRLF (issue 25,
 * held-out: aider on Windows): end to end in a temp folder, through the CLI's own file code. A new file
 * takes CRLF from the files the reply edits or from its neighbours on disk; a shell script only from
 * scripts; an LF project stays LF.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Exit } from './io';
import { tempProject } from './temp-project';

const t = tempProject('eol');
const { put, read } = t;
const run = async (reply: string) => {
  const r = await t.run(reply);
  return { exit: r.exit, out: r.out };
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
    rmSync(join(t.project, 'run.sh'));
    put({ 'lint.sh': 'echo\r\n' });
    await run(create('dev.sh', 'echo hi\n'));
    expect(read('dev.sh')).toBe('echo hi\r\n');
  });

  it('an LF project, or an empty folder, stays LF', async () => {
    put({ 'app.py': 'a\n' });
    await run(create('new.py', 'x\ny\n'));
    expect(read('new.py')).toBe('x\ny\n');
    rmSync(join(t.project, 'app.py'));
    await run(create('other.py', 'x\ny\n'));
    expect(read('other.py')).toBe('x\ny\n');
  });
});
