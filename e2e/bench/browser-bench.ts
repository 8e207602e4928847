/**
 * Browser benchmarks, in Debian's Chromium with the real extension and host (run by scripts/bench-content.mjs):
 * the content script's CPU time on a 200-reply conversation (V8 samples in extension code), its cost per
 * streamed mutation, and click-to-review and apply-to-written times for a 50-file reply.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { DIST, launchExtension, makeProfile } from '../browser';
import { type Reply, serveChatGpt } from '../chat-page';
import { type LongestTask, longestExtensionTask } from './long-tasks';
import { traced } from './trace';

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { url: string; functionName: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** Milliseconds of samples whose innermost frame is extension code, and the functions that took most. */
function extensionMs(profile: CpuProfile): number {
  const node = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  let us = 0;
  const by = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = node.get(id);
    if (!f?.url.startsWith('chrome-extension://')) return;
    const dt = profile.timeDeltas[i] ?? 0;
    us += dt;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    by.set(key, (by.get(key) ?? 0) + dt);
  });
  if (process.env.BENCH_VERBOSE) {
    for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`      ${(v / 1000).toFixed(1)} ms  ${k}`);
  }
  return us / 1000;
}

/** BENCH_PROFILE: where the side panel's main thread spent its time, by script and by function. */
function panelProfile(profile: CpuProfile): void {
  const node = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byScript = new Map<string, number>();
  const byFn = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = node.get(id);
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const script = f?.url ? f.url.split('/').pop()! : `(${f?.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + dt);
    const fn = `${f?.functionName || '(anonymous)'} ${script}:${f?.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(1)} ${k}`)
      .join(' | ');
  console.log(`      scripts: ${top(byScript, 8)}`);
  console.log(`      functions: ${top(byFn, 10)}`);
}

async function profiled(context: BrowserContext, page: Page, run: () => Promise<void>): Promise<number> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  return extensionMs(profile);
}

/** Until no new button has appeared for 600 ms (the tracker and the lazy reader are done). */
async function settled(page: Page): Promise<void> {
  let last = -1;
  for (;;) {
    const n = await page.evaluate(() => document.querySelectorAll('[data-replyapply="apply"]').length);
    if (n === last) return;
    last = n;
    await page.waitForTimeout(600);
  }
}

/** Files in the 1 MiB reply. */
const MEBIBYTE_FILES = 100;

/** A reply of MEBIBYTE_FILES whole files (path line, fenced TypeScript) coming to just over 1 MiB. */
function mebibyteReply(): string {
  const lines = Math.ceil((1024 * 1024) / MEBIBYTE_FILES / 48);
  const files = Array.from({ length: MEBIBYTE_FILES }, (_, f) => {
    const body = Array.from(
      { length: lines },
      (_, k) => `export const value${k} = compute(${k}, "file ${f}"); // ${k}`,
    ).join('\n');
    return `src/gen/file${f}.ts\n\n\`\`\`ts\n${body}\n\`\`\``;
  });
  return `Here are the ${MEBIBYTE_FILES} files:\n\n${files.join('\n\n')}`;
}

/**
 * Opens `url` and waits until the replies near the viewport have their buttons (the others get theirs
 * when scrolled to: the reader is lazy) and no new one comes.
 */
async function loaded(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll('[data-replyapply="apply"]').length > 0, null, {
    timeout: 60_000,
    polling: 50,
  });
  await settled(page);
}

const diffReply = (i: number) =>
  `Change ${i}:\n\n\`\`\`diff\n--- a/src/f${i}.ts\n+++ b/src/f${i}.ts\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n\`\`\`\n\nDone.`;

