/**
 * Hostile replies, generated at any size, that every format parser must read in linear time (issue 44).
 *
 * A reply is text a stranger can shape, and it is parsed on the chat page's own thread: one parser that
 * is quadratic on some shape is a frozen tab. The class seen so far is "a scan for an end marker started
 * again from every start marker" (`*** Begin Patch` repeated without `*** End Patch`), so each format
 * lists its start markers without ends, its ends without starts, its nesting, and the line shapes every
 * line scanner meets (one long line, many short ones, CR/CRLF soup, fence runs, dividers).
 *
 * A new parser joins by adding its shapes here; growth.test.ts times each through `detectAll` and
 * `npm run bench` prints the worst ratio.
 */

export interface GrowthShape {
  /** The format whose markers it repeats ('any' for shapes every scanner meets). */
  format: string;
  name: string;
  /** A reply of at least `bytes` characters. */
  make(bytes: number): string;
}

/** `unit` repeated until the text is at least `bytes` long. */
function repeat(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length));
}

/** Units made from their index (so no two lines are the same), joined until `bytes` long. */
function numbered(bytes: number, unit: (i: number) => string): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const u = unit(i);
    parts.push(u);
    size += u.length;
  }
  return parts.join('');
}

const shape = (format: string, name: string, make: (bytes: number) => string): GrowthShape => ({
  format,
  name,
  make,
});

