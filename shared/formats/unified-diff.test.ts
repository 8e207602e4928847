/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { aptixParser } from './aptix';
import { delimiterBlocksParser } from './delimiter-blocks';
import { fileChangesParser } from './file-changes';
import { diffFileToOps, parseHunks, parseUnifiedDiff, unifiedDiffParser } from './unified-diff';

interface CorpusCase {
  id: string;
  patch: string;
  expect_fail?: boolean;
  tags: string[];
}

const corpus = import.meta.glob<CorpusCase>('../../../shared/corpus/udiff/*.json', {
  eager: true,
  import: 'default',
});

describe('parseUnifiedDiff on the external udiff corpus', () => {
  const cases = Object.values(corpus).filter((c) => !c.expect_fail);
  it('has the corpus', () => {
    expect(cases.length).toBeGreaterThan(50);
  });
  it.each(cases.map((c) => [c.id, c] as const))('%s parses sensibly', (_id, c) => {
    const { files } = parseUnifiedDiff(c.patch);
    expect(files.length).toBeGreaterThan(0);
    const hunkHeaders = c.patch.split('\n').filter((l) => l.startsWith('@@')).length;
    expect(files.reduce((n, f) => n + f.hunks.length, 0)).toBe(hunkHeaders);
    for (const f of files) {
      expect(f.oldPath ?? f.newPath).toBeTruthy();
      for (const h of f.hunks) {
        expect(h.lines.length).toBeGreaterThan(0);
        for (const l of h.lines) expect(' +-\\').toContain(l[0]);
        if (h.oldLines !== undefined) {
          expect(h.lines.filter((l) => l[0] === ' ' || l[0] === '-').length).toBe(h.oldLines);
          expect(h.lines.filter((l) => l[0] === ' ' || l[0] === '+').length).toBe(h.newLines);
        }
      }
    }
  });
});

interface LlmCase {
  id: string;
  format: string;
  reply_text: string;
  expected_blocks?: Array<{ path: string; hunk_lines: string[] }>;
}
const llmEdits = import.meta.glob<LlmCase>('../../../shared/corpus/llm-edits/*.json', {
  eager: true,
  import: 'default',
});

describe('unified-diff format on the llm-edits corpus (udiff cases)', () => {
  const cases = Object.values(llmEdits).filter((c) => c.format === 'udiff' && c.expected_blocks);
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const ops = unifiedDiffParser.parse(c.reply_text).flatMap((b) => b.ops);
    expect(
      ops.map((o) => (o.kind === 'patch' ? { path: o.path, lines: o.hunks.flatMap((h) => h.lines) } : o)),
    ).toEqual(
      c.expected_blocks!.map((b) => ({ path: b.path, lines: b.hunk_lines.map((l) => l.replace(/\n$/, '')) })),
    );
  });
});

