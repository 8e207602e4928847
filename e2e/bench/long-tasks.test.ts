import { describe, expect, it } from 'vitest';
import { longestExtensionTask, type TraceEvent } from './long-tasks';

/** A trace of one renderer's main thread: tasks, and the sampling profiler's samples in them. */
function trace(tasks: Array<[number, number]>, samples: Array<[number, string]>): TraceEvent[] {
  const thread = { pid: 1, tid: 1 };
  const events: TraceEvent[] = [
    { name: 'thread_name', ph: 'M', ts: 0, ...thread, args: { name: 'CrRendererMain' } },
    // The sampler runs on a thread of its own; its chunks name the profile, not the sampled thread.
    { name: 'Profile', ph: 'P', ts: 0, ...thread, id: '0x1', args: { data: { startTime: 0 } } },
  ];
  for (const [ts, dur] of tasks) events.push({ name: 'RunTask', ph: 'X', ts, dur, ...thread });
  const nodes = [
    { id: 1, callFrame: { functionName: '(root)' } },
    { id: 2, callFrame: { functionName: 'pageWork', url: 'https://chatgpt.com/app.js' } },
    { id: 3, callFrame: { functionName: 'domToMarkdown', url: 'chrome-extension://abc/assets/raw-text.js' } },
  ];
  let t = 0;
  const deltas: number[] = [];
  const ids: number[] = [];
  for (const [at, who] of samples) {
    deltas.push(at - t);
    t = at;
    ids.push(who === 'ours' ? 3 : 2);
  }
  events.push({
    name: 'ProfileChunk',
    ph: 'P',
    ts: 0,
    pid: 1,
    tid: 99,
    id: '0x1',
    args: { data: { cpuProfile: { nodes, samples: ids }, timeDeltas: deltas } },
  });
  return events;
}

describe('the longest task of the extension, from a trace', () => {
  it('is the most our code held one task, beside the longest task it ran in at all', () => {
    const events = trace(
      [
        [1_000, 80_000], // the page's own parsing, ending with a callback of ours
        [100_000, 30_000], // ours, mostly
        [200_000, 12_000], // ours
      ],
      [
        [2_000, 'page'],
        [79_000, 'ours'],
        [79_500, 'page'],
        [101_000, 'ours'],
        [102_000, 'ours'],
        [120_000, 'page'],
        [201_000, 'ours'],
        [201_200, 'page'],
      ],
    );
    const longest = longestExtensionTask(events);
    // Two samples of ours, each counted up to the next sample: 1 ms and 18 ms.
    expect(longest.ms).toBeCloseTo(19, 5);
    expect(longest.taskMs).toBe(30);
    expect(longest.touched).toEqual({ ms: 80, extensionMs: 0.5 });
    expect(longest.tasks).toBe(3);
    expect(longest.top[0]![0]).toBe('domToMarkdown raw-text.js');
  });

  it('is 0 when our code ran in no task', () => {
    expect(longestExtensionTask(trace([[0, 60_000]], [[10, 'page']])).ms).toBe(0);
  });
});
