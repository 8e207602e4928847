import { fenced, instruction } from './types';

/**
 * The blocks go inside one code fence: outside it a chat renders the file content as Markdown
 * (indentation, `*` and `_` are lost in the text we read back from the page).
 */
export const delimiterBlocksInstruction = instruction({
  id: 'delimiter-blocks',
  name: 'Delimiter blocks (--- START-FILE ---)',
  bestFor: 'Whole new files and rewrites, with a few patches; plain and easy for any model.',
  intro:
    'When you change files, write each change between `--- KIND: path ---` lines, all inside one code fence ' +
    '(a fence of four backticks when a file itself contains ```), so my tool can apply them:',
  example: fenced(
    'text',
    [
      '--- START-FILE: src/farewell.ts ---',
      "export const bye = 'Bye';",
      '--- END-FILE: src/farewell.ts ---',
      '--- START-PATCH: src/greet.ts ---',
      '@@ -1,3 +1,3 @@',
      ' export function greet(name: string) {',
      "-  return 'Hello ' + name;",
      "+  return 'Hello ' + name.trim();",
      ' }',
      '--- END-PATCH: src/greet.ts ---',
      '--- DELETE-FILE: src/unused.ts ---',
    ].join('\n'),
  ),
  rules: [
    'START-FILE creates a file with its whole content; START-REPLACE-FILE … END-REPLACE-FILE rewrites an existing file whole.',
    'START-PATCH holds a unified diff of an existing file: `@@ -start,count +start,count @@` hunks whose lines start ' +
      'with a space (unchanged, copied exactly), `-` or `+`.',
    'Each END line repeats the path of its START line exactly; DELETE-FILE is a single line.',
  ],
});