export async function benchBrowser(): Promise<void> {
  let reviewed: { first: number; all: number } | undefined;
  const profile = makeProfile();
  const context = await launchExtension(profile);
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

    // 1. A 200-reply conversation: the content script's own CPU time until every button is shown.
    // Seven loads in this fresh profile: the first has nothing in Chrome's code cache (it is written on
    // the second load and read from the third on, as on every load after a user's first two).
    const replies: Reply[] = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, markdown: diffReply(i) }));
    const loads: number[] = [];
    const walls: number[] = [];
    let shown = 0;
    for (let run = 0; run < 7; run++) {
      const url = await serveChatGpt(context, `bench-200-${run}`, replies);
      const page = await context.newPage();
      loads.push(
        await profiled(context, page, async () => {
          const t = performance.now();
          await loaded(page, url);
          walls.push(performance.now() - t);
        }),
      );
      // Every reply still gets its button: the last one once it is scrolled into view.
      await page.locator('[data-message-id="r199"]').scrollIntoViewIfNeeded();
      await page.waitForSelector('[data-replyapply="apply"][data-message-id="r199"]', { timeout: 10_000 });
      if (run === 0)
        shown = await page.evaluate(() => document.querySelectorAll('[data-replyapply="apply"]').length);
      await page.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log('content script (Chromium, real extension)');
    console.log(
      `  200-reply conversation: median ${median(loads).toFixed(1)} ms of extension CPU (runs: ${loads.map((x) => x.toFixed(0)).join(', ')})   [target ≤ 30 ms]`,
    );
    console.log(`    worst run: ${Math.max(...loads).toFixed(1)} ms   [target ≤ 45 ms]`);
    console.log(`    (first load, nothing in the code cache yet: ${loads[0]!.toFixed(1)} ms)`);
    console.log(
      `    (navigation until the buttons near the viewport are shown: ${median(walls).toFixed(0)} ms wall, including the 400 ms text-stable wait; ${shown} buttons after scrolling to the last reply)`,
    );

    // 2. A reply streaming: the cost per mutation while the site appends text.
    const stream = await context.newPage();
    await serveChatGpt(context, 'bench-stream', [
      ...replies.slice(0, 20),
      { id: 's', markdown: 'Start', streaming: true },
    ]);
    await stream.goto('https://chatgpt.com/c/bench-stream');
    await stream.waitForFunction(() => document.querySelectorAll('[data-replyapply="apply"]').length > 0);
    await settled(stream);
    const N = 500;
    const streamMs = await profiled(context, stream, async () => {
      await stream.evaluate(async (n) => {
        const el = document.querySelector('[data-message-id="s"] .markdown')!;
        for (let i = 0; i < n; i++) {
          el.append(document.createTextNode(` token${i}`));
          await new Promise((r) => setTimeout(r, 0));
        }
      }, N);
      await stream.waitForTimeout(600);
    });
    console.log(
      `  streaming: ${((streamMs / N) * 1000).toFixed(1)} µs of extension CPU per mutation (${N} mutations)`,
    );
    const longest = await longTasks(context, replies);
    console.log(
      "  longest extension task: the most our code held the page's main thread in one task (Chromium's trace)   [target ≤ 50 ms]",
    );
    for (const [what, t] of longest) {
      const top = [...t.top, ...t.inside].map(([f, ms]) => `${f} ${ms.toFixed(1)}`).join(', ');
      console.log(
        `    ${what}: longest extension task: ${t.ms.toFixed(1)} ms of our code in one task (of ${t.taskMs.toFixed(1)} ms; ${t.tasks} tasks ran our code; the longest of them ${t.touched.ms.toFixed(1)} ms, ${t.touched.extensionMs.toFixed(1)} ms ours)${process.env.BENCH_VERBOSE ? `  ${top}` : ''}`,
      );
    }

    // 3. A 50-file reply: from the real click on Apply to the real side panel showing the first file's diff,
    //    and every file planned (medians of REVIEW_RUNS clicks, each opening a fresh panel); then Apply →
    //    written.
    const root = join(profile.dir, 'project');
    const url50 = await fiftyFiles(context, sw, root);
    const chat = await context.newPage();
    const review = await reviewLatency(context, sw, chat, url50);
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${new URL(sw.url()).host}/extension/sidepanel/index.html`);
    await panel.waitForFunction(
      () =>
        document.querySelectorAll('[data-replyapply-file][data-status="ok"]').length === 50 &&
        !document.querySelector('[data-replyapply="planning"]'),
      null,
      { timeout: 60_000, polling: 20 },
    );
    const t3 = performance.now();
    await panel.locator('[data-replyapply="apply-all"]').click();
    await panel.locator('[data-replyapply="result"] [data-state="applied"]').waitFor({ timeout: 60_000 });
    const t4 = performance.now();
    if (!readFileSync(join(root, 'src', 'm49.txt'), 'utf8').includes('line fifty'))
      throw new Error('not written');
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const runs = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    console.log('review of a 50-file reply (the real side panel a click on Apply opens)');
    console.log(
      `  click → first diff visible   ${mid(review.first).toFixed(0)} ms (runs: ${runs(review.first)})   [target ≤ the static page's floor + 100 ms]`,
    );
    console.log(
      `  click → all 50 planned   ${mid(review.all).toFixed(0)} ms (runs: ${runs(review.all)})   [target ≤ the static page's floor + 150 ms]`,
    );
    reviewed = { first: mid(review.first), all: mid(review.all) };
    if (review.missed)
      console.log(
        `    (${review.missed} click(s) not counted: the panel drew its files before the probe was in)`,
      );
    console.log(`  Apply → all 50 written (journal, fsync) ${(t4 - t3).toFixed(0)} ms`);
  } finally {
    await context.close();
    rmSync(profile.dir, { recursive: true, force: true });
  }
  const floor = await reviewFloor();
  // The targets of the two review rows, against the floor measured in this same run (issue 28).
  if (floor !== undefined && reviewed) {
    const over = (ms: number) => `${ms - floor >= 0 ? '+' : ''}${(ms - floor).toFixed(0)} ms`;
    console.log(`    first diff over the floor   ${over(reviewed.first)}   [target ≤ +100 ms]`);
    console.log(`    all 50 planned over the floor   ${over(reviewed.all)}   [target ≤ +150 ms]`);
  }
}

