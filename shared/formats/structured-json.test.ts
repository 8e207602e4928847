/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { detectAll } from './registry';
import { structuredJson } from './structured-json';

const parseOps = (text: string) => structuredJson.parse(text).flatMap((b) => b.ops);
const diags = (text: string) => structuredJson.parse(text).flatMap((b) => b.diagnostics);

describe('structured-json: which replies it claims', () => {
  it.each([
    ['bare object with an op key', '{"message":"m","delete_files":[{"path":"./a"}]}', 1],
    ['json fence after prose', 'Here:\n```json\n{"shell_scripts":["npm i"]}\n```\n', 1],
    ['untagged fence', '```\n{"delete_files":["./a"]}\n```', 1],
    [
      'Aptix bundle (root/files) is not ours',
      '```json\n{"root":".","files":[{"path":"a","content":""}]}\n```',
      0,
    ],
    ['example payload with only "message" in a fence', '```json\n{"message":"ok","status":200}\n```', 0],
    ['prose that mentions the keys', 'Use "replace_files" and "delete_files" keys.', 0],
    ['a fence of another language', '```ts\nconst x = {"delete_files": []};\n```', 0],
    // A fence whose info string names its file holds that file (Cursor writes `json:path`).
    ['a json fence naming its file', '```json ops.json\n{"delete_files":["./a"]}\n```', 0],
    ["a json fence naming its file, Cursor's way", '```json:ops.json\n{"delete_files":["./a"]}\n```', 0],
  ])('%s', (_name, text, blocks) => {
    expect(structuredJson.parse(text)).toHaveLength(blocks);
  });

  it('reads a bare message-only reply as a summary without ops (no change set)', () => {
    const blocks = structuredJson.parse('{"message": "Which file do you mean?"}');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.summary).toBe('Which file do you mean?');
    expect(detectAll('{"message": "Which file do you mean?"}')).toEqual([]);
  });
});

describe('structured-json: mapping', () => {
  it('maps replace_files to create/overwrite so that new files work too', () => {
    expect(parseOps('{"replace_files":[{"path":"./new.txt","content":"x\\n"}]}')).toEqual([
      { kind: 'create', path: './new.txt', content: 'x\n', ifExists: 'overwrite', line: 1 },
    ]);
  });

  it.each([
    ['insert before line 1', 1, true],
    ['append (lines + 1 is still a plain number)', 999, true],
    ['line 0', 0, false],
    ['a string', '"3"', false],
    ['a fraction', 2.5, false],
  ])('edit_files insert_at: %s', (_n, at, ok) => {
    const text = `{"edit_files":[{"path":"a.js","content":"x\\n","insert_at":${at}}]}`;
    const ops = parseOps(text);
    if (ok) expect(ops).toEqual([{ kind: 'insert', path: 'a.js', beforeLine: at, content: 'x\n', line: 1 }]);
    else {
      expect(ops).toEqual([]);
      expect(diags(text)[0]).toMatchObject({ severity: 'error', line: 1 });
    }
  });

  it.each([
    ['replace one line', 6, 6, true],
    ['pure insertion (end = start - 1)', 4, 3, true],
    ['end before start - 1', 5, 3, false],
    ['start 0', 0, 0, false],
  ])('edit_ranges: %s', (_n, start, end, ok) => {
    const text = `{"edit_ranges":[{"path":"a","edits":[{"start":${start},"end":${end},"content":"c"}]}]}`;
    expect(parseOps(text)).toHaveLength(ok ? 1 : 0);
  });

  it('keeps reply order across keys and gives each entry the line where it starts', () => {
    const text = [
      '{',
      '  "shell_scripts": [',
      '    "npm test"',
      '  ],',
      '  "delete_files": [',
      '    { "path": "./x" },',
      '    {',
      '      "path": "./y"',
      '    }',
      '  ]',
      '}',
    ].join('\n');
    expect(parseOps(text).map((o) => [o.kind, o.line])).toEqual([
      ['shell', 3],
      ['delete', 6],
      ['delete', 7],
    ]);
  });

  it('is not confused by braces, brackets and "path" inside string content', () => {
    const content = JSON.stringify('{ "path": [1, 2] }\n}]\n\\"');
    const text = `{\n"replace_files": [\n{"path": "a", "content": ${content}},\n{"path": "b", "content": "x"}\n]\n}`;
    expect(parseOps(text).map((o) => o.line)).toEqual([3, 4]);
  });

  it('reports unknown top-level keys and ignores them', () => {
    expect(diags('{"delete_files":["a"],"notes":"x"}')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('"notes"') }),
    ]);
  });

  it('notes text after the closing brace', () => {
    expect(diags('{"delete_files":["a"]}\nHope this helps!')).toEqual([
      expect.objectContaining({ severity: 'info', line: 1 }),
    ]);
  });

  it('repairs invalid JSON with a warning, and refuses what cannot be repaired with an error', () => {
    expect(parseOps('{"delete_files": [{"path": "a"},],}')).toHaveLength(1);
    expect(diags('{"delete_files": [{"path": "a"},],}')[0]!.severity).toBe('warning');
    const broken = '{\n"delete_files": [{"path": "a" / 2}]\n}';
    expect(parseOps(broken)).toEqual([]);
    expect(diags(broken)).toEqual([expect.objectContaining({ severity: 'error', line: 2 })]);
  });

  it('refuses absurdly deep nesting without trying to repair it', () => {
    const text = `{"delete_files": ${'['.repeat(5000)}`;
    expect(parseOps(text)).toEqual([]);
    expect(diags(text)[0]!.message).toMatch(/nested more than 256 levels/);
  });

  it('never throws on fragments', () => {
    for (const t of [
      '{',
      '{"',
      '{"delete_files"',
      '{"delete_files": [',
      '{"edit_ranges": [{"edits": 5}]}',
      '{}}',
    ]) {
      expect(() => structuredJson.parse(t)).not.toThrow();
    }
  });
});
