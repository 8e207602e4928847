/**
 * `npm run corpus -- --variants`: metamorphic variants of the corpus, to find the classes of wrong writes before
 * users do. Every apply-level case that upstream expects to apply is changed in a way that must not change what
 * the reply means, and goes through the same `runCase` of scripts/corpus.mjs (the built CLI in a fresh temp
 * folder). Only the ORIGINAL files change; the reply stays exactly as the model wrote it.
 *
 * - `bom`:          every original file gets a UTF-8 byte-order mark; the files that existed keep exactly one,
 *                   files the reply creates get none.
 * - `crlf`:         every original file's line endings become CRLF; so do the expected files that existed (lines
 *                   the reply adds included); a created file may be as expected or CRLF throughout (a new file
 *                   takes the project's endings when the files known agree, shared/engine/new-file-eol.ts).
 * - `tabs`:         leading space indentation becomes tabs, whole units of the file's indent (2 or 4 spaces) only;
 *                   the same mapping on the expected files that existed. A file the reply writes whole keeps the
 *                   reply's text.
 * - `trailing-ws`:  one line that the reply keeps unchanged (once in the original, once in the expected file, with
 *                   the same neighbours; preferably a context line of the reply) gets two trailing spaces, in the
 *                   original and in the expected file.
 * - `case-renamed`: a file the reply modifies is renamed to a case variant (`App.jsx` → `app.jsx`, `main.py` →
 *                   `Main.py`); the edit must land on it. Creating the reply's spelling beside it is a wrong write.
 * - `case-decoy`:   a same-content case-variant copy is put beside a file the reply modifies; only the exactly
 *                   named file may change.
 * A file moved or copied by the reply (git `rename/copy from/to`, v4a `*** Move to:`, FILE_RENAME/COPY/MOVE) is
 * expected in its source's style. A variant whose transformation is a no-op for a case is skipped.
 *
 * Outcomes are runCase's: applied (exactly the transformed expected tree), refused (nothing changed on disk: an
 * acceptable answer to a variant), wrong (anything else: never acceptable). Variants run only for cases whose base
 * case applies in the same run.
 *
 * Options (after `--variants`): `--json`, `--why` (every refusal with its reason), `--sample N` (every Nth eligible
 * case, as the test runs it), `--variant NAME[,NAME…]`; `--only ID[,ID…]` works as for the plain run.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const VARIANTS = ['bom', 'crlf', 'tabs', 'trailing-ws', 'case-renamed', 'case-decoy'];

const BOM = '\uFEFF';

// ---------------------------------------------------------------------------------------------------------
// Transformations of one file's text.

/** The text with a byte-order mark in front, or null when that is a no-op (empty, or it has one already). */
export function addBom(text) {
  return text === '' || text.startsWith(BOM) ? null : BOM + text;
}

/** Every line ending CRLF, or null when that changes nothing (no LF line ending in the text). */
export function toCrlf(text) {
  const out = text.replace(/\r?\n/g, '\r\n');
  return out === text ? null : out;
}

/** Leading runs of spaces before the first non-space character, line by line (lines indented with a tab: none). */
function indentRuns(text) {
  const runs = [];
  for (const line of text.split('\n')) {
    const m = /^( +)[^ \t\r]/.exec(line);
    if (m) runs.push(m[1].length);
  }
  return runs;
}

/**
 * The file's indent unit: 4 when every even indentation is a multiple of 4, else 2; null when no line is
 * indented by an even number of spaces (odd runs alone are alignment, not indentation).
 */
export function indentUnit(text) {
  const even = indentRuns(text).filter((n) => n % 2 === 0);
  if (even.length === 0) return null;
  return even.every((n) => n % 4 === 0) ? 4 : 2;
}

/**
 * Leading spaces become tabs, whole units only: n spaces → ⌊n/unit⌋ tabs and n mod unit spaces (a JSDoc ` * `
 * under a 2-space indent stays `\t * `). Lines indented with tabs, and lines of only whitespace, stay as they are.
 */
export function spacesToTabs(text, unit) {
  return text.replace(
    /^( +)(?=[^ \t\r\n])/gm,
    (run) => '\t'.repeat(Math.floor(run.length / unit)) + ' '.repeat(run.length % unit),
  );
}