/**
 * The longest task of ours on the page's main thread (the browser's own trace, issue 44), code cache
 * warm: starting on the 200-reply conversation, detecting a 1 MiB reply (files in highlighted code
 * blocks, a span per token as the sites draw them) read from the API and from the page, and a reply
 * streaming.
 */
export async function longTasks(
  context: BrowserContext,
  replies: Reply[],
): Promise<Array<[string, LongestTask]>> {
  const longest: Array<[string, LongestTask]> = [];
  // The 200-reply conversation starting.
  {
    const url = await serveChatGpt(context, 'bench-200-traced', replies);
    const page = await context.newPage();
    const events = await traced(context, page, () => loaded(page, url));
    longest.push(['starting on the 200-reply conversation', longestExtensionTask(events)]);
    await page.close();
  }
  // A 1 MiB reply, read from the API and from the page.
  for (const api of ['ok', 'fail'] as const) {
    const url = await serveChatGpt(context, `bench-1mib-${api}`, [{ id: 'big', markdown: mebibyteReply() }], {
      api,
      page: { highlight: true },
    });
    const page = await context.newPage();
    const events = await traced(context, page, async () => {
      await page.goto(url);
      await page.waitForSelector('[data-replyapply="apply"]', { timeout: 60_000 });
      await page.waitForTimeout(300);
    });
    const files = await page.getAttribute('[data-replyapply="apply"]', 'data-files');
    if (files !== String(MEBIBYTE_FILES))
      throw new Error(`the 1 MiB reply shows ${files} files, not ${MEBIBYTE_FILES}`);
    longest.push([
      `detecting a 1 MiB reply (${api === 'ok' ? 'from the API' : 'from the page'})`,
      longestExtensionTask(events),
    ]);
    await page.close();
  }

  const stream = await context.newPage();
  await serveChatGpt(
    context,
    'bench-stream-traced',
    [
      ...replies.slice(0, 20),
      { id: 's', markdown: 'Start', streaming: true },
      // No API: its answer would be the reply as it was when the page was served.
    ],
    { api: 'fail' },
  );
  await stream.goto('https://chatgpt.com/c/bench-stream-traced');
  await stream.waitForFunction(() => document.querySelectorAll('[data-replyapply="apply"]').length > 0);
  await settled(stream);
  // The site streams a file into a code block (500 chunks, ~100 KiB: over what the page reads itself),
  // then marks the reply finished (the stop button goes, the action bar comes) and we read it.
  const streamEvents = await traced(context, stream, async () => {
    await stream.evaluate(async (n) => {
      const md = document.querySelector('[data-message-id="s"] .markdown')!;
      // In view, as the sites keep a streaming reply.
      md.scrollIntoView({ block: 'end' });
      md.insertAdjacentHTML(
        'beforeend',
        '<p>src/streamed.ts</p><pre><code class="language-ts"></code></pre>',
      );
      const code = md.querySelector('code')!;
      for (let i = 0; i < n; i++) {
        const line = `export const streamed${i} = ${i}; // ${'x'.repeat(160)}\n`;
        code.append(document.createTextNode(line));
        await new Promise((r) => setTimeout(r, 0));
      }
      const stop = document.querySelector('[data-testid="stop-button"]')!;
      stop.outerHTML = '<button data-testid="send-button" aria-label="Send prompt" disabled>↑</button>';
      const turn = document.querySelector('[data-message-id="s"]')!.parentElement!;
      turn.insertAdjacentHTML(
        'beforeend',
        '<div class="z-0 flex min-h-[46px] justify-start"><div class="flex items-center"><button aria-label="Copy" data-testid="copy-turn-action-button">⧉</button></div></div>',
      );
    }, 500);
    await stream.waitForSelector('[data-replyapply="apply"][data-message-id="s"][data-files="1"]', {
      timeout: 30_000,
    });
    await stream.waitForTimeout(300);
  });
  longest.push(['a reply streaming', longestExtensionTask(streamEvents)]);
  await stream.close();
  return longest;
}