describe('parseUnifiedDiff', () => {
  it('reads several git files with extended headers, /dev/null and no-newline markers', () => {
    const text = [
      'diff --git a/added b/added',
      'new file mode 100644',
      'index 0000000..9b710f3',
      '--- /dev/null',
      '+++ b/added',
      '@@ -0,0 +1,2 @@',
      '+one',
      '+two',
      '\\ No newline at end of file',
      'diff --git a/gone b/gone',
      'deleted file mode 100644',
      '--- a/gone',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-x',
      'diff --git a/old name.txt b/new name.txt',
      'similarity index 90%',
      'rename from old name.txt',
      'rename to new name.txt',
      'diff --git a/run.sh b/run.sh',
      'old mode 100644',
      'new mode 100755',
    ].join('\n');
    const { files, diagnostics } = parseUnifiedDiff(text, 10);
    expect(diagnostics).toEqual([]);
    expect(files.map((f) => [f.oldPath, f.newPath, f.isNew, f.isDelete, f.isRename, f.line])).toEqual([
      [null, 'added', true, false, false, 10],
      ['gone', null, false, true, false, 19],
      ['old name.txt', 'new name.txt', false, false, true, 25],
      ['run.sh', 'run.sh', false, false, false, 29],
    ]);
    expect(files[0]!.hunks[0]!.lines).toEqual(['+one', '+two', '\\ No newline at end of file']);
    expect(files.flatMap(diffFileToOps)).toEqual([
      { kind: 'patch', path: 'added', hunks: files[0]!.hunks, isNew: true, line: 10 },
      { kind: 'patch', path: 'gone', hunks: files[1]!.hunks, isDelete: true, line: 19 },
      { kind: 'rename', from: 'old name.txt', to: 'new name.txt', line: 25 },
    ]);
  });

  it.each([
    ['tab timestamp', '--- a/x.c\t2024-01-01 10:00:00 +0100', 'x.c'],
    ['space timestamp', '--- dir/post image.txt 2005-04-12 02:14:06 -07:00', 'dir/post image.txt'],
    ['svn revision', '--- src/a.c\t(revision 13)', 'src/a.c'],
    ['no prefix', '--- src/a.c', 'src/a.c'],
    ['quoted with space', '--- "a/sp ace.txt"', 'sp ace.txt'],
    ['quoted octal UTF-8', '--- "a/caf\\303\\251.txt"', 'café.txt'],
    ['quoted escapes', '--- "a/tab\\there\\"q\\".txt"', 'tab\there"q".txt'],
  ])('old path with %s', (_name, header, path) => {
    const newHeader = header.replace(/^---/, '+++').replace('"a/', '"b/').replace(' a/', ' b/');
    const { files } = parseUnifiedDiff(`${header}\n${newHeader}\n@@ -1 +1 @@\n-a\n+b\n`);
    expect(files[0]?.oldPath).toBe(path);
    expect(files[0]?.newPath).toBe(path);
  });

  it.each([
    ['--- src/a.ts', '+++ b/src/a.ts'],
    ['--- a/src/a.ts', '+++ src/a.ts'],
  ])('reads %s / %s (a prefix on one side only) as one file', (oldH, newH) => {
    const { files, diagnostics } = parseUnifiedDiff(`${oldH}\n${newH}\n@@ -1 +1 @@\n-a\n+b\n`);
    expect(files[0]).toMatchObject({ oldPath: 'src/a.ts', newPath: 'src/a.ts' });
    expect(diagnostics).toEqual([]);
  });

  it('takes paths from a quoted diff --git line when ---/+++ are missing', () => {
    const { files } = parseUnifiedDiff('diff --git "a/\\303\\251 x" "b/\\303\\251 x"\n@@ -1 +1 @@\n-a\n+b');
    expect(files[0]).toMatchObject({ oldPath: 'é x', newPath: 'é x' });
  });

  it('splits an unquoted diff --git line with spaces in the names', () => {
    const { files } = parseUnifiedDiff('diff --git a/my file.txt b/my file.txt\n@@ -1 +1 @@\n-a\n+b');
    expect(files[0]).toMatchObject({ oldPath: 'my file.txt', newPath: 'my file.txt' });
  });

  it('recounts wrong hunk counts and says so', () => {
    const { files, diagnostics } = parseUnifiedDiff(
      '--- a/f\n+++ b/f\n@@ -10,9 +10,2 @@\n a\n-b\n+c\n d\n',
      5,
    );
    expect(files[0]!.hunks[0]).toMatchObject({ oldStart: 10, oldLines: 3, newStart: 10, newLines: 3 });
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'info', line: 7 })]);
  });

  it('reads omitted counts as 1', () => {
    const { files, diagnostics } = parseUnifiedDiff('--- a/f\n+++ b/f\n@@ -3 +3 @@\n-a\n+b\n');
    expect(files[0]!.hunks[0]).toMatchObject({ oldStart: 3, oldLines: 1, newStart: 3, newLines: 1 });
    expect(diagnostics).toEqual([]);
  });

  it('takes an empty line inside a hunk as empty context when more hunk lines follow', () => {
    const { files } = parseUnifiedDiff('--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n\n\nThanks!');
    expect(files[0]!.hunks[0]!.lines).toEqual([' a', ' ', '-b', '+c']);
  });

  it('takes trailing empty lines as context when the counts ask for exactly that many', () => {
    const { files, diagnostics } = parseUnifiedDiff('--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n-a\n+b\n c\n\n');
    expect(files[0]!.hunks[0]!.lines).toEqual(['-a', '+b', ' c', ' ']);
    expect(diagnostics).toEqual([]);
  });

  it.each([
    ['in the middle', '@@ -1,3 +1,3 @@\n a\nb\n-c\n+d\n', [' a', ' b', '-c', '+d']],
    ['at the end, as the counts expect', '@@ -1,2 +1,2 @@\n-c\n+d\n}\n', ['-c', '+d', ' }']],
    ['not at the end beyond the counts', '@@ -1 +1 @@\n-c\n+d\n}\n', ['-c', '+d']],
  ])('reads an unprefixed line %s as context', (_name, body, lines) => {
    const { files } = parseUnifiedDiff(`--- a/f\n+++ b/f\n${body}`);
    expect(files[0]!.hunks[0]!.lines).toEqual(lines);
  });

  // vimfiles missing_leading_whitespace: a shell script's first lines, in column 0, under `@@ ... @@`.
  const leadIn = '@@ ... @@\n# Check it\nif [[ -d "$d" ]]; then\n    exit 1\nfi\n\n+# New line\n';

  it('reads unprefixed lines right after a bare @@ as context when they lead to a change', () => {
    const { files, diagnostics } = parseUnifiedDiff(`--- a/f\n+++ b/f\n${leadIn}`);
    expect(files[0]!.hunks[0]!.lines).toEqual([
      ' # Check it',
      ' if [[ -d "$d" ]]; then',
      '    exit 1',
      ' fi',
      ' ',
      '+# New line',
    ]);
    expect(files[0]!.hunks[0]!.loose).toEqual([0, 1, 3]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /Reply line 4 .* has no leading " ", "-" or "\+"; it was read as an unchanged line/,
      ),
    ]);
  });

  it('... also in a bare diff in the reply', () => {
    const [block] = unifiedDiffParser.parse(`--- a/f\n+++ b/f\n${leadIn}`);
    expect(block!.ops[0]).toMatchObject({
      kind: 'patch',
      path: 'f',
      hunks: [{ lines: expect.arrayContaining(['+# New line']) }],
    });
  });

  it.each([
    ['no change follows', '@@ ... @@\nfirst\nsecond\n'],
    ['a numbered header', '@@ -1,2 +1,3 @@\nfirst\nsecond\n+third\n'],
    ['another header comes first', '@@ ... @@\nfirst\nsecond\n@@ ... @@\n+third\n'],
  ])('does not when %s', (_name, body) => {
    const { files } = parseUnifiedDiff(`--- a/f\n+++ b/f\n${body}`);
    expect(files[0]?.hunks[0]?.lines ?? []).not.toContain(' second');
  });

  it('stops a hunk at an unprefixed line followed by prose', () => {
    const { files } = parseUnifiedDiff('--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n-c\n+d\nNote: done.\nThanks\n');
    expect(files[0]!.hunks[0]!.lines).toEqual(['-c', '+d']);
  });

  it('keeps a removed "-- comment" line while the counts still expect old lines', () => {
    const text = '--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n--- old comment\n+++ new comment\n select 1;\n';
    const { files } = parseUnifiedDiff(text);
    expect(files).toHaveLength(1);
    expect(files[0]!.hunks[0]!.lines).toEqual(['--- old comment', '+++ new comment', ' select 1;']);
  });

  it('starts a new file at ---/+++ after a complete hunk', () => {
    const text = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-c\n+d\n';
    expect(parseUnifiedDiff(text).files.map((f) => f.newPath)).toEqual(['x', 'y']);
  });

  it('keeps \\r at the end of hunk lines but not in paths or headers', () => {
    const { files } = parseUnifiedDiff('--- a/f\r\n+++ b/f\r\n@@ -1 +1 @@ ctx\r\n-a\r\n+b\r\n');
    expect(files[0]).toMatchObject({ oldPath: 'f', newPath: 'f' });
    expect(files[0]!.hunks[0]).toMatchObject({ section: 'ctx', lines: ['-a\r', '+b\r'] });
  });

  it('ignores svn Index: and === noise', () => {
    const { files } = parseUnifiedDiff('Index: f\n===================\n--- f\n+++ f\n@@ -1 +1 @@\n-a\n+b\n');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ oldPath: 'f', line: 1 });
  });

  it('reads an unreadable @@ header as a bare hunk with a warning', () => {
    const { files, diagnostics } = parseUnifiedDiff('--- a/f\n+++ b/f\n@@ +1 0,0 @@\n-a\n');
    expect(files[0]!.hunks[0]).toEqual({ lines: ['-a'] });
    expect(diagnostics[0]).toMatchObject({ severity: 'warning', line: 3 });
  });

  it.each([['@@'], ['@@ @@'], ['@@ ... @@']])('reads %s as a bare hunk', (header) => {
    const { files, diagnostics } = parseUnifiedDiff(`--- f\n+++ f\n${header}\n-a\n+b\n`);
    expect(files[0]!.hunks).toEqual([{ lines: ['-a', '+b'] }]);
    expect(diagnostics).toEqual([]);
  });

  it('marks a GNU diff -N creation (epoch timestamp) as new', () => {
    const text =
      '--- a/n.txt\t1970-01-01 00:00:00.000000000 +0000\n+++ b/n.txt\t2024-01-01 00:00:00 +0000\n@@ -0,0 +1 @@\n+x\n';
    expect(parseUnifiedDiff(text).files[0]).toMatchObject({ isNew: true, newPath: 'n.txt' });
  });

  it('gives a diff between two names both, for the plan to take the one that exists; not a backup copy', () => {
    const moved = parseUnifiedDiff('--- src/old.ts\n+++ src/new.ts\n@@ -1 +1 @@\n-a\n+b\n');
    expect(diffFileToOps(moved.files[0]!)).toMatchObject([
      {
        kind: 'patch',
        path: 'src/old.ts',
        alias: { how: 'diff-names', paths: ['src/new.ts', 'old.ts', 'new.ts'], guessFrom: 1 },
      },
    ]);
    expect(moved.diagnostics[0]).toMatchObject({ severity: 'info', line: 1 });
    const orig = parseUnifiedDiff('--- a.c.orig\t2024-01-01\n+++ a.c\t2024-01-02\n@@ -1 +1 @@\n-a\n+b\n');
    expect(diffFileToOps(orig.files[0]!)).toMatchObject([{ kind: 'patch', path: 'a.c' }]);
    expect(orig.diagnostics).toEqual([]);
  });

  it.each([
    // GNU diff -ru of two trees (corpus udiff-089): git apply's -p1.
    [
      '--- linux-vanilla/post image.txt 1969-12-31 16:00:00 -08:00\n+++ linux-mm3/post image.txt 2005-04-12 02:14:06 -07:00\n@@ -0,0 +1 @@\n+x\n',
      'post image.txt',
      undefined,
    ],
    ['--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n', 'x.c', undefined],
    [
      '--- old/lib/x.c\n+++ new/lib/x.c\n@@ -1 +1 @@\n-a\n+b\n',
      'lib/x.c',
      ['old/lib/x.c', 'new/lib/x.c', 'x.c'],
    ],
    // The same first folder on both sides: the names as written, deeper levels only as guesses.
    ['--- src/x.c\n+++ src/x.c\n@@ -1 +1 @@\n-a\n+b\n', 'src/x.c', ['x.c']],
  ])('names a traditional diff by git apply’s strip rules: %#', (text, path, others) => {
    const [op] = diffFileToOps(parseUnifiedDiff(text).files[0]!);
    expect(op).toMatchObject({ kind: 'patch', path });
    expect(op!.kind === 'patch' ? op!.alias?.paths : undefined).toEqual(others);
  });

  it('turns a git copy into a patch starting from the source', () => {
    const { files } = parseUnifiedDiff('diff --git a/f b/g\ncopy from f\ncopy to g\n');
    expect(files[0]).toMatchObject({ oldPath: 'f', newPath: 'g', isCopy: true });
    expect(diffFileToOps(files[0]!)).toEqual([
      { kind: 'patch', path: 'g', copyFrom: 'f', copyOfOriginal: true, hunks: [], line: 1 },
    ]);
  });

  it('turns a deletion without hunks into a delete op', () => {
    const { files } = parseUnifiedDiff('diff --git a/f b/f\ndeleted file mode 100644\nindex 1..0\n');
    expect(files.flatMap(diffFileToOps)).toEqual([{ kind: 'delete', path: 'f', line: 1 }]);
  });

  it('warns about hunks with no file header, and refuses binary files (nothing is half applied: git t4116)', () => {
    expect(parseUnifiedDiff('@@ -1 +1 @@\n-a\n+b').diagnostics[0]).toMatchObject({ severity: 'warning' });
    const bin = parseUnifiedDiff('diff --git a/i.png b/i.png\nBinary files a/i.png and b/i.png differ\n');
    expect(bin.files).toEqual([]);
    expect(bin.diagnostics[0]).toMatchObject({
      severity: 'error',
      message: expect.stringContaining('binary'),
    });
  });

  it.each([
    [
      'a new symbolic link',
      'diff --git a/foo b/foo\nnew file mode 120000\n--- /dev/null\n+++ b/foo\n@@ -0,0 +1 @@\n+bar\n\\ No newline at end of file\n',
      /makes or changes a symbolic link \(foo\)/,
    ],
    [
      'a file that becomes a link',
      'diff --git a/foo b/foo\nold mode 100644\nnew mode 120000\n--- a/foo\n+++ b/foo\n@@ -1 +1 @@\n-x\n+bar\n',
      /symbolic link/,
    ],
    [
      'a submodule',
      'diff --git a/sub b/sub\nnew file mode 160000\n--- /dev/null\n+++ b/sub\n@@ -0,0 +1 @@\n+Subproject commit 0123\n',
      /a submodule \(sub\)/,
    ],
  ])('refuses %s, never writing the link as a file (git t4114)', (_name, text, message) => {
    for (const blocks of [unifiedDiffParser.parse(text), unifiedDiffParser.parse(`Here:\n\n${text}`)]) {
      expect(blocks.flatMap((b) => b.ops)).toEqual([]);
      expect(blocks.flatMap((b) => b.diagnostics)).toEqual([
        expect.objectContaining({ severity: 'error', message: expect.stringMatching(message) }),
      ]);
    }
  });

  it('reads a lone "Binary files … differ" line of diff -r as a file of its own, not the text file before it', () => {
    const text = [
      'diff -ruN a/u.txt b/u.txt',
      '--- a/u.txt\t2024-01-01 00:00:00.000000000 +0000',
      '+++ b/u.txt\t2024-01-01 00:00:00.000000000 +0000',
      '@@ -1 +1 @@',
      '-u',
      '+U',
      'Binary files a/p.bin and b/p.bin differ',
      'diff -ruN a/v.txt b/v.txt',
      '--- a/v.txt\t2024-01-01 00:00:00.000000000 +0000',
      '+++ b/v.txt\t2024-01-01 00:00:00.000000000 +0000',
      '@@ -1 +1 @@',
      '-v',
      '+V',
    ].join('\n');
    const r = parseUnifiedDiff(text);
    expect(r.files.map((f) => f.newPath)).toEqual(['u.txt', 'v.txt']);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/binary file \(p\.bin\)/),
      }),
    ]);
  });

  it.each([
    ['without its --- line', 'diff --git a/f b/f\nindex d00491f..0000000\n+++ b/f\n@@ -1 +0,0 @@\n-1\n'],
    ['without its +++ line', 'diff --git a/f b/f\nindex 0000000..d00491f\n--- a/f\n@@ -0,0 +1 @@\n+1\n'],
  ])('refuses a bare git diff %s, whose hunk would belong to no file (git t4133)', (_name, text) => {
    const blocks = unifiedDiffParser.parse(`Here:\n\n${text}`);
    expect(blocks.flatMap((b) => b.ops)).toEqual([]);
    expect(blocks.flatMap((b) => b.diagnostics)).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        line: 5,
        message: expect.stringMatching(/belongs to no file header/),
      }),
    );
  });

  it('never throws on junk', () => {
    for (const junk of [
      '',
      '\n\n',
      '@@',
      '--- \n+++ ',
      'diff --git',
      'diff --git "unterminated',
      '@@ -x +y @@\n-',
    ]) {
      expect(() => parseUnifiedDiff(junk)).not.toThrow();
    }
  });
});

