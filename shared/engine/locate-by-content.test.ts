import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../changeset/changeset';
import { mergeChangeSets } from '../changeset/merge';
import { detectAll } from '../formats/registry';
import type { ResultOf } from '../protocol/protocol';
import { applyOp } from './apply-op';
import {
  contentNeedles,
  type FolderAccess,
  type FolderSearch,
  holdsNeedles,
  locatable,
  locateInFolder,
  opsToLocate,
  resembles,
  searchKey,
} from './locate-by-content';
import { type FileSnapshot, type Plan, plan, planNeeds } from './plan';
import { srOp } from './test-helpers';
import { TEXT_RUNGS } from './types';

/** The host's findText over files in memory, with the same key (native-host/fs/find-text.ts). */
function memoryFolder(files: Record<string, string>, calls: { find: number } = { find: 0 }): FolderAccess {
  return {
    existing: async (paths) => new Set(paths.filter((p) => p in files)),
    find: async (queries) => {
      calls.find++;
      const keys = Object.entries(files).map(([p, t]) => [p, searchKey(t)] as const);
      const answer: ResultOf<'findText'> = {
        root: '/proj',
        files: keys.length,
        queries: queries.map((q) => {
          const n = q.needles.map(searchKey);
          const paths = keys.filter(([, k]) => holdsNeedles(k, n)).map(([p]) => p);
          return { paths, matched: paths.length };
        }),
      };
      return answer;
    },
  };
}

/** A reply read, located in the folder and planned against it, as the CLI and the review do. */
async function planIn(
  reply: string,
  files: Record<string, string>,
  access: FolderAccess = memoryFolder(files),
): Promise<{ changeSet: ChangeSet; plan: Plan }> {
  const named = mergeChangeSets(detectAll(reply))!;
  const changeSet = await locateInFolder(named, access);
  const snapshots = new Map<string, FileSnapshot | null>();
  for (const p of planNeeds(changeSet))
    snapshots.set(p, p in files ? { text: files[p]!, hash: `h-${p}` } : null);
  return { changeSet, plan: plan(changeSet, snapshots) };
}

