import { fenced, instruction } from './types';

export const unifiedDiffInstruction = instruction({
  id: 'unified-diff',
  name: 'Unified diff',
  bestFor: 'Edits across many files, when the model sees the files with their line numbers.',
  intro:
    'When you change files, write the changes as a unified diff (the output of `git diff`) in a ```diff ' +
    'code fence so my tool can apply them:',
  example: fenced(
    'diff',
    [
      '--- a/src/greet.ts',
      '+++ b/src/greet.ts',
      '@@ -1,3 +1,3 @@',
      ' export function greet(name: string) {',
      "-  return 'Hello ' + name;",
      "+  return 'Hello ' + name.trim();",
      ' }',
    ].join('\n'),
  ),
  rules: [
    'Each file starts with `--- a/<path>` and `+++ b/<path>`; a new file has `--- /dev/null`, a deleted one `+++ /dev/null`.',
    'Each hunk header has all four numbers, `@@ -start,count +start,count @@`, matching the current file.',
    'Each hunk line starts with one character: a space (unchanged, also on empty lines), `-` (removed) or `+` (added).',
    'Give about three unchanged lines around each change, copied exactly from the file.',
  ],
});
