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
