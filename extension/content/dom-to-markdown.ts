/**
 * Markdown rebuilt from a rendered reply: the last rung of the raw-text ladder, used when neither the
 * site's API nor its Copy button gives us the text the model wrote.
 *
 * What matters most is that code blocks come out exact, since that is where file operations live:
 * the text of the `<code>` element, never of the `<pre>` around it, because sites put UI chrome
 * inside `<pre>` (ChatGPT 2023: `<span>cpp</span><button>Copy code</button>`; ChatGPT 2025: a
 * language label and "Copy code"/"Edit" buttons; Claude: a label and a "Copy" button). Fences are
 * longer than any backtick run inside the code, so a reply whose code holds ``` survives.
 *
 * Prose is rebuilt as CommonMark (headings, emphasis, inline code, lists, block quotes, links,
 * pipe tables, rules) but NOT escaped: the format readers want the characters the model wrote, and
 * a literal `*` the model escaped is rendered as `*`, which no file format depends on. Soft line
 * breaks inside a paragraph are kept as newlines, since line-based formats (delimiter blocks)
 * written outside a fence reach the DOM as one paragraph with line breaks.
 */

export interface CodeBlock {
  /** Lowercased language from the `language-xxx` class or the block's header label; '' if none. */
  lang: string;
  text: string;
}

/**
 * Site UI that is never part of the reply: buttons, icons, screen-reader labels ("ChatGPT said:"),
 * our own button. Tested by hand rather than with `matches()`: it runs for every element of a reply.
 */
const CHROME_TAGS = new Set(['button', 'svg', 'script', 'style', 'template']);
/** DeepSeek's chart/code switch on a Mermaid block (`div.ds-segmented[role=tablist]`). */
const CHROME_ROLES = new Set(['button', 'tab', 'tablist']);
function isChrome(el: Element): boolean {
  const role = el.getAttribute('role');
  return (
    CHROME_TAGS.has(el.localName) ||
    (role !== null && CHROME_ROLES.has(role) && !holdsCode(el)) ||
    el.hasAttribute('data-replyapply') ||
    el.classList.contains('sr-only') ||
    // CodeMirror 6 puts an empty `img.cm-widgetBuffer` beside inline widgets (@codemirror/view
    // WidgetBufferView); read as code it would be written back as a tag.
    el.classList.contains('cm-widgetBuffer') ||
    // AI Studio marks the UI around a code block for its own copy (corpus aistudio-101):
    // `div.ignore-when-copying` holding the text IGNORE_WHEN_COPYING_START / _END.
    el.classList.contains('ignore-when-copying')
  );
}

/**
 * A control that holds a code block is a card, not chrome: ChatGPT's canvas card is a
 * `div[role=button]` around its CodeMirror viewer (corpus chatgpt-401). Claude's artifact card, a
 * `div[role=button]` too, holds only a title, a type and a Download button (claude-401): chrome.
 */
function holdsCode(el: Element): boolean {
  return el.localName !== 'button' && el.querySelector('pre, .cm-editor') !== null;
}

/**
 * Where sites keep a code block's language outside `<pre>`: Gemini in a header
 * (`div.code-block-decoration`, corpus gemini-001), AI Studio in a footer after the code that also
 * holds its Copy/Download buttons and a "Use code with caution." disclaimer (`ms-code-block footer
 * span.language`, corpus aistudio-101). Both are read for the language and are chrome in prose.
 */
const OUTER_LABEL = '.code-block-decoration, ms-code-block footer .language';
function isProseChrome(el: Element): boolean {
  if (isChrome(el) || el.classList.contains('code-block-decoration')) return true;
  if (el.localName === 'footer') return el.parentElement?.closest('ms-code-block') != null;
  // Tolerance: DeepSeek draws a Mermaid block in its chart view as `div.md-code-block` holding the
  // rendered SVG (or "渲染失败", render failed) and no <pre>: its code is not on the page, and its
  // text is only UI. The Copy button or the API still give the block; the DOM rebuild leaves it out.
  return el.classList.contains('md-code-block') && el.querySelector('pre') === null;
}

/** Elements that may legitimately appear inside `<code>` (syntax-highlighting wrappers). */
const CODE_INLINE = new Set(
  'span a b strong i em mark u s del ins sub sup code font small big label'.split(' '),
);
/** Highlighters that wrap each line in its own element (no newline characters in the text). */
const CODE_LINE = new Set(['div', 'p']);

