/**
 * independentParts: planning the parts one after another gives the plan of the whole (files compared in
 * the order of their first operation's line), over every CLI scenario reply and hand-made joins.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree, SCENARIOS } from '../../native-host/test/scenario-tree';
import type { ChangeSet, Op } from '../changeset/changeset';
import { mergeChangeSets } from '../changeset/merge';
import { detectAll } from '../formats/registry';
import { independentParts } from './parts';
import { type FilePlan, type FileSnapshot, plan, planNeeds } from './plan';

function snapshotsOf(cs: ChangeSet, tree: Record<string, string>): Map<string, FileSnapshot | null> {
  return new Map(
    planNeeds(cs).map((p) => [p, tree[p] === undefined ? null : { text: tree[p]!, hash: `h:${p}` }]),
  );
}

const byFirstLine = (files: FilePlan[]) =>
  files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.lines[0] ?? 0) - (b.f.lines[0] ?? 0) || a.i - b.i)
    .map(({ f }) => f);

function expectSamePlan(cs: ChangeSet, tree: Record<string, string>): void {
  const snaps = snapshotsOf(cs, tree);
  const whole = plan(cs, snaps);
  const parts = independentParts(cs).map((part) => plan(part, snaps));
  expect(byFirstLine(parts.flatMap((p) => p.files))).toEqual(byFirstLine(whole.files));
  expect(parts.flatMap((p) => p.scripts)).toEqual(whole.scripts);
  expect([...cs.diagnostics, ...parts.flatMap((p) => p.diagnostics)]).toEqual(whole.diagnostics);
}

const scenarios = readdirSync(SCENARIOS).filter((n) => /^\d{3}_/.test(n));

describe('planning part by part is planning the whole', () => {
  it('has scenarios to check', () => {
    expect(scenarios.length).toBeGreaterThan(80);
  });

  it.each(scenarios)('%s', (name) => {
    const reply = readFileSync(join(SCENARIOS, name, 'reply.md'), 'utf8');
    const merged = mergeChangeSets(detectAll(reply, { textSource: 'file' }));
    if (!merged) return;
    expectSamePlan(merged, readTree(join(SCENARIOS, name, 'input')));
  });

  const cs = (ops: Op[]): ChangeSet => ({
    id: 't',
    source: { format: 'unified-diff' },
    ops,
    diagnostics: [],
  });
  const patch = (path: string, line: number, minus: string, plus: string, extra: Partial<Op> = {}): Op =>
    ({ kind: 'patch', path, line, hunks: [{ lines: [`-${minus}`, `+${plus}`] }], ...extra }) as Op;
  const tree = { 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n', 'd.txt': 'd\n' };

  it.each([
    [
      'rename, then a patch of the new name, beside an unrelated file',
      [
        { kind: 'rename', from: 'a.txt', to: 'n.txt', line: 1 },
        patch('b.txt', 2, 'b', 'B'),
        patch('n.txt', 3, 'a', 'A'),
      ],
    ],
    [
      'a chain of renames joining three paths',
      [
        { kind: 'rename', from: 'a.txt', to: 'x.txt', line: 1 },
        patch('c.txt', 2, 'c', 'C'),
        { kind: 'rename', from: 'x.txt', to: 'y.txt', line: 3 },
      ],
    ],
    [
      'a copy joins its source',
      [patch('z.txt', 1, 'd', 'D', { copyFrom: 'd.txt' }), patch('d.txt', 2, 'd', 'dd')],
    ],
    [
      'a patch with a new path, then a create at the old path',
      [
        patch('a.txt', 1, 'a', 'A', { newPath: 'm.txt' }),
        { kind: 'create', path: 'a.txt', content: 'again\n', line: 2 },
      ],
    ],
    [
      'delete, then create the same path; shell commands between',
      [
        { kind: 'delete', path: 'b.txt', line: 1 },
        { kind: 'shell', command: 'make', line: 2 },
        { kind: 'create', path: 'b.txt', content: 'new\n', line: 3 },
        { kind: 'shell', command: 'make test', line: 4 },
      ],
    ],
    [
      'a rename onto a file another operation deleted',
      [
        { kind: 'delete', path: 'c.txt', line: 1 },
        { kind: 'rename', from: 'd.txt', to: 'c.txt', line: 2 },
      ],
    ],
    ['a failing patch beside a good one', [patch('a.txt', 1, 'nope', 'x'), patch('b.txt', 2, 'b', 'B')]],
  ] as Array<[string, Op[]]>)('%s', (_name, ops) => {
    expectSamePlan(cs(ops), tree);
  });

  it('cuts unrelated files apart and keeps joined ones together, in order of first operation', () => {
    const parts = independentParts(
      cs([
        patch('a.txt', 1, 'a', 'A'),
        { kind: 'rename', from: 'b.txt', to: 'q.txt', line: 2 },
        { kind: 'shell', command: 'ls', line: 3 },
        patch('q.txt', 4, 'b', 'B'),
        patch('a.txt', 5, 'A', 'AA'),
      ]),
    );
    expect(parts.map((p) => p.ops.map((o) => o.line))).toEqual([[1, 5], [2, 4], [3]]);
  });
});
