// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Proposal } from '../../shared/protocol/messages';
import { flush, useRenderRoot } from '../ui/render-root';
import type { HostCall } from '../ui/review';
import { SidePanel } from './side-panel';

type Listener = (changes: Record<string, { newValue?: unknown }>, area: string) => void;

/** Just enough of chrome.* for the panel: messages to the background, storage and its events. */
function fakeChrome(initial: { proposal: Proposal | null; folders?: unknown }) {
  const listeners: Listener[] = [];
  const local: Record<string, unknown> = initial.folders ? { folders: initial.folders } : {};
  const fire = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    for (const l of listeners) l(changes, area);
  };
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: async (m: { type: string }) => {
        if (m.type === 'get-proposal') return initial.proposal;
        if (m.type === 'host-status') return { state: 'connected', version: '0.1.0', protocol: 1 };
        throw new Error(`unexpected ${m.type}`);
      },
    },
    storage: {
      session: { get: async () => ({ proposal: initial.proposal ?? undefined }) },
      onChanged: {
        addListener: (l: Listener) => listeners.push(l),
        removeListener: (l: Listener) => listeners.splice(listeners.indexOf(l), 1),
      },
      local: {
        get: async (key: string) => (key in local ? { [key]: local[key] } : {}),
        set: async (items: Record<string, unknown>) => {
          Object.assign(local, items);
          fire(Object.fromEntries(Object.entries(items).map(([k, v]) => [k, { newValue: v }])), 'local');
        },
      },
    },
  });
  return { fire, local };
}

const host = (files: Record<string, string>) => {
  const calls: string[] = [];
  const call: HostCall = async (method, params) => {
    calls.push(method);
    if (method === 'readFiles') {
      const { paths } = params as { paths: string[] };
      return {
        root: '/p',
        files: paths.map((path) =>
          files[path] === undefined
            ? { path, exists: false }
            : { path, exists: true, text: files[path], hash: 'h', size: 1, mode: 420 },
        ),
      } as never;
    }
    if (method === 'history') return { root: '/p', entries: [] } as never;
    if (method === 'listDir')
      return { path: (params as { path: string }).path, parent: '/', entries: [] } as never;
    throw new Error(`unexpected ${method}`);
  };
  return { call, calls };
};

const proposal = (path: string, conversationId = 'c1'): Proposal => ({
  site: 'chatgpt.com',
  url: 'https://chatgpt.com/c/c1',
  conversationId,
  replyId: path,
  textSource: 'copy-button',
  text: 'raw',
  changeSets: [
    {
      id: path,
      source: { format: 'whole-file' },
      summary: `Create ${path}`,
      ops: [{ kind: 'create', path, content: 'x\n', ifExists: 'fail', line: 2 }],
      diagnostics: [],
    },
  ],
});

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});
/** Lets the chain of awaits (storage, proposal, host reads) settle. */
async function settle() {
  for (let i = 0; i < 10; i++) await flush();
}
const rows = () =>
  [...root.querySelectorAll<HTMLElement>('[data-replyapply-file]')].map((r) => r.dataset.replyapplyFile);

