// @vitest-environment happy-dom
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { buildBundle } from '../../shared/context/bundle';
import { instructionFor } from '../../shared/instructions/registry';
import { flush, useRenderRoot } from '../ui/render-root';
import type { HostCall } from '../ui/review';
import { activeChat } from './active-chat';
import { sendBundle } from './context-io';
import { SELECTION_KEY, SENT_KEY, type Tree } from './context-pick';
import { PREFERRED_FORMAT_KEY } from './instructions';
import { Popup } from './popup';
import { ProjectContext } from './project-context';

type Listener = (changes: Record<string, { newValue?: unknown }>, area: string) => void;

/** storage.local (get by key or keys), messages to the background, and the active tab. */
function fakeChrome(
  local: Record<string, unknown>,
  answer: (m: { type: string; text?: string }) => unknown,
  tabUrl = 'https://chatgpt.com/c/abc-123',
) {
  const sent: { type: string; text?: string }[] = [];
  const listeners: Listener[] = [];
  const pick = (keys: string | string[]) =>
    Object.fromEntries(
      (Array.isArray(keys) ? keys : [keys]).filter((k) => k in local).map((k) => [k, local[k]]),
    );
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: async (m: { type: string; text?: string }) => {
        sent.push(m);
        return answer(m);
      },
    },
    tabs: {
      query: async () => [{ id: 1, url: tabUrl }],
      get: async (id: number) => {
        if (id !== 7) throw new Error(`No tab with id: ${id}.`);
        return { id, url: 'https://claude.ai/chat/named-tab' };
      },
    },
    storage: {
      onChanged: {
        addListener: (l: Listener) => listeners.push(l),
        removeListener: (l: Listener) => listeners.splice(listeners.indexOf(l), 1),
      },
      local: {
        get: async (keys: string | string[]) => structuredClone(pick(keys)),
        set: async (items: Record<string, unknown>) => {
          Object.assign(local, structuredClone(items));
        },
      },
      session: { get: async () => ({}) },
    },
  });
  return { sent, local };
}

const entry = (path: string, more: Partial<Tree['entries'][number]> = {}) => ({
  path,
  kind: 'file' as const,
  size: 10,
  ignored: false,
  secret: false,
  ...more,
});

/** A folder on "disk" the fake host lists and reads; its hash is the content itself, tagged. */
function fakeHost(disk: Record<string, string>, tree: Partial<Tree> = {}) {
  const calls: { method: string; params: unknown }[] = [];
  const call = (async (method: string, params: { root: string; paths?: string[] }) => {
    calls.push({ method, params });
    if (method === 'listTree')
      return {
        root: params.root,
        git: true,
        entries: [
          entry('.env', { secret: true }),
          entry('build', { kind: 'folder', ignored: true, size: 0 }),
          entry('notes.log', { ignored: true }),
          entry('src/a.ts'),
          entry('src/big.txt', { tooLarge: true }),
          entry('src/lib/b.ts'),
        ],
        skipped: { binary: 2, links: 1, special: 0, unreadable: 0, unsafeNames: 0 },
        ...tree,
      } satisfies Tree;
    if (method === 'readFiles')
      return {
        root: params.root,
        files: (params.paths ?? []).map((path) =>
          path in disk
            ? {
                path,
                exists: true,
                text: disk[path],
                hash: `h:${disk[path]}`,
                size: disk[path]!.length,
                mode: 0o644,
              }
            : { path, exists: false },
        ),
      };
    throw new Error(`unexpected ${method}`);
  }) as unknown as HostCall;
  return { call, calls };
}

const disk = () => ({
  '.env': 'TOKEN=secret\n',
  'notes.log': 'a log\n',
  'src/a.ts': 'hello world',
  'src/lib/b.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
});

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});
const $ = <T extends Element>(hook: string) => root.querySelector<T>(`[data-replyapply="${hook}"]`)!;
const row = (path: string) =>
  root.querySelector<HTMLLIElement>(`[data-replyapply="context-row"][data-path="${path}"]`)!;
const box = (label: string) => root.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
const shownPaths = () =>
  [...root.querySelectorAll<HTMLElement>('[data-replyapply="context-row"]')].map((r) => r.dataset.path);

/** Settles reads and the file-by-file counting (each file's count waits a macrotask). */
async function settle() {
  for (let i = 0; i < 12; i++) await flush();
}

