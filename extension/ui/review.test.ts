import { describe, expect, it } from 'vitest';
import type { ChangeSet, Op } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import type { Method, ParamsOf, ResultOf } from '../../shared/protocol/protocol';
import {
  applyLabel,
  applyReview,
  buildReview,
  changesFor,
  defaultTicks,
  errorInfo,
  type HostCall,
  mergeChangeSets,
  type Review,
  reviewLabel,
  rowStatus,
  undoApply,
} from './review';

const ROOT = '/home/ada/site';

function set(format: ChangeSet['source']['format'], ops: Op[], extra: Partial<ChangeSet> = {}): ChangeSet {
  return { id: `${format}-1`, source: { format }, ops, diagnostics: [], ...extra };
}

function proposal(changeSets: ChangeSet[]): Proposal {
  return {
    site: 'chatgpt.com',
    url: 'https://chatgpt.com/c/1',
    replyId: 'r1',
    textSource: 'api',
    changeSets,
    text: '',
  };
}

type Files = Record<string, string | { error: string }>;

/** A stand-in host: files in memory, every call recorded, any method overridable. */
function fakeHost(files: Files, overrides: Partial<{ [M in Method]: (p: ParamsOf<M>) => ResultOf<M> }> = {}) {
  const calls: { method: Method; params: unknown }[] = [];
  const call: HostCall = async (method, params) => {
    calls.push({ method, params });
    const o = overrides[method] as ((p: unknown) => unknown) | undefined;
    if (o) return o(params) as never;
    if (method === 'readFiles') {
      const p = params as ParamsOf<'readFiles'>;
      return {
        root: p.root,
        files: p.paths.map((path) => {
          const f = files[path];
          if (f === undefined) return { path, exists: false as const };
          if (typeof f !== 'string')
            return { path, exists: 'error' as const, error: { code: 14, message: f.error } };
          return { path, exists: true as const, text: f, hash: `h:${f}`, size: f.length, mode: 0o644 };
        }),
      } as never;
    }
    throw new Error(`unexpected call ${method}`);
  };
  return { call, calls };
}

function hostError(code: number, message: string, path?: string) {
  return Object.assign(new Error(message), { code, path });
}

async function reviewOf(sets: ChangeSet[], files: Files): Promise<Review> {
  const r = await buildReview(proposal(sets), ROOT, fakeHost(files).call);
  if (!r.ok) throw new Error(r.message);
  return r.review;
}

const modifyA: Op = {
  kind: 'search-replace',
  path: 'a.ts',
  line: 3,
  edits: [{ search: 'const a = 1;\n', replace: 'const a = 2;\n', all: false }],
};
const createB: Op = { kind: 'create', path: 'b.ts', content: 'export {};\n', ifExists: 'fail', line: 10 };
const missC: Op = {
  kind: 'search-replace',
  path: 'c.ts',
  line: 20,
  edits: [{ search: 'nothing like this\n', replace: 'x\n', all: false }],
};

describe('mergeChangeSets', () => {
  it('returns null for no change sets and the set itself for one', () => {
    expect(mergeChangeSets([])).toBeNull();
    const one = set('whole-file', [createB]);
    expect(mergeChangeSets([one])).toBe(one);
  });

  it('orders ops by reply line across formats and moves diagnostic op indexes along', () => {
    const first = set('structured-json', [createB, { kind: 'shell', command: 'npm i', line: 30 }], {
      summary: 'Add b',
      diagnostics: [{ severity: 'warning', message: 'about npm', line: 30, op: 1 }],
    });
    const second = set('unified-diff', [modifyA, missC], {
      summary: 'Fix a',
      diagnostics: [
        { severity: 'info', message: 'about c', line: 20, op: 1 },
        { severity: 'error', message: 'no op', line: 1 },
      ],
    });
    const m = mergeChangeSets([first, second])!;
    expect(m.ops.map((o) => o.line)).toEqual([3, 10, 20, 30]);
    expect(m.diagnostics.map((d) => [d.message, d.op])).toEqual([
      ['no op', undefined],
      ['about c', 2],
      ['about npm', 3],
    ]);
    expect(m.diagnostics[0]).not.toHaveProperty('op');
    expect(m.summary).toBe('Add b\n\nFix a');
    expect(m.source.format).toBe('structured-json');
  });

  it('keeps the order of ops that share a reply line', () => {
    const x: Op = { kind: 'delete', path: 'x', line: 5 };
    const y: Op = { kind: 'delete', path: 'y', line: 5 };
    const z: Op = { kind: 'delete', path: 'z', line: 5 };
    const m = mergeChangeSets([set('markdown-actions', [x, y]), set('whole-file', [z])])!;
    expect(m.ops.map((o) => (o.kind === 'delete' ? o.path : ''))).toEqual(['x', 'y', 'z']);
  });
});

