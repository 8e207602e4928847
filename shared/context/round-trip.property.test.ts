/**
 * Round trip (issue 41): a bundle of project files goes into the chat, the model answers with edits
 * to those files naming them exactly as the bundle wrote them, in any format ReplyApply reads — and the
 * plan puts every edit on the file meant, with the text meant, and guesses nothing: no guessed or
 * resolved name, no match below the exact rung, no note or diagnostic at all.
 *
 * Projects are generated: nested folders, dots, dashes, digits, underscores, capitals, dot-files, names
 * with no extension, and names the bundle cannot write on a bare line (a space: it writes those as
 * `title="…"` in the fence's info string). Other files of the project sit beside the bundled ones with
 * the same names in other folders, so a path read loosely would land on the wrong one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../changeset/changeset';
import { type FileSnapshot, plan, planNeeds } from '../engine/plan';
import { detectAll } from '../formats/registry';
import { normalizePath } from '../paths/paths';
import { buildBundle, languageOf } from './bundle';

interface ProjectFile {
  path: string;
  lines: string[];
}

/** One bundled file, its edit (line `k` becomes `line`), and the text the edit gives. */
interface Edit {
  path: string;
  lines: string[];
  k: number;
  line: string;
  old: string;
  expected: string;
}

const text = (lines: readonly string[]) => `${lines.join('\n')}\n`;

// ── generated projects ───────────────────────────────────────────────────────────────────────────

const folder = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}$/),
  fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,6}$/),
  fc.constantFrom(
    'src',
    'lib',
    '.github',
    'v1.2',
    '__tests__',
    'my-lib',
    '2024',
    'a.b-c_d',
    'My Docs',
    'x y',
  ),
);
const name = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,8}$/),
      fc.constantFrom('ts', 'tsx', 'py', 'md', 'json', 'txt', 'go', 'yml', 'rs', 'sh', 'css'),
    )
    .map(([base, ext]) => `${base}.${ext}`),
  fc.constantFrom(
    'index.ts',
    'util.ts',
    'Makefile',
    'Dockerfile',
    '.env',
    '.gitignore',
    'README',
    'my notes.md',
    'index.test.ts',
    'config.local.json',
    'file-1_2.py',
  ),
);
// The project can only hold names ReplyApply would write (not `.git/…`, not `a/./b`): what the host
// lists is what normalizePath keeps as it is.
const path = fc
  .tuple(fc.array(folder, { maxLength: 3 }), name)
  .map(([dirs, n]) => [...dirs, n].join('/'))
  .filter((p) => {
    const r = normalizePath(p);
    return r.ok && r.path === p;
  });

// Lines each file holds once, so the edits' own text places them: this test is about paths.
const word = fc.stringMatching(/^[a-z]{1,8}$/);
const fileLines = fc
  .array(word, { minLength: 2, maxLength: 7 })
  .map((ws) => ws.map((w, i) => `line ${i}: ${w}`));

/** A file and a folder of one name cannot both exist, nor two names that differ only in case. */
function holdable(paths: readonly string[]): boolean {
  const lower = paths.map((p) => p.toLowerCase());
  if (new Set(lower).size !== lower.length) return false;
  return !lower.some((p) => lower.some((q) => q.startsWith(`${p}/`)));
}

/**
 * A project and an edit of each of its bundled files: 1 to 3 files whose paths `bundled` makes, the
 * files the edits are for, and up to 3 other files beside them (the same generated names in other
 * folders, often: a loosely read path lands on one).
 */
function scenarioOf(bundled: fc.Arbitrary<string>) {
  const file = (p: fc.Arbitrary<string>) => fc.record({ path: p, lines: fileLines });
  return fc
    .tuple(fc.array(file(bundled), { minLength: 1, maxLength: 3 }), fc.array(file(path), { maxLength: 3 }))
    .filter(([mine, others]) => holdable([...mine, ...others].map((f) => f.path)))
    .chain(([mine, others]) =>
      fc.tuple(...mine.map((f) => fc.tuple(fc.nat({ max: f.lines.length - 1 }), word))).map((picks) => ({
        files: [...mine, ...others] as ProjectFile[],
        edits: picks.map(([k, w], i): Edit => {
          const f = mine[i]!;
          const lines = f.lines.slice();
          const line = `changed ${k}: ${w}`;
          lines[k] = line;
          return { path: f.path, lines: f.lines, k, line, old: text(f.lines), expected: text(lines) };
        }),
      })),
    );
}

