/**
 * The model's reasoning is not the reply's answer (registry.ts, maskReasoning): code in it is a draft. Held
 * by what detectAll finds with a draft block in the reasoning and the real one after it.
 */
import { describe, expect, it } from 'vitest';
import { detectAll } from './registry';

const block = (to: string) =>
  `a.py\n\`\`\`python\n<<<<<<< SEARCH\nx = 1\n=======\nx = ${to}\n>>>>>>> REPLACE\n\`\`\``;
const replaces = (reply: string) =>
  detectAll(reply)
    .flatMap((s) => s.ops)
    .flatMap((o) => (o.kind === 'search-replace' ? o.edits.map((e) => e.replace) : []));

describe('reasoning is not applied', () => {
  it.each([
    ['<think> … </think>', `<think>\nLet me draft:\n${block('2')}\n</think>\n\n${block('3')}`],
    ['<thinking> … </thinking>', `<thinking>\n${block('2')}\n</thinking>\n${block('3')}`],
    [
      "aider's <thinking-content-…> … </thinking-content-…>",
      `<thinking-content-7bbe>\n${block('2')}\n</thinking-content-7bbe>\n${block('3')}`,
    ],
    // Held-out aider reply: aider logged its own opening tag, the model closed with its own.
    [
      '<thinking-content-…> closed by </think>',
      `<thinking-content-7bbe>\n${block('2')}\n\n</think>\n\n${block('3')}`,
    ],
    // A model that does not write its opening tag (aider removes everything before the closing one).
    ['no opening tag: everything before </think>', `Let me draft:\n${block('2')}\n</think>\n${block('3')}`],
  ])('%s', (_n, reply) => {
    expect(replaces(reply)).toEqual(['x = 3\n']);
  });

  it('says which lines were left unread', () => {
    const set = detectAll(`Draft:\n${block('2')}\n</think>\n${block('3')}`)[0]!;
    expect(set.diagnostics).toContainEqual(
      expect.objectContaining({ severity: 'info', line: 1, message: expect.stringMatching(/reasoning/) }),
    );
  });

  it('a closing tag inside a code block is code, not the end of reasoning', () => {
    const reply = `${block('2')}\n\nprompt.txt\n\`\`\`\n</think>\n\`\`\``;
    expect(replaces(reply)).toEqual(['x = 2\n']);
  });

  it('an opening tag never closed leaves the reply as it is', () => {
    expect(replaces(`<think>\n${block('2')}`)).toEqual(['x = 2\n']);
  });
});
