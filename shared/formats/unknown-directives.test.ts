/**
 * Nothing a reply asks for is dropped silently (issue 11): in every format, a directive, action or key
 * the reader does not understand is an error diagnostic naming it and its line, so the reply is never
 * applied as if that part were not there.
 */
import { describe, expect, it } from 'vitest';
import { detectAll } from './registry';

describe('a directive the reader does not understand is an error', () => {
  it.each([
    [
      'delimiter blocks: an unknown command',
      '--- START-FILE: a.txt ---\nx\n--- END-FILE: a.txt ---\n--- MOVE-FILE: b.txt ---\n',
      4,
      /MOVE-FILE/,
    ],
    [
      'FILE_CHANGES: an unknown tag',
      '<FILE_CHANGES>\n<FILE_MOVE from_path="a" to_path="b" />\n</FILE_CHANGES>\n',
      2,
      /FILE_MOVE/,
    ],
    ['Markdown actions: an unknown action', '## Files\n### File a.txt\n### Action rename\n', 3, /rename/],
    [
      'Aptix: a key a file entry does not define',
      '```json\n{"files":[{"path":"a.txt","action":"delete","content":"x"}]}\n```\n',
      2,
      /"action"/,
    ],
    [
      'structured JSON: operations under an unknown key',
      '{"message":"m","rename_files":[{"from":"./a","to":"./b"}],"delete_files":["./c"]}',
      1,
      /rename_files/,
    ],
    [
      'OpenAI patch: an unknown header',
      '*** Begin Patch\n*** Copy File: b.txt\n*** End Patch\n',
      2,
      /Copy File/,
    ],
    ['Repo Prompt XML: an unknown action', '<file path="a.txt" action="chmod">\n</file>\n', 1, /chmod/],
  ])('%s', (_name, reply, line, what) => {
    const errors = detectAll(reply).flatMap((s) => s.diagnostics.filter((d) => d.severity === 'error'));
    expect(errors).toEqual([expect.objectContaining({ line, message: expect.stringMatching(what) })]);
  });

  it('delimiter blocks: such a line inside a block is the file’s content', () => {
    const reply = '--- START-FILE: doc.md ---\n--- MOVE-FILE: x ---\n--- END-FILE: doc.md ---\n';
    const [set] = detectAll(reply);
    expect(set!.diagnostics).toEqual([]);
    expect(set!.ops).toEqual([
      expect.objectContaining({ kind: 'create', content: '--- MOVE-FILE: x ---\n' }),
    ]);
  });

  it('structured JSON: a stray string under an unknown key is only a warning', () => {
    const [set] = detectAll('{"message":"m","note":"hi","delete_files":["./c"]}');
    expect(set!.diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });
});
