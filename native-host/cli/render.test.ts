import { describe, expect, it } from 'vitest';
import type { Op } from '../../shared/changeset/changeset';
import { fakeIO } from './fake-io';
import { COLOR, colorDiff, describeOp, PLAIN, renderDiagnostic, styleFor } from './render';

describe('describeOp', () => {
  it.each<[Op, string, string]>([
    [{ kind: 'create', path: 'a.ts', content: '', ifExists: 'fail', line: 1 }, 'create', 'a.ts'],
    [{ kind: 'create', path: 'a.ts', content: '', ifExists: 'overwrite', line: 1 }, 'write', 'a.ts'],
    [{ kind: 'replace', path: 'a.ts', content: '', line: 1 }, 'replace', 'a.ts'],
    [{ kind: 'delete', path: 'a.ts', line: 1 }, 'delete', 'a.ts'],
    [{ kind: 'rename', from: 'a.ts', to: 'b.ts', line: 1 }, 'rename', 'a.ts → b.ts'],
    [{ kind: 'shell', command: 'npm test', line: 1 }, 'run', 'npm test'],
    [{ kind: 'patch', path: 'a.ts', hunks: [{ lines: [] }], line: 1 }, 'patch', 'a.ts (1 hunk)'],
    [
      { kind: 'patch', path: 'a.ts', newPath: 'b.ts', hunks: [{ lines: [] }, { lines: [] }], line: 1 },
      'rename+patch',
      'a.ts → b.ts (2 hunks)',
    ],
    [{ kind: 'patch', path: 'a.ts', isNew: true, hunks: [], line: 1 }, 'create', 'a.ts'],
    [
      { kind: 'search-replace', path: 'a.ts', edits: [{ search: 'x', replace: 'y', all: false }], line: 1 },
      'edit',
      'a.ts (1 search/replace block)',
    ],
    [
      { kind: 'insert', path: 'a.ts', beforeLine: 4, content: 'x', line: 1 },
      'insert',
      'a.ts (before line 4)',
    ],
    [
      {
        kind: 'edit-ranges',
        path: 'a.ts',
        edits: [
          { start: 2, end: 3, content: '' },
          { start: 5, end: 4, content: '' },
        ],
        line: 1,
      },
      'edit',
      'a.ts (lines 2-3, before 5)',
    ],
  ])('%j', (op, action, target) => {
    expect(describeOp(op)).toEqual({ action, target });
  });
});

describe('styles', () => {
  it.each([
    { tty: false, env: {}, colour: false },
    { tty: true, env: {}, colour: true },
    { tty: true, env: { NO_COLOR: '1' }, colour: false },
    { tty: false, env: { FORCE_COLOR: '1' }, colour: true },
    { tty: true, env: { FORCE_COLOR: '0' }, colour: true },
    { tty: false, env: { FORCE_COLOR: '0' }, colour: false },
  ])('tty $tty, env $env → colour $colour', ({ tty, env, colour }) => {
    expect(styleFor(fakeIO({ cwd: '/', tty, env })) === COLOR).toBe(colour);
  });

  it('colours diff lines by their prefix', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n same';
    expect(colorDiff(diff, PLAIN)).toBe(diff);
    expect(colorDiff(diff, COLOR).split('\n')).toEqual([
      '\x1b[1m--- a/x\x1b[22m',
      '\x1b[1m+++ b/x\x1b[22m',
      '\x1b[36m@@ -1 +1 @@\x1b[39m',
      '\x1b[31m-old\x1b[39m',
      '\x1b[32m+new\x1b[39m',
      ' same',
    ]);
  });

  it('renders a diagnostic with its reply line', () => {
    expect(renderDiagnostic({ severity: 'warning', line: 7, message: 'odd' }, PLAIN)).toBe(
      'warning (reply line 7): odd',
    );
  });
});