describe('buildReview', () => {
  it('reads exactly the files the plan needs, from the chosen folder', async () => {
    const host = fakeHost({ 'a.ts': 'const a = 1;\n' });
    const r = await buildReview(proposal([set('search-replace', [modifyA, createB])]), ROOT, host.call);
    expect(r.ok).toBe(true);
    expect(host.calls).toEqual([{ method: 'readFiles', params: { root: ROOT, paths: ['a.ts', 'b.ts'] } }]);
  });

  it('plans each file: a modify, a create and a search that fails with the nearest lines', async () => {
    const review = await reviewOf([set('search-replace', [modifyA, createB, missC])], {
      'a.ts': 'const a = 1;\n',
      'c.ts': 'something else\n',
    });
    expect(review.files.map((f) => [f.path, f.action, f.status])).toEqual([
      ['a.ts', 'modify', 'ok'],
      ['b.ts', 'create', 'ok'],
      ['c.ts', 'modify', 'error'],
    ]);
    expect(review.files[0]!.newText).toBe('const a = 2;\n');
    expect(review.files[0]!.baseHash).toBe('h:const a = 1;\n');
    expect(review.files[2]!.error?.kind).toBe('no-match');
  });

  it('turns a file the host could not read into an error with the host’s reason', async () => {
    const review = await reviewOf([set('search-replace', [modifyA])], {
      'a.ts': { error: 'a.ts is not UTF-8 text.' },
    });
    expect(review.files).toHaveLength(1);
    expect(review.files[0]).toMatchObject({
      path: 'a.ts',
      status: 'error',
      newText: null,
      error: { kind: 'unreadable', message: 'a.ts is not UTF-8 text.' },
    });
    expect(changesFor(review, new Set(['a.ts']))).toEqual([]);
  });

  it('reads an absolute path inside the chosen folder as that file; outside it, a tail is a guess left unticked', async () => {
    const del = (path: string): Op => ({
      kind: 'delete',
      path: path.slice(1),
      line: 1,
      alias: {
        how: 'absolute',
        written: path,
        paths: path
          .split('/')
          .slice(2)
          .map((_, i, a) => a.slice(i).join('/')),
      },
    });
    const inside = await reviewOf([set('xml-edits', [del(`${ROOT}/a.ts`)])], { 'a.ts': 'x\n' });
    expect(inside.files.map((f) => [f.path, f.status, f.guess ?? false])).toEqual([['a.ts', 'ok', false]]);
    expect(defaultTicks(inside)).toEqual(new Set(['a.ts']));
    const outside = await reviewOf([set('xml-edits', [del('/Users/bo/proj/a.ts')])], { 'a.ts': 'x\n' });
    expect(outside.files.map((f) => [f.path, f.status, f.guess, f.writtenAs])).toEqual([
      ['a.ts', 'ok', true, '/Users/bo/proj/a.ts'],
    ]);
    expect(defaultTicks(outside)).toEqual(new Set());
  });

  it('treats a path the host left out of its answer as unreadable', async () => {
    const host = fakeHost({}, { readFiles: (p) => ({ root: p.root, files: [] }) });
    const r = await buildReview(proposal([set('whole-file', [createB])]), ROOT, host.call);
    expect(r.ok && r.review.files[0]!.error).toEqual({
      kind: 'unreadable',
      message: 'The host did not send b.ts.',
    });
  });

  it('marks a rename whose source could not be read', async () => {
    const review = await reviewOf(
      [set('markdown-actions', [{ kind: 'rename', from: 'old.ts', to: 'new.ts', line: 2 }])],
      {
        'old.ts': { error: 'old.ts is too large.' },
      },
    );
    expect(review.files[0]).toMatchObject({ status: 'error', error: { message: 'old.ts is too large.' } });
  });

  it('fails as a value when the folder cannot be read', async () => {
    const host = fakeHost(
      {},
      {
        readFiles: () => {
          throw hostError(11, 'The home folder itself cannot be a project.');
        },
      },
    );
    const r = await buildReview(proposal([set('whole-file', [createB])]), '/home/ada', host.call);
    expect(r).toEqual({ ok: false, code: 11, message: 'The home folder itself cannot be a project.' });
  });

  it('needs no host call for a reply with only commands or nothing', async () => {
    const host = fakeHost({});
    const r = await buildReview(
      proposal([set('markdown-actions', [{ kind: 'shell', command: 'npm test', line: 4 }])]),
      ROOT,
      host.call,
    );
    expect(host.calls).toEqual([]);
    expect(r.ok && r.review.scripts).toEqual([{ command: 'npm test', line: 4 }]);
    const empty = await buildReview(proposal([]), ROOT, host.call);
    expect(empty.ok && empty.review.files).toEqual([]);
  });

  it('keeps the reply’s diagnostics and lists every format', async () => {
    const review = await reviewOf(
      [
        set('whole-file', [createB], {
          diagnostics: [{ severity: 'warning', message: 'unclosed fence', line: 12 }],
        }),
        set('unified-diff', [{ kind: 'delete', path: 'gone.ts', line: 15 }]),
      ],
      { 'gone.ts': 'x\n' },
    );
    expect(review.formats).toEqual(['whole-file', 'unified-diff']);
    expect(review.diagnostics).toContainEqual({ severity: 'warning', message: 'unclosed fence', line: 12 });
    expect(review.files.map((f) => f.action)).toEqual(['create', 'delete']);
  });
});

