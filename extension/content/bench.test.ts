import { describe, expect, it } from 'vitest';
import { benchContent } from './bench';
import { pageHtml } from './sites/saved-pages';

describe('benchContent', () => {
  it('processes a 200-reply conversation built from the saved fixture: every reply, every op, quickly', async () => {
    const result = await benchContent({ templateHtml: pageHtml('fixtures/chatgpt-two-replies') });
    expect(result.turns).toBe(200);
    // 100 copies of the diff reply (1 patch) and of the delimiter reply (1 create + 1 delete).
    expect(result.opsFound).toBe(300);
    // Generous bound for a loaded 2-core CI machine; the bench script prints the real numbers.
    expect(result.totalMs).toBeLessThan(10_000);
  });

  it('has a built-in page for the bench script', async () => {
    const result = await benchContent({ turns: 20 });
    expect(result.opsFound).toBe(20);
    expect(result.streamingBurstMs).toBeGreaterThanOrEqual(0);
  });
});
