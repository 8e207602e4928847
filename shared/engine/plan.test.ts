import { describe, expect, it } from 'vitest';
import type { ChangeSet, Op } from '../changeset/changeset';
import { FileChangeSchema } from '../protocol/protocol';
import { type FileSnapshot, plan, planNeeds, toFileChanges } from './plan';
import { hunk, patchOp, srOp, text } from './test-helpers';

const cs = (ops: Op[]): ChangeSet => ({ id: 't', source: { format: 'unified-diff' }, ops, diagnostics: [] });
const H = (c: string) => c.charCodeAt(0).toString(16).padStart(64, '0');
const snaps = (files: Record<string, string | null>): Map<string, FileSnapshot | null> =>
  new Map(Object.entries(files).map(([p, t]) => [p, t === null ? null : { text: t, hash: H(p) }]));

describe('plan', () => {
  it('a git copy starts from the source as it was before the reply, even when the reply edits it (git t4112)', () => {
    const p = plan(
      cs([
        { kind: 'replace', path: 'README', content: 'new\n', line: 1 },
        { kind: 'patch', path: 'arch/README', copyFrom: 'README', copyOfOriginal: true, hunks: [], line: 5 },
      ]),
      snaps({ README: 'old\n', 'arch/README': null }),
    );
    expect(p.files.map((f) => [f.path, f.newText])).toEqual([
      ['README', 'new\n'],
      ['arch/README', 'old\n'],
    ]);
  });

  it('leaves out a guessed op on a missing file, with a warning, and plans the rest', () => {
    const p = plan(
      cs([
        { kind: 'replace', path: 'g.txt', content: 'x', line: 1, guess: true },
        { kind: 'create', path: 'h.txt', content: 'y\n', ifExists: 'fail', line: 5 },
      ]),
      snaps({ 'g.txt': null, 'h.txt': null }),
    );
    expect(p.files.map((f) => [f.path, f.status])).toEqual([['h.txt', 'ok']]);
    expect(p.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 1,
        message: expect.stringMatching(/no such file/),
      }),
    ]);
  });

  it('modifies a file and shows the diff', () => {
    const p = plan(
      cs([srOp([{ search: 'b', replace: 'B' }], { line: 4 })]),
      snaps({ 'a.txt': text('a', 'b') }),
    );
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'a.txt',
        action: 'modify',
        baseHash: H('a.txt'),
        oldText: text('a', 'b'),
        newText: text('a', 'B'),
        status: 'ok',
        lines: [4],
        hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' a', '-b', '+B'] }],
      }),
    ]);
  });

  it('composes several ops on one file in reply order', () => {
    const ops: Op[] = [
      srOp([{ search: 'a', replace: 'x' }], { line: 1 }),
      srOp([{ search: 'x', replace: 'y' }], { line: 9 }),
      patchOp([hunk(['-y', '+z'])], { line: 20 }),
    ];
    const [f] = plan(cs(ops), snaps({ 'a.txt': text('a', 'b') })).files;
    expect(f).toMatchObject({ action: 'modify', newText: text('z', 'b'), lines: [1, 9, 20], status: 'ok' });
    expect(f!.hunks).toHaveLength(1);
  });

  it('follows a rename: rename then patch the new path', () => {
    const ops: Op[] = [
      { kind: 'rename', from: 'a.txt', to: 'b.txt', line: 1 },
      patchOp([hunk(['-a', '+A'])], { path: 'b.txt', line: 2 }),
    ];
    const p = plan(cs(ops), snaps({ 'a.txt': text('a'), 'b.txt': null }));
    expect(p.files).toEqual([
      expect.objectContaining({
        action: 'rename',
        from: 'a.txt',
        path: 'b.txt',
        baseHash: H('a.txt'),
        newText: text('A'),
        status: 'ok',
      }),
    ]);
  });

  it('a patch with newPath is a rename plus a modify', () => {
    const op = patchOp([hunk(['-a', '+A'])], { newPath: 'b.txt' });
    expect(plan(cs([op]), snaps({ 'a.txt': text('a'), 'b.txt': null })).files[0]).toMatchObject({
      action: 'rename',
      from: 'a.txt',
      path: 'b.txt',
      newText: text('A'),
    });
  });

  it('a rename onto an existing file is refused', () => {
    const op: Op = { kind: 'rename', from: 'a.txt', to: 'b.txt', line: 3 };
    const [f] = plan(cs([op]), snaps({ 'a.txt': text('a'), 'b.txt': text('b') })).files;
    expect(f).toMatchObject({
      status: 'error',
      action: 'rename',
      from: 'a.txt',
      path: 'b.txt',
      error: { kind: 'exists' },
    });
  });

  it.each<[string, Op[], Record<string, string | null>, object]>([
    [
      'creates a file',
      [{ kind: 'create', path: 'n.txt', content: 'x\n', ifExists: 'fail', line: 1 }],
      { 'n.txt': null },
      { action: 'create', baseHash: null, newText: 'x\n', status: 'ok' },
    ],
    [
      'create with ifExists fail over an existing file',
      [{ kind: 'create', path: 'n.txt', content: 'x\n', ifExists: 'fail', line: 1 }],
      { 'n.txt': 'y\n' },
      { status: 'error', error: { kind: 'exists' } },
    ],
    [
      'deletes a file',
      [{ kind: 'delete', path: 'a.txt', line: 1 }],
      { 'a.txt': 'a\n' },
      { action: 'delete', newText: null, baseHash: H('a.txt'), status: 'ok' },
    ],
    [
      'delete of a missing file is an error',
      [{ kind: 'delete', path: 'a.txt', line: 1 }],
      { 'a.txt': null },
      { action: 'delete', status: 'error', error: { kind: 'missing-file' } },
    ],

    [
      'a guessed op on an existing file applies',
      [{ kind: 'replace', path: 'g.txt', content: 'x\n', line: 1, guess: true }],
      { 'g.txt': 'y\n' },
      { status: 'ok', guess: true, newText: 'x\n' },
    ],
    [
      'a placeholder is an error that keeps the content',
      [{ kind: 'replace', path: 'a.txt', content: 'a\n// ... rest of the code ...\n', line: 5 }],
      // "a" twice: the comment cannot be filled from the file (elisions.ts).
      { 'a.txt': 'a\nb\na\nc\n' },
      { status: 'error', error: { kind: 'placeholder' }, newText: 'a\n// ... rest of the code ...\n' },
    ],
  ])('%s', (_name, ops, files, expected) => {
    expect(plan(cs(ops), snaps(files)).files[0]).toMatchObject(expected);
  });

  it('a new file at a placeholder path (path/to/…) is flagged, an existing one is not', () => {
    const create: Op = { kind: 'create', path: 'path/to/a.py', content: 'x\n', ifExists: 'fail', line: 1 };
    expect(plan(cs([create]), snaps({ 'path/to/a.py': null })).files[0]).toMatchObject({
      status: 'error',
      error: { kind: 'placeholder' },
      newText: 'x\n',
    });
    const replace: Op = { kind: 'replace', path: 'path/to/a.py', content: 'x\n', line: 1 };
    expect(plan(cs([replace]), snaps({ 'path/to/a.py': 'y\n' })).files[0]!.status).toBe('ok');
  });

  it('a move whose file is missing is shown going where it was going (codex: rename a → b, not a → a)', () => {
    const op = patchOp([hunk(['-before', '+after'])], { path: 'old.txt', newPath: 'renamed.txt' });
    expect(plan(cs([op]), snaps({ 'old.txt': null, 'renamed.txt': null })).files[0]).toMatchObject({
      action: 'rename',
      path: 'renamed.txt',
      from: 'old.txt',
      status: 'error',
    });
  });

  it('a git copy starts from the source, which stays', () => {
    const op = patchOp([hunk(['-old', '+new'])], { path: 'g', copyFrom: 'f' });
    const p = plan(cs([op]), snaps({ f: 'old\n', g: null }));
    expect(p.files).toEqual([
      expect.objectContaining({
        path: 'g',
        action: 'create',
        baseHash: null,
        newText: 'new\n',
        status: 'ok',
      }),
    ]);
    expect(planNeeds(cs([op]))).toEqual(['g', 'f']);
    expect(plan(cs([op]), snaps({ f: 'old\n', g: 'x\n' })).files[0]!.error?.kind).toBe('exists');
    expect(plan(cs([op]), snaps({ f: null, g: null })).files[0]!.error?.kind).toBe('missing-file');
  });

  it('rename then delete deletes the original path', () => {
    const ops: Op[] = [
      { kind: 'rename', from: 'a', to: 'b', line: 1 },
      { kind: 'delete', path: 'b', line: 2 },
    ];
    expect(plan(cs(ops), snaps({ a: 'x\n', b: null })).files).toEqual([
      expect.objectContaining({ path: 'a', action: 'delete', baseHash: H('a'), status: 'ok', lines: [1, 2] }),
    ]);
  });

  it('create then delete plans nothing for that file', () => {
    const ops: Op[] = [
      { kind: 'create', path: 'n', content: 'x', ifExists: 'fail', line: 1 },
      { kind: 'delete', path: 'n', line: 2 },
    ];
    const p = plan(cs(ops), snaps({ n: null }));
    expect(p.files).toEqual([]);
    expect(p.diagnostics).toEqual([expect.objectContaining({ severity: 'info', line: 1 })]);
  });

  it('after a failed op, later ops on that file are not tried', () => {
    const ops = [
      srOp([{ search: 'zzz', replace: '' }], { line: 1 }),
      srOp([{ search: 'a', replace: 'b' }], { line: 2 }),
    ];
    const [f] = plan(cs(ops), snaps({ 'a.txt': text('a') })).files;
    expect(f).toMatchObject({
      status: 'error',
      error: { kind: 'no-match' },
      newText: null,
      hunks: [],
      lines: [1, 2],
    });
    expect(f!.notes.at(-1)!.message).toMatch(/not tried/);
  });

  it('rungs below exact show as notes in the file plan', () => {
    const [f] = plan(cs([srOp([{ search: 'a  ', replace: 'b' }])]), snaps({ 'a.txt': text('a') })).files;
    expect(f!.notes).toEqual([expect.objectContaining({ rung: 'trailing-whitespace', line: 1 })]);
  });

  it('lists shell commands as scripts, and keeps the change set diagnostics', () => {
    const set = cs([{ kind: 'shell', command: 'npm test', line: 7 }]);
    set.diagnostics.push({ severity: 'warning', message: 'odd', line: 2 });
    expect(plan(set, {})).toEqual({
      files: [],
      scripts: [{ command: 'npm test', line: 7 }],
      diagnostics: set.diagnostics,
    });
  });

  it('accepts a plain record of snapshots and throws on a path it was not given', () => {
    const op = srOp([{ search: 'a', replace: 'b' }]);
    expect(plan(cs([op]), { 'a.txt': { text: 'a\n', hash: H('a') } }).files[0]!.newText).toBe('b\n');
    expect(() => plan(cs([op]), {})).toThrow(/planNeeds/);
  });
});