describe('ticks', () => {
  it('ticks files that planned fine and leaves errors and guessed names unticked', async () => {
    const guessed: Op = { kind: 'replace', path: 'g.py', content: 'print(2)\n', line: 30, guess: true };
    const review = await reviewOf([set('whole-file', [modifyA, createB, missC, guessed])], {
      'a.ts': 'const a = 1;\n',
      'c.ts': 'other\n',
      'g.py': 'print(1)\n',
    });
    expect(review.files.find((f) => f.path === 'g.py')).toMatchObject({ status: 'ok', guess: true });
    expect([...defaultTicks(review)]).toEqual(['a.ts', 'b.ts']);
  });

  it('leaves a file unticked that an error of the reply points at (a block cut off with the reply)', async () => {
    const review = await reviewOf(
      [
        set('whole-file', [modifyA, createB], {
          diagnostics: [
            { severity: 'error', message: 'never closed: the reply may be cut off', line: 10, op: 1 },
          ],
        }),
      ],
      { 'a.ts': 'const a = 1;\n' },
    );
    expect(review.files.map((f) => [f.path, f.status])).toEqual([
      ['a.ts', 'ok'],
      ['b.ts', 'ok'],
    ]);
    expect([...defaultTicks(review)]).toEqual(['a.ts']);
    // Ticked by hand, it is written.
    expect(changesFor(review, new Set(['a.ts', 'b.ts'])).map((c) => c.path)).toEqual(['a.ts', 'b.ts']);
  });

  it('writes a placeholder file only when ticked, and never a file that failed', async () => {
    const withPlaceholder: Op = {
      kind: 'replace',
      path: 'a.ts',
      content: 'const a = 2;\n// ... rest of the code ...\n',
      line: 3,
    };
    const review = await reviewOf([set('whole-file', [withPlaceholder, missC])], {
      'a.ts': 'const a = 1;\nconst b = 1;\n',
      'c.ts': 'other\n',
    });
    expect(review.files[0]!.error?.kind).toBe('placeholder');
    expect(defaultTicks(review).size).toBe(0);
    expect(changesFor(review, new Set())).toEqual([]);
    expect(changesFor(review, new Set(['a.ts', 'c.ts']))).toEqual([
      {
        action: 'modify',
        path: 'a.ts',
        baseHash: 'h:const a = 1;\nconst b = 1;\n',
        content: 'const a = 2;\n// ... rest of the code ...\n',
      },
    ]);
  });
});

