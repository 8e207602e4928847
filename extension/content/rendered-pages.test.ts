// @vitest-environment happy-dom
/**
 * Issue 12, item 4: each seed format's own example reply (scenarios 119–123, verbatim), rendered by a real
 * Markdown renderer into each era's saved ChatGPT page, read through each rung of the text ladder, and
 * planned against the scenario's input/ tree.
 *  - API and Copy button: the exact text; every file is written and the tree equals expected/ byte for byte.
 *  - Page rebuild: a file planned `ok` equals expected/ byte for byte; any other file is not written by
 *    default (`lossy`, or another error). Never an `ok` file with other text. Which formats come out lossy
 *    is asserted too: those written outside code fences.
 * Also the Copy-button ladder (findCopyButton) on the rendered pages and on variants of them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormatId } from '../../shared/changeset/changeset';
import { mergeChangeSets } from '../../shared/changeset/merge';
import { type FileSnapshot, type Plan, plan, planNeeds, toFileChanges } from '../../shared/engine';
import { detectAll, hash } from '../../shared/formats/registry';
import type { FileChange } from '../../shared/protocol/protocol';
import { findCopyButton, installClipboardCapture, readRawText, type TextSource } from './raw-text';
import { ERA_IDS, ERAS, type EraId, renderedChatGptPage, renderReply } from './rendered-page';
import { chatGptCache, chatgpt } from './sites/chatgpt';
import { pageHtml } from './sites/saved-pages';

const SCENARIOS = join(dirname(fileURLToPath(import.meta.url)), '../../native-host/test/scenarios');

type Tree = Record<string, string>;

function readTree(root: string): Tree {
  const out: Tree = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[relative(root, abs).split(sep).join('/')] = readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return out;
}

interface Seed {
  name: string;
  reply: string;
  input: Tree;
  expected: Tree;
}

function seed(name: string): Seed {
  const dir = join(SCENARIOS, name);
  return {
    name,
    reply: readFileSync(join(dir, 'reply.md'), 'utf8'),
    input: readTree(join(dir, 'input')),
    expected: readTree(join(dir, 'expected')),
  };
}

/** How each seed's files come out of the page rebuild ('ok', or the error kind), and its lossy formats. */
const FROM_PAGE: Record<string, { lossy: FormatId[]; files: Record<string, string> }> = {
  // `<?php` opens a raw HTML block that runs to the end of the reply: shown as text, blank lines and
  // indentation gone. The START-PATCH block then has no hunks (an error diagnostic, no file).
  '119_seed_delimiter_blocks_verbatim': {
    lossy: ['delimiter-blocks'],
    files: {
      'src/Services/MailerService.php': 'lossy',
      'templates/legacy/old_template.html.twig': 'lossy',
      'config/services.yaml': 'lossy',
    },
  },
  // `<FILE_NEW …>` is no HTML tag (CommonMark tag names have no "_"): paragraphs; the hunk's "-" and
  // "+" lines become list items, so the patch no longer fits.
  '120_seed_file_changes_verbatim': {
    lossy: ['file-changes'],
    files: {
      'src/core_mod.rs': 'lossy',
      'temp_config.json': 'lossy',
      'src/helpers.rs': 'lossy',
      'src/main.rs': 'no-match',
    },
  },
  // Everything is in fences: exact.
  '121_seed_aptix_verbatim': {
    lossy: [],
    files: { 'relative/path/from/root.ext': 'ok', 'src/MyFile.cs': 'ok', 'src/Foo.cs': 'ok' },
  },
  // One paragraph: indentation gone (harmless to JSON, but nothing says so for another reply).
  '122_seed_structured_json_verbatim': { lossy: ['structured-json'], files: { 'src/utils.js': 'lossy' } },
  // The fences are exact, but the path comes from a heading (`### File …`), which is prose.
  '123_seed_markdown_actions_verbatim': {
    lossy: ['markdown-actions'],
    files: { 'Models/User.swift': 'lossy' },
  },
};
const SEEDS = Object.keys(FROM_PAGE).map(seed);

function snapshotsOf(tree: Tree, paths: string[]): Map<string, FileSnapshot | null> {
  return new Map(paths.map((p) => [p, p in tree ? { text: tree[p]!, hash: hash(tree[p]!) } : null]));
}