const BLOCK = new Set(
  (
    'address article aside blockquote details dialog div dl fieldset figcaption figure footer form ' +
    'h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table ul'
  ).split(' '),
);

const LABEL = /^[\w#+.\- ]{1,32}$/;
const LANG_CLASS = /(?:^|\s)(?:language|lang)-([\w#+.-]+)/;

/**
 * One code block: `host` is a `<pre>`, or a `<code>` drawn without one (Grok before its shiki
 * blocks: `div[style*="display: block"] > code[style*="white-space: pre"]`, see `isBareCode`).
 */
export function extractCodeBlock(host: Element): CodeBlock {
  const editor = codeMirrorOf(host);
  if (editor) return codeMirrorBlock(host, editor);
  const code = host.localName === 'code' ? host : host.querySelector('code');
  const text = code ? codeText(code) : textOutside(host, null);
  return { lang: codeLanguage(host, code), text };
}

/** Markdown for the rendered reply under `root` (typically the site's `.markdown` element). */
export function domToMarkdown(root: Element): string {
  const card = cardBlock(root);
  if (card !== null) return card;
  return blocks(root).join('\n\n');
}

/** A card read as a region of its own (ChatGPT's canvas card, `regionsOf`): the one block it holds. */
function cardBlock(root: Element): string | null {
  const role = root.getAttribute('role');
  return role !== null && CHROME_ROLES.has(role) && holdsCode(root) ? wrappedCodeBlock(root) : null;
}

/**
 * `domToMarkdown`, giving the page its main thread back (`pause`) whenever a stretch of blocks has taken
 * `budgetMs`: a long reply rebuilt in one go held the page for most of a second (issue 44). The page may
 * change between two stretches; the caller checks that it did not.
 */
export async function domToMarkdownSliced(
  root: Element,
  pause: () => Promise<void>,
  budgetMs = 8,
): Promise<string> {
  const card = cardBlock(root);
  if (card !== null) return card;
  const out: string[] = [];
  let since = performance.now();
  for (const block of blockStream(root)) {
    out.push(block);
    if (performance.now() - since >= budgetMs) {
      await pause();
      since = performance.now();
    }
  }
  return out.join('\n\n');
}

/**
 * The code blocks under `root` whose whole text is not on the page, one reason each (in the order of
 * the blocks), or `[]` when every block can be read in full. Editors that draw only the lines in view
 * drop the rest from the DOM, and a block read without them would write a cut-off file, the worst
 * outcome there is: the caller must not take such a reply's text from the DOM (rung 3) and should say
 * why. A block is flagged when the page shows it is incomplete, or when its editor is one that keeps
 * only the lines in view:
 *  - Monaco (`.monaco-editor`, `.view-lines`): renders the visible lines only, absolutely placed and
 *    with spaces as U+00A0. Qwen draws every code block so (`pre.qwen-markdown-code`; a Qwen
 *    scraper notes the block's innerText stays at ~39 visible lines while it grows, code index file
 *    54698554731). Always flagged: the DOM never says how many lines it left out.
 *  - CodeMirror 6: a `.cm-gap` in `.cm-content` (@codemirror/view BlockGapWidget: the height of the
 *    lines left out, code index file 21900006019), or a line-number gutter whose numbers do not run
 *    1, 2, 3… over as many lines as the content holds.
 * A CodeMirror block with all its lines on the page (no gap; numbered 1..n, or not numbered) is
 * readable: Open WebUI's short blocks, and ChatGPT's read-only viewer, which draws the whole text as
 * spans joined by `<br>` without `.cm-line`s.
 */
export function unreadableCodeBlocks(root: Element): string[] {
  const reasons: string[] = [];
  codeHosts(root).forEach((host, i) => {
    const why = unreadableBecause(host);
    if (why) reasons.push(`Code block ${i + 1}: ${why}`);
  });
  return reasons;
}

/**
 * `unreadableCodeBlocks`, giving the page its thread back (`pause`) whenever a stretch of blocks has
 * taken `budgetMs`: asked of a reply of 100 large blocks at once, it held the page for 20 ms (issue 44).
 */
export async function unreadableCodeBlocksSliced(
  root: Element,
  pause: () => Promise<void>,
  budgetMs = 8,
): Promise<string[]> {
  const reasons: string[] = [];
  const hosts = codeHosts(root);
  let since = performance.now();
  for (let i = 0; i < hosts.length; i++) {
    const why = unreadableBecause(hosts[i]!);
    if (why) reasons.push(`Code block ${i + 1}: ${why}`);
    if (performance.now() - since >= budgetMs) {
      await pause();
      since = performance.now();
    }
  }
  return reasons;
}

/** Every editor `unreadableBecause` looks for: Monaco's, and CodeMirror 6's. */
const EDITORS = '.monaco-editor, .view-lines, .cm-editor';
/** What makes a block unreadable: an editor, or a token span with nothing in it (`lostText`). */
const MAY_BE_UNREADABLE = `${EDITORS}, span:empty`;

/**
 * Whether the page's text of a block has lost characters it cannot show were there: Perplexity empties
 * its whitespace-only token spans (corpus perplexity-401: `SELECT<span></span>*` reads `SELECT*`, and
 * `INNER<span></span>JOIN` reads `INNERJOIN`). A token boundary without whitespace cannot be told from
 * one that lost it, so the mark is the empty span itself, between two tokens that touch with no
 * whitespace: highlighters emit no empty token, and an empty line's span (Shiki's `span.line`) sits
 * between line breaks, not between tokens.
 */
function lostText(host: Element): boolean {
  for (const span of Array.from(host.querySelectorAll('span:empty'))) {
    // Asked again: `:empty` is the browser's quick filter, and happy-dom's matches spans with text.
    if (span.firstChild !== null) continue;
    const before = span.previousSibling;
    const after = span.nextSibling;
    if (before?.nodeType !== 1 || after?.nodeType !== 1) continue;
    const left = before.textContent ?? '';
    const right = after.textContent ?? '';
    if (left !== '' && right !== '' && /\S$/.test(left) && /^\S/.test(right)) return true;
  }
  return false;
}

function unreadableBecause(host: Element): string | null {
  // One query for the block with neither (most): each check below asks the block again.
  if (!host.matches(EDITORS) && host.querySelector(MAY_BE_UNREADABLE) === null) return null;
  if (lostText(host))
    return 'its page text lost characters (the site drew some tokens empty, as Perplexity does with spaces), so the words on either side may run together.';
  if (host.matches('.monaco-editor, .view-lines') || host.querySelector('.monaco-editor, .view-lines'))
    return 'it is drawn by a Monaco editor, which keeps only the lines in view on the page.';
  const editor = codeMirrorOf(host);
  if (!editor) return null;
  const content = editor.querySelector('.cm-content');
  if (!content) return 'its CodeMirror editor holds no text area.';
  if (content.querySelector('.cm-gap'))
    return 'its CodeMirror editor left lines scrolled out of view off the page.';
  const numbers = lineNumbers(editor);
  if (numbers === null) return null;
  const lines = content.querySelectorAll('.cm-line').length;
  const inOrder = numbers.every((n, i) => n === i + 1);
  if (!inOrder || (lines > 0 && numbers.length !== lines))
    return 'its line numbers skip lines that are not on the page.';
  return null;
}

/**
 * The numbers of a CodeMirror line-number gutter, or null without one. The gutter's first element
 * is an invisible spacer holding the widest number (9, 99, 999: @codemirror/view gutter.ts), not a
 * line: it is the one with `visibility: hidden`.
 */
function lineNumbers(editor: Element): number[] | null {
  const gutter = editor.querySelector('.cm-lineNumbers');
  if (!gutter) return null;
  const numbers: number[] = [];
  for (const el of Array.from(gutter.querySelectorAll('.cm-gutterElement'))) {
    if (/visibility:\s*hidden/.test(el.getAttribute('style') ?? '')) continue;
    const text = (el.textContent ?? '').trim();
    if (/^\d+$/.test(text)) numbers.push(Number(text));
  }
  return numbers;
}

/** A fence one backtick longer than the longest backtick run in the code (at least three). */
export function fenceCode({ lang, text }: CodeBlock): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${lang}\n${body}${fence}`;
}

/**
 * Any element inside a `<code>` that `codeText` must look at one by one: one that is not a highlighter's
 * inline wrapper (CODE_INLINE: a `<br>`, a line's `<div>`, a tag the page un-escaped, chrome tags), or
 * one that is chrome by its role, mark or class (`isChrome`). A block with none is the text of its text
 * nodes in order, which is `textContent`, read natively: walking the spans of a large highlighted block
 * one by one from the content script's world took 0.8 s for 1 MiB of code (issue 44). Matching more
 * than `isChrome` does (class selectors are case-blind in quirks mode) only takes the slow path.
 */
const NOT_PLAIN_CODE = [
  `:not(${[...CODE_INLINE].join(', ')})`,
  ...[...CHROME_ROLES].map((r) => `[role="${r}"]`),
  '[data-replyapply]',
  '.sr-only',
  '.cm-widgetBuffer',
  '.ignore-when-copying',
].join(', ');

function codeText(node: Node): string {
  if (node.nodeType === 1 && (node as Element).querySelector(NOT_PLAIN_CODE) === null)
    return node.textContent ?? '';
  return codeTextByNode(node);
}

/** `codeText` one node at a time: what it is where a block holds anything but text in wrappers. */
export function codeTextByNode(node: Node): string {
  let out = '';
  let prevLine: string | null = null;
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) out += (child as Text).data;
    else if (child.nodeType === 1) {
      const el = child as Element;
      const name = el.localName;
      if (name === 'br') out += '\n';
      else if (isChrome(el)) continue;
      else if (CODE_INLINE.has(name)) out += codeTextByNode(el);
      else if (CODE_LINE.has(name)) {
        const line = codeText(el);
        const after = prevLine ?? out;
        if (after !== '' ? !after.endsWith('\n') : prevLine !== null) out += '\n';
        out += line;
        prevLine = line;
      }
      // Tolerance: a page clipped by a tool that un-escaped the code (corpus chatgpt-002:
      // `#include <windows.h>`) makes the HTML parser read `<windows.h>` as an element. No real
      // highlighter emits such elements, so one is the code's own text: write its tag back.
      else
        out += `<${name}${Array.from(el.attributes, (a) => ` ${a.name}${a.value ? `="${a.value}"` : ''}`).join('')}>${codeTextByNode(el)}`;
    }
  }
  return out;
}

