/**
 * The external unified-diff corpus (/work/shared/corpus/udiff, see its README and policy): parsed by
 * shared/formats/unified-diff.ts, applied by the engine. A case that expects success must give
 * exactly `expected`; an `expect_fail` case must not apply. Where a case encodes another tool's
 * policy rather than a correct result, it is in POLICY below with the reason, and the test checks
 * that we do what our policy says instead.
 * Run with CORPUS_WHY=1 to print why each refused case was refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeSet, Op } from '../changeset/changeset';
import { diffFileToOps, parseUnifiedDiff } from '../formats/unified-diff';
import { applyOp } from './apply-op';
import { type FileSnapshot, plan, planNeeds } from './plan';

const DIR = '/work/shared/corpus/udiff';

interface Case {
  id: string;
  old: string | Record<string, string | null>;
  patch: string;
  expected: string | Record<string, string | null> | null;
  expect_fail?: true;
  notes: string;
}

/**
 * Cases where our policy differs from the upstream expectation, and what we do instead. We never
 * produce a different successful result: every entry here is a refusal of a case upstream applies,
 * or an application of a case upstream refuses where the result is what the patch plainly says.
 */
const POLICY: Record<string, { outcome: 'refuse' | 'apply'; why: string }> = {
  'udiff-029': {
    outcome: 'refuse',
    why: 'jsdiff fuzzFactor 2: context lines missing from the file. We have no fuzz: every context line must be there.',
  },
  'udiff-031': {
    outcome: 'refuse',
    why: 'jsdiff fuzzFactor 3: context lines replaced in the file. No fuzz.',
  },
  'udiff-055': {
    outcome: 'refuse',
    why: 'jsdiff fuzzFactor 1 ignores "\\ No newline" on a file that has one; our ladder does not loosen the final-newline check (053 is the same patch with fuzz 0, which upstream refuses too).',
  },
  'udiff-059': {
    outcome: 'refuse',
    why: 'jsdiff fuzzFactor 1 ignores a "\\ No newline" marker the file contradicts; when a patch has the marker we check it.',
  },
  'udiff-081': {
    outcome: 'apply',
    why: 'git anchors a hunk without trailing context to the end of the file. Model-written hunks often stop right after the added lines, so we place it by its leading context, as GNU patch and jsdiff do (result a,b,c,c is what the hunk says).',
  },
  'udiff-107': {
    outcome: 'refuse',
    why: 'needs `git apply -C2` (two context lines may mismatch); plain git apply refuses it, and so do we.',
  },
  'udiff-109': { outcome: 'refuse', why: 'needs `git apply -C2`; plain git apply refuses it, and so do we.' },
};

/**
 * Upstream applies with -pN; the parser strips only `a/` and `b/`. Map a parsed path onto the case's
 * tree by its trailing components (`linux-2.6.12/post image.txt` → `post image.txt`).
 */
function resolver(c: Case): (path: string) => string {
  const keys = [c.old, c.expected].flatMap((t) => (t && typeof t === 'object' ? Object.keys(t) : []));
  return (path) => keys.find((k) => path === k || path.endsWith(`/${k}`)) ?? path;
}

function mapPaths(op: Op, fix: (p: string) => string): Op {
  if (op.kind === 'shell') return op;
  if (op.kind === 'rename') return { ...op, from: fix(op.from), to: fix(op.to) };
  const out = { ...op, path: fix(op.path) } as Op;
  if (out.kind === 'patch') {
    if (out.newPath) out.newPath = fix(out.newPath);
    if (out.copyFrom) out.copyFrom = fix(out.copyFrom);
  }
  return out;
}

/** What applying the case gives: the new text(s), or the reason it was refused. */
function run(
  c: Case,
): { ok: true; result: string | Record<string, string | null> } | { ok: false; why: string } {
  const parsed = parseUnifiedDiff(c.patch);
  const ops = parsed.files.flatMap(diffFileToOps).map((op) => mapPaths(op, resolver(c)));
  // A patch with no hunks (jsdiff's 011) changes nothing.
  if (ops.length === 0) return { ok: true, result: c.old };
  if (typeof c.old === 'string') {
    // Single-file case: names in the patch are ignored.
    let text: string | null = c.old;
    for (const op of ops) {
      if (op.kind !== 'patch') return { ok: false, why: `unexpected ${op.kind}` };
      const r = applyOp(text, op);
      if (!r.ok) return { ok: false, why: `${r.kind}: ${r.message}` };
      text = r.text;
    }
    return text === null ? { ok: false, why: 'deleted' } : { ok: true, result: text };
  }
  const set: ChangeSet = { id: c.id, source: { format: 'unified-diff' }, ops, diagnostics: [] };
  const tree = { ...c.old };
  const snaps = new Map<string, FileSnapshot | null>();
  for (const p of planNeeds(set)) snaps.set(p, tree[p] == null ? null : { text: tree[p]!, hash: p });
  const p = plan(set, snaps);
  const bad = p.files.find((f) => f.status !== 'ok');
  if (bad) return { ok: false, why: `${bad.path}: ${bad.error?.kind}: ${bad.error?.message}` };
  for (const f of p.files) {
    if (f.action === 'delete') tree[f.path] = null;
    else tree[f.path] = f.newText;
    if (f.action === 'rename') tree[f.from!] = null;
  }
  return { ok: true, result: tree };
}

const cases: Case[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Case);

describe('udiff corpus', () => {
  it('has the cases the README lists', () => {
    expect(cases.length).toBe(68);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = run(c);
    const policy = POLICY[c.id];
    const wantApply = policy ? policy.outcome === 'apply' : !c.expect_fail;
    if (!wantApply) {
      if (process.env.CORPUS_WHY && !r.ok) console.log(`WHY ${c.id}: ${r.why}`);
      expect(r.ok, r.ok ? `applied, giving ${JSON.stringify(r.result)}` : '').toBe(false);
      return;
    }
    if (!r.ok) throw new Error(`refused: ${r.why}`);
    if (c.expected !== null) {
      if (typeof c.expected === 'string') expect(r.result).toBe(c.expected);
      else
        for (const [path, text] of Object.entries(c.expected))
          expect((r.result as Record<string, string | null>)[path] ?? null).toBe(text);
    }
  });
});
