/**
 * Puts text into a chat site's message box without sending it (the "Insert into chat" button of
 * the popup's format instructions).
 *
 * Sites build their message box on a framework that keeps its own model of the text, so writing
 * into the DOM is not enough: the framework must notice, or it sends (and later restores) its
 * stale copy.
 * - `<textarea>` / `<input>` (React): the value is set with the prototype's setter, bypassing the
 *   setter React puts on the element to track its last value, then an `input` event bubbles; React
 *   compares and sees the change.
 * - contenteditable (ProseMirror on ChatGPT, Lexical, Quill): the caret goes to the end and the
 *   text is typed with `execCommand('insertText')`, which these editors read like typing. Where
 *   that does nothing, a synthetic paste (a ClipboardEvent, then a `beforeinput` insertFromPaste,
 *   each carrying a DataTransfer) is offered to the editor; an editor that takes it calls
 *   preventDefault. Last, the text is written into the DOM as paragraphs and an `input` event is
 *   sent: ProseMirror and Quill read such changes back through their mutation observers.
 * The user's own draft is kept: the text goes after it, separated by a blank line.
 *
 * A bundle of project files (the popup's "Add files to the chat") is long, and long pastes are not kept as
 * text: ChatGPT converts "pasted text over 10k characters" into an attachment (OpenAI's release notes of
 * 4 Aug 2026, quoted in https://github.com/NousResearch/hermes-agent/pull/80716; LibreChat's issue
 * https://github.com/danny-avila/LibreChat/issues/14400 saw 5,000 characters earlier), and claude.ai turns
 * a long paste into a "Pasted content" chip (https://github.com/danny-avila/LibreChat/issues/3791), which
 * has reached the model empty (https://github.com/anthropics/claude-code/issues/77946, claude.ai in Chrome,
 * Sep 2026). Both act on the `paste` event only. So a bundle is typed with `execCommand('insertText')`,
 * which neither site treats as a paste, is never offered as a paste (`paste: false`), and is checked to be
 * in the box whole: a box that took only part of it is reported, not passed off as done.
 */

export type InsertHow = 'value' | 'exec-command' | 'paste' | 'before-input' | 'dom';

export type InsertResult =
  | { ok: true; how: InsertHow }
  | { ok: false; kind: 'unsupported' | 'missing' | 'not-editable' | 'partial'; message: string };

export interface InsertOptions {
  /** Offer the text as a synthetic paste when typing does nothing (default true; false for a bundle). */
  paste?: boolean;
}

const EDITABLE_INSIDE =
  'textarea, input[type="text"], [contenteditable="true"], [contenteditable=""], [contenteditable="plaintext-only"]';

/** `composerCss` is the site adapter's `selectors.composer?.css`; a site without one is refused. */
export function insertIntoComposer(
  doc: Document,
  composerCss: string | undefined,
  text: string,
  options: InsertOptions = {},
): InsertResult {
  if (!composerCss) {
    return {
      ok: false,
      kind: 'unsupported',
      message:
        'ReplyApply does not know where the message box is on this site yet. Copy the text and paste it yourself.',
    };
  }
  const candidates = [...doc.querySelectorAll(composerCss)];
  if (candidates.length === 0) {
    return {
      ok: false,
      kind: 'missing',
      message:
        'Could not find the message box on this page. Open a conversation, or copy the text and paste it yourself.',
    };
  }
  const target = candidates.map(editableIn).find((el) => el !== null && usable(el)) ?? null;
  if (!target) {
    return {
      ok: false,
      kind: 'not-editable',
      message:
        'The message box cannot be typed into right now (is a reply still being written?). Try again, or copy the text.',
    };
  }
  if (isTextControl(target)) return intoTextControl(target, text);
  const paste = options.paste ?? true;
  const result = intoContentEditable(doc, target as HTMLElement, text, paste);
  // An editor that takes a paste may lay it out later; text typed or written is in the box at once.
  if (result.ok && !paste && !holdsWhole(target as HTMLElement, text))
    return {
      ok: false,
      kind: 'partial',
      message:
        'The message box kept only part of the text (the site may cut long input). Copy it and attach it as a file instead.',
    };
  return result;
}

/**
 * The box's text ends with all of `text`, compared without whitespace: editors lay lines out as
 * paragraphs, so line breaks do not survive in `textContent`, but every other character must.
 */
function holdsWhole(el: HTMLElement, text: string): boolean {
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  return squeeze(el.textContent ?? '').endsWith(squeeze(text));
}

type TextControl = HTMLTextAreaElement | HTMLInputElement;

function isTextControl(el: Element): el is TextControl {
  return el.localName === 'textarea' || el.localName === 'input';
}

function isEditableHost(el: Element): boolean {
  const value = el.getAttribute('contenteditable');
  return value !== null && value !== 'false';
}