async function openPicker(
  files: Record<string, string>,
  chat: { site: string; conversationId?: string } | null = { site: 'chatgpt', conversationId: 'c1' },
  tree: Partial<Tree> = {},
) {
  const host = fakeHost(files, tree);
  await act(() => render(<ProjectContext root="/p" call={host.call} chat={chat} />, root));
  await act(() => $<HTMLButtonElement>('context-open').click());
  await settle();
  return host;
}

async function click(el: HTMLElement) {
  await act(() => el.click());
  await settle();
}

describe('Add files to the chat', () => {
  it('is a button that opens the project’s tree, with ignored, secret and too large files unticked and said', async () => {
    fakeChrome({}, () => undefined);
    await openPicker(disk());
    expect(shownPaths()).toEqual([
      '.env',
      'build',
      'notes.log',
      'src',
      'src/a.ts',
      'src/big.txt',
      'src/lib',
      'src/lib/b.ts',
    ]);
    expect(box('Add src/a.ts').checked).toBe(true);
    expect(box('Add src/lib/b.ts').checked).toBe(true);
    expect(box('Add .env').checked).toBe(false);
    expect(row('.env').textContent).toContain('may hold secrets');
    expect(box('Add notes.log').checked).toBe(false);
    expect(row('notes.log').textContent).toContain('ignored by git');
    expect(box('Add src/big.txt').disabled).toBe(true);
    expect(row('src/big.txt').textContent).toContain('too large to add');
    expect(box('Add build').disabled).toBe(true);
    expect(row('build').textContent).toContain('ignored by git, not listed');
    expect($('context-skipped').textContent).toBe('Left out: 2 binary files, 1 link. ');
    expect($('context-stopped')).toBeNull();
  });

  it('shows a file whose name no reply could give back unticked, and says why', async () => {
    fakeChrome({}, () => undefined);
    const entries = [
      entry('src/a.ts'),
      entry('odd `name`.ts'),
      entry('.env', { secret: true, ignored: true }),
    ];
    await openPicker(disk(), undefined, { entries });
    expect(box('Add odd `name`.ts').disabled).toBe(true);
    const badge = row('odd `name`.ts').querySelector<HTMLElement>('[data-replyapply="context-warning"]')!;
    expect(badge.textContent).toBe('name cannot be sent');
    expect(badge.title).toMatch(/^Cannot be added: its name cannot be written/);
    // Both reasons a file is left unticked are said.
    expect(
      [...row('.env').querySelectorAll('[data-replyapply="context-warning"]')].map((w) => w.textContent),
    ).toEqual(['may hold secrets', 'ignored by git']);
  });

  it('ticks nothing by default in a folder whose files come to more than a chat takes, and says so', async () => {
    fakeChrome({}, () => undefined);
    // 600 files of 1 KiB: 600 KiB, over the default's bound; nothing is read or counted meanwhile.
    const entries = Array.from({ length: 600 }, (_, i) => entry(`src/f${i}.ts`, { size: 1024 }));
    const host = await openPicker(disk(), undefined, { entries });
    expect(box('Add src/f0.ts').checked).toBe(false);
    expect(box('Add src/f1.ts').checked).toBe(false);
    expect($('context-summary').textContent).toBe(
      "None ticked: this folder's 600 files come to 600 KiB, more than a chat takes at once. Tick the ones it needs.",
    );
    expect(host.calls.filter((c) => c.method === 'readFiles')).toEqual([]);
    // A tick by hand is a choice like any other.
    await click(box('Add src/f1.ts'));
    expect(box('Add src/f1.ts').checked).toBe(true);
    expect($('context-summary').textContent).not.toContain('None ticked');
  });

  it('says where the listing stopped', async () => {
    fakeChrome({}, () => undefined);
    await openPicker(disk(), undefined, { stopped: { bound: 'entries', limit: 5000 } });
    expect($('context-stopped').textContent).toBe(
      'The list stops at 5,000 entries: the folder has more files than are shown.',
    );
  });

  it('counts ChatGPT’s tokens exactly, per file and in all, with the window beside', async () => {
    fakeChrome({}, () => undefined);
    const files = disk();
    await openPicker(files);
    const a = encode(files['src/a.ts']).length;
    const b = encode(files['src/lib/b.ts']).length;
    expect(row('src/a.ts').querySelector('[data-replyapply="context-tokens"]')!.textContent).toBe(String(a));
    expect(row('src/lib/b.ts').querySelector('[data-replyapply="context-tokens"]')!.textContent).toBe(
      String(b),
    );
    expect(row('.env').querySelector('[data-replyapply="context-tokens"]')!.textContent).toBe('');
    const summary = $('context-summary').textContent!;
    const m = /^2 files, ([\d,]+) tokens$/.exec(summary);
    expect(m, summary).not.toBeNull();
    // The total is the files and the bundle's own words: within a token per file of the whole bundle's count.
    const whole = encode(
      buildBundle(
        [
          { path: 'src/a.ts', content: files['src/a.ts'] },
          { path: 'src/lib/b.ts', content: files['src/lib/b.ts'] },
        ],
        { instruction: instructionFor(undefined).text },
      ),
    ).length;
    expect(Math.abs(Number(m![1]!.replace(/,/g, '')) - whole)).toBeLessThanOrEqual(2);
    expect($('context-limit').textContent).toMatch(
      /^ChatGPT's context window: 32,000 tokens \(Plus, Instant; Free 16K/,
    );
  });

  it('labels another site’s counts an estimate', async () => {
    fakeChrome({}, () => undefined);
    await openPicker(disk(), { site: 'claude', conversationId: 'x' });
    expect(row('src/a.ts').querySelector('[data-replyapply="context-tokens"]')!.textContent).toBe('≈3');
    expect($('context-summary').textContent).toMatch(/^2 files, ≈[\d,]+ tokens \(estimate\)$/);
    expect($('context-limit').textContent).toMatch(/^Claude's context window: 200,000 tokens/);
  });

  it('warns when the files are over the site’s window, and says when a site gives none', async () => {
    fakeChrome({}, () => undefined);
    await openPicker({ ...disk(), 'src/a.ts': 'x'.repeat(900_000) }, { site: 'claude' });
    expect($('context-limit').className).toBe('warning');
    expect($('context-limit').textContent).toContain('the model will not see all of it');
    render(null, root);
    await openPicker(disk(), { site: 'perplexity' });
    expect($('context-limit').textContent).toBe('Perplexity publishes no context window to compare with.');
  });

  it('filters by path, and a folder box ticks and clears its files', async () => {
    fakeChrome({}, () => undefined);
    await openPicker(disk());
    const filter = $<HTMLInputElement>('context-filter');
    await act(() => {
      filter.value = 'LIB';
      filter.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(shownPaths()).toEqual(['src', 'src/lib', 'src/lib/b.ts']);
    await act(() => {
      filter.value = '';
      filter.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const src = box('Add the folder src');
    expect(src.checked).toBe(true);
    await click(src);
    expect(box('Add src/a.ts').checked).toBe(false);
    expect(box('Add src/lib/b.ts').checked).toBe(false);
    expect($('context-summary').textContent).toBe('No file ticked.');
    expect($<HTMLButtonElement>('context-insert').disabled).toBe(true);
    await click(box('Add src/a.ts'));
    expect(box('Add the folder src').indeterminate).toBe(true);
    expect($('context-summary').textContent).toMatch(/^1 file, [\d,]+ tokens$/);
  });

  it('Insert puts the ticked files and the preferred format’s instruction into the chat, and remembers them', async () => {
    const { sent, local } = fakeChrome({ [PREFERRED_FORMAT_KEY]: 'unified-diff' }, (m) =>
      m.type === 'insert-bundle' ? { ok: true, how: 'exec-command' } : undefined,
    );
    const files = disk();
    await openPicker(files);
    await click($('context-insert'));
    expect(sent).toEqual([
      {
        type: 'insert-bundle',
        text: buildBundle(
          [
            { path: 'src/a.ts', content: files['src/a.ts'] },
            { path: 'src/lib/b.ts', content: files['src/lib/b.ts'] },
          ],
          { instruction: instructionFor('unified-diff').text },
        ),
      },
    ]);
    expect($('context-status').textContent).toBe(
      'Inserted 2 files into the message box. Add your request, then send.',
    );
    expect(local[SENT_KEY]).toEqual({
      'chatgpt:c1': { 'src/a.ts': `h:${files['src/a.ts']}`, 'src/lib/b.ts': `h:${files['src/lib/b.ts']}` },
    });
    // The defaults were not changed, so they are not remembered as a choice.
    expect(local[SELECTION_KEY]).toBeUndefined();
  });

  it('leaves the instruction out when unticked', async () => {
    const { sent } = fakeChrome({}, () => ({ ok: true, how: 'exec-command' }));
    const files = disk();
    await openPicker(files);
    await click($('context-instruction'));
    await click($('context-insert'));
    expect(sent[0]?.text).toBe(
      buildBundle([
        { path: 'src/a.ts', content: files['src/a.ts'] },
        { path: 'src/lib/b.ts', content: files['src/lib/b.ts'] },
      ]),
    );
  });

  it('shows why the page refused', async () => {
    fakeChrome({}, () => ({ ok: false, message: 'Could not find the message box on this page.' }));
    await openPicker(disk());
    await click($('context-insert'));
    expect($('context-status').textContent).toBe('Could not find the message box on this page.');
    expect($('context-status').className).toBe('error');
  });

  it('sends again only the files changed since they were put in, marked as new versions', async () => {
    const { sent } = fakeChrome(
      { [SENT_KEY]: { 'chatgpt:c1': { 'src/a.ts': 'h:hello world', 'src/lib/b.ts': 'h:old' } } },
      () => ({ ok: true, how: 'exec-command' }),
    );
    const files = disk();
    await openPicker(files);
    await click($('context-instruction'));
    await click($('context-resend'));
    expect(sent).toEqual([
      {
        type: 'insert-bundle',
        text: buildBundle([{ path: 'src/lib/b.ts', content: files['src/lib/b.ts'], changed: true }]),
      },
    ]);
    expect($('context-status').textContent).toBe(
      'Inserted 1 changed file into the message box. Add your request, then send.',
    );
    // Now nothing changed since.
    await click($('context-resend'));
    expect(sent).toHaveLength(1);
    expect($('context-status').textContent).toBe(
      'No ticked file changed since it was last put into this conversation.',
    );
  });

  it('cannot send again what was never put into this conversation', async () => {
    fakeChrome({ [SENT_KEY]: { 'chatgpt:other': { 'src/a.ts': 'h:x' } } }, () => undefined);
    await openPicker(disk());
    expect($<HTMLButtonElement>('context-resend').disabled).toBe(true);
  });

  it('restores the ticks remembered for this conversation, and remembers a change', async () => {
    const { local } = fakeChrome(
      { [SELECTION_KEY]: { 'chatgpt:c1': { root: '/p', paths: ['notes.log', 'gone.ts'] } } },
      () => undefined,
    );
    await openPicker(disk());
    expect(box('Add notes.log').checked).toBe(true);
    expect(box('Add src/a.ts').checked).toBe(false);
    await click(box('Add src/a.ts'));
    expect(local[SELECTION_KEY]).toEqual({ 'chatgpt:c1': { root: '/p', paths: ['notes.log', 'src/a.ts'] } });
  });

  it('draws at most 400 rows, says so, and the filter finds the rest', async () => {
    fakeChrome({}, () => undefined);
    const many = Array.from({ length: 450 }, (_, i) => entry(`f${String(i).padStart(3, '0')}.txt`));
    const files = Object.fromEntries(many.map((e) => [e.path, 'x']));
    await openPicker(files, { site: 'claude' }, { entries: many });
    expect(shownPaths()).toHaveLength(400);
    expect($('context-more').textContent).toBe(
      'Showing the first 400 of 450 rows: type in the filter to find the others.',
    );
    // Every file is ticked and counted, drawn or not.
    expect($('context-summary').textContent).toMatch(/^450 files, ≈[\d,]+ tokens \(estimate\)$/);
    const filter = $<HTMLInputElement>('context-filter');
    await act(() => {
      filter.value = 'f44';
      filter.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(shownPaths()).toEqual(Array.from({ length: 10 }, (_, i) => `f44${i}.txt`));
    expect($('context-more')).toBeNull();
  });

  it('neither reads nor counts ticked files over what a message box takes, and says so', async () => {
    fakeChrome({}, () => undefined);
    const big = [entry('a.txt', { size: 5 * 1024 * 1024 }), entry('b.txt', { size: 1024 })];
    const host = await openPicker({ 'a.txt': 'a', 'b.txt': 'b' }, undefined, { entries: big });
    // Nothing ticked by default (over DEFAULT_TICK_BYTES): the user ticks both by hand.
    await click(box('Add a.txt'));
    await click(box('Add b.txt'));
    expect($('context-summary').textContent).toBe(
      '2 files, 5 MiB: more than the 4 MiB a message box is given. Untick some.',
    );
    expect($<HTMLButtonElement>('context-insert').disabled).toBe(true);
    expect(host.calls.map((c) => c.method)).toEqual(['listTree']);
    await click(box('Add a.txt'));
    expect(host.calls.map((c) => c.method)).toEqual(['listTree', 'readFiles']);
    expect($('context-summary').textContent).toMatch(/^1 file, [\d,]+ tokens$/);
  });

  it('says when the folder cannot be listed', async () => {
    fakeChrome({}, () => undefined);
    const call = (async () => {
      throw new Error('Unknown method listTree');
    }) as unknown as HostCall;
    await act(() => render(<ProjectContext root="/p" call={call} chat={null} />, root));
    await click($('context-open'));
    expect($('context-error').textContent).toBe('Could not list the folder: Unknown method listTree');
  });

  it('marks a ticked file the host could not read', async () => {
    fakeChrome({}, () => undefined);
    const files: Record<string, string> = disk();
    delete files['src/a.ts'];
    await openPicker(files);
    expect(row('src/a.ts').querySelector('[data-replyapply="context-tokens"]')!.textContent).toBe(
      'unreadable',
    );
    expect($('context-summary').textContent).toMatch(/^2 files, [\d,]+ tokens$/);
  });
});

describe('the active chat', () => {
  it('is read from the tab’s URL with the content script’s adapters', async () => {
    fakeChrome({}, () => undefined, 'https://chatgpt.com/c/abc-123');
    expect(await activeChat('')).toEqual({ site: 'chatgpt', conversationId: 'abc-123', tabId: 1 });
    fakeChrome({}, () => undefined, 'https://claude.ai/new');
    expect(await activeChat('')).toEqual({ site: 'claude', tabId: 1 });
    fakeChrome({}, () => undefined, 'https://example.com/');
    expect(await activeChat('')).toBeNull();
  });

  it('is the tab the popup page’s URL names, when it is opened in a tab of its own', async () => {
    fakeChrome({}, () => undefined, 'chrome-extension://id/extension/popup/index.html?tab=7');
    expect(await activeChat('?tab=7')).toEqual({
      site: 'claude',
      conversationId: 'named-tab',
      tabId: 7,
    });
    // A tab that is gone, or a name that is no tab id, is no chat (never the active tab instead).
    expect(await activeChat('?tab=8')).toBeNull();
    expect(await activeChat('?tab=1e3')).toBeNull();
    expect(await activeChat('?tab=')).toBeNull();
  });

  it('names its tab to the background, so the bundle goes where the tokens were counted', async () => {
    const { sent } = fakeChrome({}, (m) =>
      m.type === 'insert-bundle' ? { ok: true, how: 'exec-command' } : undefined,
    );
    expect(await sendBundle('x', 7)).toEqual({ ok: true, how: 'exec-command' });
    expect(await sendBundle('y')).toEqual({ ok: true, how: 'exec-command' });
    expect(sent).toEqual([
      { type: 'insert-bundle', text: 'x', tabId: 7 },
      { type: 'insert-bundle', text: 'y' },
    ]);
  });
});

describe('Popup', () => {
  it('uses the folder remembered for the conversation in its tab, not the last reply’s', async () => {
    fakeChrome(
      {
        folders: {
          last: '/other',
          recent: ['/other', '/p'],
          byConversation: { 'chatgpt:abc-123': '/p', 'claude:old': '/other' },
        },
      },
      (m) => {
        if (m.type === 'get-proposal')
          return {
            site: 'claude',
            url: 'https://claude.ai/chat/old',
            conversationId: 'old',
            replyId: 'r',
            textSource: 'dom',
            changeSets: [],
            text: '',
          };
        if (m.type === 'host-status') return { state: 'connected', version: '0.1.0', protocol: 1 };
        return undefined;
      },
    );
    const host = fakeHost(disk());
    const roots: string[] = [];
    const call = (async (method: string, params: { root?: string }) => {
      if (method === 'listDir') return { path: '/', parent: null, entries: [] };
      if (method === 'listTree' && params.root) roots.push(params.root);
      return host.call(method as never, params as never);
    }) as HostCall;
    await act(() => render(<Popup call={call} />, root));
    await settle();
    await click($('context-open'));
    expect(roots).toEqual(['/p']);
  });

  it('offers "Add files to the chat" once a folder is chosen', async () => {
    fakeChrome({ folders: { last: '/p', recent: ['/p'], byConversation: {} } }, (m) => {
      if (m.type === 'get-proposal') return null;
      if (m.type === 'host-status') return { state: 'connected', version: '0.1.0', protocol: 1 };
      return undefined;
    });
    const host = fakeHost(disk());
    const call = (async (method: string, params: unknown) =>
      method === 'listDir'
        ? { path: '/', parent: null, entries: [] }
        : host.call(method as never, params as never)) as HostCall;
    await act(() => render(<Popup call={call} />, root));
    await settle();
    expect($('context-open').textContent).toBe('Add files to the chat');
    await click($('context-open'));
    expect(box('Add src/a.ts').checked).toBe(true);
    expect($('context-summary').textContent).toMatch(/^2 files, [\d,]+ tokens$/);
  });
});
