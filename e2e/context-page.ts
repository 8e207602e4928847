/**
 * The chat page's side of the "Add files to the chat" e2e, for Chromium (Playwright) and Firefox
 * (puppeteer-core) alike: each function here runs in the page (passed to `evaluate`), so it uses nothing
 * from outside its own body.
 */

/** What `answerIn` takes: the template page's HTML, the site's turn and content selectors, the reply's HTML. */
export type AnswerArgs = readonly [html: string, turn: string, content: string, body: string];

/**
 * The page answers: the last assistant turn of the template (the site's own markup), its text replaced by
 * the reply rendered and its ids made new, added after the page's last turn; on a page with none yet (a
 * new chat's composer), with the template's folders around it, so that selectors keyed on them match.
 */
export function answerIn([html, turn, content, body]: AnswerArgs): void {
  // A turn's unit: its highest ancestor that holds no other turn (the element a site adds per message).
  function unitOf(el: Element): Element {
    let unit = el;
    while (unit.parentElement && unit.parentElement.querySelectorAll(turn).length === 1) {
      if (unit.parentElement === unit.ownerDocument.body) break;
      unit = unit.parentElement;
    }
    return unit;
  }
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const turns = [...doc.querySelectorAll(turn)];
  const unit = unitOf(turns[turns.length - 1]!);
  const clone = document.importNode(unit, true) as Element;
  const place = clone.matches(content) ? clone : clone.querySelector(content)!;
  place.innerHTML = body;
  for (const el of [clone, ...clone.querySelectorAll('[data-message-id], [data-turn-id]')]) {
    if (el.hasAttribute('data-message-id')) el.setAttribute('data-message-id', 'e2e-answer');
    if (el.hasAttribute('data-turn-id')) el.setAttribute('data-turn-id', 'e2e-answer');
  }
  const here = [...document.querySelectorAll(turn)];
  if (here.length > 0) unitOf(here[here.length - 1]!).after(clone);
  else {
    let skeleton = clone;
    for (let up = unit.parentElement; up && up !== doc.body; up = up.parentElement) {
      const outer = document.importNode(up, false) as Element;
      outer.append(skeleton);
      skeleton = outer;
    }
    document.body.prepend(skeleton);
  }
  // As the sites do, the new answer's end is scrolled into view (typing scrolled the page to the
  // composer, and replies far from the viewport are read only when the user comes near them). The turn
  // element may sit far below the clone's top (Kimi's reasoning panel comes first).
  const answered = clone.matches(turn) ? [clone] : [...clone.querySelectorAll(turn)];
  (answered[answered.length - 1] ?? clone).scrollIntoView({ block: 'end' });
}

/**
 * The box's text as its editor reads it: each block (paragraph) a line, a `<br>` a line break except the
 * one that only holds an empty block open. `innerText` would not do: it puts a blank line between
 * paragraphs, whose margins it counts.
 */
export function composerTextOf(el: Element): string {
  if (el instanceof HTMLTextAreaElement) return el.value;
  const lines: string[] = [''];
  function block(n: Node): boolean {
    return n instanceof HTMLElement && /^(P|DIV|LI|PRE|H[1-6])$/.test(n.tagName);
  }
  function walk(n: Node): void {
    for (const child of n.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const parts = (child.textContent ?? '').split('\n');
        lines.push(`${lines.pop() ?? ''}${parts[0]}`);
        for (const part of parts.slice(1)) lines.push(part);
      } else if (child instanceof HTMLBRElement) {
        const placeholder = child.parentNode !== null && block(child.parentNode) && !child.nextSibling;
        if (!placeholder) lines.push('');
      } else if (block(child)) {
        if (lines[lines.length - 1] !== '' || lines.length > 1) lines.push('');
        walk(child);
      } else walk(child);
    }
  }
  walk(el);
  return lines.join('\n');
}

/**
 * The saved pages come without their stylesheets. ProseMirror's own (prosemirror-view's
 * style/prosemirror.css, which tiptap injects too) makes the editor `white-space: pre-wrap`, where the
 * browser types spaces as spaces; without it, Chromium's editing writes runs of spaces as alternating
 * no-break spaces. Kimi's Lexical editor carries the rule inline, so its capture needs nothing.
 */
export function withEditorStyle(html: string): string {
  const style = '<style>.ProseMirror { white-space: pre-wrap; }</style>';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${style}`) : style + html;
}