function codeLanguage(host: Element, code: Element | null): string {
  const fromClass = LANG_CLASS.exec(code?.className ?? '') ?? LANG_CLASS.exec(host.className);
  if (fromClass) return fromClass[1]!.toLowerCase();
  // ChatGPT and Claude put the label inside <pre>, before the code. A <pre> without <code>
  // (DeepSeek) holds nothing but the code: no label inside.
  const inside = code && code !== host ? textOutside(host, code).trim() : '';
  if (inside && LABEL.test(inside)) return labelLang(inside);
  return labelAround(host);
}

const labelLang = (label: string) => label.toLowerCase().replace(/\s+/g, '');

/**
 * The label of the wrapper the site draws around one code block (Grok's header span, DeepSeek's
 * banner, Gemini's header, AI Studio's footer): going up from the block, the first wrapper with
 * text besides the code decides, as long as it holds this one block and no prose.
 */
function labelAround(host: Element): string {
  let inner: Element = host;
  for (let w = host.parentElement, depth = 0; w && depth < 6; inner = w, w = w.parentElement, depth++) {
    if (codeHosts(w).length !== 1 || w.querySelector(NOT_A_LABEL)) return '';
    const named = w.querySelector(OUTER_LABEL);
    const text = (named ? textOutside(named, null) : textOutside(w, inner, isProseChrome)).trim();
    if (text) return LABEL.test(text) ? labelLang(text) : '';
  }
  return '';
}

