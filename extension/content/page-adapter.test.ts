import { describe, expect, it, vi } from 'vitest';
import { pageAdapter } from './page-adapter';

const settings = (
  s: Partial<{ selfHosted: Record<string, 'openwebui' | 'librechat' | 'generic'>; adaptersOff: string[] }>,
) => vi.fn(async () => ({ selfHosted: {}, adaptersOff: [], ...s }));

describe('pageAdapter', () => {
  it('knows a built-in site from its URL, and a self-hosted origin never takes it over', async () => {
    const read = settings({ selfHosted: { 'https://chatgpt.com': 'openwebui' } });
    const adapter = await pageAdapter('https://chatgpt.com/c/abc', read);
    expect(adapter?.id).toBe('chatgpt');
    expect(adapter?.generic).toBeUndefined();
  });

  it('reads the self-hosted origins for any other page', async () => {
    const read = settings({ selfHosted: { 'https://chat.example.org': 'openwebui' } });
    expect((await pageAdapter('https://chat.example.org/c/1', read))?.id).toBe('openwebui');
    expect(await pageAdapter('https://example.com/', read)).toBeUndefined();
  });

  it('a site whose adapter the user switched off is read with the generic reader, keeping its id', async () => {
    const adapter = await pageAdapter('https://claude.ai/chat/1', settings({ adaptersOff: ['claude'] }));
    expect(adapter).toMatchObject({ id: 'claude', generic: true });
    expect(adapter?.selectors.turn.css).toBe('[data-replyapply-reply]');
    expect(adapter?.conversationId('https://claude.ai/chat/4f0d2c1e-7a3b')).toBe('4f0d2c1e-7a3b');
  });

  it('an origin added as another chat is read with the generic reader', async () => {
    const adapter = await pageAdapter(
      'https://chat.example.org/c/9',
      settings({ selfHosted: { 'https://chat.example.org': 'generic' } }),
    );
    expect(adapter).toMatchObject({ id: 'generic', generic: true, hosts: ['chat.example.org'] });
    expect(adapter?.conversationId('https://chat.example.org/c/9')).toBe('/c/9');
    expect(adapter?.conversationId('https://chat.example.org/')).toBeUndefined();
  });
});
