/**
 * Python's `re` as ChatGPT's canvas runs it (py-regex.ts): patterns translated where JavaScript reads
 * them otherwise, replacements expanded as `Match.expand` does, and what cannot be translated refused.
 */
import { describe, expect, it } from 'vitest';
import { literalRuns, PyRegexError, pySub } from './py-regex';

describe('literalRuns', () => {
  it.each<[string, string[]]>([
    [
      'override fun get\\(\\): String \\{.*?return x\\?: \\"\\";.*?\\}',
      ['override fun get(): String {', 'return x?: "";', '}'],
    ],
    ['# Title \\(v2\\)[\\s\\S]*', ['# Title (v2)']],
    ['colou?r name', ['r name', 'colo']],
    ['ab\\ncd', ['ab', 'cd']],
    ['a|b', []],
    ['$', []],
    ['x{2,3}yz', ['yz']],
  ])('%s', (pattern, want) => {
    expect(literalRuns(pattern)).toEqual(want);
  });
});

describe('pySub', () => {
  it.each<[string, string, string, string, boolean, string | null]>([
    ['`.*` rewrites the whole document (DOTALL)', 'a\nb\n', '.*', 'new\n', false, 'new\n'],
    ['first match only', 'x x x', 'x', 'y', false, 'y x x'],
    ['every match', 'x x x', 'x', 'y', true, 'y y y'],
    ['no match', 'abc', 'z', 'y', false, null],
    ['named group and its back reference', 'ab-ab', '(?P<w>ab)-(?P=w)', '\\g<w>!', false, 'ab!'],
    ['numbered groups, \\g<1> and \\1', 'ab', '(a)(b)', '\\2\\g<1>', false, 'ba'],
    ['escapes in the replacement are characters', 'a', 'a', 'x\\ny\\tz\\\\', false, 'x\ny\tz\\'],
    ['other escapes stay as written', 'a', 'a', '\\(x\\)', false, '\\(x\\)'],
    ['\\A and \\Z', 'abc', '\\Aa|c\\Z', '_', true, '_b_'],
    ['$ appends at the end', 'doc', '$', '\nmore', false, 'doc\nmore'],
    ['a ] right after [ is a character', 'a]b', '[]]', '-', false, 'a-b'],
    ['(?i) as a leading flag', 'ABC', '(?i)b', 'x', false, 'AxC'],
    // Python reads any escaped punctuation as itself; JavaScript's unicode mode refused them (corpus 015).
    ['escaped punctuation: \\" \\: \\- \\,', 'a "b": c-d, e', 'a \\"b\\"\\: c\\-d\\, e', 'x', false, 'x'],
    ['\\- in a class is still a dash', 'a-b', '[\\-]', '+', false, 'a+b'],
  ])('%s', (_name, text, pattern, replacement, multiple, want) => {
    expect(pySub(text, pattern, replacement, multiple)).toBe(want);
  });

  it.each<[string, string, string]>([
    ['a bad escape in the replacement (Python refuses it too)', 'a', '\\d'],
    ['a group the pattern lacks', 'a', '\\2'],
    ['an inline flag JavaScript lacks', '(?x)a', 'b'],
    ['a possessive quantifier', 'a++', 'b'],
    ['\\G', '\\Ga', 'b'],
  ])('refuses %s', (_name, pattern, replacement) => {
    expect(() => pySub('a', pattern, replacement, false)).toThrow(PyRegexError);
  });
});
