/**
 * The external corpus (`../shared/corpus`), measured as a user meets it: every apply-level case through the
 * built CLI by scripts/corpus.mjs (`npm run corpus`), the tree compared with the expected one. Asserts the
 * targets of issue 11: no wrong write, ≥ 97% applied overall and ≥ 95% of the real model-written replies,
 * every expected failure refused. Each case is a test of its own, so a new corpus case that fails names
 * itself; until the issue that covers it is resolved it goes in KNOWN, with that issue, as an expected
 * failure. A case in the script's POLICY table counts as refused, never as applied.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { loadCases, POLICY } from './corpus.mjs';

interface Result {
  id: string;
  kinds: string[];
  expectFail: boolean;
  outcome: 'applied' | 'refused' | 'wrong';
  why: string;
}

/** Cases expected to fail until the named issue is resolved: `id → 'issue N: why'`. */
const KNOWN: Record<string, string> = {};

const cases: Array<{ id: string; expectFail: boolean }> = await loadCases();
let results: Map<string, Result>;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/corpus.mjs', '--json'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const parsed = JSON.parse(stdout) as { results: Result[] };
  results = new Map(parsed.results.map((r) => [r.id, r]));
}, 240_000);

describe('the corpus through the built CLI', () => {
  it('runs every apply-level case', () => {
    expect(results.size).toBe(cases.length);
    expect(cases.length).toBeGreaterThanOrEqual(139);
  });

  it('writes nothing wrong', () => {
    const wrong = [...results.values()].filter((r) => r.outcome === 'wrong');
    expect(wrong.map((r) => `${r.id}: ${r.why}`)).toEqual([]);
  });

  it('refuses every case upstream expects to fail', () => {
    const applied = [...results.values()].filter((r) => r.expectFail && r.outcome !== 'refused');
    expect(applied.map((r) => r.id)).toEqual([]);
  });

  const share = (kind?: string) => {
    const of = [...results.values()].filter((r) => !r.expectFail && (!kind || r.kinds.includes(kind)));
    return of.filter((r) => r.outcome === 'applied').length / of.length;
  };

  it('applies ≥ 95% of the real model-written replies', () => {
    expect(share('real model-written')).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses only as the policy table says: every other case applies', () => {
    const refused = [...results.values()].filter((r) => !r.expectFail && r.outcome !== 'applied');
    expect(refused.map((r) => r.id).sort()).toEqual(Object.keys(POLICY).sort());
  });

  // Issue 11's ≥ 97% is out of reach without a wrong write: each of the four POLICY cases is one of a pair
  // of byte-identical inputs that upstream expects to apply and to be refused (jsdiff tells them apart only
  // by its fuzzFactor option, which a CLI run cannot see), so 112 of 116 is the most that applies.
  it.fails('applies ≥ 97% of all cases (issue 11: ceiling 112/116 = 96.6%, see POLICY)', () => {
    expect(share()).toBeGreaterThanOrEqual(0.97);
  });

  const byId = (id: string) => {
    const r = results.get(id);
    if (!r) throw new Error(`no result for ${id}`);
    return r;
  };
  const table = cases.map((c) => [c.id, c] as const);
  const known = table.filter(([id]) => KNOWN[id]);
  if (known.length > 0) {
    it.fails.each(known.map(([id, c]) => [`${id} (${KNOWN[id]})`, c] as const))('%s', (_label, c) => {
      expect(byId(c.id).outcome).toBe(c.expectFail ? 'refused' : 'applied');
    });
  }
  it.each(table.filter(([id]) => !KNOWN[id]))('%s', (id, c) => {
    const r = byId(id);
    const want = c.expectFail || POLICY[id] ? 'refused' : 'applied';
    expect(r.outcome, r.why).toBe(want);
  });
});
