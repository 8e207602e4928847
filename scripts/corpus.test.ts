/**
 * The external corpus (`../shared/corpus`), measured as a user meets it: every apply-level case through the
 * built CLI by scripts/corpus.mjs (`npm run corpus`), the tree compared with the expected one. Asserts the
 * targets of issues 11 and 25: no wrong write, ≥ 97% applied overall (the aider replies included) and ≥ 95%
 * of the real model-written replies, every expected failure refused. Each case is a test of its own, so a new corpus case that fails names
 * itself; until the issue that covers it is resolved it goes in KNOWN, with that issue, as an expected
 * failure. A case in the script's POLICY table counts as refused, never as applied.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { loadCases, POLICY, POLICY_RESULT } from './corpus.mjs';

interface Result {
  id: string;
  kinds: string[];
  expectFail: boolean;
  outcome: 'applied' | 'refused' | 'wrong' | 'policy';
  why: string;
}

/** Cases expected to fail until the named issue is resolved: `id → 'issue N: why'`. */
const KNOWN: Record<string, string> = {};

const cases: Array<{ id: string; expectFail: boolean }> = await loadCases();
let results: Map<string, Result>;

interface Found {
  ops: string[];
  errors: string[];
}
interface Unprompted {
  id: string;
  text: Found;
  structured: Found | null;
  found: boolean;
}
let unprompted: Unprompted[];

/**
 * The run takes seconds (scripts/cli-pool.mjs runs many cases per CLI process), and many times that on a
 * two-core machine that the rest of the suite loads, or with CORPUS_SPAWN=1 (a process per case); its limit is
 * far above both, so that the suite fails for a result and never for a busy machine (issue 40).
 */
const RUN_LIMIT = 20 * 60_000;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/corpus.mjs', '--json'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const parsed = JSON.parse(stdout) as { results: Result[]; unprompted: Unprompted[] };
  results = new Map(parsed.results.map((r) => [r.id, r]));
  unprompted = parsed.unprompted;
}, RUN_LIMIT);

describe('the corpus through the built CLI', () => {
  it('runs every apply-level case', () => {
    expect(results.size).toBe(cases.length);
    expect(cases.length).toBeGreaterThanOrEqual(139 + 263);
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

  it('differs from upstream only as the policy tables say: every other case applies', () => {
    const notApplied = [...results.values()].filter(
      (r) => !r.expectFail && r.outcome !== 'applied' && !KNOWN[r.id],
    );
    expect(notApplied.map((r) => r.id).sort()).toEqual(
      [...Object.keys(POLICY), ...Object.keys(POLICY_RESULT)].filter((id) => !KNOWN[id]).sort(),
    );
  });

  // Issue 25: over everything, the aider replies of llm-edits/aider/ included.
  it('applies ≥ 97% of all cases', () => {
    expect(share()).toBeGreaterThanOrEqual(0.97);
  });

  it('applies ≥ 97% of the aider replies, and writes none wrong in any repository or for any model', () => {
    const aider = [...results.values()].filter((r) => r.id.startsWith('aider-'));
    expect(aider.length).toBeGreaterThanOrEqual(263);
    const want = aider.filter((r) => !r.expectFail);
    expect(want.filter((r) => r.outcome === 'applied').length / want.length).toBeGreaterThanOrEqual(0.97);
    expect(aider.filter((r) => r.outcome === 'wrong').map((r) => r.id)).toEqual([]);
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
    const want = c.expectFail || POLICY[id] ? 'refused' : POLICY_RESULT[id] ? 'policy' : 'applied';
    expect(r.outcome, r.why).toBe(want);
  });
});

// Issue 26: the replies people got without asking for a format, read as the CLI reads a reply (its text)
// and an exported message (`--message`, their `structured` record). No expected files: what is checked is
// that every one is read, and that a document the reply holds is either an operation or an error that
// says why not — never nothing.
describe('unprompted replies through the built CLI', () => {
  it('reads every one, text and structured record', () => {
    expect(unprompted.length).toBeGreaterThanOrEqual(25);
    for (const u of unprompted) expect(u.text, u.id).toBeDefined();
  });

  it('a canvas or artifact record is an operation or an error saying why, never silence', () => {
    const records = unprompted.filter((u) => u.structured !== null);
    expect(records.length).toBeGreaterThanOrEqual(5);
    for (const u of records)
      expect(u.structured!.ops.length + u.structured!.errors.length, u.id).toBeGreaterThan(0);
  });

  it('an npm package named in prose is no file (unprompted-049)', () => {
    const u = unprompted.find((x) => x.id === 'unprompted-049')!;
    expect(u.text.ops.join(' ')).not.toContain('@tauri-apps');
  });
});
