/**
 * buildReview with onProgress: the files are planned part by part and shown as they are planned, and the
 * review at the end is the review planned in one go — over every CLI scenario reply, and a small case.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree, SCENARIOS } from '../../native-host/test/scenario-tree';
import type { ChangeSet, Op } from '../../shared/changeset/changeset';
import { detectAll } from '../../shared/formats/registry';
import type { Proposal } from '../../shared/protocol/messages';
import type { ParamsOf } from '../../shared/protocol/protocol';
import { buildReview, type HostCall, type ReviewProgress } from './review';

const ROOT = '/home/ada/site';

/** The folder in memory; `unreadable` paths answer as the host answers a binary file. */
function hostOf(tree: Record<string, string>, unreadable: string[] = []): HostCall {
  return (async (method: string, params: ParamsOf<'readFiles'>) => {
    if (method !== 'readFiles') throw new Error(`unexpected ${method}`);
    return {
      root: params.root,
      files: params.paths.map((path) => {
        if (unreadable.includes(path))
          return { path, exists: 'error', error: { code: 14, message: `${path} is not text.` } };
        const text = tree[path];
        return text === undefined
          ? { path, exists: false }
          : { path, exists: true, text, hash: `h:${path}`, size: text.length, mode: 0o644 };
      }),
    };
  }) as HostCall;
}

const proposalOf = (changeSets: ChangeSet[]): Proposal => ({
  site: 'chatgpt.com',
  url: 'https://chatgpt.com/c/1',
  replyId: 'r',
  textSource: 'file',
  changeSets,
  text: '',
});

describe('buildReview part by part', () => {
  const create = (path: string, line: number): Op => ({
    kind: 'create',
    path,
    content: `${path}\n`,
    ifExists: 'fail',
    line,
  });

  it('shows the first file at once, then the rest, and ends with the review planned in one go', async () => {
    const set: ChangeSet = {
      id: 'cs',
      source: { format: 'whole-file' },
      ops: [
        create('a.ts', 1),
        { kind: 'shell', command: 'npm test', line: 2 },
        create('b.ts', 3),
        { kind: 'rename', from: 'old.ts', to: 'new.ts', line: 4 },
        { kind: 'delete', path: 'bin.dat', line: 5 },
      ],
      diagnostics: [{ severity: 'warning', message: 'The last fence was not closed.', line: 6 }],
    };
    const call = hostOf({ 'old.ts': 'x\n', 'bin.dat': '' }, ['bin.dat']);
    const seen: ReviewProgress[] = [];
    const parts = await buildReview(proposalOf([set]), ROOT, call, { onProgress: (p) => seen.push(p) });
    const whole = await buildReview(proposalOf([set]), ROOT, call);
    expect(seen[0]).toMatchObject({ planned: 1, total: 4 });
    expect(seen[0]!.review.files.map((f) => f.path)).toEqual(['a.ts']);
    expect(parts).toEqual(whole);
    expect(parts.ok && parts.review.files.map((f) => [f.path, f.status])).toEqual([
      ['a.ts', 'ok'],
      ['b.ts', 'ok'],
      ['new.ts', 'ok'],
      ['bin.dat', 'error'],
    ]);
  });

  it('stops when its signal is aborted', async () => {
    const set: ChangeSet = {
      id: 'cs',
      source: { format: 'whole-file' },
      ops: [create('a.ts', 1), create('b.ts', 2)],
      diagnostics: [],
    };
    const stop = new AbortController();
    const r = await buildReview(proposalOf([set]), ROOT, hostOf({}), {
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    expect(r.ok).toBe(false);
  });

  const scenarios = readdirSync(SCENARIOS).filter((n) => /^\d{3}_/.test(n));

  it('has scenarios to compare', () => {
    expect(scenarios.length).toBeGreaterThan(80);
  });

  it.each(scenarios)('%s: the same review as planned in one go', async (name) => {
    const reply = readFileSync(join(SCENARIOS, name, 'reply.md'), 'utf8');
    const proposal = proposalOf(detectAll(reply, { textSource: 'file' }));
    const call = hostOf(readTree(join(SCENARIOS, name, 'input')));
    const whole = await buildReview(proposal, ROOT, call);
    const parts = await buildReview(proposal, ROOT, call, { onProgress: () => undefined });
    expect(parts).toEqual(whole);
  });
});