/** Text under `root`, leaving out the `except` subtree and UI chrome. */
function textOutside(
  root: Element,
  except: Element | null,
  chrome: (el: Element) => boolean = isChrome,
): string {
  let out = '';
  for (const child of Array.from(root.childNodes)) {
    if (child === except) continue;
    if (child.nodeType === 3) out += (child as Text).data;
    else if (child.nodeType === 1 && !chrome(child as Element))
      out += textOutside(child as Element, except, chrome);
  }
  return out;
}

/**
 * Tolerance: a `<code>` that is all its `<div>` holds is a code block even without `<pre>`. Grok
 * drew its blocks so before the shiki ones of corpus grok-101 (QAClipper's Grok config v24:
 * `div[style*="display: block"] > code[style*="white-space: pre"]`). Inline code always sits
 * in text (a paragraph, a list item), so it never stands alone in a `<div>`.
 */
function isBareCode(code: Element): boolean {
  const parent = code.parentElement;
  return (
    parent !== null &&
    parent.localName === 'div' &&
    code.closest('pre') === null &&
    textOutside(parent, code).trim() === ''
  );
}

/**
 * The code blocks under `root`: `<pre>`s, CodeMirror editors, bare `<code>` blocks; each once, by its
 * outermost element. ChatGPT 2026 draws a block as `pre > … > div#code-block-viewer.cm-editor >
 * .cm-scroller > pre.cm-content > code` (code index files 61997575912, 55447968426): a `<pre>` and
 * an editor inside a `<pre>` are that one block, not three.
 */
