// @vitest-environment happy-dom
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

const changeSet: ChangeSet = {
  id: 'cs',
  source: { format: 'markdown-actions' },
  ops: [
    {
      kind: 'search-replace',
      path: 'src/ok.ts',
      line: 3,
      edits: [{ search: 'const a = 1;\n', replace: 'const a = 2;\n', all: false }],
    },
    {
      kind: 'search-replace',
      path: 'src/broken.ts',
      line: 10,
      edits: [{ search: 'line one\nnot in the file\n', replace: 'x\n', all: false }],
    },
    // "top" changed next to the comment: no place for it in the file, so it is not filled (elisions.ts).
    { kind: 'replace', path: 'src/elided.ts', content: 'top!\n// ... rest of the code ...\n', line: 20 },
    { kind: 'create', path: 'src/new.ts', content: 'export {};\n', ifExists: 'fail', line: 25 },
    { kind: 'shell', command: 'rm -rf node_modules && npm install', line: 30 },
  ],
  diagnostics: [{ severity: 'warning', message: 'The last fence was not closed.', line: 31 }],
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

const FILES: Record<string, string> = {
  'src/ok.ts': 'const a = 1;\n',
  'src/broken.ts': 'line one\nnot in the fiel\nline three\n',
  'src/elided.ts': 'top\nmiddle\nbottom\n',
};

type Handler = (params: never) => unknown;

function fakeHost(handlers: Partial<Record<Method, Handler>> = {}) {
  const calls: { method: Method; params: unknown }[] = [];
  const call: HostCall = async (method, params) => {
    calls.push({ method, params });
    const h = handlers[method];
    if (h) return h(params as never) as never;
    if (method === 'readFiles') return readFilesAnswer(ROOT, FILES, params);
    throw new Error(`unexpected ${method}`);
  };
  return { call, calls };
}

let pasteInstead = 0;

/** As the side panel shows it: the files planned so far while planning, then the whole review. */
function Harness({ call, reply = proposal }: { call: HostCall; reply?: Proposal }) {
  const state = useReview(reply, ROOT, call);
  const { planning } = state;
  const shown = shownReview(planning);
  if (!shown) return <p data-phase={planning.phase}>{planning.phase}</p>;
  return (
    <ReviewBody
      review={shown as Review}
      progress={planning.phase === 'planning' ? planning.progress : undefined}
      state={state}
      call={call}
      onPasteInstead={() => {
        pasteInstead++;
      }}
    />
  );
}

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});
const row = (path: string) => root.querySelector<HTMLElement>(`[data-replyapply-file="${path}"]`)!;
const box = (el: Element) => el.querySelector<HTMLInputElement>('input[type=checkbox][data-accept]')!;
const applyButton = () => root.querySelector<HTMLButtonElement>('[data-replyapply="apply-all"]')!;

const planningLine = () => root.querySelector('[data-replyapply="planning"]');
const rows = () => [...root.querySelectorAll<HTMLElement>('[data-replyapply-file]')];

/** Until every file is planned (the files are planned part by part, a task at a time). */
async function planned() {
  for (let i = 0; i < 20; i++) {
    await flush();
    if (!planningLine() && !root.querySelector('[data-phase]')) return;
  }
  throw new Error('still planning');
}

async function mount(call: HostCall, reply?: Proposal) {
  await act(() => render(<Harness call={call} {...(reply ? { reply } : {})} />, root));
  await planned();
}

