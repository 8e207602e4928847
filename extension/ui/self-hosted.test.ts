import { describe, expect, it } from 'vitest';
import { originPatterns, parseOrigin, readReaderSettings, readSelfHosted } from './self-hosted';

describe('parseOrigin', () => {
  it.each([
    ['https://chat.example.org', 'https://chat.example.org'],
    ['chat.example.org:3000', 'https://chat.example.org:3000'],
    ['http://localhost:8080/c/123', 'http://localhost:8080'],
    ['HTTPS://Chat.Example.ORG/', 'https://chat.example.org'],
  ])('%s → %s', (input, origin) => {
    expect(parseOrigin(input)).toEqual({ ok: true, origin });
  });

  it.each([[''], ['ftp://files.example.org'], ['http://'], ['not a url with spaces']])(
    'refuses %j',
    (input) => {
      expect(parseOrigin(input).ok).toBe(false);
    },
  );
});

it('keeps only well-formed stored entries and makes match patterns', () => {
  const sites = readSelfHosted({
    'https://a.example': 'openwebui',
    'http://b.example:3000': 'librechat',
    'https://c.example/path': 'openwebui',
    'https://d.example': 'other',
  });
  expect(sites).toEqual({ 'https://a.example': 'openwebui', 'http://b.example:3000': 'librechat' });
  expect(originPatterns(sites)).toEqual(['https://a.example/*', 'http://b.example:3000/*']);
});

it('reads the generic reader’s settings: another chat’s origin, and the sites whose reader is off', () => {
  expect(
    readReaderSettings({
      selfHosted: { 'https://chat.example.org': 'generic', 'https://x.example': 'nope' },
      adaptersOff: ['claude', 'github-copilot', 42, 'Bad Id', '../x'],
    }),
  ).toEqual({
    selfHosted: { 'https://chat.example.org': 'generic' },
    adaptersOff: ['claude', 'github-copilot'],
  });
  expect(readReaderSettings({})).toEqual({ selfHosted: {}, adaptersOff: [] });
});