describe('parseHunks', () => {
  it('reads bare hunks without headers, with reply lines in diagnostics', () => {
    const { hunks, diagnostics } = parseHunks(['@@', ' a', '-b', '+c', '@@ -9,1 +9,1 @@', '-x', '+y'], 20);
    expect(hunks).toEqual([
      { lines: [' a', '-b', '+c'] },
      { oldStart: 9, oldLines: 1, newStart: 9, newLines: 1, lines: ['-x', '+y'] },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('skips ---/+++ headers inside the body', () => {
    const { hunks } = parseHunks(['--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b'], 1);
    expect(hunks).toEqual([{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }]);
  });
});

describe('unified-diff format', () => {
  it.each([
    ['a ```diff fence', '```diff\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```', true],
    ['a ```patch fence', '```patch\ndiff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b\n```', true],
    ['a bare git diff', 'Here:\ndiff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n', true],
    ['prose only', 'Nothing to see here.', false],
  ])('detects %s', (_name, text, expected) => {
    expect(unifiedDiffParser.detect(text)).toBe(expected);
  });

  it('makes one block per fence and per bare region, with reply line spans', () => {
    const text = [
      'Intro',
      '```diff',
      '--- a/x',
      '+++ b/x',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '```',
      'Then:',
      '',
      '--- a/y',
      '+++ b/y',
      '@@ -1,2 +1,2 @@',
      ' k',
      '-c',
      '+d',
      '',
      '- a list item, not a diff',
    ].join('\n');
    const blocks = unifiedDiffParser.parse(text);
    expect(blocks.map((b) => [b.start, b.end, b.ops.map((o) => o.line)])).toEqual([
      [2, 8, [3]],
      [11, 16, [11]],
    ]);
  });

  it('does not read diffs inside fences of other languages', () => {
    expect(unifiedDiffParser.parse('```text\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```')).toEqual([]);
  });

  it('reads a plain ``` fence that starts like a diff', () => {
    const blocks = unifiedDiffParser.parse('```\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```');
    expect(blocks[0]!.ops[0]).toMatchObject({ kind: 'patch', path: 'x', line: 2 });
  });

  it.each([
    ['the info string', '```diff src/a.ts\n@@\n-a\n+b\n```', 'src/a.ts', undefined],
    ['the line before', '**src/a.ts**\n```diff\n@@\n-a\n+b\n```', 'src/a.ts', undefined],
    ['a sentence (a guess)', 'In `src/a.ts` change:\n\n```diff\n@@\n-a\n+b\n```', 'src/a.ts', true],
    // The hints of path-hints.ts, as the whole-file reader reads them (issue 40).
    ["Cursor's language and path", '```diff:src/a.ts\n@@\n-a\n+b\n```', 'src/a.ts', undefined],
    [
      'a label across a line that is no content label ("Changes:"): none',
      '**File to edit:** `src/a.ts`\n\n**Changes:**\n```diff\n@@\n-a\n+b\n```',
      undefined,
      undefined,
    ],
    [
      'a label across "Code:"',
      '**File to edit:** `src/a.ts`\n\nCode:\n```diff\n@@\n-a\n+b\n```',
      'src/a.ts',
      undefined,
    ],
    [
      'a link line',
      '### [a.ts](file:///Users/me/p/src/a.ts)\n```diff\n@@\n-a\n+b\n```',
      '/Users/me/p/src/a.ts',
      undefined,
    ],
    [
      "an editor's heading link over a summary: stated",
      '### [a.ts](file:///Users/me/p/src/a.ts)\n\nRename the variable.\n\n```diff\n@@\n-a\n+b\n```',
      '/Users/me/p/src/a.ts',
      undefined,
    ],
    [
      'a heading the model typed, over a summary (a guess)',
      '### src/a.ts\n\nRename the variable.\n\n```diff\n@@\n-a\n+b\n```',
      'src/a.ts',
      true,
    ],
    [
      'a sentence saying the file is new: still a guess',
      'Create a new file `src/a.ts`:\n```diff\n@@\n-a\n+b\n```',
      'src/a.ts',
      true,
    ],
  ])('takes the path of a nameless diff fence from %s', (_name, text, path, guess) => {
    const [block] = unifiedDiffParser.parse(text);
    // No path: the block's file is looked for by its text (below).
    if (path === undefined) expect(block!.ops).toMatchObject([{ kind: 'search-replace', path: '' }]);
    else
      expect(block!.ops).toEqual([
        { kind: 'patch', path, hunks: [{ lines: ['-a', '+b'] }], line: block!.start, guess },
      ]);
  });

  it('a changed line left outside every hunk is an error, never dropped; a mail signature is not one', () => {
    const body = '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n\nnot a diff line\n-c\n+C\n';
    const ds = unifiedDiffParser.parse(`\`\`\`diff\n${body}\`\`\`\n`).flatMap((b) => b.diagnostics);
    expect(ds).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        line: 10,
        message: expect.stringMatching(/changed line \("-c"\) outside any hunk/),
      }),
    );
    const mail = '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n-- \n2.40.0\n';
    expect(
      unifiedDiffParser
        .parse(`\`\`\`diff\n${mail}\`\`\`\n`)
        .flatMap((b) => b.diagnostics)
        .filter((d) => d.severity === 'error'),
    ).toEqual([]);
  });

  it('reads a nameless diff fence with no path nearby as edits to find in the folder', () => {
    const [block] = unifiedDiffParser.parse('Change this:\n```diff\n@@\n-a\n+b\n```');
    expect(block!.ops).toEqual([
      {
        kind: 'search-replace',
        path: '',
        edits: [{ search: 'a\n', replace: 'b\n', all: false }],
        line: 2,
        alias: { how: 'content', written: '', paths: [] },
      },
    ]);
    expect(block!.diagnostics[0]!.message).toMatch(/names no file; the one file of the project folder/);
  });

  it.each<[string, string, { search: string; replace: string }[] | null]>([
    [
      'no @@ line',
      ' def f():\n-    return 1\n+    return 2',
      [{ search: 'def f():\n    return 1\n', replace: 'def f():\n    return 2\n' }],
    ],
    [
      'unchanged lines written without their space (corpus unprompted/041)',
      'environment:\n-  A=1\n+  A=2\n\ncommand:\n-  --eager\n+  --graphs',
      [
        {
          search: 'environment:\n  A=1\n\ncommand:\n  --eager\n',
          replace: 'environment:\n  A=2\n\ncommand:\n  --graphs\n',
        },
      ],
    ],
    ['only added lines: nothing to look for', '+added\n+more', null],
    ['prose in a diff fence', 'This is not a diff.\nNeither is this.', null],
  ])('a ```diff with no names and %s', (_name, body, edits) => {
    const blocks = unifiedDiffParser.parse(`Try:\n\n\`\`\`diff\n${body}\n\`\`\`\n`);
    const ops = blocks.flatMap((b) => b.ops);
    if (edits === null) expect(ops).toEqual([]);
    else expect(ops).toMatchObject([{ kind: 'search-replace', path: '', edits }]);
  });

  it.each([
    ['whole', '@@ -1,2 +1,2 @@\n a\n-b\n+B', 'warning', /its last hunk is whole/],
    ['whole, with the final newline', '@@ -1,2 +1,2 @@\n a\n-b\n+B\n', 'warning', /its last hunk is whole/],
    ['short of its header (cut off)', '@@ -1,4 +1,6 @@\n a\n+x1\n+x2\n b\n', 'error', /may be cut off/],
    ['bare: nothing to tell by', '@@\n a\n-b\n+B\n', 'error', /may be cut off/],
  ])('reads an unclosed diff fence whose last hunk is %s', (_name, hunk, severity, message) => {
    const blocks = unifiedDiffParser.parse(`Fix:\n\n\`\`\`diff\n--- a/x\n+++ b/x\n${hunk}`);
    expect(blocks.flatMap((b) => b.diagnostics)).toContainEqual(
      expect.objectContaining({ severity, message: expect.stringMatching(message) }),
    );
  });

  it('flags an unclosed diff fence as an error: the reply may be cut off, and the diff with it', () => {
    const blocks = unifiedDiffParser.parse('```diff\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b');
    expect(blocks[0]!.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/never closed: the reply may be cut off/),
      }),
    );
    expect(blocks[0]!.end).toBe(6);
  });
});

