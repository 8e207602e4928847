import { describe, expect, it } from 'vitest';
import type { FormatId, OpKind } from '../changeset/changeset';
import { detectAll } from '../formats/registry';
import { instructionFor } from './registry';

const F = '```';
const F4 = '````';

// Each rule that teaches a shape the example does not show, written the way the rule says, with the
// words of the rule that teach it: the parsers must read it, so the rules cannot drift from them.
const TAUGHT: Array<[FormatId, string, string, OpKind[]]> = [
  [
    'search-replace',
    'an empty SEARCH part',
    `${F}ts\nsrc/new.ts\n<<<<<<< SEARCH\n=======\nexport const x = 1;\n>>>>>>> REPLACE\n${F}`,
    ['search-replace'],
  ],
  [
    'unified-diff',
    '`--- /dev/null`, a deleted one `+++ /dev/null`',
    `${F}diff\n--- /dev/null\n+++ b/src/new.ts\n@@ -0,0 +1,1 @@\n+export const x = 1;\n--- a/src/old.ts\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-export {};\n${F}`,
    ['patch', 'patch'],
  ],
  [
    'openai-patch',
    '`*** Move to: <path>`',
    `${F}\n*** Begin Patch\n*** Delete File: src/old.ts\n*** Update File: src/a.ts\n*** Move to: src/b.ts\n@@ class Greeter\n   hello() {\n-    return 1;\n+    return 2;\n   }\n*** End Patch\n${F}`,
    ['delete', 'patch'],
  ],
  [
    'file-changes',
    '<FILE_RENAME from_path="old/path" to_path="new/path" />',
    `${F4}xml\n<FILE_CHANGES>\n<FILE_RENAME from_path="old/path" to_path="new/path" />\n</FILE_CHANGES>\n${F4}`,
    ['rename'],
  ],
  [
    'delimiter-blocks',
    'START-REPLACE-FILE … END-REPLACE-FILE',
    `${F4}text\n--- START-REPLACE-FILE: README.md ---\n# Title\n\n${F}sh\nnpm test\n${F}\n--- END-REPLACE-FILE: README.md ---\n${F4}`,
    ['replace'],
  ],
  [
    'structured-json',
    '`edit_files` entries `{ "path", "content", "insert_at" }`',
    `${F}json\n{\n  "message": "m",\n  "edit_files": [{ "path": "src/a.ts", "content": "// top", "insert_at": 1 }],\n  "shell_scripts": ["npm install"]\n}\n${F}`,
    ['insert', 'shell'],
  ],
  [
    'markdown-actions',
    'Use a longer fence (````) when the code itself contains ```.',
    `# Plan\n\nAdd docs, rewrite b, drop c.\n\n## Files\n\n### File docs/a.md\n\n### Action create\n\n#### Change\n\n**Content**:\n${F4}markdown\nRun:\n${F}sh\nnpm test\n${F}\n${F4}\n\n### File src/b.ts\n\n### Action rewrite\n\n#### Change\n\n**Content**:\n${F}ts\nexport const b = 2;\n${F}\n\n### File src/c.ts\n\n### Action delete\n`,
    ['create', 'replace', 'delete'],
  ],
];

describe('what the rules teach beyond the example', () => {
  it.each(TAUGHT)('%s: %s', (id, words, reply, kinds) => {
    expect(instructionFor(id).text).toContain(words);
    const sets = detectAll(reply);
    expect(sets.map((s) => s.source.format)).toEqual([id]);
    expect(sets[0]!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(sets[0]!.ops.map((op) => op.kind)).toEqual(kinds);
  });
});