const CODE_HOST = 'pre, .cm-editor, div > code';
export function codeHosts(root: Element): Element[] {
  return Array.from(root.querySelectorAll(CODE_HOST)).filter((h) => {
    if (h.localName === 'code' && !isBareCode(h)) return false;
    const outer = h.parentElement?.closest('pre, .cm-editor');
    return !outer || !root.contains(outer);
  });
}

function blocks(root: Element): string[] {
  return [...blockStream(root)];
}

/**
 * The Markdown blocks under `root`, one at a time: a reader may give the page its thread back between
 * two (`domToMarkdownSliced`).
 */
function* blockStream(root: Element): Generator<string> {
  let inline = '';
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === 3) {
      inline += collapse((child as Text).data);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    if (isProseChrome(el)) continue;
    if (!BLOCK.has(el.localName) && !isBlockComponent(el)) {
      inline += inlineOf(el);
      continue;
    }
    const text = tidy(inline);
    inline = '';
    if (text) yield text;
    const block = blockOf(el);
    if (block !== null) yield* block;
  }
  const text = tidy(inline);
  if (text) yield text;
}

/**
 * Tolerance: Angular sites wrap blocks in their own elements (AI Studio's `ms-code-block`, Gemini's
 * `code-block`, `response-element`). Such an element is a block when it holds block content, so its
 * code block does not run into the paragraph before it.
 */
const BLOCK_DESCENDANT = Array.from(BLOCK).join(', ');
function isBlockComponent(el: Element): boolean {
  return el.localName.includes('-') && el.querySelector(BLOCK_DESCENDANT) !== null;
}

function blockOf(el: Element): Iterable<string> | null {
  const name = el.localName;
  switch (name) {
    case 'p':
    case 'summary':
    case 'figcaption': {
      const text = tidy(inlineChildren(el));
      return text ? [text] : null;
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = tidy(inlineChildren(el)).replace(/\s*\n\s*/g, ' ');
      return text ? [`${'#'.repeat(Number(name[1]))} ${text}`] : null;
    }
    case 'pre':
      return [fenceCode(extractCodeBlock(el))];
    case 'hr':
      return ['---'];
    case 'ul':
    case 'ol':
      return [list(el)];
    case 'blockquote': {
      const inner = blocks(el).join('\n\n');
      return inner
        ? [
            inner
              .split('\n')
              .map((l) => (l ? `> ${l}` : '>'))
              .join('\n'),
          ]
        : null;
    }
    case 'table':
      return [table(el)];
    default: {
      const code = wrappedCodeBlock(el);
      return code === null ? blockStream(el) : [code];
    }
  }
}

/**
 * Tolerance: several sites draw a code block as a wrapper holding a header with the language label,
 * the site's buttons, and the `<pre>` (Claude 2025, Grok, DeepSeek, Le Chat). Read as prose, the
 * label would become a stray paragraph ("diff") before the fence. A wrapper whose one code block
 * comes with nothing but a short label and UI chrome is that code block, and the label its
 * language. AI Studio's footer (language, disclaimer, buttons) and copy markers are chrome here.
 * Open WebUI shows code in a CodeMirror editor (`.cm-editor`, one `.cm-line` per line) in a
 * `language-xxx` wrapper, and older Grok a bare `<code>` (`isBareCode`): no `<pre>` at all.
 */
const NOT_A_LABEL = 'p, ul, ol, table, blockquote, h1, h2, h3, h4, h5, h6, li';
function wrappedCodeBlock(el: Element): string | null {
  const hosts = el.classList.contains('cm-editor') ? [el] : codeHosts(el);
  if (hosts.length !== 1 || el.querySelector(NOT_A_LABEL)) return null;
  const host = hosts[0]!;
  let label = host === el ? '' : textOutside(el, host, isProseChrome).trim();
  if (label && !LABEL.test(label)) {
    const named = headerLanguage(el, host, label);
    if (named === null) return null;
    label = named;
  }
  const block = extractCodeBlock(host);
  return fenceCode({ lang: block.lang || labelLang(label), text: block.text });
}