/**
 * A case variant of a path's file name: a name with a capital letter in lower case (`src/App.jsx` → `src/app.jsx`),
 * else its first letter capitalised (`src/main.py` → `src/Main.py`); null for a name without letters.
 */
export function caseVariantName(path) {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const base = path.slice(slash + 1);
  let other;
  if (/[A-Z]/.test(base)) other = base.toLowerCase();
  else {
    const i = base.search(/[a-z]/);
    if (i === -1) return null;
    other = base.slice(0, i) + base[i].toUpperCase() + base.slice(i + 1);
  }
  return other === base ? null : dir + other;
}

// ---------------------------------------------------------------------------------------------------------
// What a case's reply does to its files.

const isText = (v) => typeof v === 'string';

/** Lines of a text without their line endings (a final newline does not make an empty last line). */
function linesOf(text) {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Files the reply moves or copies: target → source, both named as the case's trees name them. */
export function movedFrom(c) {
  const out = new Map();
  const add = (from, to) => {
    const source = from.trim();
    const target = to.trim();
    if (isText(c.tree[source]) && isText(c.expected[target]) && source !== target) out.set(target, source);
  };
  const reply = c.reply.replace(/\r\n/g, '\n');
  for (const m of reply.matchAll(/^(?:rename|copy) from (.+)\n(?:rename|copy) to (.+)$/gm)) add(m[1], m[2]);
  for (const m of reply.matchAll(/^\*\*\* Update File: (.+)\n\*\*\* Move to: (.+)$/gm)) add(m[1], m[2]);
  for (const m of reply.matchAll(/<FILE_(?:RENAME|COPY|MOVE)\b([^>]*)>/g)) {
    const from = /\bfrom(?:_path)?="([^"]*)"/.exec(m[1]);
    const to = /\bto(?:_path)?="([^"]*)"/.exec(m[1]);
    if (from && to) add(from[1], to[1]);
  }
  return out;
}

/** Files that exist before and after and differ: the ones the reply modifies in place. */
export function modifiedFiles(c) {
  return Object.keys(c.tree)
    .filter((p) => isText(c.tree[p]) && isText(c.expected[p]) && c.tree[p] !== c.expected[p])
    .sort();
}

/** True when `lines` (with a non-blank one) stand in the reply as consecutive whole lines. */
function replyHolds(replyLines, lines) {
  if (!lines.some((l) => l.trim() !== '')) return false;
  for (let i = 0; i + lines.length <= replyLines.length; i++) {
    let j = 0;
    while (j < lines.length && replyLines[i + j] === lines[j]) j++;
    if (j === lines.length) return true;
  }
  return false;
}

/**
 * True when the reply writes this file whole: its expected text stands in the reply line for line and its original
 * text does not (a SEARCH of the whole file is an edit, not a whole-file write).
 */
export function writtenWhole(c, path, replyLines = linesOf(c.reply)) {
  const want = c.expected[path];
  if (!isText(want)) return false;
  const before = c.tree[path];
  return (
    replyHolds(replyLines, linesOf(want)) && !(isText(before) && replyHolds(replyLines, linesOf(before)))
  );
}

// ---------------------------------------------------------------------------------------------------------
// Variants.

/**
 * A variant that restyles every original file with `styleOf(path, text)` (a function of the text, or null to
 * leave the file) and expects the same style on each expected file that existed, or that the reply moved or copied
 * from one that did. `keepWhole` leaves a file the reply writes whole as the reply says.
 */
function restyleVariant(c, name, styleOf, keepWhole = false) {
  const styles = new Map();
  for (const [p, text] of Object.entries(c.tree)) {
    if (!isText(text)) continue;
    const style = styleOf(p, text);
    if (style) styles.set(p, style);
  }
  const moved = movedFrom(c);
  const replyLines = linesOf(c.reply);
  const tree = { ...c.tree };
  const expected = { ...c.expected };
  for (const [p, style] of styles) tree[p] = style(c.tree[p]);
  let touched = 0;
  let whole = 0;
  for (const [p, text] of Object.entries(c.expected)) {
    if (!isText(text)) {
      if (styles.has(p) && isText(c.tree[p])) touched++; // deleted
      continue;
    }
    const source = moved.get(p) ?? (isText(c.tree[p]) ? p : null);
    const style = source && styles.get(source);
    if (!style) continue;
    const changes = moved.has(p) || text !== c.tree[p];
    if (keepWhole && changes && writtenWhole(c, p, replyLines)) {
      whole++;
      continue;
    }
    expected[p] = style(text);
    if (changes) touched++;
  }
  if (touched === 0) {
    return {
      skip:
        whole > 0
          ? `the reply writes every file it changes whole (${name} is the reply's to choose)`
          : `no file the reply changes is affected by ${name}`,
    };
  }
  return { tree, expected, note: `${styles.size} file(s) restyled`, meta: { styles, moved } };
}

