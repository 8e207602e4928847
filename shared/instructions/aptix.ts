import { fenced, instruction } from './types';

export const aptixInstruction = instruction({
  id: 'aptix',
  name: 'Aptix JSON bundle',
  bestFor: 'Tools that already speak Aptix; whole files plus short literal find/replace edits.',
  intro:
    'When you change files, answer with an Aptix bundle: one JSON object in a ```json code fence, so my tool ' +
    'can apply it:',
  example: fenced(
    'json',
    [
      '{',
      '  "root": ".",',
      '  "files": [',
      '    { "path": "src/farewell.ts", "content": "export const bye = \'Bye\';\\n" },',
      '    { "path": "src/unused.ts", "operation": "delete" }',
      '  ],',
      '  "patches": [',
      '    { "path": "src/greet.ts", "replacements": [{ "find": "\'Hello \' + name", "replace": "\'Hello \' + name.trim()" }] }',
      '  ]',
      '}',
    ].join('\n'),
  ),
  rules: [
    '`files` writes whole files: `content` is the complete file as one JSON string (newlines as `\\n`); ' +
      '`"operation": "delete"` deletes a file.',
    '`patches` makes small edits: each `find` is copied exactly from the file and occurs in it once; `replace` takes its place.',
    'Only JSON inside the fence: no comments, no trailing commas, no other text.',
    'When you cannot give an exact `find`, send the whole file in `files` instead.',
  ],
});
