// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import { flush, useRenderRoot } from '../ui/render-root';
import type { HostCall, Review } from '../ui/review';
import { ReviewBody } from './review-body';
import { readFilesAnswer } from './test-files';
import { shownReview, useReview } from './use-review';

const ROOT = '/home/ada/site';
const FILES: Record<string, string> = {
  'src/a.ts': 'const a = 1;\n',
  'src/b.ts': 'const b = 1;\n',
  'src/elided.ts': 'top\nmiddle\nbottom\n',
};

const changeSet: ChangeSet = {
  id: 'cs',
  source: { format: 'markdown-actions' },
  ops: [
    {
      kind: 'search-replace',
      path: 'src/a.ts',
      line: 1,
      edits: [{ search: 'const a = 1;\n', replace: 'const a = 2;\n', all: false }],
    },
    {
      kind: 'search-replace',
      path: 'src/b.ts',
      line: 5,
      edits: [{ search: 'const b = 1;\n', replace: 'const b = 2;\n', all: false }],
    },
    // "top" changed next to the comment: an error the user may override, with a confirmation (elisions.ts).
    { kind: 'replace', path: 'src/elided.ts', content: 'top!\n// ... rest of the code ...\n', line: 9 },
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

/** The host: reads FILES, and records what it was asked to write. */
function fakeHost() {
  const written: string[][] = [];
  const call: HostCall = async (method, params) => {
    if (method === 'readFiles') return readFilesAnswer(ROOT, FILES, params);
    if (method === 'apply') {
      const { changes } = params as { changes: { path: string; action: string }[] };
      written.push(changes.map((c) => c.path));
      return {
        applyId: 'A1',
        files: changes.map((c) => ({ path: c.path, action: c.action, status: 'ok' })),
      } as never;
    }
    throw new Error(`unexpected ${method}`);
  };
  return { call, written };
}

function Harness({ call }: { call: HostCall }) {
  const state = useReview(proposal, ROOT, call);
  const shown = shownReview(state.planning);
  if (!shown || state.planning.phase !== 'ready') return <p data-phase={state.planning.phase} />;
  return <ReviewBody review={shown as Review} state={state} call={call} />;
}

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});

async function mount(call: HostCall) {
  await act(() => render(<Harness call={call} />, root));
  for (let i = 0; i < 20 && root.querySelector('[data-phase]'); i++) await flush();
}

const press = (key: string) =>
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
  });
const row = (path: string) => root.querySelector<HTMLElement>(`[data-replyapply-file="${path}"]`)!;
const box = (path: string) => row(path).querySelector<HTMLInputElement>('input[data-accept]')!;

describe('the review keys in the side panel', () => {
  it('are named in a help line', async () => {
    await mount(fakeHost().call);
    expect(root.querySelector('[data-replyapply="keys-help"]')!.textContent).toBe(
      'j/k move · space tick · a apply',
    );
  });

  it('move between the files, untick one, and apply the rest', async () => {
    const host = fakeHost();
    await mount(host.call);
    await press('j');
    await press('j');
    expect(document.activeElement).toBe(row('src/b.ts'));
    expect(box('src/b.ts').checked).toBe(true);
    await press(' ');
    expect(box('src/b.ts').checked).toBe(false);
    expect(root.querySelector('[data-replyapply="apply-all"]')!.textContent).toBe('Apply 1 file');
    await press('a');
    await flush();
    expect(host.written).toEqual([['src/a.ts']]);
    expect(row('src/a.ts').dataset.status).toBe('applied');
  });

  it('ask before ticking a file with an error, as a click does', async () => {
    await mount(fakeHost().call);
    for (const _ of [1, 2, 3]) await press('j');
    expect(document.activeElement).toBe(row('src/elided.ts'));
    await press(' ');
    expect(box('src/elided.ts').checked).toBe(false);
    expect(row('src/elided.ts').textContent).toContain('Write it anyway?');
  });
});
