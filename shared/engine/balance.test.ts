/**
 * Filled texts are held to the file's own bracket balance (balance.ts): a kept range in the wrong place
 * cuts a block in two, and that is refused rather than written.
 */
import { describe, expect, it } from 'vitest';
import { applyOp } from './apply-op';
import { bracketDepth, unbalancedAgainst } from './balance';

describe('bracketDepth', () => {
  it.each<[string, string[], number | null]>([
    ['balanced code', ['function f(a) {', '  return [a];', '}'], 0],
    ['an open block', ['class C {', '  m() {', '  }'], 1],
    [
      'brackets in strings and comments do not count',
      ['const s = "}{";', "x('(');", '// }', '/* { */', 'y(); # )'],
      0,
    ],
    ['a block comment over lines', ['/*', ' } ) ]', '*/', 'f();'], 0],
    ['a closer with no opener', ['}', '{'], null],
  ])('%s', (_name, lines, want) => {
    expect(bracketDepth(lines)).toBe(want);
  });

  it('a file that does not balance by this count is not held to it', () => {
    expect(unbalancedAgainst(['f(', 'x'], ['f('])).toBeNull();
    expect(unbalancedAgainst(['f()'], ['f('])).toMatch(/1 bracket is left open/);
  });
});

describe('applyOp: an elided snippet whose fill would leave a block open is refused', () => {
  it('refuses, naming the reason', () => {
    const file = 'function a() {\n  if (x) {\n    go();\n  }\n  stop();\n}\n';
    const snippet = 'function a() {\n  // ... existing code ...\n    go();\n  stop();\n}\n';
    const r = applyOp(file, {
      kind: 'create',
      path: 'a.js',
      content: snippet,
      ifExists: 'overwrite',
      line: 1,
    });
    // The placeholder guard keeps the comment from being written: an error note, which the plan refuses.
    expect(r.ok && r.notes.filter((n) => n.severity === 'error').map((n) => n.message)).toEqual([
      expect.stringMatching(
        /could not be filled from the file: .*1 bracket is left open in it, where the file closes all of its own/,
      ),
    ]);
  });
});

describe('applyOp: a comment that says the lines stay, which cannot be placed, is refused even when moved', () => {
  it('a section reordered around it (Continue markdown-section-reordering) loses no heading silently', () => {
    const file =
      '# API Documentation\n\n## Authentication\n\nAll API endpoints require authentication using Bearer tokens.\n\n## Endpoints\n\n### Users\n\nManage user accounts and profiles.\n\n### Posts\n\nCreate and manage blog posts.\n\n### Comments\n\nHandle user comments on posts.\n\n## Error Handling\n\nThe API returns standard HTTP status codes.\n\n## Rate Limiting\n\nAPI calls are limited to 1000 requests per hour.\n';
    const lazy =
      '# API Documentation\n\n## Table of Contents\n\n- [Authentication](#authentication)\n- [Rate Limiting](#rate-limiting)  \n- [Error Handling](#error-handling)\n- [Endpoints](#endpoints)\n  - [Users](#users)\n  - [Posts](#posts)\n  - [Comments](#comments)\n\n## Authentication\n\nAll API endpoints require authentication using Bearer tokens.\nYou can obtain a token by calling the `/auth/login` endpoint.\n\n## Rate Limiting\n\nAPI calls are limited to 1000 requests per hour.\n\n## Error Handling\n\nThe API returns standard HTTP status codes.\n\n<!-- ... existing sections ... -->\n\n### Users\n\nManage user accounts and profiles.\n\n### Posts\n\nCreate and manage blog posts.\n\n### Comments\n\nHandle user comments on posts.\n';
    const r = applyOp(file, {
      kind: 'create',
      path: 'API.md',
      content: lazy,
      ifExists: 'overwrite',
      line: 1,
    });
    expect(r.ok && r.notes.some((n) => n.severity === 'error' && /could not be placed/.test(n.message))).toBe(
      true,
    );
  });
});
