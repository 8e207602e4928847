// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { findFences, splitLines } from '../../shared/formats/fences';
import {
  codeHosts,
  domToMarkdown,
  extractCodeBlock,
  fenceCode,
  unreadableCodeBlocks,
} from './dom-to-markdown';
import { listPages, loadPage, pageJson, pendingOn } from './sites/saved-pages';

interface CorpusPage {
  code_blocks: Array<{
    index: number;
    text: string;
    language_from_class: string | null;
    /** A language an editor names by attribute (CodeMirror's `data-language`). */
    language_from_attribute?: string;
    header_label: string | null;
  }>;
  assistant_turns?: Array<{ 'data-message-id': string; expected_text: string }>;
}

interface FixturePage {
  replies: Array<{ messageId: string; markdown: string; codeBlocks: Array<{ lang: string; text: string }> }>;
}

const html = (markup: string): Element => {
  const div = document.createElement('div');
  div.innerHTML = markup;
  return div;
};

describe('code blocks of the corpus pages (real sites, three ChatGPT eras, Claude, Gemini)', () => {
  const pages = listPages('corpus');
  it('finds the corpus', () => expect(pages.length).toBeGreaterThanOrEqual(5));

  for (const page of pages) {
    const blocks = pageJson<CorpusPage>(page).code_blocks.map((b) => [b.index, b] as const);
    if (blocks.length === 0) continue;
    const pending = pendingOn('code block text', page);
    (pending ? it.fails : it).each(blocks)(
      `${page} block %i: exact code text and language${pending ? ` (${pending})` : ''}`,
      (index, block) => {
        // The page's code blocks as the reader finds them: `<pre>`s, and editors with none (a canvas).
        const host = codeHosts(loadPage(page).body)[index]!;
        const got = extractCodeBlock(host);
        expect(got.text).toBe(block.text);
        expect(got.lang).toBe(
          (
            block.language_from_class ??
            block.language_from_attribute ??
            block.header_label ??
            ''
          ).toLowerCase(),
        );
      },
    );
  }

  it('rebuilds the chatgpt-001 turn without the rich-text editor’s empty <p>&nbsp;</p>', () => {
    const expected = pageJson<CorpusPage>('corpus/chatgpt-001').assistant_turns![0]!;
    const doc = loadPage('corpus/chatgpt-001');
    const turn = doc.querySelector(`[data-message-id="${expected['data-message-id']}"] .markdown`)!;
    expect(domToMarkdown(turn)).toBe(expected.expected_text);
  });

  for (const page of pages) {
    const rebuilt = () => {
      const expected = pageJson<CorpusPage>(page);
      const md = domToMarkdown(loadPage(page).body);
      const fences = findFences(splitLines(md));
      expect(fences.map((f) => f.lines.join('\n'))).toEqual(
        expected.code_blocks.map((b) => b.text.replace(/\n$/, '')),
      );
      // No site chrome: copy buttons, AI Studio's copy markers and disclaimer, its footer's labels.
      expect(md).not.toMatch(/Copy code|^Copy$|IGNORE_WHEN_COPYING|Use code|content_copy/m);
    };
    const title = `${page}: rebuilt markdown holds each code block as a fence that reads back exactly`;
    const pending = pendingOn('markdown rebuild', page);
    if (pending) it.fails(`${title} (${pending})`, rebuilt);
    else it(title, rebuilt);
  }
});

describe('our ChatGPT fixture pages', () => {
  // The other sites' pages are checked through their adapters in sites/fixtures.test.ts.
  for (const page of listPages('fixtures', 'chatgpt-')) {
    const expected = pageJson<FixturePage>(page);
    for (const reply of expected.replies) {
      it(`${page} ${reply.messageId}: the DOM rebuild equals the markdown the API gives`, () => {
        const turn = loadPage(page).querySelector(`[data-message-id="${reply.messageId}"] .markdown`)!;
        expect(domToMarkdown(turn)).toBe(reply.markdown);
        const blocks = Array.from(turn.querySelectorAll('pre'), (pre) => extractCodeBlock(pre));
        expect(blocks).toEqual(reply.codeBlocks);
      });
    }
  }
});

