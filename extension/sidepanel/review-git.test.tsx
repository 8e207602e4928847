// @vitest-environment happy-dom
/** The review's git parts (issue 29) against a stand-in host: badges, ignored files, "Commit these files". */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import type { Method } from '../../shared/protocol/protocol';
import { flush, useRenderRoot } from '../ui/render-root';
import type { HostCall, Review } from '../ui/review';
import { ReviewBody } from './review-body';
import { readFilesAnswer } from './test-files';
import { shownReview, useReview } from './use-review';

const ROOT = '/home/ada/site';
const create = (path: string, line: number) =>
  ({ kind: 'create', path, content: 'x\n', ifExists: 'overwrite', line }) as const;
const changeSet: ChangeSet = {
  id: 'cs',
  source: { format: 'markdown-actions' },
  ops: [create('src/clean.ts', 1), create('src/dirty.ts', 2), create('src/new.ts', 3), create('.env', 4)],
  diagnostics: [],
};
const proposal: Proposal = {
  site: 'chatgpt.com',
  url: 'https://chatgpt.com/c/1',
  conversationId: '1',
  replyId: 'r',
  textSource: 'api',
  changeSets: [changeSet],
  text: 'Add the clean module. Then more.\n\n```ts\ncode\n```',
};
const FILES: Record<string, string> = { 'src/clean.ts': 'a\n', 'src/dirty.ts': 'b\n', '.env': 'c\n' };

const GIT_REPO = {
  repo: true,
  branch: 'main',
  files: [
    { path: 'src/dirty.ts', state: 'modified' },
    { path: '.env', state: 'ignored' },
  ],
};

function fakeHost(git: unknown) {
  const calls: { method: Method; params: unknown }[] = [];
  const call: HostCall = async (method, params) => {
    calls.push({ method, params });
    if (method === 'readFiles') return readFilesAnswer(ROOT, FILES, params);
    if (method === 'gitState') {
      if (git instanceof Error) throw git;
      return git as never;
    }
    if (method === 'apply') {
      const p = params as {
        changes: { path: string; action: string }[];
        commit?: { message: string; paths: string[] };
      };
      return {
        applyId: 'A1',
        files: p.changes.map((c) => ({ path: c.path, action: c.action, status: 'ok' })),
        ...(p.commit
          ? {
              commit: {
                ok: true,
                hash: 'abcdef1234567890',
                message: p.commit.message,
                paths: p.commit.paths,
              },
            }
          : {}),
      } as never;
    }
    throw new Error(`unexpected ${method}`);
  };
  return { call, calls };
}

function Harness({ call }: { call: HostCall }) {
  const state = useReview(proposal, ROOT, call);
  const shown = shownReview(state.planning);
  if (!shown || state.planning.phase !== 'ready') return <p data-phase={state.planning.phase}>…</p>;
  return <ReviewBody review={shown as Review} state={state} call={call} />;
}

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});
const row = (path: string) => root.querySelector<HTMLElement>(`[data-replyapply-file="${path}"]`)!;
const tick = (path: string) => row(path).querySelector<HTMLInputElement>('input[data-accept]')!;
const badge = (path: string) =>
  row(path).querySelector<HTMLElement>('[data-replyapply-git]')?.dataset.replyapplyGit;
const q = <T extends Element = HTMLElement>(sel: string) => root.querySelector<T>(sel);

async function mount(call: HostCall) {
  await act(() => render(<Harness call={call} />, root));
  for (let i = 0; i < 20 && q('[data-phase]'); i++) await flush();
}