/**
 * What the review's latency is up against: the same click on the same reply opening, instead of the review,
 * a static page that already shows 50 diffs (no script; the review's stylesheet). Chromium creating the
 * panel, loading a page and painting it, with none of our code on the way.
 */
async function reviewFloor(): Promise<number | undefined> {
  const profile = makeProfile();
  const dist = join(profile.dir, 'static-panel');
  cpSync(DIST, dist, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
  const real = readFileSync(join(dist, manifest.side_panel.default_path), 'utf8');
  const css = real.match(/<link rel="stylesheet"[^>]*>/)?.[0] ?? '';
  const diff =
    '<table class="diff"><tr><td>50</td><td>-line 50</td></tr><tr><td>50</td><td>+line fifty</td></tr></table>';
  const sections = Array.from(
    { length: 50 },
    (_, i) =>
      `<section data-replyapply-file="src/m${i}.txt" data-status="ok"><h3>src/m${i}.txt</h3>${diff}</section>`,
  );
  writeFileSync(
    join(dist, 'static-panel.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>static</title>${css}</head><body><div id="app">${sections.join('')}</div></body></html>`,
  );
  manifest.side_panel.default_path = 'static-panel.html';
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify(manifest));
  const context = await launchExtension(profile, { dist });
  try {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const url50 = await fiftyFiles(context, sw, join(profile.dir, 'project'));
    const chat = await context.newPage();
    // A static page has nothing to wait for: some panels are drawn before the probe is in, and are not
    // counted. When none is, the line says so rather than ending the bench.
    const floor = await reviewLatency(context, sw, chat, url50, 'static-panel.html').catch(
      (err: Error) => err,
    );
    if (floor instanceof Error) {
      console.log(`  click → a static page of 50 diffs visible   not measured: ${floor.message}`);
      return undefined;
    }
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `  click → a static page of 50 diffs visible   ${mid(floor.first).toFixed(0)} ms (runs: ${floor.first.map((x) => x.toFixed(0)).join(', ')})   (Chromium's floor for the lines above)`,
    );
    return mid(floor.first);
  } finally {
    await context.close();
    rmSync(profile.dir, { recursive: true, force: true });
  }
}

/** A project of 50 files, a chat page with one reply changing each, and the folder remembered for it. */
async function fiftyFiles(context: BrowserContext, sw: Worker, root: string): Promise<string> {
  const files: string[] = [];
  const body = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
  for (let i = 0; i < 50; i++) {
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'src', `m${i}.txt`), `${body}\n`);
    files.push(
      `--- a/src/m${i}.txt\n+++ b/src/m${i}.txt\n@@ -50,3 +50,3 @@\n line 49\n-line 50\n+line fifty\n line 51`,
    );
  }
  const reply50 = `Fifty files:\n\n\`\`\`diff\n${files.join('\n')}\n\`\`\``;
  const url50 = await serveChatGpt(context, 'bench-50', [{ id: 'f', markdown: reply50 }]);
  await sw.evaluate(async (f) => {
    await chrome.storage.local.set({
      folders: { last: f, recent: [f], byConversation: { 'chatgpt:bench-50': f } },
    });
    await chrome.storage.session.remove('proposal');
  }, root);
  return url50;
}

