/**
 * The external model-edit corpus (/work/shared/corpus/llm-edits, see its README and policy), the
 * apply-level cases: the reply is read by every format parser (detectAll), planned against the
 * original files, and the resulting tree compared with `expected_files`. An `expect_fail` case must
 * not apply. Cases that encode another tool's policy are in POLICY with the reason.
 * Run with CORPUS_WHY=1 to print why each refused case was refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../changeset/changeset';
import { detectAll } from '../formats/registry';
import { type FileSnapshot, plan, planNeeds } from './plan';

const DIR = '/work/shared/corpus/llm-edits';

interface Case {
  id: string;
  format: string;
  level: 'apply' | 'parse';
  original_files: Record<string, string | null>;
  reply_text: string;
  expected_files: Record<string, string | null>;
  expect_fail?: true;
  notes: string;
}

/** Cases where our engine's policy differs from the upstream tool's, and what we do instead. */
const POLICY: Record<string, { outcome: 'refuse' | 'apply'; why: string }> = {
  'llm-003': {
    outcome: 'refuse',
    why: 'the SEARCH text occurs twice; aider replaces the first. We refuse an ambiguous match (a wrong apply is worse than a refused one); a format that means "first" says so with takeFirst.',
  },
  'llm-023': {
    outcome: 'refuse',
    why: 'aider maps the made-up `path/to/sample.txt` onto the one file in its chat. We have no chat files to map onto; the plan flags the new file at a placeholder path as an error (the user may still accept it), and never writes sample.txt.',
  },
  'llm-067': {
    outcome: 'refuse',
    why: 'codex lets `*** Move to:` overwrite an existing file. We refuse a rename onto an existing file: the plan could not show or hash-check what is overwritten.',
  },
};

/**
 * Cases the format parsers do not read yet (their business, not the engine's): expected to fail
 * here, so this list is noticed and emptied when the parsers learn them.
 */
const PARSER_GAPS: Record<string, string> = {
  'llm-029': 'whole-file: a bare file name (`file1`) on the line above the fence is not read as a path',
};

/**
 * Cline's cases hold only the `diff` argument of a replace_in_file call; the path is the call's other
 * argument. Wrap it the way it appears in a reply, so the parser sees the path.
 */
function replyOf(c: Case): string {
  if (c.format !== 'cline-search-replace') return c.reply_text;
  const [path] = Object.keys(c.original_files);
  return `<replace_in_file>\n<path>${path}</path>\n<diff>\n${c.reply_text}\n</diff>\n</replace_in_file>\n`;
}

type Tree = Record<string, string | null>;

function run(c: Case): { ok: true; tree: Tree } | { ok: false; why: string } {
  const sets = detectAll(replyOf(c));
  const ops = sets.flatMap((s) => s.ops);
  if (ops.length === 0)
    return {
      ok: false,
      why: `no operations (${sets.flatMap((s) => s.diagnostics.map((d) => d.message)).join('; ')})`,
    };
  const set: ChangeSet = { id: c.id, source: { format: sets[0]!.source.format }, ops, diagnostics: [] };
  const tree: Tree = { ...c.original_files };
  const snaps = new Map<string, FileSnapshot | null>();
  for (const p of planNeeds(set)) snaps.set(p, tree[p] == null ? null : { text: tree[p]!, hash: p });
  const result = plan(set, snaps);
  const bad = result.files.find((f) => f.status !== 'ok');
  if (bad) return { ok: false, why: `${bad.path}: ${bad.error?.kind}: ${bad.error?.message}` };
  for (const f of result.files) {
    if (f.action === 'delete') tree[f.path] = null;
    else tree[f.path] = f.newText;
    if (f.action === 'rename') tree[f.from!] = null;
  }
  return { ok: true, tree };
}

const cases: Case[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Case)
  .filter((c) => c.level === 'apply');

describe('llm-edits corpus (apply level)', () => {
  const gaps = cases.filter((c) => PARSER_GAPS[c.id]);
  if (gaps.length > 0) {
    it.fails.each(gaps.map((c) => [`${c.id} (${c.format}): ${PARSER_GAPS[c.id]}`, c] as const))(
      '%s',
      (_id, c) => {
        const r = run(c);
        expect(r.ok).toBe(true);
      },
    );
  }

  it.each(cases.filter((c) => !PARSER_GAPS[c.id]).map((c) => [`${c.id} (${c.format})`, c] as const))(
    '%s',
    (_id, c) => {
      const r = run(c);
      const policy = POLICY[c.id];
      const wantApply = policy ? policy.outcome === 'apply' : !c.expect_fail;
      if (!wantApply) {
        if (process.env.CORPUS_WHY && !r.ok) console.log(`WHY ${c.id}: ${r.why}`);
        expect(r.ok, r.ok ? `applied, giving ${JSON.stringify(r.tree)}` : '').toBe(false);
        return;
      }
      if (!r.ok) throw new Error(`refused: ${r.why}`);
      for (const [path, text] of Object.entries(c.expected_files))
        expect(r.tree[path] ?? null, path).toBe(text);
    },
  );
});
