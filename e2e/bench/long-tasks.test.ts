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
  it('is the longest task our code ran in, not a longer one of the page alone', () => {
    const events = trace(
      [
        [1_000, 80_000], // the page's own layout: no sample of ours
        [100_000, 30_000], // ours
        [200_000, 12_000], // ours
      ],
      [
        [2_000, 'page'],
        [50_000, 'page'],
        [101_000, 'ours'],
        [102_000, 'ours'],
        [120_000, 'page'],
        [201_000, 'ours'],
      ],
    );
    const longest = longestExtensionTask(events);
    expect(longest.ms).toBe(30);
    expect(longest.tasks).toBe(2);
    expect(longest.extensionMs).toBeCloseTo(19, 5); // two samples, each up to the next one
    expect(longest.top[0]![0]).toBe('domToMarkdown raw-text.js');
  });

  it('is 0 when our code ran in no task', () => {
    expect(longestExtensionTask(trace([[0, 60_000]], [[10, 'page']])).ms).toBe(0);
  });
});