describe('applyReview', () => {
  const sets = [
    set('markdown-actions', [
      modifyA,
      createB,
      { kind: 'shell', command: 'npm install', line: 40 },
      { kind: 'shell', command: 'npm test', line: 41 },
      { kind: 'shell', command: 'npm run lint', line: 42 },
    ]),
  ];
  const files = { 'a.ts': 'const a = 1;\n' };
  const applied = (p: ParamsOf<'apply'>) => ({
    applyId: 'A1',
    files: p.changes.map((c) => ({ path: c.path, action: c.action, status: 'ok' as const })),
  });

  it('writes the ticked files in one apply, with hashes and the label, then runs ticked commands in order', async () => {
    const review = await reviewOf(sets, files);
    const ran: string[] = [];
    const host = fakeHost(files, {
      apply: applied,
      runScript: (p) => {
        ran.push(p.command);
        return { exitCode: 0, signal: null, output: `ran ${p.command}\n`, truncated: false, timedOut: false };
      },
    });
    const steps: unknown[] = [];
    const out = await applyReview(
      review,
      new Set(['a.ts']),
      new Set([0, 2]),
      'chatgpt.com reply',
      host.call,
      (s) => steps.push(s),
    );
    expect(host.calls[0]).toEqual({
      method: 'apply',
      params: {
        root: ROOT,
        label: 'chatgpt.com reply',
        changes: [
          { action: 'modify', path: 'a.ts', baseHash: 'h:const a = 1;\n', content: 'const a = 2;\n' },
        ],
      },
    });
    expect(ran).toEqual(['npm install', 'npm run lint']);
    expect(steps).toEqual([
      { phase: 'writing', files: 1 },
      { phase: 'script', index: 0, command: 'npm install' },
      { phase: 'script', index: 1, command: 'npm run lint' },
    ]);
    expect(out).toMatchObject({
      state: 'applied',
      applyId: 'A1',
      files: [{ path: 'a.ts', status: 'ok' }],
      scripts: [
        { command: 'npm install', status: 'ok', output: 'ran npm install\n', exitCode: 0 },
        { command: 'npm run lint', status: 'ok' },
      ],
    });
  });

  it('stops running commands after one fails', async () => {
    const review = await reviewOf(sets, files);
    const host = fakeHost(files, {
      apply: applied,
      runScript: (p) => {
        if (p.command === 'npm test') throw hostError(30, 'sh not found');
        return { exitCode: 1, signal: null, output: 'E404\n', truncated: false, timedOut: false };
      },
    });
    const out = await applyReview(review, new Set(['a.ts']), new Set([0, 1, 2]), 'x', host.call);
    expect(out.state === 'applied' && out.scripts.map((s) => [s.command, s.status])).toEqual([
      ['npm install', 'failed'],
      ['npm test', 'not-run'],
      ['npm run lint', 'not-run'],
    ]);
    expect(host.calls.filter((c) => c.method === 'runScript')).toHaveLength(1);
  });

  it('reports a failed command that could not start with the host’s message', async () => {
    const review = await reviewOf(sets, files);
    const host = fakeHost(files, {
      runScript: () => {
        throw hostError(30, 'The command could not be started.');
      },
    });
    const out = await applyReview(review, new Set(), new Set([1]), 'x', host.call);
    expect(host.calls.map((c) => c.method)).toEqual(['runScript']);
    expect(out).toEqual({
      state: 'applied',
      files: [],
      scripts: [
        { command: 'npm test', line: 41, status: 'failed', output: 'The command could not be started.' },
      ],
    });
  });

  it('turns a Conflict into the conflict state naming every changed file, and runs no command', async () => {
    const review = await reviewOf(sets, files);
    const host = fakeHost(files, {
      apply: () => {
        throw hostError(
          20,
          '2 files changed since the preview: a.ts (changed on disk); b.ts (now exists). Nothing was written.',
          'a.ts',
        );
      },
    });
    const out = await applyReview(review, new Set(['a.ts', 'b.ts']), new Set([0]), 'x', host.call);
    expect(out).toEqual({
      state: 'conflict',
      message:
        '2 files changed since the preview: a.ts (changed on disk); b.ts (now exists). Nothing was written.',
      paths: ['a.ts', 'b.ts'],
    });
    expect(host.calls.map((c) => c.method)).toEqual(['apply']);
    expect(rowStatus(review.files[0]!, out)).toBe('conflict');
  });

  it('reports any other host error as failed', async () => {
    const review = await reviewOf(sets, files);
    const host = fakeHost(files, {
      apply: () => {
        throw hostError(22, 'Another apply is running.');
      },
    });
    expect(await applyReview(review, new Set(['b.ts']), new Set(), 'x', host.call)).toEqual({
      state: 'failed',
      code: 22,
      message: 'Another apply is running.',
    });
  });

  it('calls nothing when nothing is ticked', async () => {
    const review = await reviewOf(sets, files);
    const host = fakeHost(files);
    const out = await applyReview(review, new Set(), new Set(), 'x', host.call);
    expect(out.state).toBe('failed');
    expect(host.calls).toEqual([]);
  });
});

