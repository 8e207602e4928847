/**
 * A reply that names a file in another letter case (issue 25): `README.md` for the project's `readme.md`,
 * `Src/app.js` for `src/app.js`. Every op that reads or writes such a name means the existing file, as a
 * guess; never a second file beside it (on a case-insensitive disk the same write would land on it
 * unreviewed). The reads go as the CLI and the review make them: planNeedsFirst, then planNeedsMore with
 * the host's `caseVariants` of the missing names.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../changeset/changeset';
import { detectAll } from '../formats/registry';
import { caseKey } from '../paths/case';
import { independentParts } from './parts';
import {
  caseVariantsToRead,
  type FileSnapshot,
  type Plan,
  plan,
  planNeedsFirst,
  planNeedsMore,
} from './plan';

type Tree = Record<string, string>;

/** What the host's readFiles answers for a path: its snapshot, or missing with its variants. */
function readLikeTheHost(
  tree: Tree,
  paths: string[],
  snaps: Map<string, FileSnapshot | null>,
  cases: Map<string, string[]>,
) {
  for (const p of paths) {
    if (p in tree) {
      snaps.set(p, { text: tree[p]!, hash: `h:${p}` });
      continue;
    }
    snaps.set(p, null);
    const variants = Object.keys(tree)
      .filter((k) => k !== p && caseKey(k) === caseKey(p))
      .sort();
    if (variants.length > 0) cases.set(p, variants);
    else {
      // No file in any case: the deepest folders of the name that exist in another case, with the rest.
      const segments = p.split('/');
      const folders = new Set(
        Object.keys(tree).flatMap((k) =>
          k
            .split('/')
            .slice(0, -1)
            .map((_, i, a) => a.slice(0, i + 1).join('/')),
        ),
      );
      for (let i = segments.length - 1; i > 0; i--) {
        const written = segments.slice(0, i).join('/');
        const fits = [...folders].filter((f) => caseKey(f) === caseKey(written));
        if (fits.length === 0) continue;
        if (!fits.includes(written))
          cases.set(p, fits.map((f) => [f, ...segments.slice(i)].join('/')).sort());
        break;
      }
    }
  }
}

function changeSetOf(reply: string): ChangeSet {
  const sets = detectAll(reply);
  expect(sets.length).toBeGreaterThan(0);
  return {
    id: 't',
    source: { format: sets[0]!.source.format },
    ops: sets.flatMap((s) => s.ops),
    diagnostics: [],
  };
}

/** The plan of a reply against a tree, read in the CLI's rounds. */
function planOf(reply: string, tree: Tree): Plan {
  const set = changeSetOf(reply);
  const snaps = new Map<string, FileSnapshot | null>();
  const cases = new Map<string, string[]>();
  readLikeTheHost(tree, planNeedsFirst(set), snaps, cases);
  readLikeTheHost(tree, planNeedsMore(set, snaps, cases), snaps, cases);
  readLikeTheHost(tree, caseVariantsToRead(snaps, cases), snaps, cases);
  return plan(set, snaps, { caseVariants: cases });
}

/** The tree after writing what the plan would write, guesses included (as `--include-guesses`). */
function written(p: Plan, tree: Tree): Tree {
  const out = { ...tree };
  for (const f of p.files) {
    if (f.status !== 'ok') continue;
    if (f.from !== undefined) delete out[f.from];
    if (f.action === 'delete') delete out[f.path];
    else out[f.path] = f.newText!;
  }
  return out;
}

const row = (p: Plan) =>
  p.files.map((f) => ({
    path: f.from ? `${f.from} → ${f.path}` : f.path,
    action: f.action,
    status: f.status,
    guess: f.guess ?? false,
    byCase: f.byCase ?? false,
  }));