function bomVariant(c) {
  // A file the reply empties is empty: a lone BOM is not a file's content.
  return restyleVariant(c, 'a BOM', (_p, text) =>
    addBom(text) === null ? null : (t) => (t === '' ? '' : BOM + t),
  );
}

function crlfVariant(c) {
  const made = restyleVariant(c, 'CRLF', (_p, text) =>
    toCrlf(text) === null ? null : (t) => t.replace(/\r?\n/g, '\r\n'),
  );
  if (made.skip) return made;
  // A file the reply creates in a project whose files are CRLF may take the project's endings
  // (shared/engine/new-file-eol.ts) or keep the reply's: either is the reply's text.
  const eitherEol = {};
  for (const [p, text] of Object.entries(c.expected))
    if (isText(text) && !isText(c.tree[p]) && !made.meta.moved.has(p) && toCrlf(text) !== null)
      eitherEol[p] = text.replace(/\r?\n/g, '\r\n');
  return { ...made, eitherEol };
}

function tabsVariant(c) {
  return restyleVariant(
    c,
    'tab indentation',
    (_p, text) => {
      const unit = indentUnit(text);
      if (unit === null || spacesToTabs(text, unit) === text) return null;
      const style = (t) => spacesToTabs(t, unit);
      style.unit = unit;
      return style;
    },
    true,
  );
}

/** Two trailing spaces on the line at `index` (0-based) of the text, before its line ending. */
export function addTrailingSpaces(text, index) {
  const parts = text.split('\n');
  parts[index] = parts[index].endsWith('\r') ? `${parts[index].slice(0, -1)}  \r` : `${parts[index]}  `;
  return parts.join('\n');
}

/**
 * The line of a modified file that the reply keeps unchanged, for `trailing-ws`: non-blank, without trailing
 * whitespace, once in the original and once in the expected file with the same neighbours, and not a line the
 * reply adds or removes. A context line of a diff (` line`) comes first, then a line the reply repeats (a SEARCH
 * line), then any other; ties go to the first file and the first line.
 */
export function keptLine(c) {
  const replyLines = linesOf(c.reply);
  const inReply = new Set(replyLines);
  let best = null;
  for (const p of modifiedFiles(c)) {
    if (writtenWhole(c, p, replyLines)) continue;
    const a = linesOf(c.tree[p]);
    const b = linesOf(c.expected[p]);
    const count = (lines) => {
      const m = new Map();
      for (const l of lines) m.set(l, (m.get(l) ?? 0) + 1);
      return m;
    };
    const ca = count(a);
    const cb = count(b);
    const whereB = new Map(b.map((l, i) => [l, i]));
    for (let i = 0; i < a.length; i++) {
      const line = a[i];
      if (line.trim().length < 2 || /\s$/.test(line) || ca.get(line) !== 1 || cb.get(line) !== 1) continue;
      if (inReply.has(`+${line}`) || inReply.has(`-${line}`)) continue;
      const j = whereB.get(line);
      if (a[i - 1] !== b[j - 1] || a[i + 1] !== b[j + 1]) continue;
      const rank = inReply.has(` ${line}`) ? 0 : inReply.has(line) ? 1 : 2;
      if (!best || rank < best.rank) best = { path: p, line, from: i, to: j, rank };
      if (rank === 0) return best;
    }
  }
  return best;
}

const KEPT_RANK = ['a context line', 'a line the reply repeats', 'not in the reply'];

function trailingWsVariant(c) {
  const kept = keptLine(c);
  if (!kept)
    return { skip: 'no line that the reply keeps unchanged stands once in the original and the result' };
  return {
    tree: { ...c.tree, [kept.path]: addTrailingSpaces(c.tree[kept.path], kept.from) },
    expected: { ...c.expected, [kept.path]: addTrailingSpaces(c.expected[kept.path], kept.to) },
    note: `${kept.path}: ${JSON.stringify(kept.line)} (${KEPT_RANK[kept.rank]})`,
    meta: kept,
  };
}

