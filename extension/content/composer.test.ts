// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertIntoComposer } from './composer';
import { pageHtml } from './sites/saved-pages';

const TEXT = 'Use SEARCH/REPLACE blocks.\n\nExample:\n<<<<<<< SEARCH';

afterEach(() => {
  document.body.replaceChildren();
  Reflect.deleteProperty(document, 'execCommand');
});

function inputEvents(el: Element): Event[] {
  const seen: Event[] = [];
  // On the body: the event must bubble to reach a framework's delegated listener (React's root).
  document.body.addEventListener('input', (e) => e.target === el && seen.push(e));
  return seen;
}

/** What React does to a controlled textarea: an own `value` accessor that records what it was told. */
function reactTracker(el: HTMLTextAreaElement): string[] {
  const told: string[] = [];
  const proto = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
  Object.defineProperty(el, 'value', {
    configurable: true,
    get: () => proto.get!.call(el),
    set: (v: string) => {
      told.push(v);
      proto.set!.call(el, v);
    },
  });
  return told;
}

describe('insertIntoComposer: textarea', () => {
  it('sets the value past React’s tracker and fires a bubbling input event', () => {
    document.body.innerHTML = '<form><textarea id="prompt"></textarea></form>';
    const box = document.querySelector('textarea')!;
    const told = reactTracker(box);
    const events = inputEvents(box);

    expect(insertIntoComposer(document, '#prompt', TEXT)).toEqual({ ok: true, how: 'value' });
    expect(box.value).toBe(TEXT);
    expect(told).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]!.bubbles).toBe(true);
    expect(document.activeElement).toBe(box);
    expect(box.selectionStart).toBe(TEXT.length);
  });

  it('keeps the user’s draft and puts the text after a blank line', () => {
    document.body.innerHTML = '<textarea id="prompt">Fix the login bug.  \n</textarea>';
    insertIntoComposer(document, '#prompt', TEXT);
    expect(document.querySelector('textarea')!.value).toBe(`Fix the login bug.\n\n${TEXT}`);
  });

  it('skips a hidden fallback textarea and a wrapper finds its editable child', () => {
    document.body.innerHTML =
      '<div class="composer"><textarea hidden></textarea></div><div class="composer"><textarea></textarea></div>';
    expect(insertIntoComposer(document, '.composer', 'hi')).toEqual({ ok: true, how: 'value' });
    const [hidden, shown] = document.querySelectorAll('textarea');
    expect(hidden!.value).toBe('');
    expect(shown!.value).toBe('hi');
  });
});