/** The selector may name a wrapper of the box (a site's form row); the editable element is then inside it. */
function editableIn(el: Element): Element | null {
  if (isTextControl(el) || isEditableHost(el)) return el;
  return el.querySelector(EDITABLE_INSIDE);
}

/** Sites keep a hidden fallback textarea beside the real editor; a disabled box is mid-reply. */
function usable(el: Element): boolean {
  if (el.closest('[hidden], [aria-hidden="true"]')) return false;
  if ((el as HTMLElement).style?.display === 'none') return false;
  if (isTextControl(el)) return !el.disabled && !el.readOnly;
  return true;
}

function joined(draft: string, text: string): string {
  return draft.trim() === '' ? text : `${draft.replace(/\s+$/, '')}\n\n${text}`;
}

function intoTextControl(el: TextControl, text: string): InsertResult {
  const value = joined(el.value, text);
  el.focus();
  nativeValueSetter(el).call(el, value);
  el.setSelectionRange?.(value.length, value.length);
  const view = el.ownerDocument.defaultView;
  const InputEventCtor = view?.InputEvent ?? InputEvent;
  el.dispatchEvent(new InputEventCtor('input', { bubbles: true, inputType: 'insertText', data: text }));
  return { ok: true, how: 'value' };
}

/** The `value` setter of the element's class, not the element's own (React's tracker lives there). */
function nativeValueSetter(el: TextControl): (this: TextControl, v: string) => void {
  let proto: object | null = Object.getPrototypeOf(el);
  while (proto) {
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) return setter as (this: TextControl, v: string) => void;
    proto = Object.getPrototypeOf(proto);
  }
  throw new Error(`No value setter on <${el.localName}>`);
}

function intoContentEditable(
  doc: Document,
  el: HTMLElement,
  text: string,
  offerPaste: boolean,
): InsertResult {
  const draft = el.textContent ?? '';
  const hasDraft = draft.trim() !== '';
  const payload = hasDraft ? `\n\n${text}` : text;
  el.focus();
  caretAtEnd(doc, el);

  // Deprecated but still the one way to type into a page's editor as if from the keyboard. Its
  // `true` only says the command ran; the box's text tells whether it landed.
  if (typeof doc.execCommand === 'function') {
    try {
      if (doc.execCommand('insertText', false, payload) && (el.textContent ?? '') !== draft) {
        return { ok: true, how: 'exec-command' };
      }
    } catch {
      // Some engines throw for commands they lack; the paste rungs follow.
    }
  }

  const view = doc.defaultView;
  const InputEventCtor = view?.InputEvent ?? InputEvent;
  if (!offerPaste) return intoDom(doc, el, text, hasDraft, InputEventCtor);
  const DataTransferCtor = view?.DataTransfer ?? globalThis.DataTransfer;
  const transfer = () => {
    const data = new DataTransferCtor();
    data.setData('text/plain', payload);
    return data;
  };
  const ClipboardEventCtor = view?.ClipboardEvent ?? globalThis.ClipboardEvent;
  const paste = new ClipboardEventCtor('paste', {
    clipboardData: transfer(),
    bubbles: true,
    cancelable: true,
  });
  el.dispatchEvent(paste);
  if (paste.defaultPrevented) return { ok: true, how: 'paste' };

  const beforeInput = new InputEventCtor('beforeinput', {
    inputType: 'insertFromPaste',
    data: payload,
    dataTransfer: transfer(),
    bubbles: true,
    cancelable: true,
  });
  el.dispatchEvent(beforeInput);
  if (beforeInput.defaultPrevented) return { ok: true, how: 'before-input' };
  return intoDom(doc, el, text, hasDraft, InputEventCtor);
}

function intoDom(
  doc: Document,
  el: HTMLElement,
  text: string,
  hasDraft: boolean,
  InputEventCtor: typeof InputEvent,
): InsertResult {
  writeParagraphs(doc, el, text, hasDraft);
  caretAtEnd(doc, el);
  el.dispatchEvent(new InputEventCtor('input', { bubbles: true, inputType: 'insertFromPaste', data: text }));
  return { ok: true, how: 'dom' };
}

function caretAtEnd(doc: Document, el: HTMLElement): void {
  const selection = doc.getSelection?.() ?? doc.defaultView?.getSelection() ?? null;
  if (!selection) return;
  const range = doc.createRange();
  range.selectNodeContents(el);
  range.collapse(false);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * One `<p>` per line, as ProseMirror, Lexical and Quill lay out their text; a `\n` inside one text
 * node would be read back as a space. An empty box usually holds a placeholder paragraph, which
 * is replaced rather than left as a blank first line.
 */
function writeParagraphs(doc: Document, el: HTMLElement, text: string, hasDraft: boolean): void {
  if (!hasDraft) el.replaceChildren();
  for (const line of hasDraft ? ['', ...text.split(/\r?\n/)] : text.split(/\r?\n/)) {
    const p = doc.createElement('p');
    if (line === '') p.append(doc.createElement('br'));
    else p.textContent = line;
    el.append(p);
  }
}
