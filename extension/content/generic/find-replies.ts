/**
 * The generic reader's eyes: which parts of a chat page are the assistant's replies, without knowing the
 * site. For the day a site's adapter stops matching, and for chats we ship no adapter for.
 *
 * 1. Blocks. Rendered Markdown shows as paragraphs, code blocks, lists, headings, tables and quotes
 *    (`p, pre, ul, ol, h1–h6, table, blockquote`, and `div.paragraph`, which Kimi draws instead of `<p>`).
 *    Only the outermost count; none inside the composer, navigation, dialogs, hidden or screen-reader
 *    text, or our own UI; a list whose text is all links is navigation.
 * 2. Regions. A block's parent is a text region. A region whose blocks are only code blocks or tables
 *    (the wrapper a site draws around them) belongs to the region around it.
 * 3. Box. From a region, up to the last ancestor that holds no other region, no composer and no more
 *    than a line or two of other text: the message with its action bar, never its neighbours.
 * 4. Who wrote it. The nearest words that say so, in the tag names and attributes (class, role,
 *    aria-label, test ids, data values) from the region up to its box: `user`, `human`, `query`, "Your
 *    message", `send_message` say the user; `assistant`, `bot`, `model`, `response`, `answer`,
 *    `receive_message` say the assistant; `think`/`reasoning` mark a reasoning panel, which is no reply.
 *    Without such words, `markdown`/`prose` or rich Markdown (code, lists, tables, headings, several
 *    paragraphs) say assistant, and a lone paragraph says nothing: a reply that is one sentence has no
 *    file operation in it, and a user's message must never get a button.
 * 5. An assistant region inside another merges into it (one reply, one button).
 */

import { pushAll } from '../../../shared/text/push-all';

const BLOCK = 'p, pre, ul, ol, h1, h2, h3, h4, h5, h6, table, blockquote, div.paragraph';
/** Blocks that a site wraps in a region of their own (a code block's frame, a table's scroller). */
const EMBEDDED = new Set(['PRE', 'TABLE']);
const RICH = 'pre, ul, ol, table, blockquote';
const LAYOUT_ITEM =
  'li div > p, li div > ul, li div > ol, li div > pre, li div > h1, li div > h2, li div > h3';
/**
 * Classes that put a message at the end of the line: the user's side of the chat on every site that
 * draws bubbles (ChatGPT `items-end`, Grok `items-end`, Arena and T3 Chat `justify-end`).
 */
const END_ALIGNED = /^(?:items-end|justify-end|self-end|ml-auto|ms-auto|place-self-end)$/;
const OUTSIDE_CHAT =
  'nav, aside, form, textarea, [contenteditable=""], [contenteditable="true"], [role="textbox"], ' +
  '[role="navigation"], [role="dialog"], [aria-hidden="true"], .sr-only, .visually-hidden, ' +
  'script, style, template, noscript, [data-replyapply], replyapply-button';
const COMPOSER = 'textarea, [contenteditable=""], [contenteditable="true"], [role="textbox"]';
/** Other text a message's box may hold besides its region: a name, a time, the action bar's labels. */
const BOX_SLACK = 200;

const USER_WORDS = new Set([
  'user',
  'users',
  'human',
  'query',
  'question',
  'you',
  'your',
  'send',
  'sent',
  'outgoing',
  'request',
]);
const ASSISTANT_WORDS = new Set([
  'assistant',
  'bot',
  'ai',
  'model',
  'response',
  'answer',
  'agent',
  'receive',
  'received',
  'incoming',
  'reply',
  'llm',
  'chatbot',
  'gpt',
  'chatgpt',
  'claude',
  'gemini',
  'copilot',
]);
const WEAK_ASSISTANT_WORDS = new Set(['markdown', 'prose', 'md']);
const REASONING_WORDS = new Set(['think', 'thinking', 'thought', 'thoughts', 'reasoning', 'cot']);

export type Author = 'user' | 'assistant' | 'reasoning' | 'unknown';

export interface FoundReply {
  /** The rendered Markdown of the reply (the text is read from here). */
  region: Element;
  /** The message around it: its action bar and Copy button are in here, no other message is. */
  box: Element;
}

export interface Region {
  el: Element;
  /** The message around it (see `boxOf`). */
  box: Element;
  blocks: Element[];
  author: Author;
  /** Why: the words that decided, or the shape of the Markdown. */
  why: string;
}

/** The assistant replies of a page, in page order. */
export function findReplies(root: ParentNode): FoundReply[] {
  const regions = classifyRegions(root);
  const replies = [...regions.filter((r) => r.author === 'assistant'), ...oneMessage(regions)];
  // An assistant region inside another is part of it.
  const outer = replies.filter((r) => !replies.some((o) => o !== r && o.el.contains(r.el)));
  return outer.map((r) => ({ region: r.el, box: r.box }));
}

/** How far above a region the element of its message may be, in levels (claude-401: 6). */
const NEAR = 6;

