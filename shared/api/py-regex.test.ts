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
    // Issue 40: what JavaScript reads otherwise, each as CPython 3.11 gives it (scripts/py-regex-cases.py).
    ['\\w is Unicode', 'café ٣', '\\w+', '<\\g<0>>', true, '<café> <٣>'],
    ['\\d is Unicode digits (not ²)', '٣4²', '\\d', 'D', true, 'DD²'],
    ['\\s is str.isspace (\\x1c yes, \\ufeff no)', 'a\x1cb\ufeffc', '\\s', '_', true, 'a_b\ufeffc'],
    ['\\b between Unicode letters', 'é-ü', '\\b', '|', true, '|é|-|ü|'],
    ['$ also before a final newline', 'a\n', '$', 'X', true, 'aX\nX'],
    ['\\Z only at the end', 'a\n', '\\Z', 'X', true, 'a\nX'],
    ['an empty match right after a non-empty one', 'axx', 'x*', '-', true, '-a--'],
    // PY_REWRITE: Python would give 'new\nnew\n'.
    ['`.*` with multiple rewrites the document once', 'a\nb\n', '.*', 'new\n', true, 'new\n'],
    ['(?m)(?i) both leading', 'A\nb', '(?m)(?i)^b', 'x', false, 'A\nx'],
    ['scoped (?i:…)', 'AB ab', '(?i:a)b', 'x', true, 'AB x'],
    ['(?i) relates İ, ı and K to i and k as Python does', 'İı K', '(?i)[ik]', '_', true, '__ _'],
    ['verbose (?x)', 'ab', '(?x) a  b # c', 'x', false, 'x'],
    ['a possessive quantifier gives nothing back', 'aaa', 'a*+a', 'x', false, null],
    ['an atomic group', 'aab', '(?>a*)b', 'x', false, 'x'],
    ['a reference to another branch never matches', 'ab', '(a)|b\\1', 'x', true, 'xb'],
    ['an unmatched group expands to nothing', 'b', '(a)?b', '[\\1]', false, '[]'],
  ])('%s', (_name, text, pattern, replacement, multiple, want) => {
    expect(pySub(text, pattern, replacement, multiple)).toBe(want);
  });

  it.each<[string, string, string]>([
    ['a bad escape in the replacement (Python refuses it too)', 'a', '\\d'],
    ['a group the pattern lacks', 'a', '\\2'],
    ['a global flag not at the start (Python 3.11 refuses it)', 'a(?i)a', 'b'],
    ['\\10 when the pattern has one group', '(a)', '\\10'],
    ['a back reference to a group that may not have matched', '(a)?\\1', 'b'],
    ['a group in a repeat that may skip it', '(?:(a)|b)+', 'b'],
    ['a variable-width lookbehind (Python refuses it)', '(?<=a|bc)a', 'b'],
    ['\\G', '\\Ga', 'b'],
  ])('refuses %s', (_name, pattern, replacement) => {
    expect(() => pySub('a', pattern, replacement, false)).toThrow(PyRegexError);
  });
});
