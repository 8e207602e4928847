// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeTextByNode, extractCodeBlock } from './dom-to-markdown';

/**
 * A code block's text is read natively (`textContent`) when nothing in it needs a look of its own
 * (dom-to-markdown.ts, NOT_PLAIN_CODE), else one node at a time: both ways give the same text on any
 * block, so the fast one is only ever a shortcut (issue 44).
 */
const text = fc
  .stringMatching(/^[a-z<>&{}();=" \n\t]{0,12}$/)
  .map((t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));

/** Highlighter wrappers, line elements, chrome, a tag a page un-escaped, comments. */
const node: fc.Memo<string> = fc.memo((depth) =>
  depth <= 1
    ? fc.oneof(text, fc.constant('<br>'), fc.constant('<!-- c -->'))
    : fc.oneof(
        { weight: 4, arbitrary: text },
        { weight: 4, arbitrary: wrap('span class="hljs-keyword"', depth) },
        { weight: 1, arbitrary: wrap('b', depth) },
        { weight: 1, arbitrary: wrap('a href="#"', depth) },
        { weight: 1, arbitrary: wrap('div', depth) },
        { weight: 1, arbitrary: wrap('p', depth) },
        { weight: 1, arbitrary: wrap('span class="sr-only"', depth) },
        { weight: 1, arbitrary: wrap('span role="button"', depth) },
        { weight: 1, arbitrary: wrap('button', depth) },
        { weight: 1, arbitrary: wrap('windows.h', depth) },
        { weight: 1, arbitrary: wrap('span data-replyapply="x"', depth) },
        { weight: 1, arbitrary: fc.constant('<br>') },
      ),
);

function wrap(open: string, depth: number): fc.Arbitrary<string> {
  const tag = open.split(' ')[0]!;
  return fc.array(node(depth - 1), { maxLength: 4 }).map((kids) => `<${open}>${kids.join('')}</${tag}>`);
}

describe('a code block read natively or node by node', () => {
  it('gives the same text either way', () => {
    fc.assert(
      fc.property(fc.array(node(4), { maxLength: 6 }), (kids) => {
        const pre = document.createElement('pre');
        pre.innerHTML = `<code class="language-ts">${kids.join('')}</code>`;
        const code = pre.querySelector('code')!;
        expect(extractCodeBlock(pre).text).toBe(codeTextByNode(code));
      }),
      { numRuns: 500 },
    );
  });

  it('takes the native way on a block of highlighter spans only', () => {
    const pre = document.createElement('pre');
    pre.innerHTML = '<code><span class="k">const</span> <span class="v">a</span> = <b>1</b>;\n</code>';
    expect(extractCodeBlock(pre).text).toBe('const a = 1;\n');
  });
});