describe('no regex backtracking on long lines (each would take minutes if quadratic)', () => {
  const sp = ' '.repeat(200_000);
  it.each([
    ['header with spaces', `--- a${sp}x\n+++ b${sp}x\n@@ -1 +1 @@\n-a\n+b\n`],
    ['@@ with spaces', `--- a\n+++ b\n@@${sp}x\n-a\n`],
    ['@@ run of @', `--- a\n+++ b\n@@${'@'.repeat(200_000)}x\n-a\n`],
    ['diff --git with spaces', `diff --git a/x${sp}b/y${sp}\n`],
    ['tag with a long word', `<FILE_NEW ${'a'.repeat(200_000)}>\nx\n</FILE_NEW>`],
    ['refusal with a long tail', `A patch cannot be safely generated${'`'.repeat(200_000)}x\n`],
    ['many unclosed fences in tags', '<FILE_NEW file_path="a">\n```ts\n'.repeat(20_000)],
    ['blank lines in a hunk', `--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n${'\n'.repeat(200_000)} b\n`],
  ])('%s', (_name, text) => {
    const t0 = performance.now();
    parseUnifiedDiff(text);
    for (const p of [unifiedDiffParser, delimiterBlocksParser, fileChangesParser, aptixParser]) p.parse(text);
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});

describe('names and stamps git and GNU diff write', () => {
  it.each([
    ['1970-01-01 00:00:00.000000000 +0000', true],
    ['1970-01-01 09:00:00.000000000 +0900', true],
    ['1969-12-31 16:00:00 -0800', true],
    ['1982-09-17 00:00:00.000000000 +0900', false],
  ])('GNU diff -N: %s is the epoch: %s (git t4132)', (stamp, epoch) => {
    const [f] = parseUnifiedDiff(
      `--- a/file\t${stamp}\n+++ b/file\t1982-09-17 00:00:00 +0900\n@@ -0,0 +1 @@\n+x\n`,
    ).files;
    expect(f!.isNew).toBe(epoch);
  });

  it('skips a git section whose ---/+++ names contradict its first line (git t4133)', () => {
    const r = parseUnifiedDiff(
      'diff --git a/f b/f\nnew file mode 100644\n--- /dev/null\n+++ b/f-blah\n@@ -0,0 +1 @@\n+1\n',
    );
    expect(r.files).toEqual([]);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringMatching(/f-blah/) }),
    ]);
  });

  it('skips a name with a backslash, and keeps a tab inside a name for the path rules to refuse (git t4135)', () => {
    const slash = parseUnifiedDiff('--- /dev/null\n+++ post\\image.txt\n@@ -0,0 +1 @@\n+x\n');
    expect(slash.files).toEqual([]);
    expect(slash.diagnostics[0]!.message).toMatch(/backslash/);
    const tab = parseUnifiedDiff(
      '--- /dev/null\n+++ post\timage.txt\t2023-01-01 00:00:00 +0000\n@@ -0,0 +1 @@\n+x\n',
    );
    expect(tab.files[0]!.newPath).toBe('post\timage.txt');
  });

  it('keeps the error of a bare diff it skipped whole, so the reply says why nothing came of it (git t4135)', () => {
    const text =
      'diff --git "a/post\\\\image.txt" "b/post\\\\image.txt"\nnew file mode 100644\n--- /dev/null\n+++ "b/post\\\\image.txt"\n@@ -0,0 +1 @@\n+postimage\n';
    const blocks = unifiedDiffParser.parse(text);
    expect(blocks.flatMap((b) => b.ops)).toEqual([]);
    expect(blocks.flatMap((b) => b.diagnostics)).toEqual([
      expect.objectContaining({ severity: 'error', line: 1, message: expect.stringMatching(/backslash/) }),
    ]);
  });

  it('reads git’s empty blob in an index line as a diff made against an empty file (git t4101)', () => {
    const [op] = diffFileToOps(
      parseUnifiedDiff(
        'diff --git a/file b/file\nindex e69de29..72943a1 100644\n--- a/file\n+++ b/file\n@@ -0,0 +1 @@\n+aaa\n',
      ).files[0]!,
    );
    expect(op).toMatchObject({ kind: 'patch', path: 'file', fromEmpty: true });
  });

  it('gives a section the name of its Index: line as one more name (jsdiff applyPatches; svn)', () => {
    const text =
      'Index: test2\n===\n--- test\theader1\n+++ test\theader2\n@@ -1,3 +1,4 @@\n foo2\n foo3\n+foo4\n foo5\n';
    const [op] = diffFileToOps(parseUnifiedDiff(text).files[0]!);
    expect(op).toMatchObject({ kind: 'patch', path: 'test', alias: { how: 'diff-names', paths: ['test2'] } });
  });
});
