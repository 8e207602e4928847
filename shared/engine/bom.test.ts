/**
 * A byte-order mark belongs to the file, never to a line: whatever rung placed an edit, whatever the
 * reply echoed, a file written back has exactly its own BOM (one when it had one, none when it had
 * none). Seen on a real reply: a C# file with a BOM, a SEARCH that matched only ignoring indentation,
 * and the BOM carried into the re-indented first line as if it were indentation — two BOMs.
 */
import { describe, expect, it } from 'vitest';
import type { Op } from '../changeset/changeset';
import { applyOpDetailed } from './apply-op';
import { displayHunks } from './display-hunks';
import { hunk, patchOp, srOp } from './test-helpers';

const B = '\uFEFF';
const sr = (search: string, replace: string): Op => srOp([{ search, replace }]);
const replace = (content: string): Op => ({ kind: 'replace', path: 'a.txt', content, line: 1 });
const overwrite = (content: string): Op => ({
  kind: 'create',
  path: 'a.txt',
  content,
  ifExists: 'overwrite',
  line: 1,
});
const append = (content: string): Op => ({ kind: 'append', path: 'a.txt', content, line: 1 });
const insert = (beforeLine: number, content: string): Op => ({
  kind: 'insert',
  path: 'a.txt',
  beforeLine,
  content,
  line: 1,
});
const ranges = (start: number, end: number, content: string): Op => ({
  kind: 'edit-ranges',
  path: 'a.txt',
  edits: [{ start, end, content }],
  line: 1,
});