// ── how the bundle writes a path ───────────────────────────────────────────────────────────────

/**
 * The lines the bundle writes a file's path in, up to and with its fence's opening line: the path on
 * a line of its own then ```` ```ts ````, or ```` ```text title="my notes.md" ````. Taken from the bundle
 * itself, so this test quotes what the bundle writes, whatever rule it follows.
 */
function pathLines(p: string): string[] {
  const lines = buildBundle([{ path: p, content: 'x\n' }]).split('\n');
  const from = lines.indexOf(`- ${p}`) + 2;
  const fence = lines.findIndex((l, i) => i >= from && l.startsWith('```'));
  return lines.slice(from, fence + 1);
}

const bareLine = (p: string) => pathLines(p).length === 2;

// ── the reply, in each format ──────────────────────────────────────────────────────────────────

/** The edited line with one line of context each side where the file has it (hunk and patch formats). */
function around(e: Edit): { before: string[]; after: string[] } {
  return { before: e.lines.slice(Math.max(0, e.k - 1), e.k), after: e.lines.slice(e.k + 1, e.k + 2) };
}

function hunk(e: Edit, numbered: boolean): string[] {
  const { before, after } = around(e);
  const count = before.length + 1 + after.length;
  const start = e.k - before.length + 1;
  return [
    numbered ? `@@ -${start},${count} +${start},${count} @@` : '@@',
    ...before.map((l) => ` ${l}`),
    `-${e.lines[e.k]}`,
    `+${e.line}`,
    ...after.map((l) => ` ${l}`),
  ];
}

const fenceAround = (header: string[], body: string[]) => [...header, ...body, '```'];

interface Writer {
  format: ChangeSet['source']['format'];
  /** Which paths the format can name; where a path shape is left out, the comment says why. */
  takes?: (p: string) => boolean;
  write: (edits: readonly Edit[]) => string;
  /** The file's text after the reply, where the format's reading is not `Edit.expected`. */
  expect?: (e: Edit) => string;
  /** The one note the format puts on every file it writes (where its text came from), if any. */
  said?: (e: Edit) => string;
}