/** The first modified file with a case variant that collides with no other path of the case. */
function caseTarget(c) {
  for (const p of modifiedFiles(c)) {
    const other = caseVariantName(p);
    if (!other) continue;
    const lower = other.toLowerCase();
    if (Object.keys(c.tree).some((k) => k !== p && k.toLowerCase() === lower)) continue;
    if (Object.keys(c.expected).some((k) => k !== p && k.toLowerCase() === lower)) continue;
    return { path: p, other };
  }
  return null;
}

function rename(tree, from, to) {
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k === from ? to : k, v]));
}

function caseRenamedVariant(c) {
  const t = caseTarget(c);
  if (!t) return { skip: 'no modified file with a case variant of its name' };
  return {
    tree: rename(c.tree, t.path, t.other),
    expected: rename(c.expected, t.path, t.other),
    note: `${t.path} is ${t.other} on disk`,
    meta: t,
  };
}

function caseDecoyVariant(c) {
  const t = caseTarget(c);
  if (!t) return { skip: 'no modified file with a case variant of its name' };
  return {
    tree: { ...c.tree, [t.other]: c.tree[t.path] },
    expected: { ...c.expected, [t.other]: c.tree[t.path] },
    note: `decoy ${t.other} beside ${t.path}`,
    meta: t,
  };
}

const MAKERS = {
  bom: bomVariant,
  crlf: crlfVariant,
  tabs: tabsVariant,
  'trailing-ws': trailingWsVariant,
  'case-renamed': caseRenamedVariant,
  'case-decoy': caseDecoyVariant,
};

/**
 * The variants of one case (none for an expect_fail case): `{ variant, case }` with a case for runCase (id
 * `<id>~<variant>`), or `{ variant, skip }` with why the variant is a no-op for it.
 */
export function variantsOf(c, names = VARIANTS) {
  if (c.expectFail) return [];
  return names.map((variant) => {
    const made = MAKERS[variant](c);
    if (made.skip) return { variant, skip: made.skip };
    return {
      variant,
      note: made.note,
      meta: made.meta,
      case: {
        ...c,
        id: `${c.id}~${variant}`,
        tree: made.tree,
        expected: made.expected,
        ...(made.eitherEol ? { eitherEol: made.eitherEol } : {}),
      },
    };
  });
}

/** The cases variants are made of, every `every`th one when sampling: the same list for the script and its test. */
export function eligibleCases(cases, every = 1) {
  return cases.filter((c) => !c.expectFail).filter((_, i) => i % every === 0);
}

// ---------------------------------------------------------------------------------------------------------
// Running and reporting.

/** A tree without its absent (null) entries. */
const present = (tree) => Object.fromEntries(Object.entries(tree).filter(([, v]) => isText(v)));

/**
 * Run the CLI on a case as runCase does, but in its plain-text form (the JSON answer has no notes), and return the
 * tree it leaves with the notes it printed (`matched … only when ignoring …`): for the detail of a wrong write.
 */
