// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { INSTRUCTIONS, instructionFor } from '../../shared/instructions/registry';
import { flush, useRenderRoot } from '../ui/render-root';
import type { HostCall } from '../ui/review';
import { FormatInstructions, PREFERRED_FORMAT_KEY } from './instructions';
import { Popup } from './popup';

type Listener = (changes: Record<string, { newValue?: unknown }>, area: string) => void;

/** Just enough of chrome.* and the clipboard: storage.local, messages to the background. */
function fakeChrome(local: Record<string, unknown>, answer: (m: { type: string }) => unknown) {
  const sent: unknown[] = [];
  const listeners: Listener[] = [];
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: async (m: { type: string }) => {
        sent.push(m);
        return answer(m);
      },
    },
    storage: {
      onChanged: {
        addListener: (l: Listener) => listeners.push(l),
        removeListener: (l: Listener) => listeners.splice(listeners.indexOf(l), 1),
      },
      local: {
        get: async (key: string) => (key in local ? { [key]: local[key] } : {}),
        set: async (items: Record<string, unknown>) => {
          Object.assign(local, items);
        },
      },
    },
  });
  const copied: string[] = [];
  vi.stubGlobal('navigator', { clipboard: { writeText: async (t: string) => void copied.push(t) } });
  return { sent, copied, local };
}

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});
const $ = <T extends Element>(hook: string) => root.querySelector<T>(`[data-replyapply="${hook}"]`)!;

async function mount() {
  await act(() => render(<FormatInstructions />, root));
  await flush();
}

async function pick(id: string) {
  const select = $<HTMLSelectElement>('format-select');
  await act(() => {
    select.value = id;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await flush();
}

describe('FormatInstructions', () => {
  it('is collapsed and shows the default format’s text until another is picked', async () => {
    fakeChrome({}, () => undefined);
    await mount();
    expect($<HTMLDetailsElement>('format-instructions').open).toBe(false);
    expect($<HTMLSelectElement>('format-select').value).toBe('search-replace');
    expect($('format-text').textContent).toBe(instructionFor('search-replace').text);
    expect($('format-select').querySelectorAll('option')).toHaveLength(INSTRUCTIONS.length);
  });

  it.each([
    ['unified-diff', 'unified-diff'],
    ['whole-file', 'search-replace'],
    [42, 'search-replace'],
  ])('a remembered %s shows %s', async (stored, shown) => {
    fakeChrome({ [PREFERRED_FORMAT_KEY]: stored }, () => undefined);
    await mount();
    expect($<HTMLSelectElement>('format-select').value).toBe(shown);
    expect($('format-text').textContent).toBe(instructionFor(shown).text);
  });

  it('remembers the format picked and previews its text', async () => {
    const { local } = fakeChrome({}, () => undefined);
    await mount();
    await pick('openai-patch');
    expect(local[PREFERRED_FORMAT_KEY]).toBe('openai-patch');
    expect($('format-text').textContent).toBe(instructionFor('openai-patch').text);
    expect($('format-best-for').textContent).toBe(instructionFor('openai-patch').bestFor);
  });

  it('Insert sends the text to the background and shows that it landed', async () => {
    const { sent } = fakeChrome({ [PREFERRED_FORMAT_KEY]: 'aptix' }, () => ({
      ok: true,
      how: 'exec-command',
    }));
    await mount();
    await act(() => $<HTMLButtonElement>('format-insert').click());
    await flush();
    expect(sent).toEqual([{ type: 'insert-instructions', text: instructionFor('aptix').text }]);
    expect($('format-insert').textContent).toBe('Inserted ✓');
    expect($('format-status').textContent).toContain('Inserted into the message box');
  });

  it.each([
    [
      'the page refuses',
      () => ({ ok: false, message: 'Could not find the message box on this page.' }),
      'Could not find the message box',
    ],
    ['nobody answers', () => undefined, 'No answer from the page'],
    [
      'the message fails',
      () => {
        throw new Error('Receiving end does not exist.');
      },
      'Could not reach the page: Receiving end does not exist.',
    ],
  ])('Insert shows why when %s', async (_case, answer, shown) => {
    fakeChrome({}, answer);
    await mount();
    await act(() => $<HTMLButtonElement>('format-insert').click());
    await flush();
    expect($('format-insert').textContent).toBe('Insert into chat');
    expect($('format-status').textContent).toContain(shown);
    expect($('format-status').className).toBe('error');
  });

  it('Copy writes the previewed text to the clipboard', async () => {
    const { copied } = fakeChrome({}, () => undefined);
    await mount();
    await pick('markdown-actions');
    await act(() => $<HTMLButtonElement>('format-copy').click());
    await flush();
    expect(copied).toEqual([instructionFor('markdown-actions').text]);
    expect($('format-copy').textContent).toBe('Copied ✓');
  });
});

describe('Popup', () => {
  it('shows the format section', async () => {
    fakeChrome({}, (m) => {
      if (m.type === 'get-proposal') return null;
      if (m.type === 'host-status') return { state: 'connected', version: '0.1.0', protocol: 1 };
      return undefined;
    });
    const call: HostCall = async () => ({ path: '/', parent: null, entries: [] }) as never;
    await act(() => render(<Popup call={call} />, root));
    await flush();
    expect($('format-select')).not.toBeNull();
    expect($('format-text').textContent).toBe(instructionFor('search-replace').text);
  });
});