const fence = (path: string, body: string, lang = '') => `${path}\n\`\`\`${lang}\n${body}\`\`\`\n`;
const sr = (path: string, search: string, replace: string) =>
  `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
const diff = (path: string, hunk: string) => `\`\`\`diff\n--- a/${path}\n+++ b/${path}\n${hunk}\`\`\`\n`;

const README = '# Dream Analyst\n\nOld text.\n';
const APP = 'export const app = 1;\n';

describe('a name in another case: each kind of op means the existing file, as a guess', () => {
  // | op                          | reply names      | on disk          | the plan                            |
  it.each([
    [
      'whole file',
      fence('README.md', '# New\n', 'markdown'),
      { 'readme.md': README },
      'readme.md',
      '# New\n',
    ],
    [
      'empty SEARCH (aider appends to the file)',
      sr('README.md', '', 'More.\n'),
      { 'readme.md': README },
      'readme.md',
      `${README}More.\n`,
    ],
    [
      'SEARCH/REPLACE edit',
      sr('README.md', 'Old text.\n', 'New text.\n'),
      { 'readme.md': README },
      'readme.md',
      '# Dream Analyst\n\nNew text.\n',
    ],
    [
      'patch',
      diff('README.md', '@@ -3 +3 @@\n-Old text.\n+New text.\n'),
      { 'readme.md': README },
      'readme.md',
      '# Dream Analyst\n\nNew text.\n',
    ],
    [
      'hunk of only added lines on the missing name (@@ -0,0 +1 @@)',
      diff('Test', '@@ -0,0 +1 @@\n+line1\n'),
      { test: 'line2\n' },
      'test',
      'line1\nline2\n',
    ],
    [
      'FILE_NEW (create, overwriting)',
      '<FILE_CHANGES>\n<FILE_NEW file_path="src/App.jsx">\nexport const app = 2;\n</FILE_NEW>\n</FILE_CHANGES>\n',
      { 'src/app.jsx': APP },
      'src/app.jsx',
      'export const app = 2;\n',
    ],
    [
      'a folder in another case',
      sr('Src/app.js', 'export const app = 1;\n', 'export const app = 2;\n'),
      { 'src/app.js': APP },
      'src/app.js',
      'export const app = 2;\n',
    ],
    [
      'folder and name in another case',
      fence('SRC/App.js', 'export const app = 3;\n', 'js'),
      { 'src/app.js': APP },
      'src/app.js',
      'export const app = 3;\n',
    ],
  ])('%s', (_what, reply, tree: Tree, file, text) => {
    const p = planOf(reply, tree);
    expect(row(p)).toEqual([{ path: file, action: 'modify', status: 'ok', guess: true, byCase: true }]);
    const f = p.files[0]!;
    expect(f.writtenAs).not.toBe(file);
    expect(f.writtenAs?.toLowerCase()).toBe(file.toLowerCase());
    expect(f.notes[0]!.message).toBe(
      `The reply names ${f.writtenAs} (reply line ${f.lines[0]}); ${file} is the file of the project with that name in another case. That is a guess: check it.`,
    );
    // Never a second file: the tree keeps one name for it.
    expect(written(p, tree)).toEqual({ ...tree, [file]: text });
  });

  it('a delete of the missing name deletes the existing file, as a guess', () => {
    const p = planOf('<FILE_CHANGES>\n<FILE_DELETE file_path="README.md" />\n</FILE_CHANGES>\n', {
      'readme.md': README,
    });
    expect(row(p)).toEqual([
      { path: 'readme.md', action: 'delete', status: 'ok', guess: true, byCase: true },
    ]);
  });

  it('a rename of the missing name moves the existing file, as a guess', () => {
    const p = planOf(
      '<FILE_CHANGES>\n<FILE_RENAME from_path="README.md" to_path="docs/readme.md" />\n</FILE_CHANGES>\n',
      {
        'readme.md': README,
      },
    );
    expect(row(p)).toEqual([
      { path: 'readme.md → docs/readme.md', action: 'rename', status: 'ok', guess: true, byCase: true },
    ]);
  });

  it('a diff whose two names both do not exist: the one file with either name in another case', () => {
    const reply = '```diff\n--- abc\t2013-01-05\n+++ efg\t2013-01-05\n@@ -1 +1,2 @@\n x\n+y\n```\n';
    const p = planOf(reply, { Efg: 'x\n' });
    expect(row(p)).toEqual([{ path: 'Efg', action: 'modify', status: 'ok', guess: true, byCase: true }]);
    expect(p.files[0]!.notes[0]!.message).toBe(
      'The reply names abc or efg (reply line 2); Efg is the file of the project with that name in another case. That is a guess: check it.',
    );
    expect(p.files[0]!.newText).toBe('x\ny\n');
  });

  it('an absolute path whose tail is a file of the project in another case', () => {
    const reply = '<FILE_CHANGES>\n<FILE_DELETE file_path="/Users/a/site/index.html" />\n</FILE_CHANGES>\n';
    const p = planOf(reply, { 'Index.html': '<p>\n' });
    expect(row(p)).toEqual([
      { path: 'Index.html', action: 'delete', status: 'ok', guess: true, byCase: true },
    ]);
    expect(p.files[0]).toMatchObject({ writtenAs: '/Users/a/site/index.html' });
    expect(p.files[0]!.outside).toBeUndefined();
    expect(p.files[0]!.notes[0]!.message).toMatch(
      /^The reply names \/Users\/a\/site\/index\.html \(reply line 2\); Index\.html is the file of the project/,
    );
  });

  it('a made-up folder over a name in another case (read in a third round)', () => {
    const p = planOf(sr('path/to/sample.txt', 'a\n', 'b\n'), { 'Sample.txt': 'a\n' });
    expect(row(p)).toEqual([
      { path: 'Sample.txt', action: 'modify', status: 'ok', guess: true, byCase: true },
    ]);
    expect(p.files[0]!.notes[0]!.message).toMatch(/^The reply names path\/to\/sample\.txt or sample\.txt/);
  });

  it('a diff that creates the name (--- /dev/null) is refused: the file exists in another case', () => {
    const reply = '```diff\n--- /dev/null\n+++ b/README.md\n@@ -0,0 +1 @@\n+# New\n```\n';
    const p = planOf(reply, { 'readme.md': README });
    expect(row(p)).toEqual([
      { path: 'readme.md', action: 'create', status: 'error', guess: true, byCase: true },
    ]);
    expect(p.files[0]!.error?.kind).toBe('exists');
  });
});