describe('insertIntoComposer: contenteditable', () => {
  const editor = (inner = '<p class="placeholder"><br></p>') => {
    document.body.innerHTML = `<div id="prompt-textarea" contenteditable="true">${inner}</div>`;
    return document.querySelector<HTMLElement>('#prompt-textarea')!;
  };

  it('types with execCommand insertText at the end of the box', () => {
    const box = editor('<p>draft</p>');
    const exec = vi.fn((command: string, _ui: boolean, value: string) => {
      // What the browser does: insert at the selection, which must be collapsed at the end.
      const sel = document.getSelection()!;
      const range = sel.getRangeAt(0);
      expect(range.collapsed).toBe(true);
      expect(range.endContainer === box && range.endOffset === box.childNodes.length).toBe(true);
      box.append(document.createTextNode(value));
      box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: command }));
      return true;
    });
    Object.assign(document, { execCommand: exec });
    const events = inputEvents(box);

    expect(insertIntoComposer(document, '#prompt-textarea', TEXT)).toEqual({ ok: true, how: 'exec-command' });
    expect(exec).toHaveBeenCalledWith('insertText', false, `\n\n${TEXT}`);
    expect(box.textContent).toBe(`draft\n\n${TEXT}`);
    expect(events).toHaveLength(1);
    expect(document.activeElement).toBe(box);
  });

  it('offers a paste when execCommand ran but changed nothing, and stops when the editor takes it', () => {
    const box = editor();
    Object.assign(document, { execCommand: () => true });
    const pasted: string[] = [];
    box.addEventListener('paste', (e) => {
      const data = (e as ClipboardEvent).clipboardData!.getData('text/plain');
      pasted.push(data);
      box.replaceChildren(
        ...data.split('\n').map((l) => Object.assign(document.createElement('p'), { textContent: l })),
      );
      e.preventDefault();
    });
    const beforeInput = vi.fn();
    box.addEventListener('beforeinput', beforeInput);

    expect(insertIntoComposer(document, '#prompt-textarea', TEXT)).toEqual({ ok: true, how: 'paste' });
    expect(pasted).toEqual([TEXT]);
    expect(beforeInput).not.toHaveBeenCalled();
    expect(box.querySelectorAll('p')).toHaveLength(4);
  });

  it('offers a beforeinput insertFromPaste with a DataTransfer when the paste is not taken', () => {
    const box = editor();
    const got: Array<[string, string | undefined]> = [];
    box.addEventListener('beforeinput', (e) => {
      const ev = e as InputEvent;
      got.push([ev.inputType, ev.dataTransfer?.getData('text/plain')]);
      e.preventDefault();
    });
    expect(insertIntoComposer(document, '#prompt-textarea', TEXT)).toEqual({ ok: true, how: 'before-input' });
    expect(got).toEqual([['insertFromPaste', TEXT]]);
  });

  it('writes paragraphs into the DOM and fires input when no editor answers', () => {
    const box = editor();
    const events = inputEvents(box);
    expect(insertIntoComposer(document, '#prompt-textarea', TEXT)).toEqual({ ok: true, how: 'dom' });
    expect([...box.children].map((p) => [p.localName, p.textContent])).toEqual([
      ['p', 'Use SEARCH/REPLACE blocks.'],
      ['p', ''],
      ['p', 'Example:'],
      ['p', '<<<<<<< SEARCH'],
    ]);
    expect(box.querySelector('.placeholder')).toBeNull();
    expect(events).toHaveLength(1);
    expect(document.activeElement).toBe(box);
  });

  it('keeps a draft in the DOM fallback, with a blank paragraph before the text', () => {
    const box = editor('<p>Fix the bug.</p>');
    insertIntoComposer(document, '#prompt-textarea', 'one\ntwo');
    expect([...box.children].map((p) => p.textContent)).toEqual(['Fix the bug.', '', 'one', 'two']);
  });
});

describe('insertIntoComposer: the saved ChatGPT page', () => {
  it('fills the ProseMirror box, replacing its placeholder, and sends nothing', () => {
    document.body.innerHTML = new DOMParser().parseFromString(
      pageHtml('fixtures/chatgpt-two-replies'),
      'text/html',
    ).body.innerHTML;
    const box = document.querySelector<HTMLElement>('#prompt-textarea')!;
    const submitted = vi.fn((e: Event) => e.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submitted);
    const clicked = vi.fn();
    document.querySelector('[data-testid="send-button"]')!.addEventListener('click', clicked);

    expect(insertIntoComposer(document, '#prompt-textarea', 'one\ntwo')).toEqual({ ok: true, how: 'dom' });
    expect([...box.children].map((p) => p.outerHTML)).toEqual(['<p>one</p>', '<p>two</p>']);
    expect(submitted).not.toHaveBeenCalled();
    expect(clicked).not.toHaveBeenCalled();
  });
});

describe('insertIntoComposer: failures', () => {
  it('refuses a site whose adapter names no message box', () => {
    document.body.innerHTML = '<textarea></textarea>';
    expect(insertIntoComposer(document, undefined, 'x')).toMatchObject({ ok: false, kind: 'unsupported' });
    expect(document.querySelector('textarea')!.value).toBe('');
  });

  it.each([
    ['no element matches', '<main></main>', 'missing'],
    [
      'the box is disabled while a reply streams',
      '<textarea id="prompt" disabled></textarea>',
      'not-editable',
    ],
    ['the element is not editable', '<div id="prompt">text</div>', 'not-editable'],
    ['contenteditable="false"', '<div id="prompt" contenteditable="false"></div>', 'not-editable'],
  ])('%s → %s', (_case, html, kind) => {
    document.body.innerHTML = html;
    const r = insertIntoComposer(document, '#prompt', 'x');
    expect(r).toMatchObject({ ok: false, kind });
    expect(r.ok === false && r.message.length > 20).toBe(true);
  });
});