describe('rowStatus', () => {
  it('shows the plan status before the apply and the host’s per-file result after', async () => {
    const review = await reviewOf([set('whole-file', [modifyA, createB, missC])], {
      'a.ts': 'const a = 1;\n',
      'c.ts': 'x\n',
    });
    const [a, b, c] = review.files as [
      Review['files'][number],
      Review['files'][number],
      Review['files'][number],
    ];
    expect([rowStatus(a, null), rowStatus(c, null)]).toEqual(['ok', 'error']);
    const out = {
      state: 'applied' as const,
      applyId: 'A',
      files: [{ path: 'a.ts', action: 'modify' as const, status: 'ok' as const }],
      scripts: [],
    };
    expect([rowStatus(a, out), rowStatus(b, out), rowStatus(c, out)]).toEqual([
      'applied',
      'skipped',
      'skipped',
    ]);
  });
});

describe('undoApply', () => {
  it('undoes one apply, and passes force only when asked', async () => {
    const host = fakeHost({}, { undo: (p) => ({ applyId: p.applyId ?? 'newest', files: [] }) });
    expect(await undoApply(host.call, ROOT, 'A1')).toEqual({ state: 'undone', applyId: 'A1', files: [] });
    await undoApply(host.call, ROOT, undefined, true);
    expect(host.calls.map((c) => c.params)).toEqual([
      { root: ROOT, applyId: 'A1' },
      { root: ROOT, force: true },
    ]);
  });

  it('reports a file edited after the apply as a conflict', async () => {
    const host = fakeHost(
      {},
      {
        undo: () => {
          throw hostError(20, 'a.ts was changed after the apply.', 'a.ts');
        },
      },
    );
    expect(await undoApply(host.call, ROOT)).toEqual({
      state: 'conflict',
      message: 'a.ts was changed after the apply.',
    });
  });
});

