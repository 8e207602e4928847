/**
 * Ops that name no file, and the names a user gives them (unnamed.ts): the review's path field and the
 * CLI's --path-for go through nameOps, which makes the op the reply's own with that path.
 */
import { describe, expect, it } from 'vitest';
import { detectAll } from '../formats/registry';
import { countFiles } from './paths-of';
import { checkGivenPath, nameOps, unnamedOps } from './unnamed';

const REPLY = [
  'Fixed method:',
  '',
  '```python',
  'def load(self, path):',
  '    with open(path) as f:',
  '        return f.read()',
  '```',
  '',
  'And the script:',
  '',
  '```python',
  'import os',
  'import sys',
  '',
  'print(os.getcwd())',
  'print(sys.argv)',
  'sys.exit(0)',
  '```',
].join('\n');

describe('unnamed ops', () => {
  it('lists each op that names no file, with its line and kind', () => {
    expect(unnamedOps(detectAll(REPLY))).toEqual([
      { line: 3, kind: 'part', firstLine: 'def load(self, path):' },
      { line: 11, kind: 'whole', firstLine: 'import os' },
    ]);
  });

  it('counts each as a file of its own on the Apply button', () => {
    expect(countFiles(detectAll(REPLY))).toBe(2);
  });

  it('nameOps gives the named op its path, drops the alias, and leaves the others', () => {
    const sets = nameOps(detectAll(REPLY), new Map([[11, 'tools/run.py']]));
    const ops = sets.flatMap((s) => s.ops);
    expect(ops[1]).toMatchObject({ kind: 'create', path: 'tools/run.py', line: 11 });
    expect(ops[1]).not.toHaveProperty('alias');
    expect(ops[0]).toMatchObject({ path: '', alias: { how: 'content' } });
    expect(unnamedOps(sets).map((u) => u.line)).toEqual([3]);
  });

  it('a path the user types is checked as a reply path is', () => {
    expect(checkGivenPath(' src/app.py ')).toEqual({ ok: true, path: 'src/app.py' });
    for (const bad of ['../x.py', '/etc/passwd', '.git/hooks/pre-commit', '', 'a/\u202eb.py'])
      expect(checkGivenPath(bad).ok, bad).toBe(false);
  });
});