const WRITERS: Record<string, Writer> = {
  'whole file, path as the bundle writes it': {
    format: 'whole-file',
    write: (edits) =>
      [
        'Here are the updated files.',
        '',
        ...edits.flatMap((e) => [...fenceAround(pathLines(e.path), e.expected.slice(0, -1).split('\n')), '']),
      ].join('\n'),
  },
  'aider SEARCH/REPLACE, path as the bundle writes it': {
    format: 'search-replace',
    write: (edits) =>
      edits
        .flatMap((e) => [
          ...fenceAround(pathLines(e.path), [
            '<<<<<<< SEARCH',
            e.lines[e.k]!,
            '=======',
            e.line,
            '>>>>>>> REPLACE',
          ]),
          '',
        ])
        .join('\n'),
  },
  'Cline replace_in_file': {
    format: 'search-replace',
    write: (edits) =>
      edits
        .flatMap((e) => [
          '<replace_in_file>',
          `<path>${e.path}</path>`,
          '<diff>',
          '------- SEARCH',
          e.lines[e.k]!,
          '=======',
          e.line,
          '+++++++ REPLACE',
          '</diff>',
          '</replace_in_file>',
          '',
        ])
        .join('\n'),
  },
  'OpenAI *** Begin Patch': {
    format: 'openai-patch',
    write: (edits) =>
      [
        '*** Begin Patch',
        ...edits.flatMap((e) => [`*** Update File: ${e.path}`, ...hunk(e, false)]),
        '*** End Patch',
      ].join('\n'),
  },
  'unified diff in a ```diff fence (git)': {
    format: 'unified-diff',
    write: (edits) =>
      fenceAround(
        ['```diff'],
        edits.flatMap((e) => [
          `diff --git a/${e.path} b/${e.path}`,
          `--- a/${e.path}`,
          `+++ b/${e.path}`,
          ...hunk(e, true),
        ]),
      ).join('\n'),
  },
  'FILE_CHANGES FILE_PATCH': {
    format: 'file-changes',
    write: (edits) =>
      [
        '<FILE_CHANGES>',
        ...edits.flatMap((e) => [`<FILE_PATCH file_path="${e.path}">`, ...hunk(e, false), '</FILE_PATCH>']),
        '</FILE_CHANGES>',
      ].join('\n'),
  },
  'FILE_CHANGES FILE_NEW (whole file)': {
    format: 'file-changes',
    write: (edits) =>
      [
        '<FILE_CHANGES>',
        ...edits.flatMap((e) => [`<FILE_NEW file_path="${e.path}">`, e.expected.slice(0, -1), '</FILE_NEW>']),
        '</FILE_CHANGES>',
      ].join('\n'),
  },
  'FILE_CHANGES FILE_APPEND': {
    format: 'file-changes',
    write: (edits) =>
      [
        '<FILE_CHANGES>',
        ...edits.flatMap((e) => [`<FILE_APPEND file_path="${e.path}">`, e.line, '</FILE_APPEND>']),
        '</FILE_CHANGES>',
      ].join('\n'),
    expect: (e) => `${e.old}${e.line}\n`,
  },
  'aider unified diff (no a/ b/, bare @@)': {
    format: 'unified-diff',
    write: (edits) =>
      fenceAround(
        ['```diff'],
        edits.flatMap((e) => [`--- ${e.path}`, `+++ ${e.path}`, ...hunk(e, false)]),
      ).join('\n'),
  },
  'delimiter blocks, replace and patch': {
    format: 'delimiter-blocks',
    write: (edits) =>
      edits
        .flatMap((e, i) =>
          i % 2 === 0
            ? [
                `--- START-REPLACE-FILE: ${e.path} ---`,
                e.expected.slice(0, -1),
                `--- END-REPLACE-FILE: ${e.path} ---`,
              ]
            : [
                `--- START-PATCH: ${e.path} ---`,
                `--- a/${e.path}`,
                `+++ b/${e.path}`,
                ...hunk(e, true),
                `--- END-PATCH: ${e.path} ---`,
              ],
        )
        .join('\n'),
  },
  'Repo Prompt XML, modify and rewrite': {
    format: 'xml-edits',
    write: (edits) =>
      edits
        .flatMap((e, i) =>
          i % 2 === 0
            ? [
                `<file path="${e.path}" action="modify">`,
                '<change>',
                '<description>Edit one line</description>',
                '<search>',
                '===',
                e.lines[e.k]!,
                '===',
                '</search>',
                '<content>',
                '===',
                e.line,
                '===',
                '</content>',
                '</change>',
                '</file>',
              ]
            : [
                `<file path="${e.path}" action="rewrite">`,
                '<change>',
                '<content>',
                '===',
                // A body is what lies between its `===` lines, so one that ends with a line break has a
                // blank last line (xml-edits.ts's grammar).
                e.expected,
                '===',
                '</content>',
                '</change>',
                '</file>',
              ],
        )
        .join('\n'),
  },
  'Markdown actions, modify and rewrite': {
    format: 'markdown-actions',
    write: (edits) =>
      [
        '# Plan',
        '',
        'Edit one line of each file.',
        '',
        '## Files',
        '',
        ...edits.flatMap((e, i) => {
          const lang = languageOf(e.path);
          if (i % 2 === 1)
            return [
              `### File ${e.path}`,
              '',
              '### Action rewrite',
              '',
              '#### Change',
              '',
              '**Content**:',
              '',
              `\`\`\`${lang}`,
              e.expected.slice(0, -1),
              '```',
              '',
            ];
          return [
            `### File ${e.path}`,
            '',
            '### Action modify',
            '',
            '#### Change',
            '',
            '**Description**: edit one line',
            '',
            '**Search**:',
            '',
            `\`\`\`${lang}`,
            e.lines[e.k]!,
            '```',
            '',
            '**Content**:',
            '',
            `\`\`\`${lang}`,
            e.line,
            '```',
            '',
          ];
        }),
      ].join('\n'),
  },
  'Aptix structured patch (JSON)': {
    format: 'aptix',
    write: (edits) =>
      fenceAround(
        ['```json'],
        [
          JSON.stringify(
            {
              root: '.',
              patches: edits.map((e) => ({
                path: e.path,
                replacements: [{ find: e.lines[e.k], replace: e.line }],
              })),
            },
            null,
            2,
          ),
        ],
      ).join('\n'),
  },
  'Aptix file bundle (JSON)': {
    format: 'aptix',
    write: (edits) =>
      fenceAround(
        ['```json'],
        [
          JSON.stringify(
            { root: '.', files: edits.map((e) => ({ path: e.path, content: e.expected })) },
            null,
            2,
          ),
        ],
      ).join('\n'),
  },
  'Claude artifact titled with the path': {
    format: 'artifacts',
    // A title is the document's name too: one with a space is a name and a description
    // (`a.jsx - Cookie page`, artifacts.ts), so only the bundle's bare-line paths are a title alone.
    takes: bareLine,
    said: (e) => `The text of the artifact "${e.path}".`,
    write: (edits) =>
      edits
        .flatMap((e, i) => [
          `<antArtifact identifier="file-${i}" type="application/vnd.ant.code" language="${languageOf(e.path) || 'text'}" title="${e.path}">`,
          e.expected.slice(0, -1),
          '</antArtifact>',
          '',
        ])
        .join('\n'),
  },
  'structured JSON, edit_ranges': {
    format: 'structured-json',
    // The path exactly as the bundle wrote it; the spec's `./` form is in the format's own fixtures.
    write: (edits) =>
      JSON.stringify(
        {
          message: 'Edit one line of each file.',
          edit_ranges: edits.map((e) => ({
            path: e.path,
            edits: [{ start: e.k + 1, end: e.k + 1, content: e.line }],
          })),
        },
        null,
        2,
      ),
  },
  'structured JSON, replace_files': {
    format: 'structured-json',
    write: (edits) =>
      JSON.stringify(
        {
          message: 'Replace each file.',
          replace_files: edits.map((e) => ({ path: e.path, content: e.expected })),
        },
        null,
        2,
      ),
  },
};

