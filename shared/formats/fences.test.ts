import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findFences, firstNonBlank, langOf, openingFence, sharedSplit, splitLines } from './fences';
import { forgetReply, replyLines } from './unified-diff';

// Every character JavaScript counts as white space, beside some that it does not (U+200B, U+180E).
const chars = fc.constantFrom(
  ...' \t\n\v\f\r\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u200b\u180e',
  '`',
  '~',
  'a',
  '\ud83d',
  'é',
);

describe('firstNonBlank', () => {
  it('is the first character trimStart leaves', () => {
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 8 }), (cs) => {
        const line = cs.join('');
        expect(firstNonBlank(line)).toBe(line.trimStart()[0]);
      }),
      { numRuns: 2000 },
    );
  });

  it('lets openingFence find fences behind any white space the fence pattern allows', () => {
    expect(openingFence('\u00a0 ```ts')).toEqual({ indent: 2, marker: '```', info: 'ts' });
    expect(openingFence('\u200b```ts')).toBeNull();
    expect(openingFence('   ~~~')).toEqual({ indent: 3, marker: '~~~', info: '' });
    expect(openingFence('  - a')).toBeNull();
  });
});

describe('splitLines and the shared split', () => {
  it('the parsers share one split of the reply; a parser that asks for lines of its own gets a copy', () => {
    const text = 'a\nb\r\nc';
    try {
      const shared = sharedSplit(text);
      expect(shared).toEqual(['a', 'b', 'c']);
      expect(replyLines(text).clean).toBe(shared);
      const own = splitLines(text);
      own[0] = 'changed';
      expect(sharedSplit(text)).toEqual(['a', 'b', 'c']);
      expect(replyLines(text).raw).toEqual(['a', 'b\r', 'c']);
    } finally {
      forgetReply();
    }
  });
});

describe('a Markdown file whose fences are as long as the one around it (issue 40)', () => {
  const spans = (text: string) =>
    findFences(splitLines(text)).map((f) => [f.lang, f.lines.join('|'), f.closed] as const);
  const readme = '# App\n```bash\nnpm i\n```\nDone.';
  it.each<[string, string, Array<readonly [string, string, boolean]>]>([
    ['markdown', `\`\`\`markdown\n${readme}\n\`\`\``, [['markdown', readme.replace(/\n/g, '|'), true]]],
    ['md', `\`\`\`md\n${readme}\n\`\`\``, [['md', readme.replace(/\n/g, '|'), true]]],
    [
      "Cursor's mdc, with its path",
      `\`\`\`mdc:.cursor/rules/a.mdc\n${readme}\n\`\`\``,
      [['mdc', readme.replace(/\n/g, '|'), true]],
    ],
    ['mdx', `\`\`\`mdx\n${readme}\n\`\`\``, [['mdx', readme.replace(/\n/g, '|'), true]]],
    [
      'two inner blocks, then a block after it',
      '```markdown\n```ts\na\n```\n```py\nb\n```\n```\n\n```ts\nc\n```',
      [
        ['markdown', '```ts|a|```|```py|b|```', true],
        ['ts', 'c', true],
      ],
    ],
    // Any other language: CommonMark, the inner opening line is text and its close ends the block.
    [
      'a ts fence',
      '```ts\n```bash\nx\n```\n```',
      [
        ['ts', '```bash|x', true],
        ['', '', false],
      ],
    ],
    // Inner fences that do not pair up before the reply ends: CommonMark's end stands.
    [
      'inner fences left open',
      '```markdown\n# A\n```\nprose\n```bash\nx',
      [
        ['markdown', '# A', true],
        ['bash', 'x', false],
      ],
    ],
    // A longer outer fence already holds shorter ones (CommonMark).
    [
      'a four-backtick fence',
      `\`\`\`\`markdown\n${readme}\n\`\`\`\``,
      [['markdown', readme.replace(/\n/g, '|'), true]],
    ],
  ])('%s', (_n, text, want) => {
    expect(spans(text)).toEqual(want);
  });
});

