/**
 * Paths that are not the file's name as it stands (issue 11): absolute paths, made-up and doubled
 * folders, a diff's two names and strip levels — read by the registry, resolved by the plan.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../changeset/changeset';
import { detectAll } from '../formats/registry';
import { independentParts } from './parts';
import { type FileSnapshot, plan, planNeeds, planNeedsFirst, planNeedsMore } from './plan';
import { inRoot, mapIntoRoot, readReplyPath } from './resolve-paths';

/** The plan of a reply against a tree (path → text), with every snapshot planNeeds asks for. */
function planOf(reply: string, tree: Record<string, string>, roots: string[] = []) {
  const sets = detectAll(reply);
  const set: ChangeSet = mapIntoRoot(
    { id: 't', source: { format: sets[0]!.source.format }, ops: sets.flatMap((s) => s.ops), diagnostics: [] },
    roots,
  );
  const snaps = new Map<string, FileSnapshot | null>();
  for (const p of planNeeds(set)) snaps.set(p, p in tree ? { text: tree[p]!, hash: p } : null);
  return plan(set, snaps);
}
const summary = (p: ReturnType<typeof planOf>) =>
  p.files.map((f) => ({ path: f.path, action: f.action, status: f.status, guess: f.guess ?? false }));

describe('readReplyPath', () => {
  it.each([
    ['src/a.ts', { ok: true, path: 'src/a.ts' }],
    [
      '/Users/me/proj/src/a.ts',
      {
        ok: true,
        path: 'Users/me/proj/src/a.ts',
        alias: {
          how: 'absolute',
          written: '/Users/me/proj/src/a.ts',
          paths: ['me/proj/src/a.ts', 'proj/src/a.ts', 'src/a.ts', 'a.ts'],
        },
      },
    ],
    [
      'C:\\work\\a.txt',
      {
        ok: true,
        path: 'work/a.txt',
        alias: { how: 'absolute', written: 'C:\\work\\a.txt', paths: ['a.txt'] },
      },
    ],
    [
      'path/to/a.py',
      {
        ok: true,
        path: 'path/to/a.py',
        alias: { how: 'placeholder', written: 'path/to/a.py', paths: ['a.py'] },
      },
    ],
    [
      'sub/sub/a.txt',
      {
        ok: true,
        path: 'sub/sub/a.txt',
        alias: { how: 'doubled', written: 'sub/sub/a.txt', paths: ['sub/a.txt'] },
      },
    ],
    [
      'a/b/a/b/x',
      { ok: true, path: 'a/b/a/b/x', alias: { how: 'doubled', written: 'a/b/a/b/x', paths: ['a/b/x'] } },
    ],
  ])('%s', (raw, want) => {
    expect(readReplyPath(raw)).toEqual(want);
  });

  it.each(['/etc/../../x', '/home/me/.git/hooks/pre-commit', '../x', '~/.bashrc', '//server/share/x'])(
    'refuses %s: an absolute path is as unsafe as a relative one below its root',
    (raw) => {
      expect(readReplyPath(raw).ok).toBe(false);
    },
  );

  it('makes a path inside the chosen folder relative, as chosen or as resolved', () => {
    expect(inRoot('/home/me/proj/src/a.ts', ['/home/me/proj'])).toBe('src/a.ts');
    expect(inRoot('/home/me/proj/src/a.ts', ['/elsewhere', '/home/me/proj/'])).toBe('src/a.ts');
    expect(inRoot('/home/me/project2/a.ts', ['/home/me/proj'])).toBeNull();
    expect(inRoot('C:\\Work\\a.ts', ['c:/work'])).toBe('a.ts');
  });
});

describe('absolute paths (Repo Prompt; seed 004)', () => {
  const reply = (path: string) => `File ${path}\n### Action delete\n`;

  it('inside the chosen folder: the file itself, not a guess', () => {
    const p = planOf(reply('/home/me/proj/old.txt'), { 'old.txt': 'x\n' }, ['/home/me/proj']);
    expect(summary(p)).toEqual([{ path: 'old.txt', action: 'delete', status: 'ok', guess: false }]);
  });

  it('outside it: the one existing tail, as a guess that shows the path written', () => {
    const p = planOf(reply('/Volumes/x/o11n/package.json'), { 'package.json': '{}\n' });
    expect(summary(p)).toEqual([{ path: 'package.json', action: 'delete', status: 'ok', guess: true }]);
    expect(p.files[0]!.writtenAs).toBe('/Volumes/x/o11n/package.json');
  });

  it('two existing tails: no guess', () => {
    const p = planOf(reply('/x/a/b.txt'), { 'a/b.txt': '1\n', 'b.txt': '2\n' });
    expect(p.files[0]!.status).toBe('error');
    expect(p.files[0]!.error?.message).toMatch(/matches 2 files/);
  });

  it('no existing tail: an error, never a write outside the folder', () => {
    const p = planOf(reply('/etc/hosts'), {});
    expect(p.files[0]).toMatchObject({ status: 'error', error: { kind: 'missing-file' } });
  });

  it('a new file goes where the reply’s other absolute paths put the project (a guess)', () => {
    const text = [
      '<file path="/u/site/src/a.ts" action="delete"/>',
      '<file path="/u/site/src/new.ts" action="create">',
      '<change><content>',
      '===',
      'x',
      '===',
      '</content></change>',
      '</file>',
    ].join('\n');
    const p = planOf(text, { 'src/a.ts': 'a\n' });
    expect(summary(p)).toEqual([
      { path: 'src/a.ts', action: 'delete', status: 'ok', guess: true },
      { path: 'src/new.ts', action: 'create', status: 'ok', guess: true },
    ]);
  });

  it('keeps every absolute path of a reply in one part, so the CLI plans them together', () => {
    const sets = detectAll('File /u/p/a.txt\n### Action delete\n\nFile /u/p/b.txt\n### Action delete\n');
    expect(independentParts({ ...sets[0]!, ops: sets.flatMap((s) => s.ops) })).toHaveLength(1);
  });
});