// ── reading and planning it as the product does ────────────────────────────────────────────────

/** The reply read (as `replyapply apply` reads a file) and planned against the project. */
function readAndPlan(reply: string, files: readonly ProjectFile[]) {
  const sets = detectAll(reply, { textSource: 'file' });
  const disk = new Map(files.map((f) => [f.path, text(f.lines)]));
  const plans = sets.map((set) => {
    const snaps = new Map<string, FileSnapshot | null>();
    for (const p of planNeeds(set)) {
      const t = disk.get(p);
      snaps.set(p, t === undefined ? null : { text: t, hash: `h:${p}` });
    }
    return plan(set, snaps);
  });
  return { sets, plans };
}

/**
 * The round trip for one reply: read as one change set of the writer's format, with no diagnostic
 * and no op on a guessed name; planned, each edited file and no other, modified to the text meant,
 * with nothing guessed, resolved, loosened or said.
 */
function roundTrip(writer: Writer, scenario: ReturnType<typeof scenarioOf>, numRuns: number): void {
  fc.assert(
    fc.property(scenario, ({ files, edits }) => {
      const reply = writer.write(edits);
      const { sets, plans } = readAndPlan(reply, files);
      expect(
        sets.map((s) => s.source.format),
        reply,
      ).toEqual([writer.format]);
      const set = sets[0]!;
      expect(set.diagnostics, reply).toEqual([]);
      for (const op of set.ops) expect(op.guess ?? false, reply).toBe(false);
      const p = plans[0]!;
      expect(p.diagnostics, reply).toEqual([]);
      expect(p.files.map((f) => f.path).sort(), reply).toEqual(edits.map((e) => e.path).sort());
      for (const e of edits) {
        const f = p.files.find((x) => x.path === e.path)!;
        expect(f.status, reply).toBe('ok');
        expect(f.action).toBe('modify');
        expect(f.oldText).toBe(e.old);
        expect(f.newText, reply).toBe(writer.expect?.(e) ?? e.expected);
        expect(f.guess ?? false).toBe(false);
        expect(f.writtenAs).toBeUndefined();
        expect(f.byContent ?? false).toBe(false);
        expect(f.byCase ?? false).toBe(false);
        expect(f.outside ?? false).toBe(false);
        expect(f.lossy ?? false).toBe(false);
        // No note: a match below the exact rung, a first-of-several, a resolved name all leave one.
        const said = writer.said?.(e);
        expect(
          f.notes.filter((n) => !(n.severity === 'info' && n.message === said)),
          reply,
        ).toEqual([]);
      }
    }),
    { numRuns },
  );
}

/**
 * A bundle as the reply (the new versions, some marked as changed — a model may answer in the form it was
 * given): every file a whole-file op under its own path, stated, planned to its text.
 */
