/**
 * Appends `items` to `to` one by one, and returns `to`. `to.push(...items)` passes every item as an
 * argument, and V8 runs out of stack at about 120,000 of them: a file of 200,000 lines (a lockfile, a
 * data file) or a reply of as many headers threw "Maximum call stack size exceeded" instead of being
 * read (issue 44). No source spreads into push (push-all.test.ts holds that).
 */
export function pushAll<T>(to: T[], items: Iterable<T>): T[] {
  for (const item of items) to.push(item);
  return to;
}