describe('made-up and doubled folders', () => {
  const whole = (path: string) => `${path}\n\`\`\`\nnew\n\`\`\`\n`;

  it('path/to/x names the existing x, as a guess (aider; llm-023)', () => {
    expect(summary(planOf(whole('path/to/sample.txt'), { 'sample.txt': 'old\n' }))).toEqual([
      { path: 'sample.txt', action: 'modify', status: 'ok', guess: true },
    ]);
  });

  it('sub/sub/x names the existing sub/x, as a guess; the doubled path is never created', () => {
    expect(summary(planOf(whole('sub/sub/sample.txt'), { 'sub/sample.txt': 'old\n' }))).toEqual([
      { path: 'sub/sample.txt', action: 'modify', status: 'ok', guess: true },
    ]);
  });

  it('a doubled path that exists is the file itself (Django’s mysite/mysite/)', () => {
    expect(summary(planOf(whole('mysite/mysite/urls.py'), { 'mysite/mysite/urls.py': 'old\n' }))).toEqual([
      { path: 'mysite/mysite/urls.py', action: 'modify', status: 'ok', guess: false },
    ]);
  });
});

describe("a diff's names (GNU patch and git apply rules)", () => {
  const diff = (a: string, b: string) => `\`\`\`diff\n--- ${a}\n+++ ${b}\n@@ -1 +1 @@\n-x\n+y\n\`\`\`\n`;

  it.each([
    ['--- a / +++ b where only b exists (udiff-113, 123)', 'abc', 'efg', { efg: 'x\n' }, 'efg'],
    ['... where only a exists', 'abc', 'efg', { abc: 'x\n' }, 'abc'],
    [
      'two trees: -p1 (udiff-089)',
      'linux-vanilla/lib/x.c',
      'linux-mm/lib/x.c',
      { 'lib/x.c': 'x\n' },
      'lib/x.c',
    ],
    ['both exist: the one the hunk fits', 'abc', 'efg', { abc: 'q\n', efg: 'x\n' }, 'efg'],
  ])('%s', (_name, a, b, tree, path) => {
    const p = planOf(diff(a, b), tree);
    expect(summary(p)).toEqual([{ path, action: 'modify', status: 'ok', guess: false }]);
  });

  it('a folder above the chosen one: the deeper strip level, only as a guess (udiff-091)', () => {
    expect(summary(planOf(diff('a/branches/Makefile', 'b/branches/Makefile'), { Makefile: 'x\n' }))).toEqual([
      { path: 'Makefile', action: 'modify', status: 'ok', guess: true },
    ]);
  });
});

describe('reading in two rounds (planNeedsFirst, planNeedsMore)', () => {
  const setOf = (reply: string): ChangeSet => {
    const sets = detectAll(reply);
    return {
      id: 't',
      source: { format: sets[0]!.source.format },
      ops: sets.flatMap((s) => s.ops),
      diagnostics: [],
    };
  };
  const diff = '```diff\n--- a/src/x.c\n+++ b/src/x.c\n@@ -1 +1 @@\n-a\n+b\n```\n';

  it('reads a diff’s deeper strip levels only when the file it names is missing', () => {
    const set = setOf(diff);
    expect(planNeedsFirst(set)).toEqual(['src/x.c']);
    expect(planNeedsMore(set, new Map([['src/x.c', { text: 'a\n', hash: 'h' }]]))).toEqual([]);
    expect(planNeedsMore(set, new Map([['src/x.c', null]]))).toEqual(['x.c']);
  });

  it('reads every tail of an absolute path at once, and a made-up folder’s file only when needed', () => {
    expect(planNeedsFirst(setOf('File /u/p/a.txt\n### Action delete\n'))).toEqual([
      'u/p/a.txt',
      'p/a.txt',
      'a.txt',
    ]);
    const made = setOf('path/to/a.txt\n```\nx\n```\n');
    expect(planNeedsFirst(made)).toEqual(['path/to/a.txt']);
    expect(planNeedsMore(made, new Map([['path/to/a.txt', null]]))).toEqual(['a.txt']);
  });

  it('plans the same as one round would', () => {
    const set = setOf(diff);
    const tree: Record<string, string> = { 'x.c': 'a\n' };
    const snaps = new Map<string, FileSnapshot | null>();
    const read = (paths: string[]) => {
      for (const p of paths) snaps.set(p, p in tree ? { text: tree[p]!, hash: p } : null);
    };
    read(planNeedsFirst(set));
    read(planNeedsMore(set, snaps));
    const all = new Map<string, FileSnapshot | null>(
      planNeeds(set).map((p) => [p, p in tree ? { text: tree[p]!, hash: p } : null]),
    );
    expect(plan(set, snaps)).toEqual(plan(set, all));
  });
});
