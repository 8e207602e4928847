/**
 * A file the reply creates takes the project's line endings when the files known here agree on CRLF
 * (held-out: aider on Windows wrote CRLF new files beside CRLF files; we wrote the reply's LF), and LF
 * otherwise. The table holds the rule; the plan tests hold where its evidence comes from.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeSet, Op } from '../changeset/changeset';
import { crlfLike, type EolEvidence, eolOf } from './new-file-eol';
import { type FileSnapshot, plan } from './plan';
import { srOp } from './test-helpers';

const crlf = (path: string): EolEvidence => ({ path, eol: 'crlf' });
const lf = (path: string): EolEvidence => ({ path, eol: 'lf' });

describe('eolOf', () => {
  it.each<[string, ReturnType<typeof eolOf>]>([
    ['a\r\nb\r\n', 'crlf'],
    ['a\nb', 'lf'],
    ['a\r\nb\n', null],
    ['one line', null],
    ['', null],
    ['\r\n', 'crlf'],
  ])('%j → %s', (text, want) => expect(eolOf(text)).toBe(want));
});

describe('crlfLike: which new files are written with CRLF', () => {
  it.each<[string, string, string, EolEvidence[], string | null]>([
    ['every known file is CRLF', 'tools/run.py', 'a\nb\n', [crlf('main.sh'), crlf('x.js')], 'main.sh'],
    ['no evidence', 'a.py', 'a\n', [], null],
    ['one LF file among CRLF ones', 'a.py', 'a\n', [crlf('b.js'), lf('c.md')], null],
    ['same extension decides over the rest', 'a.py', 'a\n', [lf('b.js'), crlf('c.py')], 'c.py'],
    ['…both ways', 'a.sh', 'a\n', [crlf('b.py'), lf('c.sh')], null],
    ['extension compared without case', 'A.CS', 'a\n', [crlf('b.cs'), lf('c.md')], 'b.cs'],
    ['a shell script only from scripts of its kind', 'run.sh', 'echo\n', [crlf('a.py')], null],
    ['…or a script by its first line', 'run', '#!/bin/sh\necho\n', [crlf('a.py')], null],
    ['…which do say CRLF', 'run.sh', 'echo\n', [crlf('lint.sh')], 'lint.sh'],
    [
      'a #! script of another language, from the shell scripts',
      'x.py',
      '#!/usr/bin/env python3\n',
      [crlf('a.js'), crlf('lint.sh')],
      'lint.sh',
    ],
    ['content that has CRs already is the reply’s', 'a.py', 'a\r\nb\n', [crlf('b.py')], null],
    ['content without a line break', 'a.py', 'a', [crlf('b.py')], null],
    ['a file without extension is judged by all', 'Makefile', 'a:\n', [crlf('b.py')], 'b.py'],
  ])('%s', (_name, path, content, evidence, want) => {
    expect(crlfLike(path, content, evidence)).toBe(want);
  });
});

const cs = (ops: Op[]): ChangeSet => ({
  id: 't',
  source: { format: 'search-replace' },
  ops,
  diagnostics: [],
});
const snaps = (files: Record<string, string | null>): Map<string, FileSnapshot | null> =>
  new Map(Object.entries(files).map(([p, t]) => [p, t === null ? null : { text: t, hash: 'h' }]));
const create = (path: string, replace: string) =>
  srOp([{ search: '', replace, aider: true }], { path, line: 9 });
const edit = (path: string) =>
  srOp([{ search: 'x = 1\n', replace: 'x = 2\n', aider: true }], { path, line: 1 });

describe('plan: a new file beside CRLF files', () => {
  it('takes CRLF from the files the same reply edits, and says so', () => {
    const p = plan(
      cs([edit('backend/app.py'), create('backend/db.py', 'import os\n\nDB = 1\n')]),
      snaps({ 'backend/app.py': 'import sys\r\nx = 1\r\n', 'backend/db.py': null }),
    );
    const made = p.files.find((f) => f.path === 'backend/db.py')!;
    expect(made.newText).toBe('import os\r\n\r\nDB = 1\r\n');
    expect(made.notes.map((n) => n.message)).toContain(
      "backend/db.py is written with CRLF line endings, like backend/app.py (the reply's text has LF).",
    );
    expect(p.files.find((f) => f.path === 'backend/app.py')!.newText).toBe('import sys\r\nx = 2\r\n');
  });

  it('takes it from the files near it that the host names (eolNear)', () => {
    const p = plan(cs([create('tests/t.py', 'a\nb\n')]), snaps({ 'tests/t.py': null }), {
      eolNear: new Map([['tests/t.py', [crlf('conftest.py')]]]),
    });
    expect(p.files[0]!.newText).toBe('a\r\nb\r\n');
  });

  it('stays LF beside LF files, and without evidence', () => {
    const beside = plan(
      cs([edit('app.py'), create('db.py', 'a\nb\n')]),
      snaps({ 'app.py': 'x = 1\n', 'db.py': null }),
    );
    expect(beside.files.find((f) => f.path === 'db.py')!.newText).toBe('a\nb\n');
    const alone = plan(cs([create('db.py', 'a\nb\n')]), snaps({ 'db.py': null }));
    expect(alone.files[0]!.newText).toBe('a\nb\n');
    expect(alone.files[0]!.notes.some((n) => /CRLF/.test(n.message))).toBe(false);
  });

  it('an existing file keeps its own endings whatever the others show (only new files are judged)', () => {
    const p = plan(cs([edit('a.py'), edit('b.py')]), snaps({ 'a.py': 'x = 1\r\n', 'b.py': 'x = 1\n' }));
    expect(p.files.map((f) => f.newText)).toEqual(['x = 2\r\n', 'x = 2\n']);
  });
});