/** An element whose class says it is the language label (`segment-code-lang`, `code-language`). */
const LANG_LABEL_CLASS = /(?:^|[-_\s])(?:lang|language)(?:$|[-_\s])/i;

/**
 * The language of a block whose header holds more than its label, when the rest is only a control's
 * text: Kimi's 2026 header is `header.segment-code-header` > `span.segment-code-lang` ("Python") beside
 * `div.icon-button` (an icon, title "复制") and its tooltip's text ("复制"), none of them a `<button>`
 * (code index files 71060453245, 62838698953; scrapers drop `.segment-code-header` whole, 54541628646).
 * Read as prose, that header landed between a path line and its fence, and the path was lost. Null
 * (the wrapper is read as prose, as before) when no element is marked as the label, or when the rest
 * could be a name the reply gave (a path, a file name): nothing the reply wrote is dropped.
 */
function headerLanguage(el: Element, host: Element, label: string): string | null {
  for (const c of Array.from(el.querySelectorAll('[class]'))) {
    if (host.contains(c) || c.contains(host)) continue;
    if (!LANG_LABEL_CLASS.test(c.getAttribute('class') ?? '')) continue;
    const lang = (c.textContent ?? '').trim();
    if (!LABEL.test(lang)) continue;
    const rest = label.replace(lang, '').trim();
    return rest.length <= 24 && !/[/\\.:]/.test(rest) ? lang : null;
  }
  return null;
}

/** The CodeMirror 6 editor a code block is drawn with: the host itself, or one inside it. */
function codeMirrorOf(host: Element): Element | null {
  return host.classList.contains('cm-editor') ? host : host.querySelector('.cm-editor');
}

/**
 * A CodeMirror 6 block: only its `.cm-content` is code; the line-number gutter (`.cm-gutters`, Open
 * WebUI) is beside it, never read. Two ways to draw the lines:
 *  - an editor: one `.cm-line` per line; an empty line holds a placeholder `<br>`, a line never a
 *    real line break (Open WebUI);
 *  - ChatGPT's 2026 read-only viewer: token spans with the lines joined by `<br>`, directly in
 *    `div.cm-content` or in `pre.cm-content > code`, no language class (code index files
 *    57953540706, 52084337453, 61997575912).
 * The language: a `language-xxx` wrapper (Open WebUI), else a short label beside the editor inside
 * the block, else the block's header (`labelAround`).
 */
function codeMirrorBlock(host: Element, editor: Element): CodeBlock {
  const content = editor.querySelector('.cm-content');
  let text = '';
  if (content) {
    const lines = content.querySelectorAll('.cm-line');
    if (lines.length > 0) {
      // The document is its lines joined by line breaks: one that ends with a line break shows an empty
      // last line (corpus chatgpt-401), which is that break, not one more.
      const read = Array.from(lines, (line) => codeText(line).replace(/\n/g, ''));
      text = read.join('\n');
      if (!text.endsWith('\n')) text += '\n';
    } else {
      text = codeText(content);
      if (text !== '' && !text.endsWith('\n')) text += '\n';
    }
  }
  const wrapper = editor.closest('[class*="language-"]');
  const fromClass = LANG_CLASS.exec(wrapper?.className ?? '')?.[1]?.toLowerCase();
  if (fromClass) return { lang: fromClass, text };
  // ChatGPT's canvas card (corpus chatgpt-401): `div.cm-content[data-language=html]`, and a title, not a
  // language, in the card's header.
  const named = content?.getAttribute('data-language')?.trim().toLowerCase();
  if (named && LABEL.test(named)) return { lang: labelLang(named), text };
  const inside = host !== editor ? textOutside(host, editor).trim() : '';
  const lang = inside && LABEL.test(inside) ? labelLang(inside) : labelAround(host);
  return { lang, text };
}

