import { describe, expect, it } from 'vitest';
import type { ChangeSet, Op } from '../../shared/changeset/changeset';
import { summarizeOps } from './ops-summary';

const set = (ops: Op[], diagnostics: ChangeSet['diagnostics'] = []): ChangeSet => ({
  id: 'x',
  source: { format: 'markdown-actions' },
  ops,
  diagnostics,
});

describe('summarizeOps', () => {
  it('lists each op that names no file as a row of its own: found by its content, or named by the user', () => {
    const s = summarizeOps([
      set([
        {
          kind: 'replace',
          path: '',
          content: 'def f():\n  pass\n',
          part: true,
          line: 2,
          alias: { how: 'content', written: '', paths: [] },
        },
        {
          kind: 'create',
          path: '',
          content: 'import os\n',
          ifExists: 'overwrite',
          line: 9,
          alias: { how: 'ask', written: '', paths: [] },
        },
      ]),
    ]);
    expect(s.files).toEqual([
      { path: '', action: 'modify', lines: [2], guess: false, unnamed: 'find' },
      { path: '', action: 'create', lines: [9], guess: false, unnamed: 'ask' },
    ]);
  });

  it('gives each file the action it ends with, following renames', () => {
    const s = summarizeOps([
      set([
        { kind: 'create', path: 'new.ts', content: '', ifExists: 'fail', line: 1 },
        { kind: 'replace', path: 'a.ts', content: '', line: 5 },
        { kind: 'rename', from: 'a.ts', to: 'b.ts', line: 9 },
        { kind: 'search-replace', path: 'b.ts', edits: [], line: 12 },
        { kind: 'delete', path: 'old.ts', line: 15 },
        { kind: 'shell', command: 'npm test', line: 20 },
      ]),
      set([
        { kind: 'patch', path: 'c.ts', hunks: [], newPath: 'd.ts', line: 3 },
        { kind: 'patch', path: 'e.ts', hunks: [], isNew: true, line: 4 },
        { kind: 'patch', path: 'f.ts', hunks: [], isDelete: true, line: 6 },
        { kind: 'replace', path: 'g.py', content: '', line: 7, guess: true },
      ]),
    ]);
    expect(s.files).toEqual([
      { path: 'new.ts', action: 'create', lines: [1], guess: false },
      { path: 'd.ts', from: 'c.ts', action: 'rename', lines: [3], guess: false },
      { path: 'e.ts', action: 'create', lines: [4], guess: false },
      { path: 'b.ts', from: 'a.ts', action: 'rename', lines: [5, 9, 12], guess: false },
      { path: 'f.ts', action: 'delete', lines: [6], guess: false },
      { path: 'g.py', action: 'modify', lines: [7], guess: true },
      { path: 'old.ts', action: 'delete', lines: [15], guess: false },
    ]);
    expect(s.scripts).toEqual([{ command: 'npm test', line: 20 }]);
  });

  it('keeps a created-then-renamed file new, and a modified-then-deleted file deleted', () => {
    const s = summarizeOps([
      set([
        { kind: 'create', path: 'x.ts', content: '', ifExists: 'fail', line: 1 },
        { kind: 'rename', from: 'x.ts', to: 'y.ts', line: 2 },
        { kind: 'replace', path: 'z.ts', content: '', line: 3 },
        { kind: 'delete', path: 'z.ts', line: 4 },
      ]),
    ]);
    expect(s.files.map((f) => [f.path, f.action, f.from])).toEqual([
      ['y.ts', 'create', undefined],
      ['z.ts', 'delete', undefined],
    ]);
  });

  it('lists only the error diagnostics, in reply order', () => {
    const s = summarizeOps([
      set([], [{ severity: 'error', message: 'late', line: 9 }]),
      set(
        [],
        [
          { severity: 'warning', message: 'meh', line: 1 },
          { severity: 'error', message: 'early', line: 2 },
        ],
      ),
    ]);
    expect(s.errors.map((d) => d.message)).toEqual(['early', 'late']);
  });
});