/** Clicks on Apply for the review's latency; each opens a fresh side panel. */
const REVIEW_RUNS = 7;

/**
 * Put into the side panel before its scripts run: the times (same clock as the chat page's) of the first
 * frame showing a file's diff, and of the first frame with all 50 files planned and no progress line.
 * A frame is shown once requestAnimationFrame's callback has run and the task after it starts.
 */
const reviewProbe = (page: string) => `(() => {
  if (!location.pathname.endsWith('/${page}') || globalThis.__benchReview) return;
  const now = () => performance.timeOrigin + performance.now();
  const probe = (globalThis.__benchReview = {
    early: !document.querySelector('[data-replyapply-file]'),
    navigated: performance.timeOrigin,
    document: now(),
  });
  const shown = (key) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        probe[key] = now();
        // The panel's own marks of its steps (the first of each name).
        probe.marks = {};
        for (const m of performance.getEntriesByType('mark'))
          if (m.name.startsWith('replyapply:')) probe.marks[m.name.slice(11)] ??= performance.timeOrigin + m.startTime;
        // The document's own loading (Navigation Timing) and each script's fetch, on the same clock.
        const nav = performance.getEntriesByType('navigation')[0];
        if (nav)
          for (const k of ['fetchStart', 'responseEnd', 'domInteractive', 'domContentLoadedEventEnd'])
            probe.marks['nav.' + k] ??= performance.timeOrigin + nav[k];
        for (const r of performance.getEntriesByType('resource'))
          if (r.name.endsWith('.js')) probe.marks['js.' + r.name.split('/').pop().split('-')[0]] ??= performance.timeOrigin + r.responseEnd;
      }),
    );
  const check = () => {
    if (probe.drawn === undefined && document.querySelector('[data-replyapply]')) probe.drawn = now();
    if (probe.planning === undefined && document.querySelector('[data-replyapply="planning"]')) probe.planning = now();
    if (!probe.sawFirst && document.querySelector('[data-replyapply-file] table.diff')) {
      probe.sawFirst = true;
      probe.firstInDom = now();
      shown('first');
    }
    if (!probe.sawAll && document.querySelectorAll('[data-replyapply-file][data-status="ok"]').length === 50 &&
        !document.querySelector('[data-replyapply="planning"]')) {
      probe.sawAll = true;
      shown('all');
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  check();
})()`;

interface ReviewProbe {
  early: boolean;
  /** The panel's navigation start, its document's first script, its first drawing, its progress line. */
  navigated: number;
  document: number;
  drawn?: number;
  planning?: number;
  /** The panel's performance marks (main.tsx, use-review.ts, review.ts), by name without the prefix. */
  marks?: Record<string, number>;
  /** When the first diff was in the DOM; \`first\` is when a frame had shown it. */
  firstInDom?: number;
  first?: number;
  all?: number;
}

/**
 * From the real click on the chat page's Apply button to the side panel it opens showing the first diff,
 * and all 50 files planned. Chromium's side panel is a target Playwright does not list among its pages,
 * so it is reached over the browser's DevTools protocol: found when it is created, attached to, and sent
 * messages through Target.sendMessageToTarget (sessions Playwright's CDP session can carry).
 */