describe('fences', () => {
  it.each([
    ['plain code', { lang: 'ts', text: 'a\n' }, '```ts\na\n```'],
    ['no final newline', { lang: '', text: 'a' }, '```\na\n```'],
    ['empty code', { lang: '', text: '' }, '```\n```'],
    ['a ``` run inside', { lang: 'md', text: '```js\nx\n```\n' }, '````md\n```js\nx\n```\n````'],
    ['a ````` run inside', { lang: '', text: 'a `````\n' }, '``````\na `````\n``````'],
  ])('%s', (_, block, fenced) => expect(fenceCode(block)).toBe(fenced));
});

describe('prose', () => {
  it.each([
    ['heading levels', '<h1>A</h1><h3>B <em>c</em></h3>', '# A\n\n### B *c*'],
    [
      'emphasis keeps markers on the words',
      '<p>a<strong> b </strong>c <em>d</em> <del>e</del></p>',
      'a **b** c *d* ~~e~~',
    ],
    [
      'inline code with a backtick inside',
      '<p><code>a`b</code> and <code>`x</code></p>',
      '``a`b`` and `` `x ``',
    ],
    [
      'link and autolink',
      '<p><a href="https://x.dev/a">docs</a> https:<a href="https://y.dev">https://y.dev</a></p>',
      '[docs](https://x.dev/a) https:https://y.dev',
    ],
    [
      'hard and soft breaks stay line breaks',
      '<p>--- START-FILE: a.txt ---<br>hi\n--- END-FILE: a.txt ---</p>',
      '--- START-FILE: a.txt ---\nhi\n--- END-FILE: a.txt ---',
    ],
    ['source indentation collapses', '<p>\n   one   two\n</p>', 'one two'],
    ['blockquote', '<blockquote><p>a</p><p>b</p></blockquote>', '> a\n>\n> b'],
    ['rule', '<p>a</p><hr><p>b</p>', 'a\n\n---\n\nb'],
    ['ordered list with start', '<ol start="3"><li>a</li><li>b</li></ol>', '3. a\n4. b'],
    [
      'nested tight list',
      '<ul><li>a<ul><li>b<ol><li>c</li></ol></li></ul></li></ul>',
      '- a\n  - b\n    1. c',
    ],
    [
      'loose list with a code block in an item',
      '<ol><li><p>run:</p><pre><code class="language-sh">ls\n</code></pre></li><li><p>done</p></li></ol>',
      '1. run:\n\n   ```sh\n   ls\n   ```\n\n2. done',
    ],
    [
      'table with a pipe in a cell',
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>x|y</td><td><code>z</code></td></tr></tbody></table>',
      '| a | b |\n| --- | --- |\n| x\\|y | `z` |',
    ],
    [
      'UI chrome and icons are dropped',
      '<p>a<button>Copy</button><svg><text>x</text></svg><span class="sr-only">ChatGPT said:</span></p>',
      'a',
    ],
    ['our own button host is dropped', '<p>a</p><span data-replyapply="apply"></span>', 'a'],
    [
      'KaTeX: the TeX source once, not the MathML and HTML renderings',
      '<p>Area <span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>r</mi></mrow><annotation encoding="application/x-tex">\\pi r^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">πr2</span></span>.</p><div><span class="katex-display"><span class="katex"><span class="katex-mathml"><math><semantics><annotation encoding="application/x-tex">a+b</annotation></semantics></math></span><span class="katex-html">a+b</span></span></span></div>',
      'Area $\\pi r^2$.\n\n$$a+b$$',
    ],
    [
      'task list',
      '<ul><li><input type="checkbox" checked disabled> done</li><li><input type="checkbox" disabled> todo</li></ul>',
      '- [x] done\n- [ ] todo',
    ],
    ['text and blocks mixed in a div', '<div>intro<p>para</p>tail</div>', 'intro\n\npara\n\ntail'],
  ])('%s', (_, markup, markdown) => expect(domToMarkdown(html(markup))).toBe(markdown));
});

