// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonLabel, mountApplyButton, restoreButtons } from './button';
import { chatgpt } from './sites/chatgpt';
import { pageHtml } from './sites/saved-pages';

function showFixture() {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    pageHtml('fixtures/chatgpt-two-replies'),
    'text/html',
  ).documentElement.innerHTML;
  return Array.from(document.querySelectorAll(chatgpt.selectors.turn.css));
}

const hostsIn = (root: ParentNode) => root.querySelectorAll('[data-replyapply="apply"]');
const innerButton = (host: Element) => host.shadowRoot!.querySelector('button')!;

function trustedClick(target: Element) {
  const event = new MouseEvent('click', { bubbles: true, composed: true });
  // Browsers set isTrusted only for real input; happy-dom never does, so the test stands in for it.
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

describe('buttonLabel', () => {
  it.each([
    [3, 3, 0, 'Apply 3 files'],
    [1, 1, 0, 'Apply 1 file'],
    [4, 2, 0, 'Apply 2 files'],
    [2, 1, 1, 'Review 1 file · 1 error'],
    [5, 3, 2, 'Review 3 files · 2 errors'],
    [0, 0, 1, 'Review 1 error'],
    [1, 0, 0, 'Apply 1 change'],
    [2, 0, 0, 'Apply 2 changes'],
  ])('ops %i, files %i, errors %i → %s', (ops, files, errors, label) => {
    expect(buttonLabel({ ops, files, errors })).toBe(label);
  });

  it('says only that the text was read from the page: its counts and errors may be wrong (issue 12)', () => {
    expect(buttonLabel({ ops: 3, files: 3, errors: 1, fromPage: true })).toBe('Review (read from the page)');
  });
});

describe('mountApplyButton on the ChatGPT fixture', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('puts one host with test hooks in the turn’s action bar, outside the turn', () => {
    const [turn] = showFixture();
    mountApplyButton(turn!, chatgpt, { ops: 3, files: 3, errors: 0, onClick: () => {} });
    const container = turn!.closest(chatgpt.selectors.container.css)!;
    const [host] = hostsIn(container);
    expect(hostsIn(document)).toHaveLength(1);
    expect(host!.parentElement).toBe(container.querySelector(chatgpt.selectors.actionBar.css));
    expect(turn!.contains(host!)).toBe(false);
    expect(host!.getAttribute('data-ops')).toBe('3');
    expect(host!.getAttribute('data-files')).toBe('3');
    expect(host!.getAttribute('data-errors')).toBe('0');
    expect(host!.getAttribute('data-message-id')).toBe(turn!.getAttribute('data-message-id'));
    expect(host!.shadowRoot!.mode).toBe('open');
    const button = innerButton(host!);
    expect(button.textContent).toContain('Apply 3 files');
    expect(button.getAttribute('aria-label')).toBe('ReplyApply: Apply 3 files from this reply');
    expect(button.type).toBe('button');
    expect(button.tabIndex).toBe(0);
    // Nothing of ours in the turn's own text (the tracker compares it).
    expect(turn!.textContent).not.toContain('Apply');
  });

  it('is idempotent: mounting again updates the same host', () => {
    const [turn] = showFixture();
    const first = vi.fn();
    const second = vi.fn();
    mountApplyButton(turn!, chatgpt, { ops: 1, files: 1, errors: 0, onClick: first });
    mountApplyButton(turn!, chatgpt, { ops: 3, files: 2, errors: 1, onClick: second });
    const hosts = hostsIn(document);
    expect(hosts).toHaveLength(1);
    expect(hosts[0]!.getAttribute('data-files')).toBe('2');
    expect(innerButton(hosts[0]!).textContent).toContain('Review 2 files · 1 error');
    trustedClick(innerButton(hosts[0]!));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('one button per turn', () => {
    const turns = showFixture();
    for (const turn of turns)
      mountApplyButton(turn, chatgpt, { ops: 1, files: 1, errors: 0, onClick: () => {} });
    expect(hostsIn(document)).toHaveLength(2);
  });

  it('calls onClick for a real click only', () => {
    const [turn] = showFixture();
    const onClick = vi.fn();
    mountApplyButton(turn!, chatgpt, { ops: 1, files: 1, errors: 0, onClick });
    const button = innerButton(hostsIn(document)[0]!);
    button.click();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick).not.toHaveBeenCalled();
    trustedClick(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('unmount removes the host, and a later mount creates a fresh one', () => {
    const [turn] = showFixture();
    const unmount = mountApplyButton(turn!, chatgpt, { ops: 1, files: 1, errors: 0, onClick: () => {} });
    unmount();
    expect(hostsIn(document)).toHaveLength(0);
    mountApplyButton(turn!, chatgpt, { ops: 2, files: 2, errors: 0, onClick: () => {} });
    expect(hostsIn(document)).toHaveLength(1);
  });

  it('goes back into the action bar when the site re-renders it', () => {
    const [turn] = showFixture();
    const state = { ops: 1, files: 1, errors: 0, onClick: () => {} };
    mountApplyButton(turn!, chatgpt, state);
    const container = turn!.closest(chatgpt.selectors.container.css)!;
    const bar = container.querySelector(chatgpt.selectors.actionBar.css)!;
    // React re-rendered the bar: a new element, without our host.
    const fresh = bar.cloneNode(true) as Element;
    fresh.querySelector('[data-replyapply]')!.remove();
    bar.replaceWith(fresh);
    expect(hostsIn(document)).toHaveLength(0);
    restoreButtons(chatgpt);
    expect(hostsIn(document)).toHaveLength(1);
    expect(hostsIn(document)[0]!.parentElement).toBe(fresh);
    expect(innerButton(hostsIn(document)[0]!).textContent).toContain('Apply 1 file');
    // Mounting again is a no-op once it is in place.
    mountApplyButton(turn!, chatgpt, state);
    expect(hostsIn(document)).toHaveLength(1);
    expect(hostsIn(document)[0]!.parentElement).toBe(
      container.querySelector(chatgpt.selectors.actionBar.css),
    );
  });

  it('finds the 2024 action bar, where the Copy button is wrapped in a tooltip <span>', () => {
    const [turn] = showFixture();
    const copy = turn!
      .closest(chatgpt.selectors.container.css)!
      .querySelector(chatgpt.selectors.copyButton!.css)!;
    const bar = copy.parentElement!;
    const span = document.createElement('span');
    copy.replaceWith(span);
    span.append(copy);
    mountApplyButton(turn!, chatgpt, { ops: 1, files: 1, errors: 0, onClick: () => {} });
    expect(hostsIn(document)[0]!.parentElement).toBe(bar);
  });

  it('restoreButtons forgets turns that left the page and buttons that were unmounted', () => {
    const [turn1, turn2] = showFixture();
    const state = { ops: 1, files: 1, errors: 0, onClick: () => {} };
    mountApplyButton(turn1!, chatgpt, state);
    const unmount2 = mountApplyButton(turn2!, chatgpt, state);
    unmount2();
    turn1!.closest('article')!.remove();
    restoreButtons(chatgpt);
    expect(hostsIn(document)).toHaveLength(0);
  });

  it('without an action bar, sits right after the turn', () => {
    const [turn] = showFixture();
    turn!.closest(chatgpt.selectors.container.css)!.querySelector(chatgpt.selectors.actionBar.css)!.remove();
    mountApplyButton(turn!, chatgpt, { ops: 1, files: 1, errors: 0, onClick: () => {} });
    expect(turn!.nextElementSibling?.getAttribute('data-replyapply')).toBe('apply');
  });

  it('styles follow ChatGPT’s theme class and the system preference', () => {
    const [turn] = showFixture();
    mountApplyButton(turn!, chatgpt, { ops: 1, files: 1, errors: 0, onClick: () => {} });
    const root = hostsIn(document)[0]!.shadowRoot!;
    // A shared constructed stylesheet where the browser has them, else a <style> of the button's own.
    const css =
      root.querySelector('style')?.textContent ??
      [...root.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('\n');
    expect(css).toContain(':host-context(html.dark)');
    expect(css).toContain(':host-context(html.light)');
    expect(css).toContain('@media (prefers-color-scheme: dark)');
    expect(css).toMatch(/font[\w-]*: inherit/);
  });

  it('where setting adoptedStyleSheets throws (a content script in Firefox 140 ESR), each button gets a <style>', () => {
    const turns = showFixture();
    const setter = vi.spyOn(ShadowRoot.prototype, 'adoptedStyleSheets', 'set').mockImplementation(() => {
      throw new Error('Accessing from Xray wrapper is not supported.');
    });
    try {
      for (const turn of turns)
        mountApplyButton(turn, chatgpt, { ops: 1, files: 1, errors: 0, onClick: () => {} });
    } finally {
      setter.mockRestore();
    }
    const roots = Array.from(hostsIn(document), (h) => h.shadowRoot!);
    expect(roots.length).toBe(turns.length);
    expect(
      roots.every((r) => r.querySelector('style')?.textContent?.includes(':host-context(html.dark)')),
    ).toBe(true);
    expect(roots.every((r) => r.querySelector('button') !== null)).toBe(true);
  });

  it('every button shares one stylesheet', () => {
    const turns = showFixture();
    for (const turn of turns)
      mountApplyButton(turn, chatgpt, { ops: 1, files: 1, errors: 0, onClick: () => {} });
    const roots = Array.from(hostsIn(document), (h) => h.shadowRoot!);
    expect(roots.length).toBeGreaterThan(1);
    const sheets = new Set(roots.flatMap((r) => [...r.adoptedStyleSheets]));
    expect(sheets.size).toBe(1);
    expect(roots.every((r) => r.querySelector('style') === null)).toBe(true);
  });
});
