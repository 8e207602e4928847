/**
 * The browser's own trace of a page while `run` runs (Chrome's Tracing domain over the page's DevTools
 * session, as Puppeteer's page.tracing does): the events, for long-tasks.ts to read.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { TraceEvent } from './long-tasks';

/** The categories the long-task reading needs: every task, and the scripts each one ran. */
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  '__metadata',
  'disabled-by-default-v8.cpu_profiler',
];

export async function traced(
  context: BrowserContext,
  page: Page,
  run: () => Promise<void>,
): Promise<TraceEvent[]> {
  const cdp = await context.newCDPSession(page);
  try {
    const done = new Promise<string>((resolve) =>
      cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream!)),
    );
    await cdp.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: CATEGORIES, excludedCategories: ['*'] },
    });
    try {
      await run();
    } finally {
      await cdp.send('Tracing.end');
    }
    const handle = await done;
    let json = '';
    for (;;) {
      const chunk = (await cdp.send('IO.read', { handle })) as {
        data: string;
        eof: boolean;
        base64Encoded?: boolean;
      };
      json += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle });
    const parsed = JSON.parse(json) as TraceEvent[] | { traceEvents: TraceEvent[] };
    return Array.isArray(parsed) ? parsed : parsed.traceEvents;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