describe('the review in the side panel', () => {
  it('ticks files that planned fine and leaves the error file and the command unticked', async () => {
    await mount(fakeHost().call);
    expect(
      [...root.querySelectorAll('[data-replyapply-file]')].map((r) => r.getAttribute('data-status')),
    ).toEqual(['ok', 'error', 'error', 'ok']);
    expect(box(row('src/ok.ts')).checked).toBe(true);
    expect(box(row('src/new.ts')).checked).toBe(true);
    expect(box(row('src/broken.ts')).checked).toBe(false);
    expect(box(row('src/broken.ts')).disabled).toBe(true);
    expect(row('src/broken.ts').textContent).toContain('the text to change was not found');
    expect(row('src/broken.ts').textContent).toContain('not in the fiel');
    const script = root.querySelector('[data-replyapply-script]')!;
    expect(script.textContent).toContain('rm -rf node_modules && npm install');
    expect(box(script).checked).toBe(false);
    expect(root.textContent).toContain('The last fence was not closed.');
    expect(applyButton().textContent).toBe('Apply 2 files');
    // The diff of the modified file, numbered.
    const del = row('src/ok.ts').querySelector('tr.del')!;
    expect(del.textContent).toContain('const a = 1;');
    expect(row('src/ok.ts').querySelector('tr.add')!.textContent).toContain('const a = 2;');
  });

  it('asks before ticking a file with an error, and counts a ticked command', async () => {
    await mount(fakeHost().call);
    const elided = row('src/elided.ts');
    await act(() => box(elided).click());
    expect(box(elided).checked).toBe(false);
    const confirm = elided.querySelector<HTMLButtonElement>('[data-replyapply="confirm-tick"]')!;
    expect(elided.textContent).toContain('Write it anyway?');
    await act(() => confirm.click());
    expect(box(elided).checked).toBe(true);
    await act(() => box(root.querySelector('[data-replyapply-script]')!).click());
    expect(applyButton().textContent).toBe('Apply 3 files and run 1 command');
  });

  it('applies the ticked files, shows each as written and offers Undo', async () => {
    const host = fakeHost({
      apply: (p: { changes: { path: string; action: string }[] }) => ({
        applyId: 'A1',
        files: p.changes.map((c) => ({ path: c.path, action: c.action, status: 'ok' })),
      }),
      undo: () => ({ applyId: 'A1', files: [{ path: 'src/ok.ts', action: 'modify', status: 'ok' }] }),
    });
    await mount(host.call);
    await act(() => box(row('src/new.ts')).click());
    await act(() => applyButton().click());
    await flush();
    const apply = host.calls.find((c) => c.method === 'apply')!.params as { changes: { path: string }[] };
    expect(apply.changes.map((c) => c.path)).toEqual(['src/ok.ts']);
    expect(row('src/ok.ts').dataset.status).toBe('applied');
    expect(row('src/new.ts').dataset.status).toBe('skipped');
    const result = root.querySelector('[data-replyapply="result"]')!;
    expect(result.textContent).toContain('src/ok.ts');
    expect(applyButton().disabled).toBe(true);
    await act(() => result.querySelector<HTMLButtonElement>('[data-replyapply="undo"]')!.click());
    await flush();
    expect(host.calls.at(-1)).toEqual({ method: 'undo', params: { root: ROOT, applyId: 'A1' } });
    expect(result.querySelector('[data-state="undone"]')).not.toBeNull();
  });

  it('shows a conflict on the file and re-plans on request', async () => {
    const host = fakeHost({
      apply: () => {
        throw Object.assign(new Error('src/ok.ts changed since the preview. Nothing was written.'), {
          code: 20,
          path: 'src/ok.ts',
        });
      },
    });
    await mount(host.call);
    await act(() => applyButton().click());
    await flush();
    expect(row('src/ok.ts').dataset.status).toBe('conflict');
    expect(row('src/new.ts').dataset.status).toBe('ok');
    const replan = root.querySelector<HTMLButtonElement>('[data-replyapply="replan"]')!;
    expect(replan).not.toBeNull();
    const reads = host.calls.filter((c) => c.method === 'readFiles').length;
    await act(() => replan.click());
    await planned();
    expect(host.calls.filter((c) => c.method === 'readFiles')).toHaveLength(reads + 1);
    expect(row('src/ok.ts').dataset.status).toBe('ok');
    expect(root.querySelector('[data-replyapply="replan"]')).toBeNull();
  });

  it('runs a ticked command after writing and shows its output', async () => {
    const host = fakeHost({
      apply: () => ({ applyId: 'A2', files: [] }),
      runScript: () => ({
        exitCode: 0,
        signal: null,
        output: 'added 3 packages\n',
        truncated: false,
        timedOut: false,
      }),
    });
    await mount(host.call);
    await act(() => box(root.querySelector('[data-replyapply-script]')!).click());
    await act(() => applyButton().click());
    await flush();
    expect(host.calls.map((c) => c.method)).toEqual(['readFiles', 'gitState', 'apply', 'runScript']);
    const script = root.querySelector<HTMLElement>('[data-replyapply-script]')!;
    expect(script.dataset.status).toBe('ok');
    expect(script.textContent).toContain('added 3 packages');
  });

  it('says where a loose match placed an edit', async () => {
    FILES['src/indented.ts'] = 'function f() {\n    call();\n}\n';
    const loose: Proposal = {
      ...proposal,
      changeSets: [
        {
          ...changeSet,
          diagnostics: [],
          ops: [
            {
              kind: 'search-replace',
              path: 'src/indented.ts',
              line: 7,
              edits: [{ search: 'call();\n', replace: 'callAgain();\n', all: false }],
            },
          ],
        },
      ],
    };
    await mount(fakeHost().call, loose);
    const r = row('src/indented.ts');
    expect(r.dataset.status).toBe('ok');
    const note = r.querySelector('.notes')!.textContent!;
    expect(note).toContain('matched line 2 only when ignoring indentation');
    // The engine's message names the reply line already; it is not repeated.
    expect(note.split('reply line 7')).toHaveLength(2);
    expect(r.querySelector('tr.add')!.textContent).toContain('    callAgain();');
  });

  it('refuses a reply that names a path outside the folder as a whole: says so, locks every file (issue 12)', async () => {
    const hostile: Proposal = {
      ...proposal,
      changeSets: [
        {
          ...changeSet,
          ops: [changeSet.ops[0]!],
          diagnostics: [
            {
              severity: 'error',
              line: 9,
              message: 'Refused the path "../escape.txt": the path contains a ".." segment.',
            },
          ],
        },
      ],
    };
    await mount(fakeHost().call, hostile);
    const alert = root.querySelector('[data-replyapply="hostile"]')!;
    expect(alert.textContent).toContain('tried to write outside the project folder');
    expect(alert.textContent).toContain('../escape.txt');
    expect(box(row('src/ok.ts')).disabled).toBe(true);
    expect(applyButton().disabled).toBe(true);
  });

  it('leaves a file read from the rendered page unticked, with a way to paste the reply instead (issue 12)', async () => {
    const fromPage: Proposal = {
      ...proposal,
      textSource: 'dom',
      changeSets: [{ ...changeSet, diagnostics: [], ops: [{ ...changeSet.ops[0]!, lossy: true }] }],
    };
    await mount(fakeHost().call, fromPage);
    const r = row('src/ok.ts');
    expect(r.dataset.status).toBe('error');
    expect(box(r).checked).toBe(false);
    expect(r.textContent).toContain('read from the rendered page');
    const before = pasteInstead;
    await act(() => r.querySelector<HTMLButtonElement>('[data-replyapply="paste-instead"]')!.click());
    expect(pasteInstead).toBe(before + 1);
    // Still the user's to tick, deliberately.
    await act(() => box(r).click());
    await act(() => r.querySelector<HTMLButtonElement>('[data-replyapply="confirm-tick"]')!.click());
    expect(applyButton().textContent).toBe('Apply 1 file');
  });
});

