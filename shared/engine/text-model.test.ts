import { describe, expect, it } from 'vitest';
import { formatText, hasFinalNewline, parseText, restyle, textLines } from './text-model';

describe('parseText / formatText', () => {
  it.each([
    ['empty', ''],
    ['one newline', '\n'],
    ['LF', 'a\nb\n'],
    ['LF without final newline', 'a\nb'],
    ['CRLF', 'a\r\nb\r\n'],
    ['CRLF without final newline', 'a\r\nb'],
    ['mixed endings', 'a\nb\r\nc\r\nd\n'],
    ['BOM + CRLF', '\uFEFFa\r\nb\r\n'],
    ['lone CR stays inside the line', 'a\rb\n'],
    ['blank lines at the end', 'a\n\n\n'],
  ])('%s round-trips byte for byte', (_name, text) => {
    expect(formatText(parseText(text))).toBe(text);
  });

  it.each([
    ['a\nb\n', '\n', true],
    ['a\r\nb\r\n', '\r\n', true],
    ['a\r\nb\nc\r\n', '\r\n', true],
    ['a\r\nb\n', '\n', true],
    ['a', '\n', false],
    ['', '\n', true],
  ])('%j: dominant ending %j, final newline %s', (text, eol, final) => {
    const doc = parseText(text);
    expect(doc.eol).toBe(eol);
    expect(hasFinalNewline(doc)).toBe(final);
  });

  it('writes a file whose every line is gone as empty, without its BOM (variants run: udiff-047)', () => {
    const doc = parseText('\uFEFFa\r\nb\r\n');
    expect(formatText({ ...doc, lines: [], eols: [] })).toBe('');
  });

  it('gives a former last line the dominant ending when lines follow it', () => {
    const doc = parseText('a\r\nb');
    doc.lines.push('c');
    doc.eols.push('\r\n');
    expect(formatText(doc, false)).toBe('a\r\nb\r\nc');
  });
});

describe('textLines', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    ['a\n', ['a']],
    ['a\r\nb\r\n', ['a', 'b']],
    ['a\n\n', ['a', '']],
  ])('%j → %j', (text, lines) => {
    expect(textLines(text)).toEqual(lines);
  });
});

describe('restyle', () => {
  it.each([
    ['LF content into a CRLF file', 'x\ny\n', 'a\r\n', 'x\r\ny\r\n'],
    ['keeps the BOM', 'x\n', '\uFEFFa\n', '\uFEFFx\n'],
    ['content decides the final newline', 'x\ny', 'a\r\n', 'x\r\ny'],
    ['empty content stays empty', '', '\uFEFFa\r\n', ''],
  ])('%s', (_name, content, like, out) => {
    expect(restyle(content, parseText(like))).toBe(out);
  });
});