describe('code block chrome', () => {
  it.each([
    [
      'ChatGPT 2025: label div and Copy code / Edit buttons inside <pre>, token spans',
      '<pre><div><div class="flex">python</div><div class="sticky"><button>Copy code</button><span><button>Edit</button></span></div><div><code class="whitespace-pre!"><span><span>x = 1\n</span><span>y</span></span></code></div></div></pre>',
      { lang: 'python', text: 'x = 1\ny' },
    ],
    [
      'no <code> element: the <pre> text without buttons',
      '<pre><button>Copy</button>a\nb\n</pre>',
      { lang: '', text: 'a\nb\n' },
    ],
    [
      'one element per line, without newline characters',
      '<pre><code><div>a</div><div>  b</div><div></div><div>c</div></code></pre>',
      { lang: '', text: 'a\n  b\n\nc' },
    ],
    [
      '<br> line breaks inside code',
      '<pre><code class="language-js">a<br>b</code></pre>',
      { lang: 'js', text: 'a\nb' },
    ],
    [
      'language class on <pre>',
      '<pre class="lang-rust"><code>fn f() {}</code></pre>',
      { lang: 'rust', text: 'fn f() {}' },
    ],
    [
      'an un-escaped include read as an element',
      '<pre><code>#include <iostream>\nint</code></pre>',
      { lang: '', text: '#include <iostream>\nint' },
    ],
  ])('%s', (_, markup, block) => expect(extractCodeBlock(html(markup).querySelector('pre')!)).toEqual(block));
});