describe('a name in another case: what is never chosen', () => {
  it('two files with the name in other cases: refused, naming both', () => {
    const p = planOf(fence('README.md', '# New\n', 'markdown'), { 'readme.md': README, 'Readme.md': README });
    expect(row(p)).toEqual([
      { path: 'README.md', action: 'create', status: 'error', guess: false, byCase: false },
    ]);
    expect(p.files[0]!.error).toEqual({
      kind: 'ambiguous',
      message:
        'The reply names README.md (reply line 1), which does not exist; Readme.md and readme.md are files of the project with that name in another case, so none is chosen.',
    });
  });

  it('two folders in other cases: refused, naming both', () => {
    const p = planOf(sr('Src/app.js', 'export const app = 1;\n', 'x\n'), {
      'src/app.js': APP,
      'SRC/app.js': APP,
    });
    expect(p.files[0]!.error?.message).toMatch(/SRC\/app\.js and src\/app\.js are files of the project/);
  });

  it('the exact name exists: it is the file, and the variant beside it is never touched', () => {
    const tree = { 'README.md': README, 'readme.md': README };
    for (const reply of [
      fence('README.md', '# New\n', 'markdown'),
      sr('README.md', 'Old text.\n', 'New text.\n'),
      diff('README.md', '@@ -3 +3 @@\n-Old text.\n+New text.\n'),
    ]) {
      const p = planOf(reply, tree);
      expect(row(p)).toEqual([
        { path: 'README.md', action: 'modify', status: 'ok', guess: false, byCase: false },
      ]);
      expect(written(p, tree)['readme.md']).toBe(README);
    }
  });

  it('no file has the name in any case: a new file, as before', () => {
    const p = planOf(fence('README.md', '# New\n', 'markdown'), { 'docs/readme.md': README });
    expect(row(p)).toEqual([
      { path: 'README.md', action: 'create', status: 'ok', guess: false, byCase: false },
    ]);
  });

  it('a variant an earlier operation deleted is gone: the name is a new file', () => {
    const reply =
      '<FILE_CHANGES>\n<FILE_DELETE file_path="readme.md" />\n<FILE_NEW file_path="README.md">\n# New\n</FILE_NEW>\n</FILE_CHANGES>\n';
    const p = planOf(reply, { 'readme.md': README });
    expect(row(p)).toEqual([
      { path: 'readme.md', action: 'delete', status: 'ok', guess: false, byCase: false },
      { path: 'README.md', action: 'create', status: 'ok', guess: false, byCase: false },
    ]);
  });
});

