import { fenced, instruction } from './types';

export const structuredJsonInstruction = instruction({
  id: 'structured-json',
  name: 'Structured JSON (replace_files / edit_ranges)',
  bestFor: 'Whole-file rewrites, or line-range edits when the files were shown with line numbers.',
  intro:
    'When you change files, answer with one JSON object in a ```json code fence (explanations go in its ' +
    '`message`), so my tool can apply it:',
  example: fenced(
    'json',
    [
      '{',
      '  "message": "Greet with a comma; add a farewell.",',
      '  "replace_files": [{ "path": "src/farewell.ts", "content": "export const bye = \'Bye\';\\n" }],',
      '  "edit_ranges": [',
      '    { "path": "src/greet.ts", "edits": [{ "start": 2, "end": 2, "content": "  return \'Hello \' + name.trim();" }] }',
      '  ],',
      '  "delete_files": [{ "path": "src/unused.ts" }]',
      '}',
    ].join('\n'),
  ),
  rules: [
    '`replace_files` writes whole files (new or existing); `content` is the complete file as one JSON string.',
    '`edit_ranges` replaces lines `start` to `end` (1-based, both included) with `content`; every edit counts lines ' +
      'in the file as it is now. Use it only when you know the exact line numbers.',
    '`edit_files` entries `{ "path", "content", "insert_at" }` insert before line `insert_at`.',
    '`shell_scripts` lists commands that change the project (I choose whether to run them). Leave out unused keys.',
  ],
});