describe('code blocks drawn by other sites', () => {
  const kimi = (header: string) =>
    `<div class="paragraph">src/app.py</div><div class="segment-code"><header class="segment-code-header"><div class="segment-code-header-content">${header}</div></header><div class="segment-code-content"><pre><code class="language-python">print(1)\n</code></pre></div></div>`;
  it.each([
    [
      'Kimi 2026: the header’s label, icon control and tooltip text (none a <button>) stay out; the path stays before its fence',
      kimi(
        '<span class="segment-code-lang">Python</span><div class="icon-button" title="复制"><svg></svg></div><div class="kimi-tooltip">复制</div>',
      ),
      'src/app.py\n\n```python\nprint(1)\n```',
    ],
    [
      'the same with the tooltip in English and the control’s own text',
      kimi('<span class="segment-code-lang">Python</span><span><div class="icon-button">Copy</div></span>'),
      'src/app.py\n\n```python\nprint(1)\n```',
    ],
    [
      'a header that also holds a name the reply gave is not dropped: read as prose, as before',
      kimi('<span class="segment-code-lang">Python</span><span class="name">src/main.py</span>'),
      'src/app.py\n\nPythonsrc/main.py\n\n```python\nprint(1)\n```',
    ],
    [
      'a wrapper with a language header above the <pre> (Grok, Le Chat): no stray label paragraph',
      '<p>Fix:</p><div><div><span>diff</span></div><div><button>Copy</button></div><pre><code>-a\n+b\n</code></pre></div><p>Done.</p>',
      'Fix:\n\n```diff\n-a\n+b\n```\n\nDone.',
    ],
    [
      'the language class of the code wins over the header label',
      '<div><span>Shell</span><pre><code class="language-bash">ls\n</code></pre></div>',
      '```bash\nls\n```',
    ],
    [
      'a wrapper that also holds a paragraph is prose, not a labelled block',
      '<div><p>Example</p><pre><code>x\n</code></pre></div>',
      'Example\n\n```\nx\n```',
    ],
    [
      'a <pre> without <code> (DeepSeek): its own text is never taken for a label',
      '<div class="md-code-block"><div><span>bash</span><div role="button">Copy</div></div><pre><span>npm test\n</span></pre></div>',
      '```bash\nnpm test\n```',
    ],
    [
      'a CodeMirror editor (Open WebUI): one .cm-line per line, language from the wrapper',
      '<div><div>python</div><div class="language-python"><div class="cm-editor"><div class="cm-scroller"><div class="cm-gutters"><div>1</div><div>2</div></div><div class="cm-content"><div class="cm-line">print(1)</div><div class="cm-line"><br></div></div></div></div></div></div>',
      // The editor's text is its lines joined: an empty last line is the text's final line break.
      '```python\nprint(1)\n```',
    ],
    [
      'a custom element holding a block (AI Studio’s ms-code-block) is a block of its own',
      '<p>Run:</p><ms-code-block><mat-expansion-panel><div role="button">Bash</div><pre><code class="language-bash">ls\n</code></pre></mat-expansion-panel></ms-code-block>',
      'Run:\n\n```bash\nls\n```',
    ],
    [
      'a custom element without blocks stays inline',
      '<p>Press <mat-icon>enter</mat-icon> now.</p>',
      'Press enter now.',
    ],
    [
      'DeepSeek 2026: the banner’s Copy/Download (复制/下载) are buttons, the language span is the label',
      '<div class="md-code-block"><div class="md-code-block-banner-wrap"><div class="md-code-block-banner"><div class="_121d384"><div class="d2a24f03"><span class="d813de27">bash</span></div><div class="d2a24f03 _246a029"><div class="efa13877"><div role="button" class="ds-button"><span class="ds-button__content"><span class="code-info-button-text">复制</span></span></div><div role="button" class="ds-button"><span class="code-info-button-text">下载</span></div></div></div></div></div></div><pre><span>npm test</span>\n<span>git diff</span></pre></div>',
      '```bash\nnpm test\ngit diff\n```',
    ],
    [
      // The capture behind corpus deepseek-101 (its Mermaid reply): the chart view holds the rendered
      // SVG, or 渲染失败 ("render failed"), and a 图表/代码 (chart/code) switch, but no code.
      'DeepSeek’s Mermaid block in its chart view holds no code: left out, no UI text',
      '<p>A flow:</p><div class="md-code-block md-code-block-light"><div class="md-code-block-banner-wrap"><div class="md-code-block-banner"><div class="_121d384"><div class="d2a24f03"><div class="ds-segmented" role="tablist"><div role="tab" aria-selected="true" class="ds-segmented-button">图表</div><div role="tab" aria-selected="false" class="ds-segmented-button">代码</div></div></div><div class="d2a24f03 _246a029"><div class="efa13877"><div role="button" class="ds-button"><span class="code-info-button-text">下载</span></div></div></div></div></div></div><div class="_09a8f8e"><div class="_301baef">渲染失败</div></div><div class="kvfysmfp"><svg><text>A</text></svg></div></div><p>Done.</p>',
      'A flow:\n\nDone.',
    ],
    [
      'DeepSeek’s Mermaid block in its code view: the chart/code switch is no language label',
      '<div class="md-code-block"><div class="md-code-block-banner-wrap"><div class="md-code-block-banner"><div class="_121d384"><div class="d2a24f03"><div class="ds-segmented" role="tablist"><div role="tab" aria-selected="false">图表</div><div role="tab" aria-selected="true">代码</div></div></div></div></div></div><pre><span>graph TD</span>\n<span>  A --&gt; B</span></pre></div>',
      '```\ngraph TD\n  A --> B\n```',
    ],
    [
      'AI Studio 2025: copy markers, footer buttons (ligature text), disclaimer and language stay out',
      '<p>Run:</p><mat-expansion-panel><div role="region"><ms-code-block><div class="syntax-highlighted-code-wrapper"><div class="syntax-highlighted-code"><pre> <code>ls -la</code>\n </pre></div><div aria-hidden="true" class="ignore-when-copying">IGNORE_WHEN_COPYING_START</div><footer><div class="actions"><button mattooltip="Copy to clipboard"><span class="material-symbols-outlined">content_copy</span></button></div><span class="disclaimer"><bdo dir="ltr">Use code <a href="https://support.google.com/legal/answer/13505487">with caution</a>.</bdo></span><span class="language">Bash</span></footer><div aria-hidden="true" class="ignore-when-copying">IGNORE_WHEN_COPYING_END</div></div></ms-code-block></div></mat-expansion-panel><p>Done.</p>',
      'Run:\n\n```bash\nls -la\n```\n\nDone.',
    ],
    [
      'a <code> alone in its <div> is a block (Grok before shiki); one among words stays inline',
      '<div><div class="flex"><span>Python</span></div><div style="display: block;"><code style="white-space: pre;">x = 1\ny = 2</code></div></div><div>Set <code>x</code> first.</div>',
      '```python\nx = 1\ny = 2\n```\n\nSet `x` first.',
    ],
  ])('%s', (_, markup, expected) => {
    expect(domToMarkdown(html(markup))).toBe(expected);
  });
});