describe('SidePanel', () => {
  it('reviews the stored proposal in the remembered folder and follows a new proposal', async () => {
    const { fire } = fakeChrome({
      proposal: proposal('a.ts'),
      folders: { last: '/p', recent: ['/p'], byConversation: {} },
    });
    const h = host({});
    await act(() => render(<SidePanel call={h.call} />, root));
    await settle();
    expect(root.querySelector('[data-replyapply="folder"]')!.textContent).toBe('/p');
    expect(root.textContent).toContain('Create a.ts');
    expect(root.textContent).toContain('read from: Copy button');
    expect(rows()).toEqual(['a.ts']);
    await act(() => fire({ proposal: { newValue: proposal('b.ts') } }, 'session'));
    // The new proposal is checked against its schema, which is loaded then (use-stored-proposal.ts).
    await vi.waitFor(async () => {
      await settle();
      expect(rows()).toEqual(['b.ts']);
    });
  });

  it('takes the reads started before its code loaded (main.tsx) instead of asking again', async () => {
    // Storage holds something else: what is shown can only come from the early reads.
    fakeChrome({
      proposal: proposal('stored.ts'),
      folders: { last: '/elsewhere', recent: ['/elsewhere'], byConversation: {} },
    });
    const early = {
      proposal: Promise.resolve(proposal('early.ts')),
      folders: Promise.resolve({ last: '/p', recent: ['/p'], byConversation: {} }),
      stale: () => false,
    };
    await act(() => render(<SidePanel call={host({}).call} early={early} />, root));
    await settle();
    expect(root.querySelector('[data-replyapply="folder"]')!.textContent).toBe('/p');
    expect(rows()).toEqual(['early.ts']);
  });

  it("answers the review's first read with the one the background made at the click, when it asked the same", async () => {
    const folders = { last: '/p', recent: ['/p'], byConversation: {} };
    // The file exists in the early answer and not on the stand-in host: the row tells who answered.
    const earlyRead = (root: string) => ({
      root,
      paths: ['early.ts'],
      result: {
        root,
        files: [{ path: 'early.ts', exists: true, text: 'then\n', hash: 'h', size: 5, mode: 420 }],
      },
    });
    const status = () => root.querySelector<HTMLElement>('[data-replyapply-file]')?.dataset.status;
    for (const [readRoot, asked, shown] of [
      ['/p', [], 'error'],
      ['/elsewhere', ['readFiles'], 'ok'],
    ] as const) {
      fakeChrome({ proposal: proposal('early.ts'), folders });
      const h = host({});
      const early = {
        proposal: Promise.resolve(proposal('early.ts')),
        folders: Promise.resolve(folders),
        read: Promise.resolve(earlyRead(readRoot)),
        stale: () => false,
      };
      await act(() => render(<SidePanel call={h.call} early={early} />, root));
      await settle();
      expect(rows()).toEqual(['early.ts']);
      expect(h.calls.filter((m) => m === 'readFiles')).toEqual(asked);
      expect(status()).toBe(shown);
      await act(() => render(null, root));
    }
  });

  it('reads again what was stored anew while its code loaded (Apply clicked on another reply)', async () => {
    fakeChrome({
      proposal: proposal('newer.ts'),
      folders: { last: '/p', recent: ['/p'], byConversation: {} },
    });
    const early = {
      proposal: Promise.resolve(proposal('older.ts')),
      folders: Promise.resolve({ last: '/old', recent: ['/old'], byConversation: {} }),
      stale: () => true,
    };
    await act(() => render(<SidePanel call={host({}).call} early={early} />, root));
    await settle();
    expect(root.querySelector('[data-replyapply="folder"]')!.textContent).toBe('/p');
    expect(rows()).toEqual(['newer.ts']);
  });

  it('shows each file as soon as it is planned, with a line for the files still to plan', async () => {
    const three = proposal('a.ts');
    three.changeSets[0]!.ops = ['a.ts', 'b.ts', 'c.ts'].map((path, i) => ({
      kind: 'create' as const,
      path,
      content: 'x\n',
      ifExists: 'fail' as const,
      line: i + 2,
    }));
    fakeChrome({ proposal: three, folders: { last: '/p', recent: ['/p'], byConversation: {} } });
    await act(() => render(<SidePanel call={host({}).call} />, root));
    const line = () => root.querySelector('[data-replyapply="planning"]');
    for (let i = 0; i < 20 && !line(); i++) await flush();
    expect(line()?.textContent).toBe('Planned 1 of 3 files…');
    expect(rows()).toEqual(['a.ts']);
    expect(root.textContent).not.toContain('Reading the files');
    await settle();
    expect(line()).toBeNull();
    expect(rows()).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('asks for a folder first, then remembers it for the conversation', async () => {
    const { local } = fakeChrome({ proposal: proposal('a.ts') });
    const h = host({});
    await act(() => render(<SidePanel call={h.call} />, root));
    await settle();
    expect(rows()).toEqual([]);
    expect(h.calls).not.toContain('readFiles');
    const input = root.querySelector<HTMLInputElement>('[data-replyapply="folder-input"]')!;
    await act(() => {
      input.value = '/p';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => root.querySelector<HTMLButtonElement>('[data-replyapply="folder-use"]')!.click());
    await settle();
    expect(local.folders).toEqual({ last: '/p', recent: ['/p'], byConversation: { 'chatgpt.com:c1': '/p' } });
    expect(rows()).toEqual(['a.ts']);
  });

  it('reviews a pasted reply', async () => {
    fakeChrome({ proposal: null, folders: { last: '/p', recent: ['/p'], byConversation: {} } });
    const h = host({ 'src/a.ts': 'old\n' });
    await act(() => render(<SidePanel call={h.call} />, root));
    await settle();
    expect(root.textContent).toContain('No reply to review yet');
    const paste = root.querySelector<HTMLTextAreaElement>('[data-replyapply="paste"]')!;
    await act(() => {
      paste.value = [
        '```diff',
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -1 +1 @@',
        '-old',
        '+new',
        '```',
        '',
      ].join('\n');
      paste.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => root.querySelector<HTMLButtonElement>('[data-replyapply="paste-review"]')!.click());
    // The format readers are imported on the first paste, not when the panel opens.
    await vi.waitFor(async () => {
      await settle();
      expect(rows()).toEqual(['src/a.ts']);
    });
    await settle();
    expect(root.querySelector('[data-replyapply-file="src/a.ts"]')!.getAttribute('data-status')).toBe('ok');
    expect(root.textContent).toContain('read from: pasted text');
  });

  it('asks for the path of code that names no file, and reviews it in the file the user gives', async () => {
    const unnamed: Proposal = {
      ...proposal('x'),
      changeSets: [
        {
          id: 'u',
          source: { format: 'artifacts' },
          ops: [
            {
              kind: 'create',
              path: '',
              content: 'import os\nprint(os.getcwd())\n',
              ifExists: 'overwrite',
              line: 3,
              document: 'artifact "Setup Script"',
              alias: { how: 'ask', written: '', paths: [] },
            },
          ],
          diagnostics: [],
        },
      ],
    };
    fakeChrome({ proposal: unnamed, folders: { last: '/p', recent: ['/p'], byConversation: {} } });
    const h = host({ 'tools/setup.py': 'print(1)\n' });
    await act(() => render(<SidePanel call={h.call} />, root));
    await settle();
    expect(rows()).toEqual([]);
    const section = root.querySelector('[data-replyapply="unnamed"]')!;
    expect(section.textContent).toContain('a whole file · the artifact "Setup Script" — import os');
    expect(section.textContent).toContain('give its path in the review');
    expect(root.querySelector<HTMLButtonElement>('[data-replyapply="apply-all"]')!.disabled).toBe(true);
    const type = async (value: string) => {
      const input = root.querySelector<HTMLInputElement>('[data-replyapply="unnamed-path"]')!;
      await act(() => {
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(() => root.querySelector<HTMLButtonElement>('[data-replyapply="unnamed-use"]')!.click());
      await settle();
    };
    // A path outside the folder is refused where it is typed.
    await type('../setup.py');
    expect(root.querySelector('[data-replyapply="unnamed"] [role="alert"]')!.textContent).toContain(
      'the path contains a ".." segment',
    );
    expect(rows()).toEqual([]);
    await type('tools/setup.py');
    expect(rows()).toEqual(['tools/setup.py']);
    expect(root.querySelector('[data-replyapply="unnamed"]')).toBeNull();
    expect(root.querySelector('[data-replyapply-file="tools/setup.py"]')!.getAttribute('data-status')).toBe(
      'ok',
    );
  });
});
