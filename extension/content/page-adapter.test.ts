import { describe, expect, it, vi } from 'vitest';
import { pageAdapter } from './page-adapter';

describe('pageAdapter', () => {
  it('knows a built-in site from its URL, without reading the self-hosted origins', async () => {
    const read = vi.fn(async () => ({ 'https://chatgpt.com': 'openwebui' as const }));
    expect((await pageAdapter('https://chatgpt.com/c/abc', read))?.id).toBe('chatgpt');
    expect(read).not.toHaveBeenCalled();
  });

  it('reads the self-hosted origins for any other page', async () => {
    const read = vi.fn(async () => ({ 'https://chat.example.org': 'openwebui' as const }));
    expect((await pageAdapter('https://chat.example.org/c/1', read))?.id).toBe('openwebui');
    expect(await pageAdapter('https://example.com/', read)).toBeUndefined();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