function bundleReadBack(scenario: ReturnType<typeof scenarioOf>, numRuns: number): void {
  fc.assert(
    fc.property(scenario, fc.boolean(), ({ files, edits }, changed) => {
      const bundle = buildBundle(
        edits.map((e, i) => ({ path: e.path, content: e.expected, changed: changed && i % 2 === 0 })),
      );
      const { sets, plans } = readAndPlan(bundle, files);
      expect(
        sets.map((s) => s.source.format),
        bundle,
      ).toEqual(['whole-file']);
      const ops = sets[0]!.ops;
      expect(
        ops.map((op) => op.kind === 'create' && !op.guess && op.path),
        bundle,
      ).toEqual(edits.map((e) => e.path));
      const p = plans[0]!;
      expect(p.diagnostics).toEqual([]);
      expect(p.files.map((f) => [f.path, f.status, f.action, f.newText, f.guess ?? false, f.notes])).toEqual(
        edits.map((e) => [e.path, 'ok', 'modify', e.expected, false, []]),
      );
    }),
    { numRuns },
  );
}

const writer = (label: string) => WRITERS[label]!;

describe('a reply that edits the bundled files, naming them as the bundle did, is planned on them exactly', () => {
  for (const [label, w] of Object.entries(WRITERS))
    it(label, () => roundTrip(w, scenarioOf(path.filter((p) => w.takes?.(p) ?? true)), 200));

  it('the bundle itself, as the reply, is each file under its path, stated, with its text', () =>
    bundleReadBack(scenarioOf(path), 300));
});

/**
 * Shapes of path the bundle once wrote in a way no reply quoting them got back (issue 41), each held on
 * its own besides the generators above, which draw them only now and then.
 */
describe('the path shapes that were not read back as written', () => {
  const titled = path.filter((p) => !bareLine(p));
  // bundle.ts writes such a path as `title="…"` in the fence's info string: `My Docs/a.ts`, `my notes.md`
  // (a quoted title may hold spaces, path-hints.ts) and `README` (a document's name).
  it('a title="…" path, in the bundle fed back', () => bundleReadBack(scenarioOf(titled), 50));
  it('a title="…" path, in a whole-file reply', () =>
    roundTrip(writer('whole file, path as the bundle writes it'), scenarioOf(titled), 50));
  it('a title="…" path, in an aider SEARCH/REPLACE reply', () =>
    roundTrip(writer('aider SEARCH/REPLACE, path as the bundle writes it'), scenarioOf(titled), 50));

  // The bundle fences a `.sh` file as ```` ```bash ```` under its path line: whole-file.ts takes a shell
  // fence under a stated script's name as that file (statedScript), not as commands.
  const script = fc
    .tuple(fc.array(folder, { maxLength: 2 }), fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}$/))
    .map(([dirs, n]) => [...dirs, `${n}.sh`].join('/'))
    .filter((p) => bareLine(p) && normalizePath(p).ok);
  it('a shell script, in the bundle fed back', () => bundleReadBack(scenarioOf(script), 50));
  it('a shell script, in a whole-file reply', () =>
    roundTrip(writer('whole file, path as the bundle writes it'), scenarioOf(script), 50));

  // A diff without git's prefixes (aider's udiff: `--- src/a.ts` / `+++ src/a.ts`) of a file in a folder
  // named `a` or `b`: two `a/` names are no git pair (`a/` old, `b/` new), so nothing is stripped; once
  // `a/x.ts` was patched as `x.ts`, the wrong file when one existed at the root, with no guess recorded.
  const underAOrB = fc
    .tuple(fc.constantFrom('a', 'b'), path)
    .map(([top, p]) => `${top}/${p}`)
    .filter((p) => normalizePath(p).ok);
  it('a file under a/ or b/, in a diff without git prefixes', () =>
    roundTrip(writer('aider unified diff (no a/ b/, bare @@)'), scenarioOf(underAOrB), 50));
  it('minimal: `--- a/x.ts` / `+++ a/x.ts` patches a/x.ts, not x.ts', () => {
    const reply = '```diff\n--- a/x.ts\n+++ a/x.ts\n@@\n-old\n+new\n```\n';
    const files = [
      { path: 'a/x.ts', lines: ['old'] },
      { path: 'x.ts', lines: ['old'] },
    ];
    const { plans } = readAndPlan(reply, files);
    expect(plans[0]!.files.map((f) => [f.path, f.newText])).toEqual([['a/x.ts', 'new\n']]);
  });
});