describe('the file keeps exactly its own BOM', () => {
  it.each<[string, string | null, Op, string]>([
    // SEARCH/REPLACE
    [
      'the real case: matched ignoring indentation, the echoed BOM is not indentation',
      `${B}    int a = 1;\n    int b = 2;\n`,
      sr(`${B}int a = 1;\nint b = 2;\n`, `${B}int a = 10;\nint b = 2;\n`),
      `${B}    int a = 10;\n    int b = 2;\n`,
    ],
    [
      "matched ignoring indentation, the file's lines less indented than the reply's",
      `${B}int a = 1;\nint b = 2;\n`,
      sr(`${B}  int a = 1;\n  int b = 2;\n`, `${B}  int a = 10;\n  int b = 2;\n`),
      `${B}int a = 10;\nint b = 2;\n`,
    ],
    [
      'SEARCH and REPLACE echo the BOM',
      `${B}using System;\nclass A {}\n`,
      sr(`${B}using System;\n`, `${B}using System.Text;\n`),
      `${B}using System.Text;\nclass A {}\n`,
    ],
    [
      'only the REPLACE echoes it',
      `${B}using System;\r\nclass A {}\r\n`,
      sr('using System;\n', `${B}using System.Text;\n`),
      `${B}using System.Text;\r\nclass A {}\r\n`,
    ],
    [
      'a file without a BOM gets none from the REPLACE',
      'using System;\nclass A {}\n',
      sr('using System;\n', `${B}using System.Text;\n`),
      'using System.Text;\nclass A {}\n',
    ],
    [
      'a SEARCH with a BOM is found in a file without one, exactly',
      'using System;\nclass A {}\n',
      sr(`${B}using System;\n`, `${B}using System.Text;\n`),
      'using System.Text;\nclass A {}\n',
    ],
    ['an empty SEARCH appends without a second BOM', `${B}a\n`, sr('', `${B}b\n`), `${B}a\nb\n`],
    // Patches
    [
      "git's diff of a BOM file's first line (the BOM is in it), numbered",
      `${B}using System;\nclass A\n`,
      patchOp([hunk([`-${B}using System;`, `+${B}using System.Text;`, ' class A'], [1, 2, 1, 2])]),
      `${B}using System.Text;\nclass A\n`,
    ],
    [
      '…bare',
      `${B}using System;\nclass A\n`,
      patchOp([hunk([`-${B}using System;`, `+${B}using System.Text;`, ' class A'])]),
      `${B}using System.Text;\nclass A\n`,
    ],
    [
      '…as the first unchanged line',
      `${B}using System;\nclass A\n`,
      patchOp([hunk([` ${B}using System;`, '+using System.IO;', ' class A'], [1, 2, 1, 3])]),
      `${B}using System;\nusing System.IO;\nclass A\n`,
    ],
    [
      '…matched ignoring indentation: the added line is re-indented, not the BOM',
      `${B}    a = 1\n    b = 2\n`,
      patchOp([hunk([`-${B}a = 1`, `+${B}a = 10`, ' b = 2'])]),
      `${B}    a = 10\n    b = 2\n`,
    ],
    [
      '…after a junk line the hunk is repaired without (the line is the head of its side then)',
      `${B}a = 1\nb = 2\n`,
      patchOp([{ lines: [' </thinking>', `-${B}a = 1`, '+a = 2', ' b = 2'], loose: [0] }]),
      `${B}a = 2\nb = 2\n`,
    ],
    [
      'a patch does not add a BOM to a file without one',
      'using System;\nclass A\n',
      patchOp([hunk(['-using System;', `+${B}using System;`, ' class A'], [1, 2, 1, 2])]),
      'using System;\nclass A\n',
    ],
    [
      '…nor to an empty file',
      '',
      patchOp([hunk([`+${B}using System;`, '+class A'])]),
      'using System;\nclass A\n',
    ],
    [
      'a patch that creates a file gives it the BOM it writes',
      null,
      patchOp([hunk([`+${B}using System;`, '+class A'], [0, 0, 1, 2])], { isNew: true }),
      `${B}using System;\nclass A\n`,
    ],
    [
      'a SEARCH/REPLACE with an empty SEARCH that creates a file gives it the BOM it writes',
      null,
      sr('', `${B}using System;\nclass A\n`),
      `${B}using System;\nclass A\n`,
    ],
    [
      '…read as aider reads it (held-out: a C# file created by a reply that echoes the BOM)',
      null,
      srOp([{ search: '', replace: `${B}using System;\nclass A\n\n`, aider: true }]),
      `${B}using System;\nclass A\n`,
    ],
    // Whole files
    ['create with a BOM', null, overwrite(`${B}x\n`), `${B}x\n`],
    ['replace echoing the BOM', `${B}a\r\n`, replace(`${B}x\n`), `${B}x\r\n`],
    ['replace with a BOM over a file without one', 'a\n', replace(`${B}x\n`), 'x\n'],
    ['create (overwrite) echoing the BOM', `${B}a\n`, overwrite(`${B}x\n`), `${B}x\n`],
    ['append echoing the BOM', `${B}a\n`, append(`${B}b\n`), `${B}a\nb\n`],
    ['append with a BOM to an empty file', '', append(`${B}b\n`), 'b\n'],
    // Line edits
    ['insert before line 1 echoing the BOM', `${B}a\n`, insert(1, `${B}x\n`), `${B}x\na\n`],
    ['insert with a BOM into a file without one', 'a\n', insert(1, `${B}x\n`), 'x\na\n'],
    ['edit-ranges of line 1 echoing the BOM', `${B}a\nb\n`, ranges(1, 1, `${B}x\n`), `${B}x\nb\n`],
  ])('%s', (_name, before, op, after) => {
    const r = applyOpDetailed(before, op);
    expect(r).toMatchObject({ ok: true, text: after });
  });

  it('a SEARCH that matches only with the BOM read as indentation is not found', () => {
    // A mark inside the file (files joined together) is text of that line, not its indentation: it
    // would hide the line's real indentation from the re-indentation.
    const before = `a\n${B}    x = 1\n`;
    const r = applyOpDetailed(before, sr('x = 1\n', 'x = 2\n'));
    expect(r).toMatchObject({ ok: false, kind: 'no-match' });
  });

  it.each<[string, string, Op]>([
    ['search-replace', `${B}    int a = 1;\n    int b = 2;\n`, sr(`${B}int a = 1;\n`, `${B}int a = 10;\n`)],
    ['insert', `${B}a\nb\n`, insert(1, `${B}x\n`)],
    ['patch', `${B}a\nb\n`, patchOp([hunk([`-${B}a`, `+${B}A`, ' b'], [1, 2, 1, 2])])],
  ])('the display diff of a %s shows no BOM in a line', (_name, before, op) => {
    const r = applyOpDetailed(before, op);
    if (!r.ok) throw new Error(r.message);
    for (const h of [...displayHunks(before, r.text), ...(r.edits ? displayHunks(null, null, r.edits) : [])])
      for (const line of h.lines) expect(line).not.toContain(B);
  });
});
