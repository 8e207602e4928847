import { describe, expect, it } from 'vitest';
import { countTokens, siteLimit } from '../../shared/context/tokens';
import { limitWords, rowTokens, sizeWords, skippedWords, stoppedWords, summaryWords } from './context-words';

const none = { binary: 0, links: 0, special: 0, unreadable: 0, unsafeNames: 0 };

describe('the words of "Add files to the chat"', () => {
  it.each([
    // skipped | words
    [none, ''],
    [{ ...none, binary: 1 }, 'Left out: 1 binary file.'],
    [
      { binary: 1200, links: 2, special: 1, unreadable: 3, unsafeNames: 1 },
      'Left out: 1,200 binary files, 2 links, 1 special file (pipe, socket or device), 3 unreadable files, 1 file with a name ReplyApply cannot use.',
    ],
  ])('what was left out: %j', (skipped, words) => {
    expect(skippedWords(skipped)).toBe(words);
  });

  it.each([
    // stopped | words
    [undefined, ''],
    [
      { bound: 'entries' as const, limit: 100_000 },
      'The list stops at 100,000 entries: the folder has more files than are shown.',
    ],
    [
      { bound: 'time' as const, limit: 5_000 },
      "The list stopped after 5 seconds (the host's bound): the folder has more files than are shown.",
    ],
    [
      { bound: 'time' as const, limit: 2_500 },
      "The list stopped after 2.5 seconds (the host's bound): the folder has more files than are shown.",
    ],
  ])('where the listing stopped: %j', (stopped, words) => {
    expect(stoppedWords(stopped)).toBe(words);
  });

  it.each([
    [80, '80 bytes'],
    [1, '1 byte'],
    [2048, '2 KiB'],
    [4 * 1024 * 1024, '4 MiB'],
    [3.25 * 1024 * 1024, '3.3 MiB'],
  ])('%i bytes are %s', (bytes, words) => {
    expect(sizeWords(bytes)).toBe(words);
  });

  it('says the counts, exact or estimated', () => {
    const exact = { count: 1234, exact: true, tokenizer: 'o200k_base' };
    const estimate = { count: 1234, exact: false, tokenizer: 'estimate' };
    expect(summaryWords(3, exact)).toBe('3 files, 1,234 tokens');
    expect(summaryWords(1, estimate)).toBe('1 file, ≈1,234 tokens (estimate)');
    expect(rowTokens(exact)).toBe('1,234');
    expect(rowTokens(estimate)).toBe('≈1,234');
  });

  it('puts the total beside the site’s window', () => {
    const small = countTokens('hello world', 'chatgpt');
    expect(limitWords(small, siteLimit('chatgpt'), 'ChatGPT')).toEqual({
      text: "ChatGPT's context window: 32,000 tokens (Plus, Instant; Free 16K, Pro 128K, Thinking more).",
      over: false,
    });
    expect(limitWords({ ...small, count: 32_001 }, siteLimit('chatgpt'), 'ChatGPT').over).toBe(true);
    expect(limitWords(small, undefined, 'Grok')).toEqual({
      text: 'Grok publishes no context window to compare with.',
      over: false,
    });
  });
});
