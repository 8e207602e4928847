import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  countEach,
  countTokens,
  ESTIMATE_RULE,
  estimateTokens,
  siteLimit,
  TokenCache,
  totalOf,
} from './tokens';

describe('countTokens', () => {
  it.each([
    // text | site | count | exact
    ['hello world', 'chatgpt', 2, true],
    ['The quick brown fox jumps over the lazy dog.', 'chatgpt', 10, true],
    ['', 'chatgpt', 0, true],
    ['', 'claude', 0, false],
    ['hello world', 'claude', 3, false],
    ['abcd', 'gemini', 1, false],
    ['abcde', 'some-new-site', 2, false],
  ])('%j on %s is %i tokens (exact: %s)', (text, site, count, exact) => {
    expect(countTokens(text, site)).toEqual({
      count,
      exact,
      tokenizer: exact ? 'o200k_base' : ESTIMATE_RULE,
    });
  });

  it('is o200k_base for ChatGPT: the token ids of "hello world" are o200k’s', () => {
    // The ids tiktoken gives for o200k_base; cl100k_base gives [15339, 1917].
    expect(encode('hello world')).toEqual([24912, 2375]);
  });

  it('counts a special-token look-alike in a file as plain text, without throwing', () => {
    const text = 'const end = "<|endoftext|>";';
    expect(countTokens(text, 'chatgpt').count).toBe(encode(text, { disallowedSpecial: new Set() }).length);
    expect(countTokens(text, 'chatgpt').count).toBeGreaterThan(3);
  });

  it('labels every other site’s count an estimate of characters ÷ 4', () => {
    const text = 'x'.repeat(4001);
    for (const site of ['claude', 'gemini', 'aistudio', 'deepseek', 'generic']) {
      expect(countTokens(text, site)).toEqual({ count: 1001, exact: false, tokenizer: ESTIMATE_RULE });
    }
    expect(estimateTokens(text)).toBe(1001);
  });

  it('counts code with o200k close to, but not the same as, the estimate', () => {
    const code = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
    const exact = countTokens(code, 'chatgpt').count;
    expect(exact).toBe(encode(code).length);
    expect(exact).not.toBe(estimateTokens(code));
  });
});

describe('siteLimit', () => {
  it('gives the public context windows with their sources', () => {
    expect(siteLimit('chatgpt')?.tokens).toBe(32_000);
    expect(siteLimit('claude')?.tokens).toBe(200_000);
    expect(siteLimit('gemini')?.tokens).toBe(1_000_000);
    for (const site of ['chatgpt', 'claude', 'gemini', 'aistudio']) {
      expect(siteLimit(site)?.source).toMatch(/^https:\/\//);
      expect(siteLimit(site)?.says).not.toBe('');
    }
  });

  it('is undefined where no source gives one, and for names of Object’s own', () => {
    expect(siteLimit('perplexity')).toBeUndefined();
    expect(siteLimit('toString')).toBeUndefined();
  });
});

describe('TokenCache', () => {
  it('counts a path and hash once, and again when the hash changes', () => {
    const cache = new TokenCache();
    const first = cache.count('chatgpt', 'a.ts', 'h1', 'hello world');
    // Same path and hash: the kept count, even though the text passed differs (it cannot, for one hash).
    expect(cache.count('chatgpt', 'a.ts', 'h1', 'something else entirely')).toBe(first);
    expect(cache.count('chatgpt', 'a.ts', 'h2', 'hello world hello world').count).toBe(4);
    expect(cache.size).toBe(2);
  });

  it('keeps exact counts and estimates apart', () => {
    const cache = new TokenCache();
    expect(cache.count('chatgpt', 'a.ts', 'h', 'hello world').exact).toBe(true);
    expect(cache.count('claude', 'a.ts', 'h', 'hello world').exact).toBe(false);
    // Two estimating sites share the estimate.
    expect(cache.get('gemini', 'a.ts', 'h')?.exact).toBe(false);
  });

  it('forgets the oldest counts past its bound', () => {
    const cache = new TokenCache(2);
    cache.count('chatgpt', 'a', '1', 'a');
    cache.count('chatgpt', 'b', '1', 'b');
    cache.count('chatgpt', 'c', '1', 'c');
    expect(cache.size).toBe(2);
    expect(cache.get('chatgpt', 'a', '1')).toBeUndefined();
    expect(cache.get('chatgpt', 'c', '1')?.count).toBe(1);
  });
});

describe('countEach', () => {
  const files = [
    { path: 'a.ts', hash: 'ha', text: 'hello world' },
    { path: 'b.ts', hash: 'hb', text: 'The quick brown fox jumps over the lazy dog.' },
  ];

  it('pauses after each file it counted, not after one it had', async () => {
    const cache = new TokenCache();
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    const heard: string[] = [];
    const got = await countEach(files, 'chatgpt', cache, pause, (f) => heard.push(f.path));
    expect(got.map((f) => f.tokens.count)).toEqual([2, 10]);
    expect(heard).toEqual(['a.ts', 'b.ts']);
    expect(pauses).toBe(2);
    await countEach(files, 'chatgpt', cache, pause);
    expect(pauses).toBe(2);
  });

  it('stops with what it has when aborted', async () => {
    const signal = { aborted: false };
    const got = await countEach(
      files,
      'chatgpt',
      new TokenCache(),
      async () => {
        signal.aborted = true;
      },
      undefined,
      signal,
    );
    expect(got.map((f) => f.path)).toEqual(['a.ts']);
  });
});

describe('totalOf', () => {
  it('adds the counts, exact only when every part is', () => {
    const a = countTokens('hello world', 'chatgpt');
    expect(totalOf([a, a], 'chatgpt')).toEqual({ count: 4, exact: true, tokenizer: 'o200k_base' });
    expect(totalOf([a, countTokens('abcd', 'claude')], 'chatgpt').exact).toBe(false);
    expect(totalOf([], 'claude')).toEqual({ count: 0, exact: false, tokenizer: ESTIMATE_RULE });
  });
});