// ChatGPT's 2026 code blocks, verbatim from exported conversations in public repositories (code index
// files 57953540706 and 55447968426, `<br/>` written as `<br>`): a read-only CodeMirror viewer
// `div#code-block-viewer.cm-editor > .cm-scroller > .cm-content` holding token spans with the lines
// joined by `<br>`, no `<code>` and no language class; the second layout nests `pre.cm-content >
// code` inside the block's outer `<pre>`.
const CHATGPT_VIEWER_DIV =
  '<pre class="overflow-visible! px-0!" data-start="1350" data-end="1443"><div class="relative w-full mt-4 mb-1"><div class=""><div class="relative"><div class="h-full min-h-0 min-w-0"><div class="h-full min-h-0 min-w-0"><div class="border border-token-border-light border-radius-3xl corner-superellipse/1.1 rounded-3xl"><div class="h-full w-full border-radius-3xl bg-token-bg-elevated-secondary corner-superellipse/1.1 overflow-clip rounded-3xl lxnfua_clipPathFallback"><div class="pointer-events-none absolute inset-x-4 top-12 bottom-4"><div class="pointer-events-none sticky z-40 shrink-0 z-1!"><div class="sticky bg-token-border-light"></div></div></div><div class="w-full overflow-x-hidden overflow-y-auto"><div class="relative z-0 flex max-w-full"><div id="code-block-viewer" dir="ltr" class="q9tKkq_viewer cm-editor z-10 light:cm-light dark:cm-light flex h-full w-full flex-col items-stretch ͼk ͼy"><div class="cm-scroller"><div class="cm-content q9tKkq_readonly"><span class="ͼt">AtomicInteger</span><span> </span><span class="ͼt">count</span><span> </span><span class="ͼn">=</span><span> </span><span class="ͼn">new</span><span> </span><span class="ͼt">AtomicInteger</span><span>(</span><span class="ͼq">0</span><span>);</span><br><br><span class="ͼt">count</span><span class="ͼn">.</span><span class="ͼt">incrementAndGet</span><span>();</span></div></div></div></div></div></div></div></div></div><div class=""><div class=""></div></div></div></div></div></pre>';
const CHATGPT_VIEWER_PRE =
  '<pre class="overflow-visible! px-0!" data-start="1406" data-end="1432"><div class="relative w-full mt-4 mb-1"><div class=""><div class="contents"><div class="relative"><div class="h-full min-h-0 min-w-0"><div class="h-full min-h-0 min-w-0"><div class="border border-token-border-light border-radius-3xl corner-superellipse/1.1 rounded-3xl"><div class="h-full w-full border-radius-3xl bg-token-bg-elevated-secondary corner-superellipse/1.1 overflow-clip rounded-3xl lxnfua_clipPathFallback"><div class="pointer-events-none absolute end-1.5 top-1 z-2 md:end-2 md:top-1"></div><div class="relative"><div class="pe-11 pt-3"><div class="relative z-0 flex max-w-full"><div id="code-block-viewer" dir="ltr" class="q9tKkq_viewer cm-editor z-10 light:cm-light dark:cm-light flex h-full w-full flex-col items-stretch ͼs ͼ16"><div class="cm-scroller"><pre class="cm-content q9tKkq_readonly m-0"><code><span>recall: -0.017</span></code></pre></div></div></div></div></div></div></div></div></div></div></div></div></div></pre>';

