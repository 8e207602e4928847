/**
 * Bounded concurrency for file operations. Ten thousand files one after another wait on ten thousand
 * fsyncs in turn; a few at a time keep the disk queue busy without opening thousands of files at once.
 */

/** How many file operations run at once (libuv's pool runs 4 by default; more queue up cheaply). */
export const CONCURRENCY = 16;

/**
 * `fn` over `items`, at most `limit` at a time, results in item order. After a failure no new item starts
 * and every running one is awaited (so nothing is still writing when a rollback begins); then the error
 * of the earliest failed item is thrown, so messages do not depend on timing.
 */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const run: { failed: { index: number; err: unknown } | null } = { failed: null };
  const worker = async () => {
    while (run.failed === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (err) {
        const earlier = run.failed as { index: number } | null;
        if (earlier === null || index < earlier.index) run.failed = { index, err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (run.failed) throw run.failed.err;
  return results;
}