describe('a new file whose folder exists in another case', () => {
  it('goes into that folder, as a guess, never a second folder beside it', () => {
    const p = planOf(fence('Src/components/New.tsx', 'export {};\n', 'tsx'), { 'src/app.js': APP });
    expect(row(p)).toEqual([
      { path: 'src/components/New.tsx', action: 'create', status: 'ok', guess: true, byCase: true },
    ]);
    expect(p.files[0]!.notes[0]!.message).toBe(
      'The reply names Src/components/New.tsx (reply line 1); its folder is src/components/ in the project, in another case, so it is src/components/New.tsx. That is a guess: check it.',
    );
    expect(written(p, { 'src/app.js': APP })).toEqual({
      'src/app.js': APP,
      'src/components/New.tsx': 'export {};\n',
    });
  });

  it('two files of the reply in the same folder both go there, and one in the folder as written stays', () => {
    const reply = `${fence('Src/a.js', 'a\n')}\n${fence('Src/b.js', 'b\n')}\n${fence('src/c.js', 'c\n')}`;
    const p = planOf(reply, { 'src/app.js': APP });
    expect(row(p)).toEqual([
      { path: 'src/a.js', action: 'create', status: 'ok', guess: true, byCase: true },
      { path: 'src/b.js', action: 'create', status: 'ok', guess: true, byCase: true },
      { path: 'src/c.js', action: 'create', status: 'ok', guess: false, byCase: false },
    ]);
  });

  it('two folders with the name in other cases: refused, naming both', () => {
    const p = planOf(fence('lib/c.js', 'c\n'), { 'Lib/a.js': 'a\n', 'LIB/b.js': 'b\n' });
    expect(p.files.map((f) => [f.path, f.status, f.error?.message])).toEqual([
      [
        'lib/c.js',
        'error',
        'The reply names lib/c.js (reply line 1), which does not exist; its folder is in the project in several other cases (LIB/c.js and Lib/c.js), so none is chosen.',
      ],
    ]);
  });

  it('an edit of a missing file in such a folder is not made a new file: it is missing there too', () => {
    const p = planOf(sr('Src/gone.js', 'x\n', 'y\n'), { 'src/app.js': APP });
    expect(p.files.map((f) => [f.path, f.status, f.error?.kind])).toEqual([
      ['src/gone.js', 'error', 'missing-file'],
    ]);
  });

  it('a move into such a folder is refused with the folder named', () => {
    const reply =
      '```diff\ndiff --git a/notes.md b/Docs/notes.md\nsimilarity index 100%\nrename from notes.md\nrename to Docs/notes.md\n```\n';
    const p = planOf(reply, { 'notes.md': 'n\n', 'docs/guide.md': 'g\n' });
    expect(p.files.map((f) => [f.status, f.error?.kind, f.error?.message])).toEqual([
      [
        'error',
        'exists',
        "The reply moves notes.md to Docs/notes.md (reply line 2), but its folder is docs/ in the project, in another case. No second folder is made beside it; ask for the move with the folder's own name.",
      ],
    ]);
  });
});

