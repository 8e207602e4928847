import { fenced, instruction } from './types';

/** No outer fence here: the layout is itself Markdown, and its inner fences would break an outer one. */
export const markdownActionsInstruction = instruction({
  id: 'markdown-actions',
  name: 'Markdown actions (### File / ### Action)',
  bestFor: 'Readable answers: each file under a heading, edits as Search/Content pairs.',
  intro:
    'When you change files, lay the changes out in this Markdown (not inside a code fence) so my tool can apply them:',
  example: [
    '## Files',
    '',
    '### File src/greet.ts',
    '',
    '### Action modify',
    '',
    '#### Change',
    '',
    '**Search**:',
    fenced('ts', "  return 'Hello ' + name;"),
    '',
    '**Content**:',
    fenced('ts', "  return 'Hello ' + name.trim();"),
  ].join('\n'),
  rules: [
    'The action is `create` (new file), `rewrite` (whole existing file), `modify` (Search/Content pairs) or ' +
      '`delete` (no blocks). create and rewrite give the whole file in **Content**.',
    'A **Search** block is copied exactly from the file, with enough lines to match one place; several ' +
      '`#### Change` sections may follow one file.',
    'Use a longer fence (````) when the code itself contains ```. A `# Plan` section may come before `## Files`.',
  ],
});
