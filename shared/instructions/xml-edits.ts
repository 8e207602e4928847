import { fenced, instruction } from './types';

/**
 * Repo Prompt's own instructions ask for the XML inside a ```XML fence; four backticks here, so a
 * ``` fence inside a file's text cannot close it early.
 */
export const xmlEditsInstruction = instruction({
  id: 'xml-edits',
  name: 'XML edits (Repo Prompt <file> / <change>)',
  bestFor: "Answers from tools and prompts that already speak Repo Prompt's XML edit format.",
  intro:
    'When you change files, write each one as a `<file>` element in this XML, inside a code fence of four ' +
    'backticks, so my tool can apply them:',
  example: fenced(
    'xml',
    [
      '<file path="src/greet.ts" action="modify">',
      '  <change>',
      '    <description>Trim the name</description>',
      '    <search>',
      '===',
      "  return 'Hello ' + name;",
      '===',
      '    </search>',
      '    <content>',
      '===',
      "  return 'Hello ' + name.trim();",
      '===',
      '    </content>',
      '  </change>',
      '</file>',
      '<file path="src/unused.ts" action="delete"/>',
    ].join('\n'),
    4,
  ),
  rules: [
    'The action is `create` or `rewrite` (one `<change>` whose `<content>` is the whole file), `modify` (a ' +
      '`<change>` per edit: a `<search>` copied exactly from the file, enough to match one place, and its ' +
      '`<content>`), `delete`, or `rename` with `<new path="…"/>`.',
    'Each `<search>` and `<content>` text goes between two lines that are exactly `===`, as it is: not escaped, ' +
      'no CDATA. Each tag starts its own line; close every `<file>`.',
    'A `<Plan>…</Plan>` with your reasoning may come first.',
  ],
});