describe('a rename or move onto a name that exists in another case', () => {
  it('git rename: refused as existing, never a second file', () => {
    const reply =
      '```diff\ndiff --git a/notes.md b/README.md\nsimilarity index 100%\nrename from notes.md\nrename to README.md\n```\n';
    const p = planOf(reply, { 'notes.md': 'n\n', 'readme.md': README });
    expect(row(p)).toEqual([
      { path: 'notes.md → README.md', action: 'rename', status: 'error', guess: false, byCase: false },
    ]);
    expect(p.files[0]!.error).toEqual({
      kind: 'exists',
      message:
        'The reply moves notes.md to README.md (reply line 2), but readme.md exists: the same name in another case. It is not overwritten, and no second file is made beside it.',
    });
  });

  it('v4a Move to onto a file that exists in another case: refused', () => {
    const reply =
      '*** Begin Patch\n*** Update File: old/name.txt\n*** Move to: renamed/dir/name.txt\n@@\n-from\n+new\n*** End Patch\n';
    const p = planOf(reply, { 'old/name.txt': 'from\n', 'renamed/dir/Name.txt': 'existing\n' });
    expect(p.files.map((f) => [f.path, f.status, f.error?.kind])).toEqual([
      ['renamed/dir/name.txt', 'error', 'exists'],
    ]);
  });

  it('renaming a file to its own name in another case is a rename, not a conflict', () => {
    const p = planOf(
      '<FILE_CHANGES>\n<FILE_RENAME from_path="readme.md" to_path="README.md" />\n</FILE_CHANGES>\n',
      {
        'readme.md': README,
      },
    );
    expect(row(p)).toEqual([
      { path: 'readme.md → README.md', action: 'rename', status: 'ok', guess: false, byCase: false },
    ]);
  });
});

describe('planning in parts', () => {
  it('names that differ only in case share a part, so one file gets one plan', () => {
    const reply = `${sr('README.md', 'Old text.\n', 'New text.\n')}\n${sr('readme.md', '# Dream Analyst\n', '# Dreams\n')}`;
    const set = changeSetOf(reply);
    expect(independentParts(set)).toHaveLength(1);
    const p = planOf(reply, { 'readme.md': README });
    expect(row(p)).toEqual([
      { path: 'readme.md', action: 'modify', status: 'ok', guess: true, byCase: true },
    ]);
    expect(p.files[0]!.newText).toBe('# Dreams\n\nNew text.\n');
  });

  it('a variant the caller did not read is never chosen (nor a crash): the name is planned as before', () => {
    const set = changeSetOf(fence('README.md', '# New\n', 'markdown'));
    const p = plan(set, new Map([['README.md', null]]), {
      caseVariants: new Map([['README.md', ['readme.md']]]),
    });
    expect(row(p)).toEqual([
      { path: 'README.md', action: 'create', status: 'ok', guess: false, byCase: false },
    ]);
  });

  it('the second round reads the variants of the missing names only', () => {
    const set = changeSetOf(`${sr('README.md', 'a\n', 'b\n')}\n${sr('src/app.js', 'a\n', 'b\n')}`);
    expect(planNeedsFirst(set)).toEqual(['README.md', 'src/app.js']);
    const snaps = new Map<string, FileSnapshot | null>([
      ['README.md', null],
      ['src/app.js', { text: APP, hash: 'h' }],
    ]);
    expect(planNeedsMore(set, snaps, new Map([['README.md', ['readme.md']]]))).toEqual(['readme.md']);
  });
});