describe('ChatGPT 2026 code blocks (a CodeMirror viewer)', () => {
  it('reads the lines joined by <br> as lines, blank line kept, once', () => {
    const root = html(`<p>Use:</p>${CHATGPT_VIEWER_DIV}<p>Done.</p>`);
    expect(domToMarkdown(root)).toBe(
      'Use:\n\n```\nAtomicInteger count = new AtomicInteger(0);\n\ncount.incrementAndGet();\n```\n\nDone.',
    );
    expect(codeHosts(root)).toHaveLength(1);
  });

  it('a <pre> inside the block’s <pre> is the same block: once in the text, one code host', () => {
    const root = html(`<p>Recall is slightly lower</p>${CHATGPT_VIEWER_PRE}`);
    expect(domToMarkdown(root)).toBe('Recall is slightly lower\n\n```\nrecall: -0.017\n```');
    expect(codeHosts(root)).toEqual([root.querySelector('pre')]);
    expect(extractCodeBlock(root.querySelector('pre')!)).toEqual({ lang: '', text: 'recall: -0.017\n' });
  });

  it('several <br>-joined lines in the nested layout, each its own line (code index file 61997575912, shortened)', () => {
    const root = html(
      CHATGPT_VIEWER_PRE.replace(
        '<span>recall: -0.017</span>',
        '<span># Weather App</span><br><br><span>## Énoncé</span><br><span>- De sélectionner une ville.</span>',
      ),
    );
    expect(domToMarkdown(root)).toBe('```\n# Weather App\n\n## Énoncé\n- De sélectionner une ville.\n```');
  });

  it('takes the language from a label beside the viewer in the block (the header ChatGPT draws in its <pre>)', () => {
    const root = html(
      CHATGPT_VIEWER_DIV.replace(
        '<div class="pointer-events-none absolute inset-x-4 top-12 bottom-4">',
        '<div class="flex items-center">java<button>Copy code</button></div><div class="pointer-events-none absolute inset-x-4 top-12 bottom-4">',
      ),
    );
    expect(extractCodeBlock(root.querySelector('pre')!).lang).toBe('java');
  });
});

/**
 * CodeMirror 6's editor DOM (@codemirror/view: `.cm-editor > .cm-scroller > [.cm-gutters >
 * .cm-gutter.cm-lineNumbers > .cm-gutterElement…, .cm-content > .cm-line…]`, the gutter's first
 * element an invisible spacer with the widest number, lines out of view replaced by one
 * `div.cm-gap` with their height), with lines 1..n of `lines` on the page.
 */
function codeMirror(lines: string[], shown: number[] = lines.map((_, i) => i + 1)): string {
  const gutter = shown.map((n) => `<div class="cm-gutterElement" style="height: 20px;">${n}</div>`).join('');
  let content = '';
  let next = 1;
  for (const n of shown) {
    if (n !== next) content += '<div class="cm-gap" style="height: 420px;"></div>';
    content += `<div class="cm-line">${lines[n - 1] ? `<span>${lines[n - 1]}</span>` : '<br>'}</div>`;
    next = n + 1;
  }
  if (next <= lines.length) content += '<div class="cm-gap" style="height: 420px;"></div>';
  return `<div class="language-python"><div class="cm-editor ͼ1 ͼ2"><div class="cm-announced" aria-live="polite"></div><div tabindex="-1" class="cm-scroller"><div class="cm-gutters" aria-hidden="true"><div class="cm-gutter cm-lineNumbers"><div class="cm-gutterElement" style="height: 0px; visibility: hidden; pointer-events: none;">99</div>${gutter}</div></div><div class="cm-content" role="textbox" contenteditable="true">${content}</div></div></div></div>`;
}