function list(el: Element): string {
  const ordered = el.localName === 'ol';
  let n = Number.parseInt(el.getAttribute('start') ?? '1', 10);
  if (!Number.isFinite(n)) n = 1;
  const items = Array.from(el.children).filter((c) => c.localName === 'li');
  // A loose list (blank lines between items) renders its items' text in <p>; a tight one does not.
  const loose = items.some((li) => Array.from(li.children).some((c) => c.localName === 'p'));
  const rendered = items.map((li) => {
    const marker = ordered ? `${n++}. ` : '- ';
    const body = blocks(li).join(loose ? '\n\n' : '\n');
    const pad = ' '.repeat(marker.length);
    return body
      .split('\n')
      .map((line, i) => (i === 0 ? marker + line : line ? pad + line : ''))
      .join('\n');
  });
  return rendered.join(loose ? '\n\n' : '\n');
}

function table(el: Element): string {
  const rows = Array.from(el.querySelectorAll('tr')).filter((tr) => tr.closest('table') === el);
  const cells = rows.map((tr) =>
    Array.from(tr.children)
      .filter((c) => c.localName === 'th' || c.localName === 'td')
      .map((c) =>
        tidy(inlineChildren(c))
          .replace(/\s*\n\s*/g, ' ')
          .replace(/\|/g, '\\|'),
      ),
  );
  const width = Math.max(1, ...cells.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  const [head = [], ...body] = cells;
  return [line(head), line(Array(width).fill('---')), ...body.map(line)].join('\n');
}

function inlineChildren(el: Element): string {
  let out = '';
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 3) out += collapse((child as Text).data);
    else if (child.nodeType === 1) out += inlineOf(child as Element);
  }
  return out;
}

function inlineOf(el: Element): string {
  if (isProseChrome(el)) return '';
  // KaTeX renders each formula twice (MathML and HTML); the TeX source is in an annotation.
  if (el.classList.contains('katex-display') || el.classList.contains('katex')) {
    const tex = el.querySelector('annotation[encoding="application/x-tex"]')?.textContent;
    if (tex != null) return el.classList.contains('katex-display') ? `$$${tex}$$` : `$${tex}$`;
  }
  switch (el.localName) {
    case 'input':
      // Task lists.
      return el.getAttribute('type') === 'checkbox' ? (el.hasAttribute('checked') ? '[x]' : '[ ]') : '';
    case 'br':
      return HARD_BREAK;
    case 'strong':
    case 'b':
      return wrap(inlineChildren(el), '**');
    case 'em':
    case 'i':
      return wrap(inlineChildren(el), '*');
    case 'del':
    case 's':
      return wrap(inlineChildren(el), '~~');
    case 'code':
      return inlineCode(el.textContent ?? '');
    case 'a': {
      const text = inlineChildren(el);
      const href = el.getAttribute('href') ?? '';
      // An autolinked bare URL was written as the URL itself.
      if (!href || href === text.trim()) return text;
      return `[${text}](${href})`;
    }
    case 'img': {
      const src = el.getAttribute('src') ?? '';
      return src ? `![${el.getAttribute('alt') ?? ''}](${src})` : '';
    }
    case 'pre':
      return `\n${fenceCode(extractCodeBlock(el))}\n`;
    default:
      return inlineChildren(el);
  }
}

function wrap(text: string, mark: string): string {
  // Keep the markers against the words: "** bold**" is not emphasis in CommonMark.
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return m[2] ? `${m[1]}${mark}${m[2]}${mark}${m[3]}` : text;
}

function inlineCode(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** HTML whitespace collapsing, except that line breaks stay (see the header comment). */
function collapse(text: string): string {
  return text.replace(/[ \t\r\f]*\n[ \t\r\f\n]*/g, '\n').replace(/[ \t\r\f]+/g, ' ');
}

/**
 * A `<br>` in prose. The HTML around it often has a newline right after it (ChatGPT: `way:<br
 * data-start="719" data-end="722">\nAsk yourself`, capture chatgpt-202), which is whitespace there:
 * the break and that newline are one line break, not a blank line that would split the paragraph.
 * A private-use character marks the break until `tidy` turns it and the blank space after it into
 * one newline.
 */
const HARD_BREAK = '\uE000';
const HARD_BREAK_RUN = /\uE000[ \t\r\f\n]*/g;

/** A paragraph's text without leading/trailing blank space; '' for `<p>&nbsp;</p>` (rich-text editors). */
function tidy(text: string): string {
  return text
    .replace(HARD_BREAK_RUN, '\n')
    .split('\n')
    .map((l) => l.replace(/^ +| +$/g, ''))
    .join('\n')
    .trim();
}
