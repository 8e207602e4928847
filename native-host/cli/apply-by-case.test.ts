/**
 * `replyapply apply` on a reply that names a file in another letter case (issue 25): end to end in a temp
 * folder, through the CLI's own file code. The existing file is a guess (written only with
 * --include-guesses), never a second file beside it; two variants, or a move onto one, are refused.
 * Needs a case-sensitive disk (Linux) to hold the variants.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Exit } from './io';
import { tempProject } from './temp-project';

const t = tempProject('by-case', {
  // A folder that does not tell case apart cannot show what these tests are about.
  before: (ctx) => {
    writeFileSync(join(t.base, 'Probe'), '');
    if (existsSync(join(t.base, 'probe'))) ctx.skip();
  },
});
const { put, read } = t;
const run = t.runJson;

const README = '# Dream Analyst\n\nOld text.\n';
const WHOLE = 'README.md\n```markdown\n# Dream Analyst\n\nNew text.\n```\n';
const EDIT =
  'Src/app.js\n```js\n<<<<<<< SEARCH\nexport const a = 1;\n=======\nexport const a = 2;\n>>>>>>> REPLACE\n```\n';

describe('replyapply apply: a name in another case', () => {
  it('writes the existing file only with --include-guesses, and never a second file', async () => {
    put({ 'readme.md': README });
    const held = await run(WHOLE);
    expect(held.exit).toBe(Exit.Ok);
    expect(held.report.files).toEqual([
      {
        path: 'readme.md',
        action: 'modify',
        status: 'skipped',
        message:
          'Matched in another case: the reply names README.md, which does not exist; pass --include-guesses to apply it.',
      },
    ]);
    expect(held.err).toContain('readme.md (the reply wrote README.md) [matched in another case]');
    expect(held.err).toContain('readme.md is the file of the project with that name in another case');
    expect(readdirSync(t.project)).toEqual(['readme.md']);
    expect(read('readme.md')).toBe(README);

    const taken = await run(WHOLE, '--include-guesses');
    expect(taken.exit).toBe(Exit.Ok);
    expect(taken.report.files).toEqual([{ path: 'readme.md', action: 'modify', status: 'ok' }]);
    expect(readdirSync(t.project)).toEqual(['readme.md']);
    expect(read('readme.md')).toBe('# Dream Analyst\n\nNew text.\n');
  });

  it('edits a file whose folder the reply wrote in another case', async () => {
    put({ 'src/app.js': 'export const a = 1;\n' });
    const r = await run(EDIT, '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(r.report.files).toEqual([{ path: 'src/app.js', action: 'modify', status: 'ok' }]);
    expect(readdirSync(t.project)).toEqual(['src']);
    expect(read('src/app.js')).toBe('export const a = 2;\n');
  });

  it('creates a new file in the folder as it exists, never a second folder beside it', async () => {
    put({ 'src/app.js': 'export const a = 1;\n' });
    const reply = 'Src/util/new.js\n```js\nexport const b = 1;\n```\n';
    const held = await run(reply);
    expect(held.report.files).toEqual([
      expect.objectContaining({ path: 'src/util/new.js', action: 'create', status: 'skipped' }),
    ]);
    expect(held.err).toContain('its folder is src/util/ in the project, in another case');
    expect(readdirSync(t.project)).toEqual(['src']);
    const taken = await run(reply, '--include-guesses');
    expect(taken.exit).toBe(Exit.Ok);
    expect(readdirSync(t.project)).toEqual(['src']);
    expect(read('src/util/new.js')).toBe('export const b = 1;\n');
  });

  it('a SEARCH block on a missing name in such a folder is still found by its content', async () => {
    put({ 'src/app.js': 'export const a = 1;\n' });
    const r = await run(EDIT.replace('Src/app.js', 'Src/gone.js'), '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(r.report.files).toEqual([{ path: 'src/app.js', action: 'modify', status: 'ok' }]);
    expect(read('src/app.js')).toBe('export const a = 2;\n');
  });

  it('refuses two files with the name in other cases: exit 1, naming them, nothing written', async () => {
    put({ 'readme.md': README, 'Readme.md': README, 'other.txt': 'o\n' });
    const reply = `${WHOLE}\nother.txt\n\`\`\`\nchanged\n\`\`\`\n`;
    const r = await run(reply, '--include-guesses');
    expect(r.exit).toBe(Exit.Unresolved);
    expect(r.report.applied).toBe(false);
    expect(r.report.files).toContainEqual({
      path: 'README.md',
      action: 'create',
      status: 'error',
      message:
        'The reply names README.md (reply line 1), which does not exist; Readme.md and readme.md are files of the project with that name in another case, so none is chosen.',
    });
    expect(readdirSync(t.project).sort()).toEqual(['Readme.md', 'other.txt', 'readme.md']);
    expect(read('other.txt')).toBe('o\n');
  });

  it('refuses a move onto a name that exists in another case: exit 1, nothing written', async () => {
    put({ 'notes.md': 'n\n', 'readme.md': README });
    const reply =
      '```diff\ndiff --git a/notes.md b/README.md\nsimilarity index 100%\nrename from notes.md\nrename to README.md\n```\n';
    const r = await run(reply, '--include-guesses');
    expect(r.exit).toBe(Exit.Unresolved);
    expect(r.report.files[0]).toMatchObject({
      path: 'README.md',
      status: 'error',
      message: expect.stringMatching(/but readme\.md exists: the same name in another case/),
    });
    expect(readdirSync(t.project).sort()).toEqual(['notes.md', 'readme.md']);
  });

  it('writes the exact name when it exists, and leaves its case variant alone', async () => {
    put({ 'README.md': README, 'readme.md': README });
    const r = await run(WHOLE);
    expect(r.exit).toBe(Exit.Ok);
    expect(r.report.files).toEqual([{ path: 'README.md', action: 'modify', status: 'ok' }]);
    expect(read('README.md')).toBe('# Dream Analyst\n\nNew text.\n');
    expect(read('readme.md')).toBe(README);
  });
});
