import { fenced, instruction } from './types';

export const openaiPatchInstruction = instruction({
  id: 'openai-patch',
  name: 'OpenAI patch (*** Begin Patch)',
  bestFor: 'GPT and Codex models, which are trained on it; edits, new files, deletes and moves.',
  intro:
    'When you change files, write one patch in the `*** Begin Patch` format (the one apply_patch reads), ' +
    'inside a code fence, so my tool can apply it:',
  example: fenced(
    '',
    [
      '*** Begin Patch',
      '*** Update File: src/greet.ts',
      '@@',
      ' export function greet(name: string) {',
      "-  return 'Hello ' + name;",
      "+  return 'Hello ' + name.trim();",
      ' }',
      '*** Add File: src/farewell.ts',
      "+export const bye = 'Bye';",
      '*** End Patch',
    ].join('\n'),
  ),
  rules: [
    'Under `*** Update File: <path>`, each `@@` section shows the removed (`-`) and added (`+`) lines with about ' +
      'three unchanged lines (starting with a space) copied exactly from the file. No line numbers.',
    'When those lines occur more than once, name the enclosing class or function after the `@@` (`@@ class Greeter`).',
    '`*** Add File: <path>` creates a file, every line starting with `+`; `*** Delete File: <path>` deletes one; ' +
      '`*** Move to: <path>` right after an Update File line renames it.',
    'The patch ends with `*** End Patch`.',
  ],
});