describe('labels', () => {
  it.each([
    [3, 0, 'Apply 3 files'],
    [1, 0, 'Apply 1 file'],
    [1, 2, 'Apply 1 file and run 2 commands'],
    [0, 1, 'Run 1 command'],
    [0, 0, 'Apply 0 files'],
  ])('%i files, %i commands → %s', (files, scripts, label) => {
    expect(applyLabel(files, scripts)).toBe(label);
  });

  it('names the site and the first line of the summary', () => {
    const cs = set('whole-file', [], { summary: 'Fix the login form\nMore detail' });
    expect(reviewLabel(proposal([]), cs)).toBe('ChatGPT reply: Fix the login form');
    expect(reviewLabel({ ...proposal([]), site: 'paste' }, set('whole-file', []))).toBe('Pasted reply');
    expect(reviewLabel({ ...proposal([]), site: 'claude.ai' }, set('whole-file', []))).toBe(
      'claude.ai reply',
    );
  });

  it('reads code, message and path from whatever was thrown', () => {
    expect(errorInfo(hostError(12, 'gone', 'x'))).toEqual({ code: 12, message: 'gone', path: 'x' });
    expect(errorInfo(new Error('plain'))).toEqual({ code: -1, message: 'plain' });
    expect(errorInfo('text')).toEqual({ code: -1, message: 'text' });
  });
});

describe('buildReview: a SEARCH block that names no file, or one that does not exist (locate-by-content.ts)', () => {
  const unnamed: Op = {
    kind: 'search-replace',
    path: '',
    line: 4,
    alias: { how: 'content', written: '', paths: [] },
    edits: [
      {
        search: "import logger from './logger.js';\n",
        replace: "import logger from '../log.js';\n",
        all: false,
      },
    ],
  };
  const ERRORS = "import logger from './logger.js';\nexport {};\n";
  /** findText over the fake host's files, as the host answers it. */
  const finder =
    (files: Record<string, string>) =>
    (p: ParamsOf<'findText'>): ResultOf<'findText'> => ({
      root: p.root,
      files: Object.keys(files).length,
      queries: p.queries.map((q) => {
        const paths = Object.keys(files).filter((f) => q.needles.every((n) => files[f]!.includes(n.trim())));
        return { paths, matched: paths.length };
      }),
    });

  it.each([false, true])(
    'asks the host to search the folder, reads the one file found and offers it unticked (in parts: %s)',
    async (inParts) => {
      const files = { 'utils/errors.js': ERRORS, 'utils/logger.js': 'export default console;\n' };
      const host = fakeHost(files, { findText: finder(files) });
      const r = await buildReview(
        proposal([set('search-replace', [unnamed, createB])]),
        ROOT,
        host.call,
        inParts ? { onProgress: () => undefined, yieldAfter: async () => undefined } : {},
      );
      if (!r.ok) throw new Error(r.message);
      expect(host.calls).toEqual([
        { method: 'readFiles', params: { root: ROOT, paths: ['b.ts'] } },
        {
          method: 'findText',
          params: { root: ROOT, queries: [{ needles: ["import logger from './logger.js';"] }] },
        },
        { method: 'readFiles', params: { root: ROOT, paths: ['utils/errors.js'] } },
      ]);
      const found = r.review.files.find((f) => f.path === 'utils/errors.js')!;
      expect(found).toMatchObject({ status: 'ok', guess: true, byContent: true });
      expect(found.writtenAs).toBeUndefined();
      expect(found.notes[0]!.message).toMatch(
        /names no file .* utils\/errors\.js is the one file of the folder/,
      );
      // Nothing is written until the user ticks it.
      expect(defaultTicks(r.review)).toEqual(new Set(['b.ts']));
      expect(changesFor(r.review, defaultTicks(r.review)).map((c) => c.path)).toEqual(['b.ts']);
      expect(changesFor(r.review, new Set(['utils/errors.js']))).toEqual([
        {
          action: 'modify',
          path: 'utils/errors.js',
          baseHash: `h:${ERRORS}`,
          content: ERRORS.replace('./logger.js', '../log.js'),
        },
      ]);
    },
  );

  it('shows the refusal, naming the files, when several hold the search text', async () => {
    const files = { 'a.js': ERRORS, 'b.js': ERRORS };
    const r = await buildReview(
      proposal([set('search-replace', [unnamed])]),
      ROOT,
      fakeHost(files, { findText: finder(files) }).call,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.review.files).toEqual([]);
    expect(r.review.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/its search text is in 2 files \(a\.js and b\.js\)/),
      }),
    );
  });

  it('a named file that does not exist: shown under the name found, with the name the reply wrote', async () => {
    const files = { 'utils/errors.js': ERRORS };
    const { alias: _none, ...rest } = unnamed;
    const named: Op = { ...rest, path: 'src/shared/errors.js' };
    const r = await buildReview(
      proposal([set('search-replace', [named])]),
      ROOT,
      fakeHost(files, { findText: finder(files) }).call,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.review.files).toEqual([
      expect.objectContaining({
        path: 'utils/errors.js',
        writtenAs: 'src/shared/errors.js',
        guess: true,
        byContent: true,
      }),
    ]);
  });

  it('an older host without findText: nothing is chosen, and the reason is shown', async () => {
    const r = await buildReview(
      proposal([set('search-replace', [unnamed])]),
      ROOT,
      fakeHost(
        {},
        {
          findText: () => {
            throw hostError(2, 'Unknown method findText');
          },
        },
      ).call,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.review.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(
          /could not be searched for its search text \(Unknown method findText\)/,
        ),
      }),
    );
  });
});

