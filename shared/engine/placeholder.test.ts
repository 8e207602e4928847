import { describe, expect, it } from 'vitest';
import { applyOp } from './apply-op';
import { findPlaceholders, isPlaceholderLine } from './placeholder';
import { srOp, text } from './test-helpers';

describe('isPlaceholderLine', () => {
  it.each([
    '// ... rest of the code ...',
    '    # ... existing code ...',
    '/* ... */',
    '<!-- ... -->',
    '// (unchanged)',
    '{/* ... */}',
    '// ...',
    '# rest of the file stays the same',
    '// … other methods …',
    '-- ... existing code ...',
    '// Rest of the implementation remains unchanged',
    '// existing imports',
    '# ... (same as before)',
  ])('%j is a placeholder', (line) => {
    expect(isPlaceholderLine(line)).toBe(true);
  });

  it.each([
    '...',
    'foo(...args);',
    '// TODO: handle the rest',
    '// returns the value unchanged if it is a string',
    '#include <stdio.h>',
    '# Wait for the server...',
    '/* configuration */',
    "console.log('...')",
    '// Loading... please wait',
  ])('%j is not', (line) => {
    expect(isPlaceholderLine(line)).toBe(false);
  });
});

describe('findPlaceholders', () => {
  it('ignores a placeholder-like line the original already has', () => {
    expect(findPlaceholders(['a', '// ...', 'b'], ['x', '  // ...'])).toEqual([]);
    expect(findPlaceholders(['a', '// ...', 'b'], ['x'])).toEqual([1]);
  });
});

describe('the guard in applyOp', () => {
  it.each([
    [
      'a whole-file replace',
      { kind: 'replace' as const, path: 'a.ts', line: 2, content: 'a\n// ... rest of the code ...\n' },
    ],
    [
      'a create',
      {
        kind: 'create' as const,
        path: 'a.ts',
        line: 2,
        content: '# ... existing code ...\n',
        ifExists: 'overwrite' as const,
      },
    ],
  ])('flags %s that cannot be filled from the file, keeping the content', (_name, op) => {
    // "a" is in the file twice: the comment's anchor says no one place (elisions.ts).
    const r = applyOp(text('a', 'b', 'a', 'c'), op);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toBe(op.content);
    expect(r.notes).toEqual([expect.objectContaining({ severity: 'error', placeholder: true, line: 2 })]);
  });

  it('flags a replacement text', () => {
    const r = applyOp(text('a', 'b'), srOp([{ search: 'b', replace: 'B\n/* ... */\n' }]));
    expect(r.ok && r.notes.some((n) => n.placeholder)).toBe(true);
  });

  it('does not flag a replacement that keeps an existing elision comment', () => {
    const r = applyOp(text('a', '// ...', 'b'), srOp([{ search: 'b', replace: 'B\n// ...\n' }]));
    expect(r.ok && r.notes).toEqual([]);
  });

  it('never flags a file that does not exist yet: creating it loses nothing (seed 000)', () => {
    const content = 'class MailerService\n{\n    // ...\n}\n';
    const r = applyOp(null, { kind: 'create', path: 'm.php', content, ifExists: 'fail', line: 1 });
    expect(r.ok && r.notes).toEqual([]);
  });

  it('flags a placeholder only where it takes the place of lines the file had', () => {
    const before = text('parameters:', '  a: 1', 'services:', '  b: 2');
    const replace = (content: string) =>
      applyOp(before, { kind: 'replace', path: 's.yaml', content, line: 1 });
    const lossless = replace(text('parameters:', '  a: 1', '  # ... more below', 'services:', '  b: 2'));
    expect(lossless.ok && lossless.notes).toEqual([]);
    // Where it stands for lines the file has, it is filled from the file when one reading fits…
    const filled = replace(text('parameters:', '  # ...', 'services:', '  b: 2'));
    expect(filled.ok && filled.text).toBe(before);
    expect(filled.ok && filled.notes).toEqual([
      expect.objectContaining({ severity: 'info', message: '"# ...": kept from your file (lines 2–2).' }),
    ]);
    // …and flagged, saying why, where none does (the start of the file is not in its block).
    const lossy = replace(text('  # ...', 'services:', '  b: 2'));
    expect(lossy.ok && lossy.notes).toEqual([
      expect.objectContaining({
        placeholder: true,
        message: expect.stringMatching(/"# \.\.\.".*could not be filled/),
      }),
    ]);
  });
});