describe('the review in a git work tree', () => {
  it('shows each file’s git state, and leaves an ignored file unticked with a warning', async () => {
    await mount(fakeHost(GIT_REPO).call);
    expect(badge('src/clean.ts')).toBeUndefined();
    expect(badge('src/dirty.ts')).toBe('modified');
    expect(badge('.env')).toBe('ignored');
    expect(tick('.env').checked).toBe(false);
    expect(row('.env').querySelector('[data-replyapply="git-ignored"]')?.textContent).toContain(
      'git ignores this file',
    );
    expect(tick('src/clean.ts').checked).toBe(true);
    expect(tick('src/dirty.ts').checked).toBe(true);
  });

  it('"Commit these files" commits the written files that had no uncommitted changes, unless ticked again', async () => {
    const host = fakeHost(GIT_REPO);
    await mount(host.call);
    const option = q('[data-replyapply="commit-option"]')!;
    expect(option.textContent).toContain('Commit these files on main');
    await act(() => q<HTMLInputElement>('[data-replyapply="commit"]')!.click());
    const commitBox = (p: string) => q<HTMLInputElement>(`[data-commit-file="${p}"]`)!;
    expect(commitBox('src/clean.ts').checked).toBe(true);
    expect(commitBox('src/new.ts').checked).toBe(true);
    expect(commitBox('src/dirty.ts').checked).toBe(false);
    expect(option.textContent).toContain('had uncommitted changes before');
    expect(option.textContent).toContain('replyapply: Add the clean module');
    await act(() => q<HTMLButtonElement>('[data-replyapply="apply-all"]')!.click());
    await flush();
    const apply = host.calls.find((c) => c.method === 'apply')!.params as {
      changes: { path: string }[];
      commit: { message: string; paths: string[] };
    };
    expect(apply.changes.map((c) => c.path)).toEqual(['src/clean.ts', 'src/dirty.ts', 'src/new.ts']);
    expect(apply.commit).toEqual({
      message: 'replyapply: Add the clean module',
      paths: ['src/clean.ts', 'src/new.ts'],
    });
    expect(q('[data-replyapply="commit-result"]')?.textContent).toContain('Committed abcdef123456');
  });

  it('ticked again, a file with uncommitted changes is committed too; unticked option: no commit', async () => {
    const host = fakeHost(GIT_REPO);
    await mount(host.call);
    await act(() => q<HTMLInputElement>('[data-replyapply="commit"]')!.click());
    await act(() => q<HTMLInputElement>('[data-commit-file="src/dirty.ts"]')!.click());
    await act(() => q<HTMLButtonElement>('[data-replyapply="apply-all"]')!.click());
    await flush();
    const apply = host.calls.find((c) => c.method === 'apply')!.params as { commit: { paths: string[] } };
    expect(apply.commit.paths).toEqual(['src/clean.ts', 'src/dirty.ts', 'src/new.ts']);

    const other = fakeHost(GIT_REPO);
    await mount(other.call);
    await act(() => q<HTMLButtonElement>('[data-replyapply="apply-all"]')!.click());
    await flush();
    expect(other.calls.find((c) => c.method === 'apply')!.params).not.toHaveProperty('commit');
  });

  it('says why it cannot commit when git does not know who commits', async () => {
    await mount(
      fakeHost({ ...GIT_REPO, cannotCommit: 'git does not know who you are. Set your name…' }).call,
    );
    expect(q<HTMLInputElement>('[data-replyapply="commit"]')!.disabled).toBe(true);
    expect(q('[data-replyapply="commit-option"]')!.textContent).toContain('git does not know who you are');
  });
});

describe('when the git state is asked (issue 28)', () => {
  it('asks once, beside the reads, so that the review is ready as soon as the plan is', async () => {
    const h = fakeHost(GIT_REPO);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const call: HostCall = async (method, params) => {
      const answer = h.call(method, params);
      if (method === 'readFiles') await gate;
      return answer;
    };
    await act(() => render(<Harness call={call} />, root));
    await flush();
    // The files are still being read, and git has been asked already: for the names being read.
    expect(h.calls.map((c) => c.method)).toEqual(['readFiles', 'gitState']);
    const [read, git] = h.calls.map((c) => (c.params as { paths: string[] }).paths);
    expect(git).toEqual(read);
    release();
    for (let i = 0; i < 20 && q('[data-phase]'); i++) await flush();
    expect(badge('src/dirty.ts')).toBe('modified');
    expect(h.calls.filter((c) => c.method === 'gitState')).toHaveLength(1);
  });
});

describe('the review outside a git work tree', () => {
  it.each([
    ['not a work tree', { repo: false }],
    ['a host without gitState', Object.assign(new Error('unknown method gitState'), { code: 2 })],
  ])('%s: no badge, no commit option, every file ticked as before', async (_name, git) => {
    await mount(fakeHost(git).call);
    expect(root.querySelectorAll('[data-replyapply-git]')).toHaveLength(0);
    expect(q('[data-replyapply="commit-option"]')).toBeNull();
    expect(tick('.env').checked).toBe(true);
  });
});
