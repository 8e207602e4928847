import { describe, expect, it } from 'vitest';
import { Dispatcher, type Server } from './dispatcher';
import { type FrameProblem, FrameReader } from './framing';
import { helloResult } from './hello';
import { silentLogger } from './log';

/** A dispatcher whose server loads when `finishLoading()` is called, and records what it is given. */
function harness() {
  const out: unknown[] = [];
  const reader = new FrameReader(
    (m) => out.push(m),
    () => {
      throw new Error('bad frame');
    },
  );
  const served: unknown[] = [];
  const server: Server = {
    handle: async (m) => {
      served.push(m);
    },
    problem: (p) => {
      served.push(p);
    },
  };
  let loads = 0;
  let finishLoading = () => {};
  const loaded = new Promise<Server>((resolve) => {
    finishLoading = () => resolve(server);
  });
  const dispatcher = new Dispatcher(
    () => {
      loads++;
      return loaded;
    },
    (f) => reader.push(f),
    silentLogger,
  );
  return { dispatcher, out, served, loads: () => loads, finishLoading, settle: () => loaded.then() };
}

const problem: FrameProblem = { kind: 'invalid-json', message: 'x' };

describe('Dispatcher', () => {
  it('answers a plain hello without loading the server', () => {
    const h = harness();
    h.dispatcher.message({ id: 1, method: 'hello' });
    h.dispatcher.message({ id: 2, method: 'hello', params: {} });
    expect(h.out).toEqual([
      { id: 1, ok: true, result: helloResult() },
      { id: 2, ok: true, result: helloResult() },
    ]);
    expect(h.loads()).toBe(0);
  });

  it('loads the server once, on the first other message, and gives it everything in the order it came', async () => {
    const h = harness();
    h.dispatcher.message({ id: 1, method: 'hello' });
    h.dispatcher.message({ id: 2, method: 'listDir' });
    h.dispatcher.message({ id: 3, method: 'hello' });
    h.dispatcher.problem(problem);
    h.dispatcher.message({ id: 4, method: 'hello', params: { extra: true } });
    expect(h.loads()).toBe(1);
    expect(h.served).toEqual([]);
    h.finishLoading();
    await h.settle();
    h.dispatcher.message({ id: 5, method: 'hello' });
    expect(h.loads()).toBe(1);
    expect(h.out).toEqual([{ id: 1, ok: true, result: helloResult() }]);
    expect(h.served).toEqual([
      { id: 2, method: 'listDir' },
      { id: 3, method: 'hello' },
      problem,
      { id: 4, method: 'hello', params: { extra: true } },
      { id: 5, method: 'hello' },
    ]);
  });

  it('loads on a framing problem, and on load(); a hello that comes while loading waits too', async () => {
    const first = harness();
    first.dispatcher.problem(problem);
    expect(first.loads()).toBe(1);
    const second = harness();
    second.dispatcher.load();
    second.dispatcher.load();
    second.dispatcher.message({ id: 1, method: 'hello' });
    expect(second.out).toEqual([]);
    second.finishLoading();
    await second.settle();
    expect(second.loads()).toBe(1);
    expect(second.served).toEqual([{ id: 1, method: 'hello' }]);
  });
});
