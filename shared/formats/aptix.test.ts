/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { aptixParser } from './aptix';
import { detectAll } from './registry';

const parse = (text: string) => aptixParser.parse(text);
const ops = (text: string) => parse(text).flatMap((b) => b.ops);
const diags = (text: string) => parse(text).flatMap((b) => b.diagnostics);
const bundle = (files: unknown) => `\`\`\`json\n${JSON.stringify({ root: '.', files }, null, 2)}\n\`\`\``;

describe('aptix file bundle', () => {
  it.each([
    [undefined, { kind: 'create', ifExists: 'overwrite', content: 'x' }],
    ['create', { kind: 'create', ifExists: 'fail', content: 'x' }],
    ['replace', { kind: 'replace', content: 'x' }],
    ['delete', { kind: 'delete' }],
  ])('operation %s', (operation, expected) => {
    const [op] = ops(bundle([{ path: 'a.txt', content: 'x', operation }]));
    expect(op).toEqual({ path: 'a.txt', line: 6, ...expected });
  });

  it('gives each entry the reply line of its path', () => {
    const text =
      '```json\n{"files": [\n {"path": "a", "content": "1"},\n {"path": "b", "content": "2"}\n]}\n```';
    expect(ops(text).map((o) => o.line)).toEqual([3, 4]);
  });

  it('prefixes a root other than "."', () => {
    const text = '```json\n{"root": "app/", "files": [{"path": "a.txt", "content": ""}]}\n```';
    expect(ops(text)[0]).toMatchObject({ path: 'app/a.txt' });
  });

  it('reads a gitPatch entry', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n';
    const [op] = ops(bundle([{ path: 'x', operation: 'gitPatch', content: diff }]));
    expect(op).toMatchObject({ kind: 'patch', path: 'x', line: 6, hunks: [{ lines: ['-a', '+b'] }] });
  });

  it.each([
    [[{ path: 'a' }], 'no content'],
    [[{ content: 'x' }], 'no path'],
    [[{ path: 'a', operation: 'move' }], 'unknown operation'],
    [[{ path: 'a', operation: 'patch' }], 'no replacements'],
  ])('refuses the entry %j', (files, message) => {
    expect(ops(bundle(files))).toEqual([]);
    expect(diags(bundle(files))[0]).toMatchObject({ severity: 'error' });
    expect(diags(bundle(files))[0]!.message).toContain(message);
  });

  it('repairs invalid JSON with a warning', () => {
    const text = '```json\n{"files": [{"path": "a", "content": "x",},],}\n```';
    expect(ops(text)).toHaveLength(1);
    expect(diags(text)[0]).toMatchObject({ severity: 'warning', line: 1 });
  });

  it('refuses a cut-off bundle instead of repairing it', () => {
    const text = '```json\n{"files": [{"path": "a", "content": "half';
    expect(ops(text)).toEqual([]);
    expect(diags(text)[0]).toMatchObject({ severity: 'error', line: 1 });
  });

  it('leaves JSON without files or patches alone', () => {
    expect(parse('```json\n{"message": "hi", "replace_files": []}\n```')).toEqual([]);
    expect(parse('```json\n{"name": "pkg", "version": "1.0.0"}\n```')).toEqual([]);
  });
});

describe('aptix structured patch', () => {
  it.each([
    [undefined, { all: false, takeFirst: true, literal: true }],
    ['once', { all: false, takeFirst: true, literal: true }],
    ['all', { all: true, literal: true }],
  ])('limit %s', (limit, expected) => {
    const text = `\`\`\`json\n${JSON.stringify({ patches: [{ path: 'a', replacements: [{ find: 'x', replace: 'y', limit }] }] })}\n\`\`\``;
    expect(ops(text)).toEqual([
      { kind: 'search-replace', path: 'a', line: 2, edits: [{ search: 'x', replace: 'y', ...expected }] },
    ]);
  });

  it('refuses an empty find', () => {
    const text = '```json\n{"patches": [{"path": "a", "replacements": [{"find": "", "replace": "y"}]}]}\n```';
    expect(ops(text)).toEqual([]);
    expect(diags(text)[0]!.severity).toBe('error');
  });
});

describe('aptix refusals and git patches', () => {
  it.each([
    ['A patch cannot be safely generated with the information provided.'],
    ['> `Unable to generate a safe Git patch; fallback to Aptix file bundle.`'],
  ])('reports %s as a warning', (line) => {
    const d = diags(`Sorry.\n${line}`);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ severity: 'warning', line: 2 });
    expect(d[0]!.message).toMatch(/^The assistant declined: (A patch|Unable)[^`>]*\.$/);
  });

  it('refuses a patch fence never closed where its last hunk is short (cut off), reads it where it is whole', () => {
    const fence = `${bundle([{ path: 'y', content: '' }])}\n\`\`\`patch\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b`;
    expect(diags(fence)).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/never closed: the reply may be cut off/),
      }),
    );
    expect(diags(`${fence}\n c`)).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(/its last hunk is whole/),
      }),
    );
  });

  it('claims a patch fence only beside an Aptix marker', () => {
    const patch = '```patch\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```';
    expect(parse(patch)).toEqual([]);
    expect(ops(`${bundle([{ path: 'y', content: '' }])}\n${patch}`).map((o) => o.kind)).toEqual([
      'create',
      'patch',
    ]);
    expect(ops(`Unable to generate a safe Git patch; here is my best try.\n${patch}`)).toHaveLength(1);
  });

  it('never throws on junk', () => {
    for (const junk of [
      '',
      '```json\n{"files": 5}\n```',
      '```json\n"files"\n```',
      '```json\n{"files": [null, 1, "x"]}\n```',
    ]) {
      expect(() => parse(junk)).not.toThrow();
    }
  });
});

describe('aptix: a ```json fence that is no bundle (issue 25)', () => {
  // Held-out aider reply: a package.json SEARCH/REPLACE block in a ````json fence mentions "files".
  const reply =
    'Here is the change:\n\n````json\npackage.json\n<<<<<<< SEARCH\n  },\n  "files": [\n=======\n  },\n  "files": [\n    "dist",\n>>>>>>> REPLACE\n````\n';
  it('is left to the reader it belongs to', () => {
    expect(aptixParser.parse(reply)).toEqual([]);
    const sets = detectAll(reply);
    expect(sets.map((s) => s.source.format)).toEqual(['search-replace']);
    expect(sets[0]!.ops).toMatchObject([{ kind: 'search-replace', path: 'package.json' }]);
  });
});

describe('aptix: a ```json fence whose info string names its file holds that file', () => {
  it.each([
    ['the path after the language', '```json package.json\n{\n  "name": "x",\n  "files": ["dist"]\n}\n```\n'],
    ["Cursor's language and path", '```json:package.json\n{\n  "name": "x",\n  "files": ["dist"]\n}\n```\n'],
  ])('%s: a package.json, not a bundle', (_n, reply) => {
    expect(aptixParser.parse(reply)).toEqual([]);
    const sets = detectAll(reply);
    expect(sets.map((s) => s.source.format)).toEqual(['whole-file']);
    expect(sets[0]!.ops).toMatchObject([{ kind: 'create', path: 'package.json' }]);
  });
});
