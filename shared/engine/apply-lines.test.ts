import { describe, expect, it } from 'vitest';
import type { EditRange, Op } from '../changeset/changeset';
import { applyOp } from './apply-op';
import { text } from './test-helpers';

const file = text('1', '2', '3', '4', '5');
const ranges = (edits: EditRange[]): Op => ({ kind: 'edit-ranges', path: 'a.txt', line: 3, edits });
const insert = (beforeLine: number, content: string): Op => ({
  kind: 'insert',
  path: 'a.txt',
  line: 3,
  beforeLine,
  content,
});

describe('edit-ranges', () => {
  it.each<[string, EditRange[], string]>([
    ['replaces an inclusive range', [{ start: 2, end: 3, content: 'x\n' }], text('1', 'x', '4', '5')],
    ['a single line', [{ start: 5, end: 5, content: 'five\n' }], text('1', '2', '3', '4', 'five')],
    ['empty content deletes', [{ start: 1, end: 2, content: '' }], text('3', '4', '5')],
    [
      'end = start - 1 inserts before start',
      [{ start: 3, end: 2, content: 'new\n' }],
      text('1', '2', 'new', '3', '4', '5'),
    ],
    [
      'end = start - 1 at lines + 1 appends',
      [{ start: 6, end: 5, content: 'six\n' }],
      text('1', '2', '3', '4', '5', 'six'),
    ],
    [
      'all ranges refer to the original lines, in any order',
      [
        { start: 4, end: 4, content: 'D\n' },
        { start: 1, end: 1, content: 'A\nA2\n' },
      ],
      text('A', 'A2', '2', '3', 'D', '5'),
    ],
    [
      'an insertion right before a replaced range goes first',
      [
        { start: 2, end: 3, content: 'X\n' },
        { start: 2, end: 1, content: 'ins\n' },
      ],
      text('1', 'ins', 'X', '4', '5'),
    ],
    [
      'adjacent ranges do not overlap',
      [
        { start: 1, end: 2, content: 'a\n' },
        { start: 3, end: 3, content: 'b\n' },
      ],
      text('a', 'b', '4', '5'),
    ],
  ])('%s', (_name, edits, after) => {
    expect(applyOp(file, ranges(edits))).toMatchObject({ ok: true, text: after });
  });

  it.each<[string, EditRange[], string]>([
    ['start 0', [{ start: 0, end: 1, content: '' }], 'out-of-range'],
    ['end past the file', [{ start: 4, end: 6, content: '' }], 'out-of-range'],
    ['end before start - 1', [{ start: 4, end: 2, content: '' }], 'out-of-range'],
    ['insertion after lines + 1', [{ start: 7, end: 6, content: 'x' }], 'out-of-range'],
    [
      'ranges sharing a line',
      [
        { start: 1, end: 3, content: '' },
        { start: 3, end: 4, content: '' },
      ],
      'overlap',
    ],
    [
      'an insertion inside a range',
      [
        { start: 1, end: 3, content: '' },
        { start: 2, end: 1, content: 'x' },
      ],
      'overlap',
    ],
  ])('%s → %s', (_name, edits, kind) => {
    const r = applyOp(file, ranges(edits));
    expect(r).toMatchObject({ ok: false, kind });
    if (!r.ok) expect(r.message).toMatch(/edit \d \(lines .*reply line 3/i);
  });

  it('needs the file', () => {
    expect(applyOp(null, ranges([{ start: 1, end: 1, content: 'x' }]))).toMatchObject({
      ok: false,
      kind: 'missing-file',
    });
  });
});

describe('insert', () => {
  it.each<[number, string]>([
    [1, text('x', '1', '2', '3', '4', '5')],
    [3, text('1', '2', 'x', '3', '4', '5')],
    [6, text('1', '2', '3', '4', '5', 'x')],
  ])('before line %i', (before, after) => {
    expect(applyOp(file, insert(before, 'x\n'))).toMatchObject({ ok: true, text: after });
  });

  it.each([0, 7, -1])('before line %i is out of range', (before) => {
    expect(applyOp(file, insert(before, 'x\n'))).toMatchObject({ ok: false, kind: 'out-of-range' });
  });

  it('at lines + 1 of a file without final newline keeps it that way', () => {
    expect(applyOp('1\r\n2', insert(3, 'x\n'))).toMatchObject({ ok: true, text: '1\r\n2\r\nx' });
  });
});

describe('line edits and a missing final newline', () => {
  it.each<[string, EditRange[], string]>([
    ['replacing the last line keeps it missing', [{ start: 2, end: 2, content: 'B\n' }], 'a\nB'],
    ['deleting the last line leaves the previous newline', [{ start: 2, end: 2, content: '' }], 'a\n'],
    ['an edit before the end keeps it missing', [{ start: 1, end: 1, content: 'A\n' }], 'A\nb'],
  ])('%s', (_name, edits, after) => {
    expect(applyOp('a\nb', ranges(edits))).toMatchObject({ ok: true, text: after });
  });
});