describe('unreadableCodeBlocks: blocks whose whole text is not on the page', () => {
  const lines = Array.from({ length: 40 }, (_, i) => `x${i + 1} = ${i + 1}`);

  it('a CodeMirror block with all its lines on the page is readable, without its line numbers', () => {
    const root = html(`<p>Run:</p>${codeMirror(lines.slice(0, 3))}`);
    expect(unreadableCodeBlocks(root)).toEqual([]);
    expect(domToMarkdown(root)).toBe('Run:\n\n```python\nx1 = 1\nx2 = 2\nx3 = 3\n```');
  });

  it('ChatGPT’s viewers and plain <pre> blocks are readable', () => {
    const root = html(`${CHATGPT_VIEWER_DIV}${CHATGPT_VIEWER_PRE}<pre><code>a\n</code></pre>`);
    expect(unreadableCodeBlocks(root)).toEqual([]);
  });

  it('a CodeMirror block that left its end out of view (a gap after the last line) is not', () => {
    const root = html(`<p>ok</p>${codeMirror(lines.slice(0, 3))}${codeMirror(lines, [1, 2, 3, 4, 5])}`);
    expect(unreadableCodeBlocks(root)).toEqual([
      'Code block 2: its CodeMirror editor left lines scrolled out of view off the page.',
    ]);
  });

  it('a CodeMirror block scrolled to its middle (gaps above and below) is not', () => {
    expect(unreadableCodeBlocks(html(codeMirror(lines, [20, 21, 22])))).toHaveLength(1);
  });

  it('line numbers that skip lines, even without a gap element, say lines are missing', () => {
    const root = html(
      codeMirror(lines, [1, 2, 3, 38, 39, 40]).replace(/<div class="cm-gap"[^>]*><\/div>/g, ''),
    );
    expect(root.querySelector('.cm-gap')).toBeNull();
    expect(unreadableCodeBlocks(root)).toEqual([
      'Code block 1: its line numbers skip lines that are not on the page.',
    ]);
  });

  it('a Monaco editor (Qwen’s pre.qwen-markdown-code) is never taken as whole', () => {
    // After a Qwen adapter's test page of the real DOM (code index file 54497661915): Monaco draws
    // spaces as &nbsp; and only the lines in view.
    const qwen =
      '<pre class="qwen-markdown-code"><div class="qwen-markdown-code-header-wrapper"><div class="qwen-markdown-code-header"><div>python</div></div></div><div class="qwen-markdown-code-body"><section><div><div class="monaco-editor vs-dark"><div class="monaco-scrollable-element"><div class="lines-content"><div class="view-lines monaco-mouse-cursor-text"><div class="view-line"><span><span class="mtk1">print(1)</span></span></div></div></div></div></div></div></section></div></pre>';
    expect(unreadableCodeBlocks(html(`<p>Code:</p>${qwen}`))).toEqual([
      'Code block 1: it is drawn by a Monaco editor, which keeps only the lines in view on the page.',
    ]);
  });
});

describe('prose line breaks', () => {
  it('a <br> with a newline after it in the HTML is one line break (ChatGPT, capture chatgpt-202)', () => {
    const root = html(
      '<p data-start="704" data-end="964">One simple way:<br data-start="719" data-end="722">\nAsk yourself, <em>“What now?”</em><br>\nIf you feel heavy, rest.</p>',
    );
    expect(domToMarkdown(root)).toBe(
      'One simple way:\nAsk yourself, *“What now?”*\nIf you feel heavy, rest.',
    );
  });
});

describe('unreadableCodeBlocks: a block whose page text lost characters (issue 42)', () => {
  const reason =
    'Code block 1: its page text lost characters (the site drew some tokens empty, as Perplexity does with spaces), so the words on either side may run together.';
  const cases: Array<[string, string, boolean]> = [
    [
      'an empty span between two tokens that touch (Perplexity)',
      '<span class="k">SELECT</span><span></span><span class="o">*</span>',
      true,
    ],
    [
      'the same with nested token spans',
      '<span><span class="k">INNER</span><span></span><span class="k">JOIN</span></span>',
      true,
    ],
    [
      'an empty line of Shiki (a line span between line breaks)',
      '<span class="line">a</span>\n<span class="line"></span>\n<span class="line">b</span>',
      false,
    ],
    ['an empty span beside a space', '<span class="k">SELECT</span><span></span><span> *</span>', false],
    ['an empty span at the end of a line', '<span class="k">a</span><span></span>\n', false],
    ['no empty span', '<span class="k">SELECT</span> <span>*</span>', false],
  ];
  for (const [what, code, lost] of cases) {
    it(`${what}: ${lost ? 'lost' : 'whole'}`, () => {
      const root = html(`<pre><code>${code}</code></pre>`);
      expect(unreadableCodeBlocks(root)).toEqual(lost ? [reason] : []);
    });
  }

  it('the saved Perplexity page: each block is flagged, so its text is taken from Copy, not the page', () => {
    const root = loadPage('corpus/perplexity-401');
    const reasons = unreadableCodeBlocks(root.body);
    expect(reasons.length).toBeGreaterThanOrEqual(1);
    expect(reasons.every((r) => r.includes('lost characters'))).toBe(true);
  });
});
