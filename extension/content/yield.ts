/**
 * Gives the page's main thread back: what follows runs in a later task, so the page can draw and answer
 * input in between (issue 44: no task of ours over 50 ms). `scheduler.yield()` where the browser has it
 * (it resumes before other queued work), else a timer. An `await` of a settled promise is no yield: it
 * goes on in the same task.
 */
export function yieldToPage(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
