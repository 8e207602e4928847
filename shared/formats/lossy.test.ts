/**
 * Text rebuilt from a rendered page is exact only inside code blocks (issue 12): every op read from
 * anything else is marked `lossy`, and the plan never writes it without the user's explicit tick.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../changeset/changeset';
import { type FileSnapshot, plan, planNeeds, toFileChanges } from '../engine/plan';
import { detectAll } from './registry';

const lossy = (text: string) =>
  detectAll(text, { textSource: 'dom' }).flatMap((s) => s.ops.map((o) => o.lossy === true));

describe('ops read from a page rebuild', () => {
  it.each([
    [
      'delimiter blocks in prose',
      '--- START-FILE: a.php ---\n<?php\necho 1;\n--- END-FILE: a.php ---\n',
      [true],
    ],
    ['a diff in a fence', '```diff\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x\n+y\n```\n', [false]],
    ['a whole file under a plain path line', 'src/a.py\n\n```python\nx = 1\n```\n', [false]],
    [
      'a whole file under a path Markdown may have changed',
      '**src/__init__.py**\n```python\nx = 1\n```\n',
      [true],
    ],
    [
      'FILE_CHANGES with its patch outside a fence',
      '<FILE_CHANGES>\n<FILE_PATCH file_path="a">\n@@\n-x\n+y\n</FILE_PATCH>\n</FILE_CHANGES>\n',
      [true],
    ],
  ])('%s', (_name, text, want) => {
    expect(lossy(text)).toEqual(want);
  });

  it('are never marked when the text came from the API, the Copy button or a paste', () => {
    const text = '--- START-FILE: a.php ---\n<?php\n--- END-FILE: a.php ---\n';
    for (const textSource of ['api', 'copy-button', 'paste'] as const)
      expect(detectAll(text, { textSource }).flatMap((s) => s.ops.map((o) => o.lossy))).toEqual([undefined]);
  });

  it('plan an error the user may override: the text is kept, written only when accepted so', () => {
    const sets = detectAll('--- START-FILE: a.php ---\n<?php\n--- END-FILE: a.php ---\n', {
      textSource: 'dom',
    });
    const set: ChangeSet = { ...sets[0]!, ops: sets.flatMap((s) => s.ops) };
    const snaps = new Map<string, FileSnapshot | null>(planNeeds(set).map((p) => [p, null]));
    const p = plan(set, snaps);
    expect(p.files[0]).toMatchObject({ status: 'error', newText: '<?php\n', error: { kind: 'lossy' } });
    expect(p.files[0]!.error!.message).toMatch(/rendered page.*Copy button, or paste the reply/);
    expect(toFileChanges(p, new Set(['a.php']))).toEqual([]);
    expect(toFileChanges(p, new Set(['a.php']), new Set(['a.php']))).toMatchObject([
      { path: 'a.php', content: '<?php\n' },
    ]);
  });
});