async function treeAfter(cli, c) {
  const dir = await mkdtemp(join(tmpdir(), 'replyapply-variant-'));
  try {
    const project = join(dir, 'project');
    await mkdir(project);
    for (const [path, text] of Object.entries(present(c.tree))) {
      await mkdir(dirname(join(project, path)), { recursive: true });
      await writeFile(join(project, path), text);
    }
    const { stdout } = await cli.run(
      ['apply', '--yes', '--include-guesses', '--dir', project, '-'],
      c.reply,
      {
        REPLYAPPLY_STATE_DIR: join(dir, 'state'),
      },
    );
    const notes = stdout
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('note: '))
      .map((l) => l.slice(6));
    const read = async (prefix) => {
      const out = {};
      for (const e of await readdir(join(project, prefix), { withFileTypes: true })) {
        const rel = prefix ? `${prefix}/${e.name}` : e.name;
        if (e.isDirectory()) Object.assign(out, await read(rel));
        else out[rel] = await readFile(join(project, rel), 'utf8');
      }
      return out;
    };
    return { tree: await read(''), notes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A line shown with its invisible characters: a BOM, tabs, CR and trailing spaces. */
function shown(line) {
  if (line === undefined) return '(no line)';
  const s = JSON.stringify(line).replace(/\uFEFF/g, '\\ufeff');
  return s.length > 90 ? `${s.slice(0, 87)}…"` : s;
}

/** Which files differ between two trees, each with its first differing line (endings kept visible). */
export function treeDifference(got, want) {
  const out = [];
  for (const k of [...new Set([...Object.keys(got), ...Object.keys(want)])].sort()) {
    if (!(k in want)) out.push(`${k}: written, not expected`);
    else if (!(k in got)) out.push(`${k}: missing`);
    else if (got[k] !== want[k]) {
      const a = got[k].split(/(?<=\n)/);
      const b = want[k].split(/(?<=\n)/);
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      out.push(`${k} line ${i + 1}: got ${shown(a[i])}, want ${shown(b[i])}`);
    }
  }
  return out.join('; ');
}

/** How often each line stands in a text. */
function lineCounts(text) {
  const m = new Map();
  for (const l of text.split('\n')) m.set(l, (m.get(l) ?? 0) + 1);
  return m;
}

/**
 * True when the only lines of `got` that differ from `want` are lines the reply adds, written as the reply wrote
 * them: each such line is the untransformed expected line at its place, and no text differs more often than the
 * reply adds it (counted, not aligned, so that a line the reply adds again elsewhere cannot be mistaken).
 */
export function onlyAddedLinesDiffer(before, after, want, got) {
  const g = got.split('\n');
  const w = want.split('\n');
  const e = after.split('\n');
  if (g.length !== w.length || w.length !== e.length) return false;
  const had = lineCounts(before);
  const has = lineCounts(after);
  const differing = new Map();
  for (let i = 0; i < g.length; i++) {
    if (g[i] === w[i]) continue;
    if (g[i] !== e[i]) return false;
    differing.set(e[i], (differing.get(e[i]) ?? 0) + 1);
  }
  return [...differing].every(([line, n]) => n <= (has.get(line) ?? 0) - (had.get(line) ?? 0));
}

/**
 * The class of a wrong write, from the tree the CLI left: what the engine did, in a phrase, so that wrong variants
 * group themselves. `c` is the base case, `v` the variant (with its meta), `got` the tree on disk.
 */
export function classify(c, v, got, notes = []) {
  const loosened = (what) => notes.some((n) => n.includes(`only when ignoring ${what}`));
  const want = present(v.case.expected);
  const differs = Object.keys({ ...got, ...want }).filter((k) => got[k] !== want[k]);
  const written = differs.filter((k) => !(k in want));
  const missing = differs.filter((k) => !(k in got));
  const changed = differs.filter((k) => k in want && k in got);
  if (v.variant === 'case-renamed' || v.variant === 'case-decoy') {
    const { path, other } = v.meta;
    if (v.variant === 'case-renamed' && written.includes(path))
      return `a second file is created with the reply's spelling beside its case variant (${c.kinds[0]})`;
    if (v.variant === 'case-decoy' && differs.includes(other)) return 'the case-variant decoy is written';
  }
  if (written.length > 0 || missing.length > 0)
    return `files written or removed that should not be (${[...written, ...missing].join(', ')})`;
  const kinds = new Set();
  for (const k of changed) {
    const g = got[k];
    const w = want[k];
    if (v.variant === 'bom') {
      if (g.startsWith(BOM + BOM)) kinds.add('the BOM is doubled');
      else if (w === '' && g === BOM) kinds.add('a file the reply empties keeps a lone BOM');
      else if (w.startsWith(BOM) && !g.startsWith(BOM)) kinds.add('the BOM is dropped');
      else if (!w.startsWith(BOM) && g.startsWith(BOM))
        kinds.add('a BOM is put on a file that should have none');
      else kinds.add('content differs beyond the BOM');
    } else if (v.variant === 'crlf') {
      const lf = (g.match(/(?<!\r)\n/g) ?? []).length;
      if (!g.includes('\r\n')) kinds.add('the CRLF file is rewritten with LF endings');
      else if (lf > 0) kinds.add('LF endings on lines the reply adds or replaces in a CRLF file');
      else kinds.add('content differs beyond the line endings');
    } else if (v.variant === 'tabs') {
      const source = v.meta.moved.get(k) ?? k;
      kinds.add(
        onlyAddedLinesDiffer(c.tree[source], c.expected[k], w, g)
          ? `the lines the reply adds keep its space indentation in a tab-indented file, ${loosened('the indentation') ? 'after a match that ignored indentation (mixed indentation in the edited block)' : 'after an exact match (no indented line to follow)'}`
          : "lines the file already had are rewritten with the reply's space indentation (tabs lost inside the edited region)",
      );
    } else if (v.variant === 'trailing-ws' && k === v.meta.path) {
      const line = `${v.meta.line}  `;
      kinds.add(
        g.split(/\r?\n/).includes(line)
          ? 'content differs beyond the trailing spaces'
          : `the trailing spaces are dropped from ${KEPT_RANK[v.meta.rank]} that the reply keeps unchanged${loosened('trailing whitespace') ? ', after a match that ignored trailing whitespace' : ''}`,
      );
    } else kinds.add('content differs');
  }
  return [...kinds].sort().join('; ');
}

/**
 * Run the base cases, then the variants of those that applied: `{ base, variants, skipped }`. `pool(items, fn)`
 * runs `fn` over the items with the script's parallelism; `runCase(cli, c)` is corpus.mjs's, `cli` a runner of
 * scripts/cli-pool.mjs.
 */
export async function runVariants({ cli, cases, runCase, pool, names = VARIANTS }) {
  const eligible = cases.filter((c) => !c.expectFail);
  const base = await pool(eligible, (c) => runCase(cli, c));
  const baseOf = new Map(base.map((r) => [r.id, r.outcome]));
  const todo = [];
  const skipped = [];
  for (const c of eligible) {
    for (const v of variantsOf(c, names)) {
      if (v.skip) skipped.push({ case: c.id, variant: v.variant, base: baseOf.get(c.id), reason: v.skip });
      else if (baseOf.get(c.id) === 'applied') todo.push({ ...v, of: c });
    }
  }
  const variants = await pool(todo, async (v) => {
    const r = await runCase(cli, v.case);
    const out = { ...r, case: v.of.id, variant: v.variant, base: 'applied', note: v.note };
    if (r.outcome === 'wrong' && /^exit 0; nothing written$/.test(r.why)) {
      // Nothing changed on disk: a refusal, though the CLI's exit code said everything applied.
      out.outcome = 'refused';
      out.exit0 = true;
      out.why = 'exit 0, yet nothing was written';
    } else if (r.outcome === 'wrong') {
      const { tree: got, notes } = await treeAfter(cli, v.case);
      out.detail = treeDifference(got, present(v.case.expected));
      out.notes = notes;
      out.class = classify(v.of, v, got, notes);
      out.size = Object.values(present(v.case.tree)).reduce((n, t) => n + t.length, 0) + v.case.reply.length;
    }
    return out;
  });
  return { base, variants, skipped };
}

/** Per variant: cases (run), applied, refused, wrong, skipped (no-op), and those not run (base not applied). */
export function variantSummary(run, names = VARIANTS) {
  const rows = {};
  for (const name of [...names, 'all'])
    rows[name] = { cases: 0, applied: 0, refused: 0, wrong: 0, skipped: 0 };
  for (const r of run.variants) {
    for (const name of [r.variant, 'all']) {
      rows[name].cases++;
      rows[name][r.outcome]++;
    }
  }
  for (const s of run.skipped) {
    if (s.base !== 'applied') continue;
    rows[s.variant].skipped++;
    rows.all.skipped++;
  }
  return rows;
}

/** The wrong writes grouped by variant and class, with the smallest cases first (the best reproductions). */
export function wrongClasses(run) {
  const groups = new Map();
  for (const r of run.variants) {
    if (r.outcome !== 'wrong') continue;
    const key = `${r.variant}\0${r.class}`;
    if (!groups.has(key)) groups.set(key, { variant: r.variant, class: r.class, cases: [] });
    groups.get(key).cases.push(r);
  }
  return [...groups.values()]
    .map((g) => ({
      variant: g.variant,
      class: g.class,
      count: g.cases.length,
      cases: g.cases.sort((a, b) => a.size - b.size).map((r) => r.case),
    }))
    .sort((a, b) => VARIANTS.indexOf(a.variant) - VARIANTS.indexOf(b.variant) || b.count - a.count);
}

export function variantReport(run, { why = false, names = VARIANTS } = {}) {
  const lines = [];
  const count = (o) => run.base.filter((r) => r.outcome === o).length;
  lines.push(
    `base cases: ${run.base.length} eligible (not expect_fail); applied ${count('applied')}, refused ${count('refused')}, other ${run.base.length - count('applied') - count('refused')}; variants run on the applied ones`,
    '',
  );
  const rows = variantSummary(run, names);
  const w = Math.max(...Object.keys(rows).map((k) => k.length), 'variant'.length);
  lines.push(`${'variant'.padEnd(w)}  cases  applied  refused  wrong  skipped`);
  for (const [name, s] of Object.entries(rows)) {
    lines.push(
      `${name.padEnd(w)}  ${String(s.cases).padStart(5)}  ${String(s.applied).padStart(7)}  ${String(s.refused).padStart(7)}  ${String(s.wrong).padStart(5)}  ${String(s.skipped).padStart(7)}`,
    );
  }
  const classes = wrongClasses(run);
  if (classes.length > 0) lines.push('', 'classes of wrong writes (smallest cases first):');
  for (const g of classes) {
    const more = g.cases.length > 3 ? `, … ${g.cases.length - 3} more` : '';
    lines.push(
      `  ${g.variant.padEnd(12)} ${String(g.count).padStart(4)}  ${g.class}`,
      `${' '.repeat(20)}${g.cases.slice(0, 3).join(', ')}${more}`,
    );
  }
  const wrong = run.variants.filter((r) => r.outcome === 'wrong');
  if (wrong.length > 0) lines.push('', 'wrong writes (base applied):');
  for (const r of wrong)
    lines.push(
      `  ${r.variant.padEnd(12)} ${r.case} [${r.note}]: exit ${r.exit}; ${r.detail}${r.notes?.length ? ` (the CLI noted: ${r.notes.join(' / ')})` : ''}`,
    );
  const exit0 = run.variants.filter((r) => r.exit0);
  if (exit0.length > 0)
    lines.push('', 'refused, yet the CLI exited 0 (nothing written, nothing reported as failed):');
  for (const r of exit0) lines.push(`  ${r.variant.padEnd(12)} ${r.case} [${r.note}]`);
  if (why) {
    const refused = run.variants.filter((r) => r.outcome === 'refused' && !r.exit0);
    if (refused.length > 0) lines.push('', 'refused:');
    for (const r of refused) lines.push(`  ${r.variant.padEnd(12)} ${r.case} [${r.note}]: ${r.why}`);
  }
  const all = rows.all;
  lines.push(
    '',
    `variants: ${all.cases} run, applied ${all.applied}, refused ${all.refused}, wrong writes ${all.wrong}, skipped ${all.skipped}`,
  );
  return lines.join('\n');
}

/**
 * The `--variants` run of scripts/corpus.mjs: options parsed here, the rest passed in by its main block. The CLI
 * runs from a private copy, so that a rebuild of dist/ by anything else during the run cannot mix two builds;
 * `runner(path)` gives the runner of scripts/cli-pool.mjs that runs that copy (closed here).
 */
export async function variantsMain(args, { cli, runner, cases, runCase, pool }) {
  const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const names = opt('--variant')?.split(',') ?? VARIANTS;
  for (const n of names)
    if (!VARIANTS.includes(n)) throw new Error(`no variant ${n}: ${VARIANTS.join(', ')}`);
  const every = Number(opt('--sample') ?? 1);
  if (!Number.isInteger(every) || every < 1) throw new Error('--sample takes a whole number ≥ 1');
  const started = Date.now();
  const snapshot = await mkdtemp(join(tmpdir(), 'replyapply-variants-cli-'));
  let run;
  try {
    const own = join(snapshot, 'cli.mjs');
    await copyFile(cli, own);
    const ownCli = runner(own);
    try {
      run = await runVariants({ cli: ownCli, cases: eligibleCases(cases, every), runCase, pool, names });
    } finally {
      await ownCli.close();
    }
  } finally {
    await rm(snapshot, { recursive: true, force: true });
  }
  if (args.includes('--json')) {
    const summary = variantSummary(run, names);
    const classes = wrongClasses(run);
    process.stdout.write(
      `${JSON.stringify({ ...run, summary, classes, ms: Date.now() - started }, null, 2)}\n`,
    );
  } else {
    process.stdout.write(`${variantReport(run, { why: args.includes('--why'), names })}\n`);
    process.stderr.write(`(${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
}