describe('the review while its files are planned', () => {
  /** The first state with a progress line, flushing until there is one. */
  async function whilePlanning() {
    for (let i = 0; i < 20 && !planningLine(); i++) await flush();
    return planningLine();
  }

  it('shows the first file and its diff before the others are planned, with a line for the rest', async () => {
    await act(() => render(<Harness call={fakeHost().call} />, root));
    const line = await whilePlanning();
    expect(line?.textContent).toBe('Planned 1 of 4 files…');
    expect(rows().map((r) => r.dataset.replyapplyFile)).toEqual(['src/ok.ts']);
    expect(row('src/ok.ts').querySelector('tr.add')!.textContent).toContain('const a = 2;');
    expect(applyButton().disabled).toBe(true);
    await planned();
    expect(rows().map((r) => r.dataset.replyapplyFile)).toEqual([
      'src/ok.ts',
      'src/broken.ts',
      'src/elided.ts',
      'src/new.ts',
    ]);
    expect(planningLine()).toBeNull();
    expect(applyButton().disabled).toBe(false);
    expect(applyButton().textContent).toBe('Apply 2 files');
  });

  it('keeps what the user ticked while the other files were planned', async () => {
    await act(() => render(<Harness call={fakeHost().call} />, root));
    expect(await whilePlanning()).not.toBeNull();
    expect(rows()).toHaveLength(1);
    expect(box(row('src/ok.ts')).checked).toBe(true);
    await act(() => box(row('src/ok.ts')).click());
    await planned();
    expect(box(row('src/ok.ts')).checked).toBe(false);
    expect(box(row('src/new.ts')).checked).toBe(true);
    expect(applyButton().textContent).toBe('Apply 1 file');
  });
});
