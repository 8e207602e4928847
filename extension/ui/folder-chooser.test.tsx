// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FolderChooser } from './folder-chooser';
import { flush, useRenderRoot } from './render-root';
import type { HostCall } from './review';

const LISTINGS: Record<
  string,
  { path: string; parent: string | null; entries: { name: string; isGitRepo: boolean; readable: boolean }[] }
> = {
  '/home/ada': {
    path: '/home/ada',
    parent: '/home',
    entries: [
      { name: 'site', isGitRepo: true, readable: true },
      { name: 'notes', isGitRepo: false, readable: true },
    ],
  },
  '/home/ada/site': { path: '/home/ada/site', parent: '/home/ada', entries: [] },
};

const calls: unknown[] = [];
const call: HostCall = async (method, params) => {
  calls.push([method, params]);
  const p = (params as { path?: string }).path ?? '/home/ada';
  const l = LISTINGS[p.replace(/\/$/, '')];
  if (!l) throw Object.assign(new Error(`The folder ${p} does not exist.`), { code: 12 });
  return l as never;
};

let root: HTMLElement;
beforeEach(() => {
  calls.length = 0;
});
useRenderRoot((el) => {
  root = el;
});

async function type(value: string) {
  const input = root.querySelector<HTMLInputElement>('[data-replyapply="folder-input"]')!;
  await act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(() => root.querySelector<HTMLButtonElement>('[data-replyapply="folder-use"]')!.click());
  await flush();
}

describe('FolderChooser', () => {
  it('refuses a relative path without asking the host', async () => {
    const onChoose = vi.fn();
    await act(() =>
      render(<FolderChooser current={undefined} recent={[]} call={call} onChoose={onChoose} />, root),
    );
    await type('site');
    expect(root.querySelector('[role=alert]')!.textContent).toContain('full path');
    expect(calls).toEqual([]);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('checks a typed path with listDir and uses the folder the host reports', async () => {
    const onChoose = vi.fn();
    await act(() =>
      render(<FolderChooser current={undefined} recent={[]} call={call} onChoose={onChoose} />, root),
    );
    await type('/home/ada/nowhere');
    expect(root.querySelector('[role=alert]')!.textContent).toBe(
      'The folder /home/ada/nowhere does not exist.',
    );
    await type(' /home/ada/site/ ');
    expect(calls.at(-1)).toEqual(['listDir', { path: '/home/ada/site/' }]);
    expect(onChoose).toHaveBeenCalledWith('/home/ada/site');
  });

  it('lists recent folders other than the current one', async () => {
    const onChoose = vi.fn();
    await act(() =>
      render(<FolderChooser current="/a" recent={['/a', '/b/c']} call={call} onChoose={onChoose} />, root),
    );
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('.recent button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['c']);
    await act(() => buttons[0]!.click());
    expect(onChoose).toHaveBeenCalledWith('/b/c');
  });

  it('browses folders, marks git repositories and chooses the open folder', async () => {
    const onChoose = vi.fn();
    await act(() =>
      render(<FolderChooser current={undefined} recent={[]} call={call} onChoose={onChoose} />, root),
    );
    await act(() => root.querySelector<HTMLButtonElement>('button[aria-expanded]')!.click());
    await flush();
    expect(calls.at(-1)).toEqual(['listDir', { showHidden: false }]);
    const entries = [...root.querySelectorAll('.entries li')].map((li) => li.textContent);
    expect(entries).toEqual(['sitegit', 'notes']);
    await act(() => root.querySelector<HTMLButtonElement>('.entries button')!.click());
    await flush();
    expect(calls.at(-1)).toEqual(['listDir', { showHidden: false, path: '/home/ada/site' }]);
    const use = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Use this folder')!;
    await act(() => use.click());
    expect(onChoose).toHaveBeenCalledWith('/home/ada/site');
  });
});