export const GROWTH_SHAPES: GrowthShape[] = [
  // Every line scanner.
  shape('any', 'one long line', (n) => repeat('abcdefgh ', n)),
  shape('any', 'many short lines', (n) => repeat('a\n', n)),
  shape('any', 'blank lines', (n) => repeat('\n', n)),
  shape('any', 'CR/CRLF soup', (n) => repeat('a\r\nb\rc\n\r\r\n', n)),
  shape('any', 'prose with paths', (n) => numbered(n, (i) => `See \`src/file_${i}.ts\` for it.\n`)),

  // fences.ts (every fence reader: whole-file, aptix, unified-diff, markdown-actions).
  shape('fences', 'openers without closers', (n) => numbered(n, (i) => `\`\`\`ts src/a_${i}.ts\nx\n`)),
  shape('fences', 'bare fence run', (n) => repeat('```\n', n)),
  shape('fences', 'growing fence run', (n) => numbered(n, (i) => `${'`'.repeat(3 + (i % 50))}\n`)),
  shape('fences', 'markdown fence with inner openers', (n) =>
    numbered(n, (i) => (i === 0 ? '````markdown\n' : `\`\`\`ts\nline ${i}\n`)),
  ),
  shape('fences', 'markdown fences nested', (n) => numbered(n, (i) => `\`\`\`markdown\n\`\`\`ts\nx ${i}\n`)),
  shape('fences', 'markdown fences whose inner fences never pair up', (n) =>
    repeat('```markdown\n```ts\n```\n', n),
  ),
  shape('fences', 'tilde openers', (n) => numbered(n, (i) => `~~~py\nx ${i}\n`)),
  shape('fences', 'tag fences without close', (n) =>
    numbered(n, (i) => `src/a_${i}.py\n<source>python\nx\n`),
  ),
  shape('fences', 'tag fence closers only', (n) => repeat('</source>\n', n)),
  shape('fences', 'indented openers', (n) => numbered(n, (i) => `${' '.repeat(i % 9)}\`\`\`js\nx\n`)),

  // openai-patch.ts
  shape('openai-patch', 'Begin Patch without End Patch', (n) =>
    numbered(n, (i) => `*** Begin Patch\n*** Add File: src/a_${i}.ts\n+x\n`),
  ),
  shape('openai-patch', 'bare Begin Patch run', (n) => repeat('*** Begin Patch\n', n)),
  shape('openai-patch', 'patches run after two cds, never ended', (n) =>
    repeat("cd a && cd b && apply_patch <<'EOF'\n*** Begin Patch\n", n),
  ),
  shape('openai-patch', 'End Patch without Begin', (n) => repeat('*** End Patch\n', n)),
  shape(
    'openai-patch',
    'Update File without chunks',
    (n) => `*** Begin Patch\n${numbered(n, (i) => `*** Update File: src/a_${i}.ts\n`)}*** End Patch\n`,
  ),
  shape(
    'openai-patch',
    'one long update',
    (n) => `*** Begin Patch\n*** Update File: a.ts\n@@\n${repeat('-x\n+y\n', n)}*** End Patch\n`,
  ),

  // delimiter-blocks.ts
  shape('delimiter-blocks', 'START-FILE without END', (n) =>
    numbered(n, (i) => `--- START-FILE: src/a_${i}.ts ---\nx\n`),
  ),
  shape('delimiter-blocks', 'END-FILE without START', (n) =>
    numbered(n, (i) => `--- END-FILE: src/a_${i}.ts ---\n`),
  ),
  shape('delimiter-blocks', 'START-FILE of one path, never closed', (n) =>
    repeat('--- START-FILE: src/a.ts ---\nx\n', n),
  ),
  shape('delimiter-blocks', 'unknown commands', (n) =>
    numbered(n, (i) => `--- MOVE-FILE: src/a_${i}.ts ---\n`),
  ),
  shape('delimiter-blocks', 'mismatched END paths', (n) =>
    numbered(n, (i) => `--- START-FILE: src/a_${i}.ts ---\nx\n--- END-FILE: src/b_${i}.ts ---\n`),
  ),
  shape('delimiter-blocks', 'blocks and unknown commands', (n) =>
    repeat('--- START-FILE: a ---\n--- END-FILE: a ---\n--- MOVE-FILE: b ---\n', n),
  ),
  shape('delimiter-blocks', 'dividers', (n) => repeat('---\n', n)),

  // search-replace.ts
  shape('search-replace', 'SEARCH without divider', (n) =>
    numbered(n, (i) => `src/a_${i}.py\n<<<<<<< SEARCH\nx\n`),
  ),
  shape('search-replace', 'SEARCH and divider without REPLACE', (n) =>
    numbered(n, (i) => `src/a_${i}.py\n<<<<<<< SEARCH\nx\n=======\ny\n`),
  ),
  shape('search-replace', 'REPLACE without SEARCH', (n) => repeat('>>>>>>> REPLACE\n', n)),
  shape('search-replace', 'divider run', (n) => repeat('=======\n', n)),
  shape('search-replace', 'Cline SEARCH without REPLACE', (n) => repeat('------- SEARCH\nx\n', n)),
  shape('search-replace', 'Cline tool calls never closed', (n) =>
    numbered(n, (i) => `<replace_in_file>\n<path>a_${i}.ts</path>\n<diff>\n`),
  ),
  shape(
    'search-replace',
    'complete blocks, one file',
    (n) => `a.py\n\`\`\`python\n${repeat('<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n', n)}\`\`\`\n`,
  ),

  // xml-edits.ts
  shape('xml-edits', 'file tags never closed', (n) =>
    numbered(n, (i) => `<file path="src/a_${i}.ts" action="rewrite">\n<content>\n===\nx\n`),
  ),
  shape(
    'xml-edits',
    'content bodies never closed',
    (n) => `<file path="a.ts" action="modify">\n${repeat('<change>\n<search>\n===\nx\n', n)}`,
  ),
  shape(
    'xml-edits',
    'body dividers',
    (n) => `<file path="a.ts" action="rewrite">\n<content>\n${repeat('===\nx\n', n)}`,
  ),
  shape('xml-edits', 'closing tags only', (n) => repeat('</content>\n</change>\n</file>\n', n)),
  shape('xml-edits', 'Plan never closed', (n) => repeat('<Plan>\nx\n', n)),
  shape(
    'xml-edits',
    'comments never closed',
    (n) => `<file path="a.ts" action="modify">\n${repeat('<!-- x\n', n)}`,
  ),

  // markdown-actions.ts
  shape('markdown-actions', 'File headings without Action', (n) =>
    numbered(n, (i) => `### File src/a_${i}.ts\n`),
  ),
  shape(
    'markdown-actions',
    'Search labels without fences',
    (n) => `### File a.ts\n### Action modify\n${repeat('**Search**:\nx\n', n)}`,
  ),
  shape('markdown-actions', 'Content fences never closed', (n) =>
    numbered(n, (i) => `### File src/a_${i}.ts\n### Action rewrite\n**Content**:\n\`\`\`ts\nx\n`),
  ),
  shape('markdown-actions', 'pre tags', (n) => repeat('<pre>\n### File a.ts\n', n)),

  // whole-file.ts
  shape('whole-file', 'path lines before unclosed fences', (n) =>
    numbered(n, (i) => `src/a_${i}.ts\n\`\`\`ts\nx\n`),
  ),
  shape('whole-file', 'headings then fences', (n) =>
    numbered(n, (i) => `### src/a_${i}.ts\nprose\n\`\`\`\nx\n\`\`\`\n`),
  ),

  // unified-diff.ts
  shape('unified-diff', 'headers without hunks', (n) =>
    numbered(n, (i) => `--- a/a_${i}.ts\n+++ b/a_${i}.ts\n`),
  ),
  shape('unified-diff', 'hunk headers without bodies', (n) => repeat('@@ -1,3 +1,3 @@\n', n)),
  shape(
    'unified-diff',
    'hunk with wrong counts',
    (n) => `--- a/a.ts\n+++ b/a.ts\n@@ -1,999999 +1,999999 @@\n${repeat(' x\n', n)}`,
  ),
  shape('unified-diff', 'diff --git run', (n) => numbered(n, (i) => `diff --git a/a_${i} b/a_${i}\n`)),
  shape('unified-diff', 'diff fences never closed', (n) =>
    numbered(n, (i) => `\`\`\`diff\n--- a/a_${i}\n+++ b/a_${i}\n@@\n-x\n`),
  ),

  // aptix.ts, structured-json.ts
  shape('aptix', 'json fences never closed', (n) =>
    numbered(n, (i) => `\`\`\`json\n{"files": [{"path": "a_${i}"\n`),
  ),
  shape('aptix', 'nested brackets', (n) => `\`\`\`json\n{"files": ${repeat('[', n)}\n\`\`\`\n`),
  shape('structured-json', 'open braces', (n) => repeat('{"replace_files": [', n)),
  shape('structured-json', 'json fences of op keys', (n) =>
    numbered(n, (i) => `\`\`\`json\n{"delete_files": ["a_${i}"]}\n\`\`\`\n`),
  ),

  // file-changes.ts
  shape('file-changes', 'FILE_NEW without close', (n) =>
    numbered(n, (i) => `<FILE_NEW file_path="a_${i}.ts">\nx\n`),
  ),
  shape('file-changes', 'containers never closed', (n) => repeat('<FILE_CHANGES>\n', n)),
  shape('file-changes', 'closing tags only', (n) => repeat('</FILE_NEW>\n</FILE_CHANGES>\n', n)),
  shape(
    'file-changes',
    'fenced content never closed',
    (n) => `<FILE_CHANGES>\n${numbered(n, (i) => `<FILE_NEW file_path="a_${i}.ts">\n\`\`\`ts\nx\n`)}`,
  ),

  // artifacts.ts
  shape('artifacts', 'artifacts never closed', (n) =>
    numbered(
      n,
      (i) => `<antArtifact identifier="a${i}" type="application/vnd.ant.code" title="a_${i}.ts">\nx\n`,
    ),
  ),
  shape('artifacts', 'closing tags only', (n) => repeat('</antArtifact>\n', n)),

  // registry.ts (reasoning blocks are masked before any parser runs)
  shape('registry', 'think tags never closed', (n) => repeat('<think>\nx\n', n)),
  shape('registry', 'think closers only', (n) => repeat('</think>\n```\n', n)),
];