/** The reply's change sets as the review plans them: merged, against the scenario's input/. */
function planText(text: string, textSource: TextSource, input: Tree) {
  const sets = detectAll(text, { textSource });
  const merged = mergeChangeSets(sets);
  if (!merged) throw new Error('No change set found.');
  return { sets, plan: plan(merged, snapshotsOf(input, planNeeds(merged))) };
}

function written(tree: Tree, changes: FileChange[]): Tree {
  const out = { ...tree };
  for (const c of changes) {
    if (c.action === 'delete') delete out[c.path];
    else {
      if (c.action === 'rename') delete out[c.from];
      out[c.path] = c.content;
    }
  }
  return out;
}

/** What the review ticks by default: files planned ok (and not guessed). */
const defaultWrites = (p: Plan) =>
  toFileChanges(p, new Set(p.files.filter((f) => f.status === 'ok' && !f.guess).map((f) => f.path)));

// ---- the page, its API and its Copy button, as the site would serve them --------------------------------

const URL_OF = (era: EraId) => `https://chatgpt.com/c/rendered-${era}`;

function show(html: string): void {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
}

function turnOf(messageId: string): Element {
  const turn = document.querySelector(`${chatgpt.selectors.turn.css}[data-message-id="${messageId}"]`);
  if (!turn) throw new Error(`No assistant turn ${messageId} on the page.`);
  return turn;
}

/** ChatGPT's conversation API holding one assistant message, or failing. */
function api(ok: boolean, messageId: string, markdown: string): typeof fetch {
  return vi.fn(async (input: RequestInfo | URL) => {
    if (!ok) return new Response('', { status: 500 });
    if (String(input).endsWith('/api/auth/session')) return Response.json({ accessToken: 't' });
    return Response.json({
      mapping: {
        [messageId]: {
          message: {
            id: messageId,
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: [markdown] },
            status: 'finished_successfully',
          },
        },
      },
    });
  }) as unknown as typeof fetch;
}

/** The site's own Copy button: writes the reply's markdown with the page's clipboard, as ChatGPT does. */
function wireCopyButton(button: Element, markdown: string): void {
  button.addEventListener('click', () => void navigator.clipboard.writeText(markdown));
}

const realClipboard = { writeText: vi.fn(async (_: string) => {}), write: vi.fn(async (_: unknown) => {}) };

beforeEach(() => {
  realClipboard.writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: realClipboard, configurable: true });
  installClipboardCapture();
});
afterEach(() => chatGptCache.invalidate());

/** Render the reply into the era's page, put it in the document, and read it through the ladder. */
async function readRendered(s: Seed, eraId: EraId, source: TextSource) {
  const era = ERAS[eraId];
  const page = renderedChatGptPage(s.reply, eraId);
  show(page.html);
  const turn = turnOf(page.messageId);
  if (source === 'copy-button') {
    const container = turn.closest(chatgpt.selectors.container.css)!;
    wireCopyButton(container.querySelector(era.copyButton)!, s.reply);
  }
  return readRawText(turn, chatgpt, {
    url: URL_OF(eraId),
    fetch: api(source === 'api', page.messageId, s.reply),
    copyTimeoutMs: 20,
  });
}

// ---- the renderer and the eras' structure ----------------------------------------------------------------

/** Elements, classes and attributes of a `<pre>`, without its text, the code's tokens or source offsets. */
function skeleton(el: Element): string {
  const attrs = Array.from(el.attributes)
    .filter((a) => !['data-start', 'data-end'].includes(a.name))
    .map((a) => (a.name === 'class' ? `class="${a.value.replace(/\blanguage-\S+/, 'language-*')}"` : a.name))
    .sort()
    .join(' ');
  const inner = ['code', 'svg'].includes(el.localName) ? '' : Array.from(el.children, skeleton).join('');
  return `<${el.localName}${attrs ? ` ${attrs}` : ''}>${inner}</${el.localName}>`;
}

const firstPre = (html: string) => new DOMParser().parseFromString(html, 'text/html').querySelector('pre')!;