async function reviewLatency(
  context: BrowserContext,
  sw: Worker,
  chat: Page,
  url: string,
  page = 'sidepanel/index.html',
): Promise<{ first: number[]; all: number[]; missed: number }> {
  const REVIEW_PROBE = reviewProbe(page);
  const browser = context.browser();
  if (!browser) throw new Error('no browser to reach the side panel through');
  const cdp = await browser.newBrowserCDPSession();
  let next = 1;
  type Answer = { id?: number; result?: { result?: { value?: unknown } } };
  const answers = new Map<number, (m: Answer) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as Answer;
    if (m.id === undefined) return;
    answers.get(m.id)?.(m);
    answers.delete(m.id);
  });
  const send = (sessionId: string, method: string, params: object = {}) =>
    new Promise<Answer>((resolve) => {
      const id = next++;
      answers.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const out = { first: [] as number[], all: [] as number[], missed: 0 };
  try {
    for (let run = 0; run < REVIEW_RUNS; run++) {
      await sw.evaluate(() => chrome.storage.session.remove('proposal'));
      await chat.goto(url);
      const button = chat.locator('[data-replyapply="apply"][data-files="50"] button');
      await button.waitFor();
      await chat.evaluate(() => {
        addEventListener(
          'click',
          () => {
            (globalThis as { benchClickAt?: number }).benchClickAt =
              performance.timeOrigin + performance.now();
          },
          { capture: true, once: true },
        );
      });
      // The panel's target is created without a URL ("other"), then navigates to the review page.
      const opened = new Promise<{ targetId: string; sessionId: string }>((resolve) => {
        const onCreated = async (e: { targetInfo: { targetId: string; type: string; url: string } }) => {
          if (e.targetInfo.type !== 'other' && !e.targetInfo.url.endsWith(`/${page}`)) return;
          cdp.off('Target.targetCreated', onCreated);
          const { targetId } = e.targetInfo;
          const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
          await Promise.all([
            send(sessionId, 'Page.addScriptToEvaluateOnNewDocument', { source: REVIEW_PROBE }),
            send(sessionId, 'Runtime.evaluate', { expression: REVIEW_PROBE }),
            ...(process.env.BENCH_PROFILE
              ? [
                  send(sessionId, 'Profiler.enable').then(() =>
                    send(sessionId, 'Profiler.setSamplingInterval', { interval: 100 }).then(() =>
                      send(sessionId, 'Profiler.start'),
                    ),
                  ),
                ]
              : []),
          ]);
          resolve({ targetId, sessionId });
        };
        cdp.on('Target.targetCreated', onCreated);
      });
      await button.click();
      const { targetId, sessionId } = await opened;
      let probe: ReviewProbe | undefined;
      for (
        const until = Date.now() + 60_000;
        Date.now() < until;
        await new Promise((r) => setTimeout(r, 50))
      ) {
        const r = await send(sessionId, 'Runtime.evaluate', {
          expression: 'globalThis.__benchReview',
          returnByValue: true,
        });
        probe = r.result?.result?.value as ReviewProbe | undefined;
        if (probe?.all !== undefined) break;
      }
      if (probe?.first === undefined || probe.all === undefined)
        throw new Error('the side panel did not show the 50 files within 60 s');
      const click = await chat.evaluate(() => (globalThis as { benchClickAt?: number }).benchClickAt!);
      if (process.env.BENCH_PROFILE) {
        const r = (await send(sessionId, 'Profiler.stop')) as { result?: { profile?: CpuProfile } };
        if (r.result?.profile) panelProfile(r.result.profile);
      }
      if (probe.early) {
        out.first.push(probe.first - click);
        out.all.push(probe.all - click);
        if (process.env.BENCH_VERBOSE) {
          const at = (t: number | undefined) => (t === undefined ? '-' : (t - click).toFixed(0));
          const marks = Object.entries(probe.marks ?? {})
            .sort((a, b) => a[1] - b[1])
            .map(([name, t]) => `${name} ${at(t)}`)
            .join(', ');
          console.log(
            `    click → panel navigates ${at(probe.navigated)}, document ${at(probe.document)}, first drawing ${at(probe.drawn)}, progress line ${at(probe.planning)}, first diff in the DOM ${at(probe.firstInDom)}, shown ${at(probe.first)}, all ${at(probe.all)}`,
          );
          console.log(`      marks: ${marks}`);
        }
      } else out.missed++;
      // Closed, so the next click opens a fresh panel (an open one would only re-plan).
      await cdp.send('Target.closeTarget', { targetId });
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    await cdp.detach();
  }
  if (!out.first.length) throw new Error('every side panel drew its files before the probe was in');
  return out;
}
