/**
 * detectAll shares one split of the reply between its parsers (replyLines, replyFences, splitLines) and
 * lets go of it when it is done: a 14 MiB reply is half a million line strings, which the CLI would
 * otherwise carry through the whole plan of it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { detectAll } from './registry';
import { replyFences, replyLines } from './unified-diff';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

it('keeps no split of the reply once detection is done', async () => {
  const text = '```diff\n--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n```\n'.repeat(20);
  // Taken before detectAll, so that detectAll reuses exactly these arrays.
  const lines = new WeakRef(replyLines(text).clean);
  const fences = new WeakRef(replyFences(text));
  expect(detectAll(text)[0]?.ops).toHaveLength(20);
  // A WeakRef holds its target until the current job ends.
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  expect(lines.deref()).toBeUndefined();
  expect(fences.deref()).toBeUndefined();
});