describe('the rendered pages', () => {
  it.each(ERA_IDS)('%s: code blocks are drawn as the saved page draws them', (eraId) => {
    const era = ERAS[eraId];
    const ours = firstPre(renderReply('```diff\n-a\n+b\n```\n', era));
    expect(skeleton(ours)).toBe(skeleton(firstPre(pageHtml(era.pages.codeBlock))));
  });

  it.each(ERA_IDS)(
    '%s: the reply replaces the last assistant turn’s markdown, the rest of the page stays',
    (eraId) => {
      const page = renderedChatGptPage('Hello *there*.\n\n```ts\nconst x = 1;\n```', eraId);
      show(page.html);
      const turn = turnOf(page.messageId);
      const regions = turn.querySelectorAll(chatgpt.selectors.content.css);
      expect(regions).toHaveLength(1);
      expect(regions[0]!.innerHTML).toBe(page.body);
      expect(turn.querySelectorAll('pre')).toHaveLength(1);
      const saved = new DOMParser().parseFromString(pageHtml(ERAS[eraId].pages.turn), 'text/html');
      expect(document.querySelectorAll(chatgpt.selectors.turn.css)).toHaveLength(
        saved.querySelectorAll(chatgpt.selectors.turn.css).length,
      );
      expect(document.querySelectorAll(chatgpt.selectors.container.css)).toHaveLength(
        saved.querySelectorAll(chatgpt.selectors.container.css).length,
      );
    },
  );

  it('shows raw HTML as text, as ChatGPT does, and keeps CommonMark’s rules for what is HTML', () => {
    const body = renderReply(
      '<b>bold?</b> and <FILE_DELETE file_path="a" />\n\n<div>\n*x*\n</div>\n',
      ERAS['2025'],
    );
    const div = document.createElement('div');
    div.innerHTML = body;
    expect(div.querySelector('b, div')).toBeNull();
    expect(div.textContent).toContain('<b>bold?</b> and <FILE_DELETE file_path="a" />');
    // An HTML block is shown verbatim, markdown inside it unread.
    expect(div.textContent).toContain('<div>\n*x*\n</div>');
  });
});

// ---- every seed × every era × every rung ----------------------------------------------------------------

describe.each(SEEDS)('$name', (s) => {
  describe.each(ERA_IDS)('on a %s page', (eraId) => {
    it.each(['api', 'copy-button'] as const)('read through the %s: written exactly', async (source) => {
      const raw = await readRendered(s, eraId, source);
      expect(raw.source).toBe(source);
      expect(raw.text).toBe(s.reply);
      const { sets, plan: p } = planText(raw.text, raw.source, s.input);
      expect(sets.flatMap((set) => set.diagnostics).filter((d) => d.severity === 'error')).toEqual([]);
      expect(p.files.filter((f) => f.status !== 'ok')).toEqual([]);
      expect(written(s.input, defaultWrites(p))).toEqual(s.expected);
      expect(realClipboard.writeText).not.toHaveBeenCalled();
    });

    it('read from the page: an ok file is exact, any other is not written; formats outside fences are lossy', async () => {
      const raw = await readRendered(s, eraId, 'dom');
      expect(raw.source).toBe('dom');
      const { sets, plan: p } = planText(raw.text, 'dom', s.input);
      const want = FROM_PAGE[s.name]!;

      for (const f of p.files) {
        if (f.status === 'ok') {
          // The invariant: nothing planned ok differs from what the model wrote.
          if (f.action === 'delete') expect(s.expected).not.toHaveProperty([f.path]);
          else expect({ path: f.path, text: f.newText }).toEqual({ path: f.path, text: s.expected[f.path] });
        } else {
          expect(f.error).toBeDefined();
          expect(f.status).toBe('error');
        }
      }
      const byDefault = written(s.input, defaultWrites(p));
      for (const c of defaultWrites(p)) {
        if (c.action === 'delete') expect(s.expected).not.toHaveProperty([c.path]);
        else expect(byDefault[c.path]).toBe(s.expected[c.path]);
      }

      expect(
        Object.fromEntries(p.files.map((f) => [f.path, f.status === 'ok' ? 'ok' : f.error!.kind])),
      ).toEqual(want.files);
      const lossyFormats = sets
        .filter((set) => set.ops.some((op) => op.lossy))
        .map((set) => set.source.format);
      expect(lossyFormats).toEqual(want.lossy);
      // A format read whole from fences is not lossy at all: the same plan as from the exact text.
      if (want.lossy.length === 0) expect(byDefault).toEqual(s.expected);
    });
  });
});

// ---- the Copy-button ladder on the rendered pages ----------------------------------------------------------

