/**
 * Hostile input to the built host: 10,000 random and mutated frames. It must never die before the end of
 * input, write only frames, and answer every well-framed request that carries an id.
 */

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../shared/protocol/names';
import { buildTempHost, runHost } from '../test/built-host';
import { encodeFrame } from './framing';

let host: string;
beforeAll(async () => {
  host = (await buildTempHost()).host;
});

/** Every method the host answers, and names it must refuse (unknown, or the names of Object's own). */
const METHODS = [...METHOD_NAMES, 'nope', '__proto__', 'constructor', ''];
// The project, the state folder and a home of their own: listDir without a folder lists the home, and the
// system's temp folder can hold thousands of folders left by other runs.
const base = mkdtempSync(join(tmpdir(), 'ra-fuzz-'));
const root = join(base, 'root');
const home = join(base, 'home');
mkdirSync(root);
mkdirSync(home);
afterAll(() => rmSync(base, { recursive: true, force: true }));

const paramsArb = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    root: fc.oneof(fc.constant(root), fc.string(), fc.constant('/')),
    paths: fc.array(fc.string(), { maxLength: 3 }),
  }),
  fc.record({
    root: fc.constant(join(root, 'nonexistent')),
    changes: fc.array(
      fc.record({
        action: fc.constantFrom('create', 'modify', 'delete', 'rename', 'bogus'),
        path: fc.oneof(fc.string(), fc.constantFrom('../x', '/etc/passwd', '.git/hooks/pre-commit', 'a\0b')),
        baseHash: fc.constant(null),
        content: fc.string(),
      }),
      { maxLength: 2 },
    ),
  }),
);
const requestArb = fc.record({
  id: fc.integer({ min: 1, max: 1e9 }),
  method: fc.constantFrom(...METHODS),
  params: paramsArb,
});

it('survives 10,000 random and mutated frames and answers every well-framed request', async () => {
  const requests = fc.sample(requestArb, 6000);
  const junk = fc.sample(fc.oneof(fc.jsonValue(), fc.string(), fc.uint8Array({ maxLength: 64 })), 4000);
  const chunks: Buffer[] = [];
  let n = 0;
  for (let i = 0; i < requests.length; i++) {
    const req = requests[i]!;
    // Method runScript/apply with random params are refused by validation; keep them from touching the disk.
    if (req.method === 'runScript') req.params = { root: '/', command: 'true' };
    chunks.push(encodeFrame(req));
    n++;
    const j = junk[i];
    if (j !== undefined) {
      if (j instanceof Uint8Array) {
        // Raw bytes as a well-framed body: invalid JSON most of the time.
        const head = Buffer.alloc(4);
        head.writeUInt32LE(j.length);
        chunks.push(head, Buffer.from(j));
      } else chunks.push(encodeFrame(j));
      n++;
    }
  }
  expect(n).toBeGreaterThanOrEqual(10_000);
  const expectedIds = new Set(requests.map((r) => r.id));
  const run = await runHost(host, Buffer.concat(chunks), {
    env: { REPLYAPPLY_STATE_DIR: join(base, 'state'), HOME: home },
    timeoutMs: 120_000,
  });
  expect(run.code).toBe(0);
  expect(run.clean).toBe(true);
  const answered = new Set(
    run.frames.filter((f) => (f as { ok?: unknown }).ok !== undefined).map((f) => (f as { id: number }).id),
  );
  for (const id of expectedIds) expect(answered.has(id)).toBe(true);
}, 180_000);
