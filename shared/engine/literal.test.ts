import { describe, expect, it } from 'vitest';
import type { Op } from '../changeset/changeset';
import { applyOp } from './apply-op';

const op = (search: string, replace: string, extra: { all?: boolean; takeFirst?: boolean } = {}): Op => ({
  kind: 'search-replace',
  path: 'a.cs',
  line: 3,
  edits: [
    {
      search,
      replace,
      all: extra.all ?? false,
      literal: true,
      ...(extra.takeFirst ? { takeFirst: true } : {}),
    },
  ],
});

describe('literal substring edits (Aptix find/replace)', () => {
  it.each([
    ['part of a line', 'Trace("[OldTag]");\n', '[OldTag]', '[NewTag]', {}, 'Trace("[NewTag]");\n'],
    ['every occurrence with all', 'a x a\n', 'a', 'b', { all: true }, 'b x b\n'],
    ['the first with takeFirst', 'a x a\n', 'a', 'b', { takeFirst: true }, 'b x a\n'],
    [
      'across a line break, in a CRLF file',
      'one\r\ntwo\r\nthree\r\n',
      'one\ntwo',
      '1\n2',
      {},
      '1\r\n2\r\nthree\r\n',
    ],
    [
      'whole lines with loose indentation fall back to the line ladder',
      '    foo();\n',
      'foo();\n',
      'bar();\n',
      {},
      '    bar();\n',
    ],
  ] as const)('%s', (_name, before, search, replace, extra, after) => {
    const r = applyOp(before, op(search, replace, extra));
    expect(r).toMatchObject({ ok: true, text: after });
  });

  it('refuses several occurrences without all or takeFirst', () => {
    expect(applyOp('a x a\n', op('a', 'b'))).toMatchObject({ ok: false, kind: 'ambiguous' });
  });

  it('warns when it takes the first of several', () => {
    const r = applyOp('a x a\n', op('a', 'b', { takeFirst: true }));
    expect(r.ok && r.notes.some((n) => n.severity === 'warning')).toBe(true);
  });

  it('reports a find that is nowhere in the file', () => {
    expect(applyOp('hello\n', op('[Missing]', 'x'))).toMatchObject({ ok: false, kind: 'no-match' });
  });
});

describe('a hunk repeated word for word', () => {
  it('is applied once, with a warning', () => {
    const hunk = { lines: [' a', '-b', '+B', ' c'] };
    const r = applyOp('a\nb\nc\n', { kind: 'patch', path: 'x', line: 1, hunks: [hunk, { ...hunk }] });
    expect(r).toMatchObject({ ok: true, text: 'a\nB\nc\n' });
    expect(r.ok && r.notes.some((n) => n.message.includes('word for word'))).toBe(true);
  });

  it('two different hunks that do not fit still fail', () => {
    const r = applyOp('a\nb\nc\n', {
      kind: 'patch',
      path: 'x',
      line: 1,
      hunks: [{ lines: [' a', '-b', '+B'] }, { lines: [' a', '-b', '+C'] }],
    });
    expect(r.ok).toBe(false);
  });
});