describe('findCopyButton on the rendered pages (issue 12)', () => {
  const s = SEEDS[0]!;
  const COPY = 'button[data-testid="copy-turn-action-button"]';

  /** The rendered page in the document, changed by `vary`, and the button findCopyButton takes. */
  function found(eraId: EraId, vary: (bar: Element, copy: HTMLElement) => void = () => {}) {
    const page = renderedChatGptPage(s.reply, eraId);
    show(page.html);
    const turn = turnOf(page.messageId);
    const container = turn.closest(chatgpt.selectors.container.css)!;
    const copy = container.querySelector<HTMLElement>(ERAS[eraId].copyButton)!;
    vary(copy.parentElement!, copy);
    copy.setAttribute('data-which', 'copy');
    return { turn, container, copy, button: findCopyButton(container, turn, chatgpt) };
  }

  const dropTestId = (_bar: Element, copy: HTMLElement) => copy.removeAttribute('data-testid');
  const dropName = (bar: Element, copy: HTMLElement) => {
    dropTestId(bar, copy);
    copy.removeAttribute('aria-label');
  };
  const goodFirst = (bar: Element, copy: HTMLElement) => {
    bar.prepend(bar.querySelector('[aria-label="Good response"]')!);
    expect(bar.firstElementChild!.getAttribute('aria-label')).toBe('Good response');
    expect(copy).toBeDefined();
  };

  it('2025: by its test id', () => {
    const { button, copy } = found('2025');
    expect(button).toBe(copy);
    expect(copy.matches(COPY)).toBe(true);
  });

  it('2025 without the test id: by its name ("Copy")', () => {
    const { button, copy } = found('2025', dropTestId);
    expect(copy.getAttribute('aria-label')).toBe('Copy');
    expect(button).toBe(copy);
  });

  it('2025 without test id or name: by its place, first in its bar', () => {
    const { button, copy } = found('2025', dropName);
    expect(button).toBe(copy);
  });

  it('2023 (corpus chatgpt-001): the bar’s first button, which has no name, by its place', () => {
    const { button, copy, container } = found('2023');
    expect(container.querySelector(COPY)).toBeNull();
    expect(copy.getAttribute('aria-label')).toBeNull();
    expect(button).toBe(copy);
  });

  it('"Good response" first, the Copy button named: by its name, never the first button', () => {
    const { button, copy } = found('2025', (bar, c) => {
      dropTestId(bar, c);
      goodFirst(bar, c);
    });
    expect(button).toBe(copy);
  });

  it('"Good response" first, the Copy button without test id or name: nothing (the place rung does not click it)', async () => {
    const { button, turn, container } = found('2025', (bar, c) => {
      dropName(bar, c);
      goodFirst(bar, c);
    });
    expect(button).toBeNull();
    const good = container.querySelector<HTMLElement>('[aria-label="Good response"]')!;
    const clicked = vi.fn();
    good.addEventListener('click', clicked);
    const raw = await readRawText(turn, chatgpt, {
      url: URL_OF('2025'),
      fetch: api(false, '', ''),
      copyTimeoutMs: 20,
    });
    expect(raw.source).toBe('dom');
    expect(raw.notes).toContain('The reply has no Copy button (yet).');
    expect(clicked).not.toHaveBeenCalled();
  });

  it.each([
    ['2025', undefined],
    ['2025 without the test id', dropTestId],
    ['2025 without test id or name', dropName],
    ['2023', undefined],
  ] as const)('%s: the ladder reads the exact reply through the button it finds', async (what, vary) => {
    const eraId: EraId = what.startsWith('2023') ? '2023' : '2025';
    const { turn, copy } = found(eraId, vary);
    wireCopyButton(copy, s.reply);
    const raw = await readRawText(turn, chatgpt, { url: URL_OF(eraId), fetch: api(false, '', '') });
    expect(raw).toMatchObject({ source: 'copy-button', text: s.reply });
    expect(realClipboard.writeText).not.toHaveBeenCalled();
  });
});

// ---- a page-read file that fails -------------------------------------------------------------------------

describe('page rebuilds: a file read from the page that then fails (issue 12)', () => {
  // The rebuild broke the hunk ("-"/"+" lines became list items), so it does not apply: the plan keeps
  // its hard error but says the page is the likely cause, and flags it, so the review offers "Paste the
  // reply instead" on it too.
  it('still says it was read from the page, and is flagged for the paste remedy', async () => {
    const s = SEEDS.find((x) => x.name.startsWith('120_'))!;
    const raw = await readRendered(s, '2025', 'dom');
    const { plan: p } = planText(raw.text, 'dom', s.input);
    const main = p.files.find((f) => f.path === 'src/main.rs')!;
    expect(main.status).toBe('error');
    expect(main.lossy).toBe(true);
    expect(main.error?.message).toMatch(/rendered page/);
  });
});
