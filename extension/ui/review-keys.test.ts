// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenReviewKeys } from './review-keys';

let stop: () => void;
let applied: number;

/** A review as file-row.tsx and review-body.tsx draw it: three rows (the last one cannot be ticked), Apply, a text field. */
beforeEach(() => {
  document.body.innerHTML = `
    <ul class="file-list">
      <li data-replyapply-file="a.txt" tabindex="-1"><div class="file-head"><input type="checkbox" data-accept checked><button type="button">hide diff</button></div></li>
      <li data-replyapply-file="b.txt" tabindex="-1"><div class="file-head"><input type="checkbox" data-accept checked></div></li>
      <li data-replyapply-file="c.txt" tabindex="-1"><input type="checkbox" data-accept disabled></li>
    </ul>
    <input type="text" id="folder"><textarea id="paste"></textarea>
    <button type="button" data-replyapply="apply-all">Apply</button>`;
  applied = 0;
  document.querySelector('[data-replyapply="apply-all"]')!.addEventListener('click', () => applied++);
  stop = listenReviewKeys(document);
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

/** Presses `key` where the focus is (the page when nothing has it); whether the page's default was prevented. */
function press(key: string, init: KeyboardEventInit = {}): boolean {
  const target = document.activeElement ?? document.body;
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e.defaultPrevented;
}
const focusedFile = () => document.activeElement?.getAttribute('data-replyapply-file') ?? null;
const box = (path: string) =>
  document.querySelector<HTMLInputElement>(`[data-replyapply-file="${path}"] input[data-accept]`)!;

describe('the review keys', () => {
  it('j and k move the focus from file to file, and stop at the ends', () => {
    const seq: (string | null)[] = [];
    for (const k of ['j', 'j', 'j', 'j', 'k', 'k', 'k']) {
      press(k);
      seq.push(focusedFile());
    }
    expect(seq).toEqual(['a.txt', 'b.txt', 'c.txt', 'c.txt', 'b.txt', 'a.txt', 'a.txt']);
  });

  it('brings the head of the file it moves to into view (the row itself when it has none)', () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    press('j');
    press('j');
    press('j');
    const seen = scrolled.mock.contexts.map((el) => el as HTMLElement);
    expect(
      seen.map((el) => el.closest<HTMLElement>('[data-replyapply-file]')!.dataset.replyapplyFile),
    ).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(seen.map((el) => el.className)).toEqual(['file-head', 'file-head', '']);
    scrolled.mockRestore();
  });

  it('moves on from the box or button in a row that has the focus', () => {
    box('a.txt').focus();
    press('j');
    expect(focusedFile()).toBe('b.txt');
    document.querySelector<HTMLButtonElement>('[data-replyapply-file="a.txt"] button')!.focus();
    press('j');
    expect(focusedFile()).toBe('b.txt');
  });

  it('space clicks the box of the file in focus, and takes the key from the page (no scroll)', () => {
    const changes: boolean[] = [];
    box('b.txt').addEventListener('change', (e) => changes.push((e.target as HTMLInputElement).checked));
    press('j');
    press('j');
    expect(press(' ')).toBe(true);
    expect(box('b.txt').checked).toBe(false);
    press(' ');
    expect(changes).toEqual([false, true]);
    expect(box('a.txt').checked).toBe(true);
  });

  it('space leaves a box that cannot be ticked as it is, and leaves the box and buttons their own space', () => {
    for (const _ of [1, 2, 3]) press('j');
    press(' ');
    expect(box('c.txt').checked).toBe(false);
    box('a.txt').focus();
    expect(press(' ')).toBe(false);
    expect(box('a.txt').checked).toBe(true);
    expect(press(' ', { repeat: true })).toBe(false);
  });

  it('a clicks Apply; not when Apply is disabled', () => {
    expect(press('a')).toBe(true);
    expect(applied).toBe(1);
    document.querySelector<HTMLButtonElement>('[data-replyapply="apply-all"]')!.disabled = true;
    press('a');
    expect(applied).toBe(1);
  });

  it('leaves every key to a text field, and keys with Ctrl, Alt or ⌘ to the browser', () => {
    for (const id of ['folder', 'paste']) {
      document.getElementById(id)!.focus();
      for (const k of ['j', 'k', ' ', 'a']) expect(press(k)).toBe(false);
      expect(document.activeElement!.id).toBe(id);
    }
    (document.activeElement as HTMLElement).blur();
    expect(press('a', { ctrlKey: true })).toBe(false);
    expect(press('j', { metaKey: true })).toBe(false);
    expect(press('j', { altKey: true })).toBe(false);
    expect(applied).toBe(0);
    expect(focusedFile()).toBeNull();
  });

  it('stops listening when told to', () => {
    stop();
    press('j');
    press('a');
    expect(focusedFile()).toBeNull();
    expect(applied).toBe(0);
  });
});