describe('langOf: the language of an info string', () => {
  it.each([
    ['ts src/a.ts', 'ts'],
    ['Python:src/a.py', 'python'],
    ['mdc:.cursor/rules/a.mdc', 'mdc'],
    ['diff:src/a.ts', 'diff'],
    ['', ''],
    [':x', ':x'],
  ])('%j → %j', (info, lang) => {
    expect(langOf(info)).toBe(lang);
  });
});

/**
 * The closing lines as findFences found them before issue 44, by a scan from each opener: the running
 * counts that replaced the scans (markdownCloser, tagCloser) must close every fence on the same line.
 */
function referenceFences(lines: readonly string[], tags: boolean) {
  const MARKDOWN = new Set(['markdown', 'md', 'mdx', 'mdc', 'gfm']);
  const TAG = /^<(source|code|pre|codeblock|sourcecode)>([\w+#.-]*)[ \t]*$/i;
  const closing = (line: string, marker: string) => {
    const t = line.trim();
    return t.length >= marker.length && [...t].every((c) => c === marker[0]);
  };
  const fenceAt = (at: number) => {
    const open = openingFence(lines[at]!);
    if (!open) return null;
    let close = at + 1;
    while (close < lines.length && !closing(lines[close]!, open.marker)) close++;
    if (close < lines.length && MARKDOWN.has(langOf(open.info))) {
      let depth = 0;
      for (let i = at + 1; i < lines.length; i++) {
        if (closing(lines[i]!, open.marker)) {
          if (depth === 0) {
            close = i;
            break;
          }
          depth--;
          continue;
        }
        const inner = openingFence(lines[i]!);
        if (
          inner &&
          inner.marker[0] === open.marker[0] &&
          inner.marker.length >= open.marker.length &&
          inner.info !== ''
        )
          depth++;
      }
    }
    return { open: at, close, closed: close < lines.length };
  };
  const tagAt = (at: number) => {
    const m = TAG.exec(lines[at]!);
    if (!m) return null;
    const tag = m[1]!.toLowerCase();
    let depth = 1;
    let close = at + 1;
    for (; close < lines.length; close++) {
      const t = lines[close]!.trim().toLowerCase();
      if (t === `</${tag}>`) depth--;
      else if (t.startsWith(`<${tag}>`) && TAG.test(t)) depth++;
      if (depth === 0) break;
    }
    return close >= lines.length ? null : { open: at, close, closed: true };
  };
  const out: Array<{ open: number; close: number; closed: boolean }> = [];
  for (let i = 0; i < lines.length; ) {
    const f = fenceAt(i) ?? (tags ? tagAt(i) : null);
    if (f) {
      out.push(f);
      i = f.close + 1;
    } else i++;
  }
  return out;
}

describe('closing fences from running counts (issue 44)', () => {
  const line = fc.constantFrom(
    '```',
    '````',
    '  ```',
    '~~~',
    '```ts',
    '````ts',
    '```markdown',
    '````md',
    '  ```mdx',
    '~~~markdown',
    '~~~py',
    '<source>',
    '<source>python',
    '  <source>',
    '</source>',
    ' </SOURCE> ',
    '<pre>',
    '<PRE>html',
    '</pre>',
    '<code>',
    '</code>',
    'text',
    '',
  );
  for (const tags of [false, true]) {
    it(`closes every fence where the scan from its opener did${tags ? ', tag fences included' : ''}`, () => {
      fc.assert(
        fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
          const got = findFences(lines, 0, lines.length, tags).map(({ open, close, closed }) => ({
            open,
            close,
            closed,
          }));
          expect(got).toEqual(referenceFences(lines, tags));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('reads a range as the reference reads the lines of that range', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.nat(30), fc.nat(30), (lines, a, b) => {
        const from = Math.min(a, b, lines.length);
        const to = Math.min(Math.max(a, b), lines.length);
        const got = findFences(lines, from, to, true).map(({ open, close, closed }) => ({
          open: open - from,
          close: close - from,
          closed,
        }));
        expect(got).toEqual(referenceFences(lines.slice(from, to), true));
      }),
      { numRuns: 2000 },
    );
  });
});
