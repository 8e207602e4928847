import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import type { Method, ParamsOf } from '../../shared/protocol/protocol';
import { buildReview, type HostCall } from '../ui/review';
import { READ_AHEAD_MS, ReadAhead } from './read-ahead';

const ROOT = '/home/ada/site';

const changeSet: ChangeSet = {
  id: 'cs',
  source: { format: 'unified-diff' },
  ops: [
    { kind: 'patch', path: 'src/a.ts', line: 2, hunks: [{ lines: ['-a', '+A'] }] },
    { kind: 'create', path: 'src/b.ts', content: 'b\n', ifExists: 'fail', line: 9 },
  ],
  diagnostics: [],
};

const proposal: Proposal = {
  site: 'chatgpt.com',
  url: 'https://chatgpt.com/c/1',
  conversationId: '1',
  replyId: 'r',
  textSource: 'api',
  changeSets: [changeSet],
  text: '',
};

/** A host with one file; every call recorded; `fail` makes readFiles reject. */
function fakeHost(fail = false) {
  const calls: { method: Method; params: unknown }[] = [];
  const call: HostCall = async (method, params) => {
    calls.push({ method, params });
    if (fail) throw Object.assign(new Error('The host went away.'), { code: -1 });
    const { paths } = params as ParamsOf<'readFiles'>;
    return {
      root: ROOT,
      files: paths.map((path) =>
        path === 'src/a.ts'
          ? { path, exists: true, text: 'a\n', hash: 'h', size: 2, mode: 0o644 }
          : { path, exists: false },
      ),
    } as never;
  };
  return { call, calls };
}

/** The panel's side: the background answers readFiles from the read-ahead, else asks the host. */
const panelCall =
  (ahead: ReadAhead, host: HostCall): HostCall =>
  (method, params) =>
    ((method === 'readFiles' ? ahead.take(params) : undefined) as never) ?? host(method, params);

describe('ReadAhead', () => {
  it('reads what the review reads, so the review asks the host nothing more', async () => {
    const host = fakeHost();
    const ahead = new ReadAhead(host.call);
    ahead.start(proposal, ROOT);
    expect(host.calls).toEqual([
      { method: 'readFiles', params: { root: ROOT, paths: ['src/a.ts', 'src/b.ts'] } },
    ]);
    const r = await buildReview(proposal, ROOT, panelCall(ahead, host.call));
    expect(host.calls).toHaveLength(1);
    expect(r.ok && r.review.files.map((f) => [f.path, f.status])).toEqual([
      ['src/a.ts', 'ok'],
      ['src/b.ts', 'ok'],
    ]);
  });

  it('answers once, only the same folder and paths, and only for a few seconds', async () => {
    let now = 1000;
    const host = fakeHost();
    const ahead = new ReadAhead(host.call, () => now);
    const params = { root: ROOT, paths: ['src/b.ts', 'src/a.ts'] };
    ahead.start(proposal, ROOT);
    expect(ahead.take({ root: '/home/ada/other', paths: params.paths })).toBeUndefined();
    expect(ahead.take({ root: ROOT, paths: ['src/a.ts'] })).toBeUndefined();
    expect(ahead.take({ root: ROOT })).toBeUndefined();
    expect(await ahead.take(params)).toMatchObject({ root: ROOT });
    expect(ahead.take(params)).toBeUndefined();
    ahead.start(proposal, ROOT);
    now += READ_AHEAD_MS + 1;
    expect(ahead.take(params)).toBeUndefined();
  });

  it("gives the loading panel the newest start's first read whole, once, and not after a few seconds", async () => {
    let now = 1000;
    const host = fakeHost();
    const ahead = new ReadAhead(host.call, () => now);
    expect(ahead.takeFirst()).toBeUndefined();
    ahead.start(proposal, '/home/ada/older');
    ahead.start(proposal, ROOT);
    const first = ahead.takeFirst();
    expect(first && { root: first.root, paths: first.paths }).toEqual({
      root: ROOT,
      paths: ['src/a.ts', 'src/b.ts'],
    });
    expect(await first?.answer).toMatchObject({
      root: ROOT,
      files: [{ path: 'src/a.ts', exists: true }, {}],
    });
    // Taken: the panel's own readFiles for it is not answered from it a second time.
    expect(ahead.take({ root: ROOT, paths: ['src/a.ts', 'src/b.ts'] })).toBeUndefined();
    expect(ahead.takeFirst()?.root).toBe('/home/ada/older');
    ahead.start(proposal, ROOT);
    now += READ_AHEAD_MS + 1;
    expect(ahead.takeFirst()).toBeUndefined();
  });

  it('keeps no failed read: the panel then asks the host itself', async () => {
    const host = fakeHost(true);
    const ahead = new ReadAhead(host.call);
    ahead.start(proposal, ROOT);
    await new Promise((r) => setTimeout(r, 0));
    expect(ahead.take({ root: ROOT, paths: ['src/a.ts', 'src/b.ts'] })).toBeUndefined();
  });
});