/**
 * Step 6: the regions of one message are one reply. Claude draws a reply as several Markdown bodies with
 * tool rows and artifact cards between them (corpus claude-401: two bodies; claude-406: three lone
 * paragraphs, none of which says anything alone). A region's message is its nearest ancestor, a few
 * levels up at most, whose own words say the assistant and none the user (`font-claude-response`,
 * `font-claude-message`); two regions or more of one such message, which holds no region of the user or
 * of reasoning and no element whose words say the user, are one reply: that element.
 */
function oneMessage(regions: readonly Region[]): Region[] {
  const words = new Map<Element, string[]>();
  const says = (el: Element, set: ReadonlySet<string>) => wordsOfCached(el, words).some((w) => set.has(w));
  const messageOf = (el: Element): Element | null => {
    let up = el.parentElement;
    for (let k = 0; up && k < NEAR; k++, up = up.parentElement) {
      if (says(up, USER_WORDS)) return null;
      if (says(up, ASSISTANT_WORDS)) return up;
    }
    return null;
  };
  const groups = new Map<Element, Region[]>();
  for (const r of regions) {
    if (r.author !== 'assistant' && r.author !== 'unknown') continue;
    const message = messageOf(r.el);
    if (!message) continue;
    const list = groups.get(message);
    if (list) list.push(r);
    else groups.set(message, [r]);
  }
  const out: Region[] = [];
  for (const [message, members] of groups) {
    if (members.length < 2 || message.querySelector(COMPOSER)) continue;
    if (regions.some((o) => !members.includes(o) && message.contains(o.el))) continue;
    if (Array.from(message.querySelectorAll('*')).some((e) => says(e, USER_WORDS))) continue;
    const others = regions.filter((o) => !members.includes(o)).map((o) => o.el);
    out.push({
      el: message,
      box: boxOf(message, regionIndex([message, ...others])),
      blocks: members.flatMap((m) => m.blocks),
      author: 'assistant',
      why: `${describe(message)} holds ${members.length} regions of one message`,
    });
  }
  return out;
}

/** Every text region of the page with who wrote it (exported for tests and for telling users why). */
export function classifyRegions(root: ParentNode): Region[] {
  const byEl = new Map<Element, Element[]>();
  const all = Array.from(root.querySelectorAll(BLOCK));
  const layout = new Set(all.filter(isLayoutList));
  const enclosing = (b: Element) => {
    for (let up = b.parentElement?.closest(BLOCK); up; up = up.parentElement?.closest(BLOCK))
      if (!layout.has(up)) return up;
    return null;
  };
  for (const block of all) {
    if (layout.has(block) || enclosing(block)) continue;
    if (block.closest(OUTSIDE_CHAT) || isLinkList(block) || !block.textContent?.trim()) continue;
    const parent = block.parentElement;
    if (!parent) continue;
    const list = byEl.get(parent);
    if (list) list.push(block);
    else byEl.set(parent, [block]);
  }
  // A code block's or a table's own frame belongs to the region around it.
  for (const [el, blocks] of [...byEl]) {
    if (!blocks.every((b) => EMBEDDED.has(b.tagName))) continue;
    let up = el.parentElement;
    while (up && !byEl.has(up)) up = up.parentElement;
    if (up) {
      pushAll(byEl.get(up)!, blocks);
      byEl.delete(el);
    }
  }
  const index = regionIndex([...byEl.keys()]);
  // Words are read once per element and call (a page's classes change between calls).
  const words = new Map<Element, string[]>();
  return [...byEl].map(([el, blocks]) => {
    const box = boxOf(el, index);
    const { author, why } = authorOf(el, blocks, box, words);
    return { el, box, blocks, author, why };
  });
}

/**
 * A list that holds whole messages is the page's layout, not Markdown: Arena draws its conversation as
 * `ol > li`, Open WebUI as `ul[role=log] > div[role=listitem]`. Markdown's lists hold only `li`s, and put
 * an item's paragraphs right in the `li`, never in a `div`.
 */
function isLayoutList(block: Element): boolean {
  if (block.tagName !== 'UL' && block.tagName !== 'OL') return false;
  if (block.matches('[role="log"], [role="feed"]')) return true;
  for (const child of block.children) if (child.tagName !== 'LI') return true;
  return block.querySelector(LAYOUT_ITEM) !== null;
}

function isLinkList(block: Element): boolean {
  if (block.tagName !== 'UL' && block.tagName !== 'OL') return false;
  const text = (block.textContent ?? '').replace(/\s+/g, '');
  if (!text) return false;
  let linked = 0;
  for (const a of block.querySelectorAll('a')) linked += (a.textContent ?? '').replace(/\s+/g, '').length;
  return linked >= text.length;
}

/** How many regions each element holds (itself included): one walk up from each region. */
export interface RegionIndex {
  regions: ReadonlySet<Element>;
  inside: ReadonlyMap<Element, number>;
}

export function regionIndex(regions: readonly Element[]): RegionIndex {
  const inside = new Map<Element, number>();
  for (const r of regions)
    for (let up: Element | null = r; up; up = up.parentElement) inside.set(up, (inside.get(up) ?? 0) + 1);
  return { regions: new Set(regions), inside };
}