const block = (search: string, replace: string, path = '') =>
  `${path ? `${path}\n` : ''}\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;

const ERRORS = `import logger from './logger.js';\n\nexport class ApiError extends Error {}\n`;
const LOGGER = `export default console;\n`;

describe('locate by content: a block that names no file', () => {
  it('is offered, as a guess with a note, in the one file of the folder that holds its search text', async () => {
    const reply = `Change the import:\n\n${block("import logger from './logger.js';\n", "import logger from '../log.js';\n")}`;
    const { plan: p } = await planIn(reply, { 'utils/errors.js': ERRORS, 'utils/logger.js': LOGGER });
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'utils/errors.js',
        action: 'modify',
        status: 'ok',
        guess: true,
        byContent: true,
        newText: ERRORS.replace('./logger.js', '../log.js'),
      }),
    ]);
    expect(p.files[0]!.writtenAs).toBeUndefined();
    expect(p.files[0]!.notes).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        message:
          'The reply names no file for the SEARCH/REPLACE block at reply line 4; utils/errors.js is the one file of the folder that holds its search text. That is a guess: check it.',
      }),
    );
  });

  it('is refused, naming the files, when several hold its search text', async () => {
    const files = { 'a.js': 'x = 1;\n', 'b.js': 'x = 1;\n', 'c.js': 'x = 1;\n', 'd.js': 'x = 1;\n' };
    const { plan: p } = await planIn(block('x = 1;\n', 'x = 2;\n'), files);
    expect(p.files).toEqual([]);
    expect(p.diagnostics).toContainEqual({
      severity: 'error',
      line: 2,
      message:
        'The reply names no file for the SEARCH/REPLACE block at reply line 2, and its search text is in 4 files (a.js, b.js, c.js and 1 more); no file is chosen.',
    });
  });

  it('is refused when no file holds its search text', async () => {
    const { plan: p } = await planIn(block('y = 1;\n', 'y = 2;\n'), { 'a.js': 'x = 1;\n' });
    expect(p.files).toEqual([]);
    expect(p.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(
          /names no file .* no file of the folder holds its search text \(1 text file searched\); no file is chosen\.$/,
        ),
      }),
    );
  });

  it('counts a file its search text fits only with indentation ignored (the engine’s ladder, not a substring)', async () => {
    const file = 'def f():\n    if x:\n        return 1\n';
    const { plan: p } = await planIn(block('if x:\n    return 1\n', 'if x:\n    return 2\n'), {
      'f.py': file,
      'g.py': 'print(1)\n',
    });
    expect(p.files).toEqual([
      expect.objectContaining({ path: 'f.py', guess: true, newText: file.replace('return 1', 'return 2') }),
    ]);
  });

  it('needs every edit of the op to fit the file, in order', async () => {
    // Two blocks in a row name no file: one op. a.js holds the first search only; b.js holds both.
    const reply = block('one\n', 'ONE\n') + block('two\n', 'TWO\n');
    const { changeSet, plan: p } = await planIn(reply, { 'a.js': 'one\n', 'b.js': 'one\ntwo\n' });
    expect(changeSet.ops).toHaveLength(1);
    expect(p.files).toEqual([expect.objectContaining({ path: 'b.js', newText: 'ONE\nTWO\n', guess: true })]);
    expect(p.files[0]!.notes[0]!.message).toMatch(
      /SEARCH\/REPLACE blocks at reply line 2; b\.js is the one file of the folder that holds the search texts of its 2 edits, in order\./,
    );
  });

  it('does not take a file that holds the search text at two places (the format would take the first)', async () => {
    const { plan: p } = await planIn(block('x = 1;\n', 'x = 2;\n'), { 'a.js': 'x = 1;\nx = 1;\n' });
    expect(p.files).toEqual([]);
    expect(p.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/a\.js holds its search text, but at more than one place/),
      }),
    );
  });

  it('leaves an empty SEARCH alone: refused by the reader, never located', async () => {
    const calls = { find: 0 };
    const { changeSet, plan: p } = await planIn(
      block('', 'new\n'),
      { 'a.js': 'new\n' },
      memoryFolder({ 'a.js': 'new\n' }, calls),
    );
    expect(changeSet.ops).toEqual([]);
    expect(changeSet.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/names no file, and its SEARCH is empty/),
      }),
    );
    expect(p.files).toEqual([]);
    expect(calls.find).toBe(0);
    // Nor an op with an empty SEARCH among others (it creates or appends).
    expect(
      locatable(
        srOp([
          { search: 'a\n', replace: 'b\n' },
          { search: '', replace: 'c\n' },
        ]),
      ),
    ).toBe(false);
  });

  it('asks nothing of the folder for a SEARCH of only `...` lines: nothing to look for', async () => {
    const calls = { find: 0 };
    const files = { 'a.js': '...\n' };
    const { plan: p } = await planIn(block('...\n', 'x\n'), files, memoryFolder(files, calls));
    expect(calls.find).toBe(0);
    expect(p.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(
          /could not be searched for its search text \(it has only "\.\.\." lines\)/,
        ),
      }),
    );
  });

  it('chooses nothing when the search stopped at a bound, and says which', async () => {
    const access: FolderAccess = {
      existing: async () => new Set(),
      find: async (queries): Promise<FolderSearch> => ({
        root: '/proj',
        files: 20_000,
        stopped: { bound: 'files', limit: 20_000 },
        queries: queries.map(() => ({ paths: ['a.js'], matched: 1 })),
      }),
    };
    const { plan: p } = await planIn(block('x = 1;\n', 'x = 2;\n'), { 'a.js': 'x = 1;\n' }, access);
    expect(p.files).toEqual([]);
    expect(p.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(
          /the search of the folder stopped at its limit of 20,000 files, before it had looked at every file; no file is chosen\./,
        ),
      }),
    );
  });

  it('chooses nothing when the folder could not be searched (an older host), or was not', async () => {
    const failing: FolderAccess = {
      existing: async () => new Set(),
      find: async () => {
        throw new Error('Unknown method findText');
      },
    };
    const { plan: p } = await planIn(block('x = 1;\n', 'x = 2;\n'), { 'a.js': 'x = 1;\n' }, failing);
    expect(p.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/could not be searched .*Unknown method findText/),
      }),
    );
    // Planned without the search (a caller that does not locate): never a file.
    const named = mergeChangeSets(detectAll(block('x = 1;\n', 'x = 2;\n')))!;
    const q = plan(named, new Map());
    expect(q.files).toEqual([]);
    expect(q.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/the folder was not searched/),
      }),
    );
  });

  it('names at most a few candidates when many files hold the lines of the search text', async () => {
    const access: FolderAccess = {
      existing: async () => new Set(),
      find: async (queries): Promise<FolderSearch> => ({
        root: '/proj',
        files: 900,
        queries: queries.map(() => ({ paths: ['a.js', 'b.js', 'c.js', 'd.js'], matched: 120 })),
      }),
    };
    const { changeSet } = await planIn(block('x\n', 'y\n'), {}, access);
    expect(changeSet.ops[0]!.alias).toMatchObject({
      how: 'content',
      paths: ['a.js', 'b.js', 'c.js', 'd.js'],
      search: { matched: 120 },
    });
    const p = plan(
      changeSet,
      new Map(['a.js', 'b.js', 'c.js', 'd.js'].map((f) => [f, { text: 'x\n', hash: f }])),
    );
    expect(p.diagnostics).toContainEqual(
      expect.objectContaining({
        message: expect.stringMatching(
          /120 files of the folder hold the lines of its search text \(a\.js, b\.js, c\.js and 117 more\), too many to compare/,
        ),
      }),
    );
  });
});

describe('locate by content: a block that names a file that does not exist', () => {
  it('goes to the one file that holds its search text, shown as written by the reply (corpus booklensapp-001)', async () => {
    const reply = block(
      "import logger from './logger.js';\n",
      "import logger from '../config/logger.js';\n",
      'src/shared/errors.js',
    );
    const { plan: p } = await planIn(reply, { 'utils/errors.js': ERRORS, 'utils/logger.js': LOGGER });
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'utils/errors.js',
        guess: true,
        byContent: true,
        writtenAs: 'src/shared/errors.js',
        status: 'ok',
      }),
    ]);
    expect(p.files[0]!.notes[0]!.message).toBe(
      'The reply names src/shared/errors.js for the SEARCH/REPLACE at reply line 1, which does not exist; utils/errors.js is the one file of the folder that holds its search text. That is a guess: check it.',
    );
  });

  it('of several files that hold it, takes the one whose name is like the one written (corpus ProBrandwacht-002)', async () => {
    const files = {
      'postcss.config.js': 'module.exports = {\n  plugins: {},\n}\n',
      'tailwind.config.js': '/** @type */\nmodule.exports = {\n  content: [],\n}\n',
    };
    const { plan: p } = await planIn(
      block('module.exports = {\n', 'export default {\n', 'postcss.config.cjs'),
      files,
    );
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'postcss.config.js',
        guess: true,
        newText: 'export default {\n  plugins: {},\n}\n',
      }),
    ]);
    expect(p.files[0]!.notes[0]!.message).toMatch(
      /postcss\.config\.js is the one of the 2 files that hold its search text \(postcss\.config\.js and tailwind\.config\.js\) whose name is like it\./,
    );
  });

  it('refuses when several hold it and no one name is like the one written, naming them', async () => {
    const files = { 'a/x.js': 'k = 1;\n', 'b/y.js': 'k = 1;\n' };
    const { plan: p } = await planIn(block('k = 1;\n', 'k = 2;\n', 'src/z.js'), files);
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'src/z.js',
        status: 'error',
        error: {
          kind: 'ambiguous',
          message:
            'The reply names src/z.js for the SEARCH/REPLACE at reply line 1, which does not exist, and its search text is in 2 files (a/x.js and b/y.js); no file is chosen.',
        },
      }),
    ]);
    // Two files named like it are no better than none.
    const like = { 'a/z.js': 'k = 1;\n', 'b/z.ts': 'k = 1;\n' };
    const q = (await planIn(block('k = 1;\n', 'k = 2;\n', 'src/z.js'), like)).plan;
    expect(q.files[0]).toMatchObject({ status: 'error', error: { kind: 'ambiguous' } });
  });

  it('refuses as missing when no file holds it', async () => {
    const { plan: p } = await planIn(block('k = 1;\n', 'k = 2;\n', 'src/z.js'), { 'a.js': 'j = 1;\n' });
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'src/z.js',
        status: 'error',
        error: expect.objectContaining({
          kind: 'missing-file',
          message: expect.stringMatching(
            /which does not exist, and no file of the folder holds its search text/,
          ),
        }),
      }),
    ]);
  });

  it('keeps the file an earlier operation of the reply creates', async () => {
    const reply = `${block('', 'k = 1;\n', 'src/z.js')}\nThen:\n\n${block('k = 1;\n', 'k = 2;\n', 'other.txt')}\n${block('k = 1;\n', 'k = 3;\n', 'src/z.js')}`;
    const { plan: p } = await planIn(reply, { 'other.txt': 'k = 1;\n' });
    expect(p.files.map((f) => [f.path, f.newText, f.guess ?? false])).toEqual([
      ['src/z.js', 'k = 3;\n', false],
      ['other.txt', 'k = 2;\n', false],
    ]);
  });
});

describe('locate by content: a block that names a file that exists', () => {
  it('is never moved to another file, even when only another file holds its search text (corpus odoc-004)', async () => {
    const calls = { find: 0 };
    const files = { 'friends.tsx': 'export const F = 1;\n', 'chat.tsx': 'import x from "y";\n' };
    const reply = block('import x from "y";\n', 'import x from "z";\n', 'friends.tsx');
    const { changeSet, plan: p } = await planIn(reply, files, memoryFolder(files, calls));
    expect(calls.find).toBe(0);
    expect(opsToLocate(changeSet, (f) => f in files)).toEqual([]);
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'friends.tsx',
        status: 'error',
        error: expect.objectContaining({ kind: 'no-match' }),
      }),
    ]);
  });

  it('makes no call at all for a reply whose blocks all name files that exist', async () => {
    const calls = { find: 0 };
    const files = { 'a.js': 'x\n' };
    await planIn(block('x\n', 'y\n', 'a.js'), files, memoryFolder(files, calls));
    expect(calls.find).toBe(0);
  });
});

describe('names alike', () => {
  it.each([
    ['utils/errors.js', 'src/shared/errors.js', true],
    ['postcss.config.js', 'postcss.config.cjs', true],
    ['src/App.TSX', 'app.tsx', true],
    ['Makefile', 'build/Makefile', true],
    ['utils/error.js', 'src/shared/errors.js', false],
    ['tailwind.config.js', 'postcss.config.cjs', false],
  ])('%s is like %s: %s', (candidate, written, like) => {
    expect(resembles(candidate, written)).toBe(like);
  });
});

describe('the folder search key', () => {
  it('the ladder for SEARCH text is the one the key was written for', () => {
    // searchKey must ignore everything these rungs ignore; a new rung needs the key checked again.
    expect(TEXT_RUNGS).toEqual(['exact', 'trailing-whitespace', 'indentation', 'typography']);
  });

  it('needles are the lines of the first SEARCH, longest first, without blank or `...` lines', () => {
    const op = srOp([
      { search: 'a\n\n  ...\nlonger line\n', replace: '' },
      { search: 'not searched in the file as it is\n', replace: '' },
    ]);
    expect(op.kind === 'search-replace' && contentNeedles(op)).toEqual(['longer line', 'a']);
  });

  // Whatever the engine finds a SEARCH in, the folder search finds too: a file it leaves out would make
  // another one look like the only one.
  it('never leaves out a file the edit applies to', () => {
    const word = fc.stringMatching(/^[a-z“”‘’—–`]{1,6}$/);
    const line = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const loosen = (l: string, how: number) =>
      [
        l,
        `${l}  `,
        `    ${l}`,
        `\t${l.replace(/“|”/g, '"').replace(/‘|’/g, "'").replace(/—|–/g, '-')}`,
        l.replace(/ /g, '\u00a0'),
      ][how % 5]!;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (lines, at, len, how) => {
          const start = at % lines.length;
          const window = lines.slice(start, start + 1 + (len % 3)).map((l, i) => loosen(l, how + i));
          const file = `${lines.join('\n')}\n`;
          const op = srOp([{ search: `${window.join('\n')}\n`, replace: 'new\n', takeFirst: true }]);
          if (op.kind !== 'search-replace' || !applyOp(file, op).ok) return;
          expect(holdsNeedles(searchKey(file), contentNeedles(op).map(searchKey))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
