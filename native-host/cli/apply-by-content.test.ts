/**
 * `replyapply apply` on SEARCH/REPLACE blocks whose file the reply does not give (locate-by-content.ts):
 * end to end in a temp folder, through the CLI's own file code.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Exit } from './io';
import { tempProject } from './temp-project';

const t = tempProject('by-content');
const { put, read } = t;
const run = t.runJson;

const ERRORS = "import logger from './logger.js';\n\nexport class ApiError extends Error {}\n";
const UNNAMED = [
  'Use the new logger:',
  '',
  '```javascript',
  '<<<<<<< SEARCH',
  "import logger from './logger.js';",
  '=======',
  "import logger from '../config/logger.js';",
  '>>>>>>> REPLACE',
  '```',
  '',
].join('\n');
const NAMED_MISSING = `src/shared/errors.js\n${UNNAMED.split('\n').slice(2).join('\n')}`;

describe('replyapply apply: a SEARCH block found by its content', () => {
  it.each([
    ['names no file', UNNAMED, undefined],
    ['names a file that does not exist', NAMED_MISSING, 'src/shared/errors.js'],
  ])('that %s is written only with --include-guesses', async (_what, reply, written) => {
    put({ 'utils/errors.js': ERRORS, 'utils/logger.js': 'export default console;\n' });
    const held = await run(reply);
    expect(held.exit).toBe(Exit.Ok);
    expect(held.report.files).toEqual([
      {
        path: 'utils/errors.js',
        action: 'modify',
        status: 'skipped',
        message: expect.stringMatching(
          written
            ? /^Found by its content: the reply names src\/shared\/errors\.js, which does not exist; pass --include-guesses/
            : /^Found by its content: the reply names no file; pass --include-guesses/,
        ),
      },
    ]);
    expect(read('utils/errors.js')).toBe(ERRORS);
    expect(held.err).toContain('[found by its content]');

    const taken = await run(reply, '--include-guesses');
    expect(taken.exit).toBe(Exit.Ok);
    expect(taken.report.files).toEqual([{ path: 'utils/errors.js', action: 'modify', status: 'ok' }]);
    expect(read('utils/errors.js')).toBe(ERRORS.replace('./logger.js', '../config/logger.js'));
  });

  it('refuses a block that names no file when several files hold its search text: exit 1, naming them', async () => {
    put({ 'a/errors.js': ERRORS, 'b/errors.js': ERRORS, 'c/other.js': ERRORS, 'd.js': ERRORS });
    const r = await run(UNNAMED, '--include-guesses');
    expect(r.exit).toBe(Exit.Unresolved);
    expect(r.report.applied).toBe(false);
    expect(r.report.diagnostics).toContainEqual({
      severity: 'error',
      line: 4,
      message:
        'The reply names no file for the SEARCH/REPLACE block at reply line 4, and its search text is in 4 files (a/errors.js, b/errors.js, c/other.js and 1 more); no file is chosen.',
    });
    expect(r.err).toMatch(/Nothing written: 1 SEARCH\/REPLACE block naming no file could not be resolved/);
    for (const p of ['a/errors.js', 'b/errors.js', 'c/other.js', 'd.js']) expect(read(p)).toBe(ERRORS);
  });

  it('refuses a named file that does not exist when several hold its text and none is named like it', async () => {
    put({ 'a/x.js': ERRORS, 'b/y.js': ERRORS });
    const r = await run(NAMED_MISSING, '--include-guesses');
    expect(r.exit).toBe(Exit.Unresolved);
    expect(r.report.files).toEqual([
      {
        path: 'src/shared/errors.js',
        action: 'modify',
        status: 'error',
        message: expect.stringMatching(
          /its search text is in 2 files \(a\/x\.js and b\/y\.js\); no file is chosen/,
        ),
      },
    ]);
  });

  it('does not look in .gitignore’d files, node_modules/ or a link out of the folder', async () => {
    put({
      'utils/errors.js': ERRORS,
      '.gitignore': 'build/\n',
      'build/errors.js': ERRORS,
      'node_modules/x/errors.js': ERRORS,
    });
    mkdirSync(join(t.base, 'outside'));
    writeFileSync(join(t.base, 'outside', 'errors.js'), ERRORS);
    symlinkSync(join(t.base, 'outside'), join(t.project, 'linked'));
    const r = await run(UNNAMED, '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(r.report.files).toEqual([{ path: 'utils/errors.js', action: 'modify', status: 'ok' }]);
    expect(read('build/errors.js')).toBe(ERRORS);
  });

  it('never moves a block from a file that exists to another one (corpus odoc-004)', async () => {
    put({ 'src/friends.tsx': 'export const F = 1;\n', 'src/chat.tsx': ERRORS });
    const r = await run(`src/friends.tsx\n${UNNAMED.split('\n').slice(2).join('\n')}`, '--include-guesses');
    expect(r.exit).toBe(Exit.Unresolved);
    expect(r.report.files).toEqual([
      expect.objectContaining({
        path: 'src/friends.tsx',
        status: 'error',
        message: expect.stringMatching(/is not in the file/),
      }),
    ]);
    expect(read('src/chat.tsx')).toBe(ERRORS);
  });
});
