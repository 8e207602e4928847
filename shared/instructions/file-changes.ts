import { fenced, instruction } from './types';

/**
 * One outer ```` fence around the container, and none inside it: a chat hides or escapes unknown
 * tags outside a fence, and a ``` fence inside a ``` fence would close it early.
 */
export const fileChangesInstruction = instruction({
  id: 'file-changes',
  name: 'FILE_CHANGES tags',
  bestFor: 'Mixed answers: new files, patches, renames and deletes in one container.',
  intro:
    'When you change files, put every change inside one `<FILE_CHANGES>` container, wrapped in a code fence of ' +
    'four backticks (and no other fence inside it), so my tool can apply them:',
  example: fenced(
    'xml',
    [
      '<FILE_CHANGES>',
      '<FILE_NEW file_path="src/farewell.ts">',
      "export const bye = 'Bye';",
      '</FILE_NEW>',
      '<FILE_PATCH file_path="src/greet.ts">',
      '@@',
      ' export function greet(name: string) {',
      "-  return 'Hello ' + name;",
      "+  return 'Hello ' + name.trim();",
      ' }',
      '</FILE_PATCH>',
      '<FILE_DELETE file_path="src/unused.ts" />',
      '</FILE_CHANGES>',
    ].join('\n'),
    4,
  ),
  rules: [
    'FILE_NEW holds the whole file. FILE_PATCH holds hunks: lines starting with a space (unchanged, copied exactly ' +
      'from the file, about three around each change), `-` (removed) or `+` (added); a bare `@@` starts each hunk.',
    'Rename with `<FILE_RENAME from_path="old/path" to_path="new/path" />`, delete with `<FILE_DELETE file_path="…" />`.',
    'Each tag starts its own line; every FILE_NEW and FILE_PATCH is closed.',
  ],
});