/**
 * The last ancestor of a region that is still only its own message (see the header, step 3). Walking up,
 * the first ancestor holding a region the region does not hold, or being one, is a neighbour's too.
 */
export function boxOf(region: Element, index: RegionIndex): Element {
  const own = (region.textContent ?? '').length;
  const mine = index.inside.get(region) ?? 1;
  let box = region;
  for (let up = region.parentElement; up; up = up.parentElement) {
    if (up.tagName === 'BODY' || up.tagName === 'HTML' || up.tagName === 'MAIN') break;
    if (index.regions.has(up) || (index.inside.get(up) ?? 0) > mine) break;
    if (up.querySelector(COMPOSER)) break;
    if ((up.textContent ?? '').length - own > BOX_SLACK) break;
    box = up;
  }
  return box;
}

function authorOf(
  el: Element,
  blocks: readonly Element[],
  box: Element,
  cache: Map<Element, string[]>,
): { author: Author; why: string } {
  const wordsOf = (at: Element) => wordsOfCached(at, cache);
  // Reasoning first: a thinking panel inside an assistant's message is still no reply.
  const chain: Element[] = [];
  for (let at: Element | null = el; at; at = at.parentElement) {
    chain.push(at);
    if (at === box) break;
  }
  for (const at of chain) {
    const words = wordsOf(at);
    if (words.some((w) => REASONING_WORDS.has(w))) return { author: 'reasoning', why: describe(at) };
  }
  // A message drawn at the end of the line is the user's, whatever its Markdown's classes say: Grok
  // renders both sides in `.response-content-markdown` (corpus grok-101) and only its row says which.
  for (const at of chain) {
    const classes = at.getAttribute('class')?.split(/\s+/) ?? [];
    if (classes.some((c) => END_ALIGNED.test(c)) && !wordsOf(at).some((w) => ASSISTANT_WORDS.has(w)))
      return { author: 'user', why: `${describe(at)} is aligned to the end of the line` };
  }
  // The region's own blocks speak for it too (Gemini's `p.query-text-line`, Perplexity's `h1.group/query`).
  const levels: Element[][] = [[el, ...blocks], ...chain.slice(1).map((a) => [a])];
  for (const level of levels) {
    let user = 0;
    let assistant = 0;
    for (const at of level) {
      for (const w of wordsOf(at)) {
        if (USER_WORDS.has(w)) user++;
        else if (ASSISTANT_WORDS.has(w)) assistant++;
      }
    }
    if (user > assistant) return { author: 'user', why: describe(level[0]!) };
    if (assistant > user) return { author: 'assistant', why: describe(level[0]!) };
  }
  if (chain.some((at) => wordsOf(at).some((w) => WEAK_ASSISTANT_WORDS.has(w))))
    return { author: 'assistant', why: 'rendered Markdown (markdown/prose)' };
  // A lone heading is a page's title, not a reply.
  const paragraphs = blocks.filter((b) => !/^H\d$/.test(b.tagName));
  if (paragraphs.length >= 2 || blocks.some((b) => b.matches(RICH)))
    return { author: 'assistant', why: 'rich Markdown (code, lists, several paragraphs)' };
  return { author: 'unknown', why: 'a lone paragraph with no words saying who wrote it' };
}

/**
 * The words an element's markup says about itself: its tag name, class, role, aria-label, title and the
 * values of its `data-*` attributes, split at case changes and punctuation. Values with digits in them
 * are ids (`conversation-turn-3`, `r_7d2a9c41`): their pieces are no words.
 */
export function wordsOf(el: Element): string[] {
  return wordsOfCached(el);
}

function wordsOfCached(el: Element, cache?: Map<Element, string[]>): string[] {
  const cached = cache?.get(el);
  if (cached) return cached;
  const parts: string[] = [el.localName];
  for (const attr of el.attributes) {
    const name = attr.name;
    if (name === 'class' || name === 'role' || name === 'aria-label' || name === 'title')
      parts.push(attr.value);
    else if (name.startsWith('data-') && !/\d/.test(attr.value) && attr.value.length <= 60)
      parts.push(attr.value);
  }
  const words: string[] = [];
  for (const part of parts) {
    // Utility classes with values (`me-2`, `self-end`, `w-[80%]`) say nothing about the author.
    for (const token of part.split(/\s+/)) {
      if (/\d|[[\]:]/.test(token) && !/^[a-z-]+$/i.test(token)) continue;
      for (const w of token
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z]+/))
        if (w) words.push(w);
    }
  }
  cache?.set(el, words);
  return words;
}

function describe(el: Element): string {
  const cls = el.getAttribute('class')?.trim().split(/\s+/).slice(0, 3).join('.');
  const label = el.getAttribute('aria-label');
  return `<${el.localName}${cls ? `.${cls}` : ''}${label ? ` aria-label="${label}"` : ''}>`;
}
