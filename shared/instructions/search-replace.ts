import { fenced, instruction } from './types';

/**
 * The path goes on the first line inside the fence, not above it: outside a fence a chat renders
 * `my_file.py` as Markdown (italics) and the text we read back from the page loses the underscores.
 */
export const searchReplaceInstruction = instruction({
  id: 'search-replace',
  name: 'SEARCH/REPLACE blocks',
  bestFor: 'Small, exact edits to existing files; the most reliable choice for most models.',
  intro:
    'When you change files, write each change as a SEARCH/REPLACE block so my tool can apply it. ' +
    'Put each block in its own code fence, with the file path alone on the first line inside the fence:',
  example: fenced(
    'ts',
    [
      'src/greet.ts',
      '<<<<<<< SEARCH',
      'export function greet(name: string) {',
      "  return 'Hello ' + name;",
      '=======',
      'export function greet(name: string) {',
      "  return 'Hello ' + name.trim();",
      '>>>>>>> REPLACE',
    ].join('\n'),
  ),
  rules: [
    'The SEARCH part is copied exactly from the current file (same indentation, comments and blank lines), ' +
      'with just enough lines to match one place only.',
    'The REPLACE part holds the lines that take its place. One block per change; several blocks may name one file.',
    'A new file: its path, an empty SEARCH part, and the whole file as the REPLACE part.',
    'Exactly seven `<`, `=` and `>` characters in the marker lines.',
    'To delete or rename a file, say so in words; this format cannot do it.',
  ],
});
