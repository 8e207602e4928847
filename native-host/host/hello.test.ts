import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../shared/protocol/names';
import { METHODS } from '../../shared/protocol/protocol';
import { FrameReader } from './framing';
import { createHandlers } from './handlers';
import { helloResult, plainHelloId } from './hello';
import { silentLogger } from './log';
import { HostServer } from './server';

/** The answers the full server (real handlers, real schemas) gives to `message`. */
async function serverAnswers(message: unknown): Promise<unknown[]> {
  const out: unknown[] = [];
  const reader = new FrameReader(
    (m) => out.push(m),
    () => {
      throw new Error('bad frame');
    },
  );
  await new HostServer(createHandlers(), (f) => reader.push(f), silentLogger).handle(message);
  return out;
}

describe('hello without the server', () => {
  it('answers what the hello handler answers', async () => {
    const handler = createHandlers().hello!;
    expect(await handler(undefined, { progress() {} })).toEqual(helloResult());
  });

  it.each([
    // message                                                          plain hello id
    [{ id: 1, method: 'hello' }, 1],
    [{ id: 'a', method: 'hello', params: {} }, 'a'],
    [{ id: 0, method: 'hello', extra: true }, 0],
    [{ id: 'x'.repeat(200), method: 'hello' }, 'x'.repeat(200)],
    [{ id: Number.MAX_SAFE_INTEGER, method: 'hello' }, Number.MAX_SAFE_INTEGER],
    [{ id: 'x'.repeat(201), method: 'hello' }, undefined],
    [{ id: 2 ** 53, method: 'hello' }, undefined],
    [{ id: 1.5, method: 'hello' }, undefined],
    [{ id: null, method: 'hello' }, undefined],
    [{ method: 'hello' }, undefined],
    [{ id: 1, method: 'hello', params: { extra: true } }, undefined],
    [{ id: 1, method: 'hello', params: null }, undefined],
    [{ id: 1, method: 'hello', params: [] }, undefined],
    [{ id: 1, method: 'Hello' }, undefined],
    [{ id: 1, method: 'listDir' }, undefined],
    [[1, 'hello'], undefined],
    ['hello', undefined],
    [null, undefined],
  ])('%j → %j', (message, id) => {
    expect(plainHelloId(message)).toEqual(id);
  });

  it('takes only requests the server answers the same way, on random requests', async () => {
    const id = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.string({ maxLength: 210 }),
      fc.constantFrom(null, true, 2 ** 53, -0, 'x'.repeat(200), 'x'.repeat(201)),
    );
    const params = fc.oneof(fc.constant(undefined), fc.constant({}), fc.jsonValue({ maxDepth: 2 }));
    const message = fc.oneof(
      fc.record({ id, method: fc.constant('hello'), params }, { requiredKeys: ['id', 'method'] }),
      fc.record(
        { id, method: fc.constantFrom('hello', 'hello ', 'listDir'), params, other: fc.jsonValue() },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    let plain = 0;
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        // What reaches the host has been through JSON.
        const sent = JSON.parse(JSON.stringify(m) ?? 'null');
        const helloId = plainHelloId(sent);
        if (helloId === undefined) return;
        plain++;
        expect(await serverAnswers(sent)).toEqual([{ id: helloId, ok: true, result: helloResult() }]);
      }),
      { numRuns: 2000 },
    );
    expect(plain).toBeGreaterThan(100);
  });
});

it('names the methods the protocol has and the handlers answer, in their order', () => {
  expect([...METHOD_NAMES]).toEqual(Object.keys(METHODS));
  expect([...METHOD_NAMES]).toEqual(Object.keys(createHandlers()));
});