describe('planNeeds', () => {
  it('lists every path, rename targets included, once', () => {
    const ops: Op[] = [
      { kind: 'rename', from: 'a', to: 'b', line: 1 },
      patchOp([], { path: 'c', newPath: 'd' }),
      srOp([], { path: 'a' }),
      { kind: 'shell', command: 'ls', line: 3 },
    ];
    expect(planNeeds(cs(ops))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('toFileChanges', () => {
  const ops: Op[] = [
    { kind: 'create', path: 'new.txt', content: 'n\n', ifExists: 'fail', line: 1 },
    srOp([{ search: 'a', replace: 'A' }], { path: 'mod.txt', line: 2 }),
    { kind: 'delete', path: 'del.txt', line: 3 },
    { kind: 'rename', from: 'old.txt', to: 'moved.txt', line: 4 },
    srOp([{ search: 'zzz', replace: '' }], { path: 'bad.txt', line: 5 }),
    { kind: 'replace', path: 'ph.txt', content: '// ...\n', line: 6 },
  ];
  const p = plan(
    cs(ops),
    snaps({
      'new.txt': null,
      'mod.txt': 'a\n',
      'del.txt': 'd\n',
      'old.txt': 'o\n',
      'moved.txt': null,
      'bad.txt': 'b\n',
      'ph.txt': 'p\n',
    }),
  );
  const all = new Set(p.files.map((f) => f.path));

  it('turns accepted ok files into host changes', () => {
    const changes = toFileChanges(p, all);
    expect(changes).toEqual([
      { action: 'create', path: 'new.txt', baseHash: null, content: 'n\n' },
      { action: 'modify', path: 'mod.txt', baseHash: H('mod.txt'), content: 'A\n' },
      { action: 'delete', path: 'del.txt', baseHash: H('del.txt') },
      { action: 'rename', from: 'old.txt', path: 'moved.txt', baseHash: H('old.txt'), content: 'o\n' },
    ]);
    for (const c of changes) expect(FileChangeSchema.safeParse(c).success).toBe(true);
  });

  it('leaves out files not accepted, and a placeholder unless accepted despite it', () => {
    expect(toFileChanges(p, new Set(['mod.txt'])).map((c) => c.path)).toEqual(['mod.txt']);
    expect(toFileChanges(p, new Set(['ph.txt', 'bad.txt']), new Set(['ph.txt', 'bad.txt']))).toEqual([
      { action: 'modify', path: 'ph.txt', baseHash: H('ph.txt'), content: '// ...\n' },
    ]);
  });
});