describe('buildReview: a file named in another letter case (resolve-paths.ts, resolveCase)', () => {
  const README = '# Title\n\nOld text.\n';
  const edit: Op = {
    kind: 'search-replace',
    path: 'README.md',
    line: 2,
    edits: [{ search: 'Old text.\n', replace: 'New text.\n', all: false }],
  };
  /** readFiles as the host answers it: a missing file with the files that have its name in another case. */
  const caseAware =
    (files: Record<string, string>) =>
    (p: ParamsOf<'readFiles'>): ResultOf<'readFiles'> => ({
      root: p.root,
      files: p.paths.map((path) => {
        const f = files[path];
        if (f !== undefined)
          return { path, exists: true, text: f, hash: `h:${f}`, size: f.length, mode: 0o644 };
        const caseVariants = Object.keys(files).filter((k) => k.toLowerCase() === path.toLowerCase());
        return caseVariants.length > 0 ? { path, exists: false, caseVariants } : { path, exists: false };
      }),
    });

  it.each([false, true])(
    'reads the variant in the second round and offers it unticked, saying why (in parts: %s)',
    async (inParts) => {
      const files = { 'readme.md': README };
      const host = fakeHost(files, { readFiles: caseAware(files) });
      const r = await buildReview(
        proposal([set('search-replace', [edit, createB])]),
        ROOT,
        host.call,
        inParts ? { onProgress: () => undefined, yieldAfter: async () => undefined } : {},
      );
      if (!r.ok) throw new Error(r.message);
      // No folder search: a name that exists in another case is that file.
      expect(host.calls).toEqual([
        { method: 'readFiles', params: { root: ROOT, paths: ['README.md', 'b.ts'] } },
        { method: 'readFiles', params: { root: ROOT, paths: ['readme.md'] } },
      ]);
      const found = r.review.files.find((f) => f.path === 'readme.md')!;
      expect(found).toMatchObject({ status: 'ok', guess: true, byCase: true, writtenAs: 'README.md' });
      expect(found.notes[0]!.message).toBe(
        'The reply names README.md (reply line 2); readme.md is the file of the project with that name in another case. That is a guess: check it.',
      );
      expect(r.review.files.map((f) => f.path)).toEqual(['readme.md', 'b.ts']);
      expect(defaultTicks(r.review)).toEqual(new Set(['b.ts']));
      expect(changesFor(r.review, new Set(['readme.md']))).toEqual([
        { action: 'modify', path: 'readme.md', baseHash: `h:${README}`, content: '# Title\n\nNew text.\n' },
      ]);
    },
  );

  it('two variants: the row is refused, naming them', async () => {
    const files = { 'readme.md': README, 'Readme.md': README };
    const r = await buildReview(
      proposal([set('search-replace', [edit])]),
      ROOT,
      fakeHost(files, { readFiles: caseAware(files) }).call,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.review.files).toEqual([
      expect.objectContaining({
        path: 'README.md',
        status: 'error',
        error: {
          kind: 'ambiguous',
          message:
            'The reply names README.md (reply line 2), which does not exist; readme.md and Readme.md are files of the project with that name in another case, so none is chosen.',
        },
      }),
    ]);
  });
});
