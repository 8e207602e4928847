/**
 * "Longest extension task" (issue 44) read from the browser's own trace: the most time the extension's
 * code held a page's main thread within one task. A task is Chromium's unit of main-thread work
 * (RunTask, the unit the Long Tasks API reports at 50 ms); the extension's time in it is told by the V8
 * sampling profiler's samples of that thread whose innermost frame is in an extension script (a DOM
 * call our code makes, and a layout it forces, are sampled in our frame), at a time inside the task.
 *
 * Besides it, the longest task our code ran in at all, whole, with our share: a page's own task may run
 * our code for a moment (the HTML parser's task of a 1 MiB page ends with our MutationObserver's
 * callback), and is then 100 ms long with 2 ms of ours.
 */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

interface CpuNode {
  id: number;
  callFrame: { url?: string; functionName?: string };
}

export interface LongestTask {
  /** The most time our code was sampled in one task, ms; 0 when it ran in none. */
  ms: number;
  /** That task's whole length, ms. */
  taskMs: number;
  /** The longest task our code ran in at all, and our time in it (ms). */
  touched: { ms: number; extensionMs: number };
  /** How many main-thread tasks the extension's code ran in. */
  tasks: number;
  /** The extension functions sampled most in the longest task, with their ms. */
  top: Array<[string, number]>;
  /** The longest events the browser traced inside that task (its layout, a script, a GC), with their ms. */
  inside: Array<[string, number]>;
}

export function longestExtensionTask(
  events: readonly TraceEvent[],
  prefix = 'chrome-extension://',
): LongestTask {
  const mainThreads = new Set<string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mainThreads.add(`${e.pid}:${e.tid}`);

  // Samples in extension code, by thread: [time µs, length µs, function].
  const samples = new Map<string, Array<[number, number, string]>>();
  const profiles = new Map<string, { thread: string; t: number; nodes: Map<number, CpuNode> }>();
  for (const e of events) {
    if (e.name === 'Profile') {
      const start = (e.args?.data?.startTime as number | undefined) ?? e.ts;
      profiles.set(`${e.pid}:${e.id}`, { thread: `${e.pid}:${e.tid}`, t: start, nodes: new Map() });
      continue;
    }
    if (e.name !== 'ProfileChunk') continue;
    const p = profiles.get(`${e.pid}:${e.id}`);
    if (!p || !mainThreads.has(p.thread)) continue;
    const data = e.args?.data as
      | { cpuProfile?: { nodes?: CpuNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const n of data?.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    const list = samples.get(p.thread) ?? [];
    samples.set(p.thread, list);
    for (let i = 0; i < ids.length; i++) {
      p.t += deltas[i] ?? 0;
      const f = p.nodes.get(ids[i]!)?.callFrame;
      if (!f?.url?.startsWith(prefix)) continue;
      const next = deltas[i + 1] ?? deltas[i] ?? 0;
      list.push([p.t, next, `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}`]);
    }
  }

  let best: LongestTask = {
    ms: 0,
    taskMs: 0,
    touched: { ms: 0, extensionMs: 0 },
    tasks: 0,
    top: [],
    inside: [],
  };
  let touched = { ms: 0, extensionMs: 0 };
  let bestTask: TraceEvent | undefined;
  let tasks = 0;
  for (const [thread, list] of samples) {
    list.sort((a, b) => a[0] - b[0]);
    const runs = events
      .filter((e) => e.ph === 'X' && e.name === 'RunTask' && `${e.pid}:${e.tid}` === thread && e.dur)
      .sort((a, b) => a.ts - b.ts);
    let s = 0;
    for (const task of runs) {
      const end = task.ts + task.dur!;
      while (s < list.length && list[s]![0] < task.ts) s++;
      let us = 0;
      const by = new Map<string, number>();
      for (let k = s; k < list.length && list[k]![0] < end; k++) {
        us += list[k]![1];
        by.set(list[k]![2], (by.get(list[k]![2]) ?? 0) + list[k]![1]);
      }
      if (us === 0) continue;
      tasks++;
      // Sampled time is counted up to the next sample: never more than the task.
      const ours = Math.min(us, task.dur!) / 1000;
      if (task.dur! / 1000 > touched.ms) touched = { ms: task.dur! / 1000, extensionMs: ours };
      if (ours > best.ms) {
        bestTask = task;
        best = {
          ms: ours,
          taskMs: task.dur! / 1000,
          touched,
          tasks: 0,
          top: [...by]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 5)
            .map(([k, v]) => [k, v / 1000]),
          inside: [],
        };
      }
    }
  }
  if (bestTask) {
    const t = bestTask;
    best.inside = events
      .filter(
        (e) =>
          e !== t &&
          e.ph === 'X' &&
          e.pid === t.pid &&
          e.tid === t.tid &&
          e.ts >= t.ts &&
          e.ts < t.ts + t.dur! &&
          !/RunTask|mojo/.test(e.name),
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 6)
      .map((e) => {
        const url = (e.args?.data?.url as string | undefined)?.split('/').pop();
        return [url ? `${e.name} ${url}` : e.name, (e.dur ?? 0) / 1000];
      });
  }
  return { ...best, touched, tasks };
}
