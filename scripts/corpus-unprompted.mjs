/**
 * `npm run corpus`'s last section: what ReplyApply finds in replies people got without asking for any
 * format (`../shared/corpus/unprompted/`, issue 26). They have no expected files: each reply's text goes
 * to the built CLI's `replyapply detect --json`, and its `structured` record (the exported message JSON
 * where the code lives in a canvas or an artifact) to `detect --json --message -`, as a user would run
 * them; the report prints what each yields — operations (format, kind, path; `?` a guess) or the errors
 * that say why none — and in how many replies an operation was found at all.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function loadUnprompted(corpusDir) {
  const dir = join(corpusDir, 'unprompted');
  let names;
  try {
    names = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const out = [];
  for (const f of names) {
    const c = JSON.parse(await readFile(join(dir, f), 'utf8'));
    out.push({
      id: `unprompted-${f.replace(/\.json$/, '')}`,
      site: c.site,
      observed: c.observed,
      reply: c.reply_markdown,
      structured: c.structured ?? null,
    });
  }
  return out;
}

async function detect(cli, input, args) {
  const { code, stdout, stderr } = await cli.run(['detect', '--json', ...args], input);
  let sets = [];
  try {
    sets = JSON.parse(stdout);
  } catch {
    // a usage error: stderr says why
  }
  const ops = sets.flatMap((s) =>
    s.ops.map(
      (o) => `${s.source.format}:${o.kind}:${o.path ?? o.to ?? o.command ?? ''}${o.guess ? '?' : ''}`,
    ),
  );
  const errors = sets.flatMap((s) =>
    s.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
  );
  if (code === 2) errors.push(stderr.trim());
  return { ops, errors };
}

/** One reply through `cli` (a runner of cli-pool.mjs). */
export async function runUnprompted(cli, c) {
  const text = await detect(cli, c.reply, ['-']);
  const structured = c.structured
    ? await detect(cli, JSON.stringify(c.structured), ['--message', '-'])
    : null;
  return {
    id: c.id,
    site: c.site,
    kinds: c.observed?.kinds ?? [],
    text,
    structured,
    found: text.ops.length > 0 || (structured?.ops.length ?? 0) > 0,
  };
}

export function unpromptedReport(results) {
  if (results.length === 0) return '';
  const lines = [
    '',
    'unprompted replies (no format asked for; what ReplyApply finds — there are no expected files):',
  ];
  const short = (s) => (s.length > 140 ? `${s.slice(0, 137)}…` : s);
  for (const r of results) {
    lines.push(`  ${r.found ? 'found  ' : 'nothing'} ${r.id} (${r.site}; ${r.kinds.join(', ')})`);
    for (const [label, got] of [
      ['text', r.text],
      ['structured', r.structured],
    ]) {
      if (!got) continue;
      if (got.ops.length > 0) lines.push(`      ${label}: ${got.ops.join(' ')}`);
      for (const e of got.errors) lines.push(`      ${label}: error: ${short(e)}`);
    }
  }
  const fromText = results.filter((r) => r.text.ops.length > 0).length;
  lines.push(
    '',
    `unprompted: an operation found in ${results.filter((r) => r.found).length} of ${results.length} replies (from the text alone: ${fromText})`,
  );
  return lines.join('\n');
}
