import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPathFully, isPlainPath, isWithin, MAX_NAME_BYTES, normalizePath, quotePath } from './paths';

describe('normalizePath', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['src\\win\\a.ts', 'src/win/a.ts'],
    ['`src/a.ts`', 'src/a.ts'],
    ['**src/a.ts**', 'src/a.ts'],
    ['"src/a b.ts"', 'src/a b.ts'],
    ['src//a.ts', 'src/a.ts'],
    ['src/./a.ts', 'src/a.ts'],
    ['a b/c  d.ts', 'a b/c  d.ts'],
    ['.env', '.env'],
    ['src/.eslintrc.json', 'src/.eslintrc.json'],
    ['docs/日本語/説明.md', 'docs/日本語/説明.md'],
    [`${'d'.repeat(255)}/x`, `${'d'.repeat(255)}/x`],
    [`${'é'.repeat(126)}.ts`, `${'é'.repeat(126)}.ts`],
    ['.github/workflows/ci.yml', '.github/workflows/ci.yml'],
    ['.gitignore', '.gitignore'],
    ['.hgignore', '.hgignore'],
  ])('accepts %j as %j', (raw, want) => {
    expect(normalizePath(raw)).toEqual({ ok: true, path: want });
  });

  it.each([
    ['', 'empty'],
    ['../x', '..'],
    ['src/../../.bashrc', '..'],
    ['/etc/passwd', 'absolute'],
    ['C:\\Windows\\x', 'drive letter'],
    ['c:relative', 'drive letter'],
    ['\\\\server\\share\\x', 'UNC'],
    ['~/.bashrc', '~'],
    ['a\0b', 'NUL'],
    ['.git/hooks/pre-commit', '.git/'],
    ['sub/.GIT/config', '.GIT/'],
    ['.hg/hgrc', '.hg/'],
    ['vendor/lib/.Hg/hgrc', '.Hg/'],
    ['.jj/repo/config.toml', '.jj/'],
    ['%2e%2e/x', 'URL-encoded'],
    ['\u2025/x', 'looks like'],
    ['a\uFF0F..\uFF0Fb', 'looks like'],
    ['.', 'project folder itself'],
    ['a\nb', 'control'],
    ['a\u009b2Jb', 'control'],
    ['src/\u202Egnp.js', 'text-direction'],
    ['src/\u2066a\u2069.ts', 'text-direction'],
    ['.g\u200cit/hooks/pre-commit', 'invisible'],
    ['src/a\ufeff.ts', 'invisible'],
    ['src/a\u2028b.ts', 'invisible'],
    ['  src/a.ts', 'begins with a space'],
    ['src/a.ts ', 'ends with a space'],
    ['src /a.ts', 'ends with a space'],
    ['src/a.ts.', 'ends with a dot'],
    ['...', 'ends with a dot'],
    [`${'d'.repeat(256)}/x`, 'too long: 256 bytes'],
    [`${'é'.repeat(128)}`, 'too long: 256 bytes'],
    [`${'d/'.repeat(2048)}x`, 'too long: 4097 bytes'],
    ['a\u2571b', 'looks like a slash or a dot'],
    ['\u3002\u3002/x', 'looks like a slash or a dot'],
  ])('refuses %j (%s)', (raw, why) => {
    const r = normalizePath(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(why);
  });
});

describe('isWithin', () => {
  it('does not confuse a sibling sharing a prefix', () => {
    expect(isWithin('/proj', '/proj2/a')).toBe(false);
    expect(isWithin('/proj', '/proj/a')).toBe(true);
    expect(isWithin('/proj', '/proj')).toBe(true);
  });
});

describe('quotePath', () => {
  it('shows a short path as it is, control characters made visible', () => {
    expect(quotePath('src/a.ts')).toBe('src/a.ts');
    expect(quotePath('a\u001bb')).toBe('a\\u001bb');
  });
  it('shortens a long path to its start and end', () => {
    const q = quotePath(`${'d'.repeat(5000)}/x.txt`);
    expect(Array.from(q)).toHaveLength(80);
    expect(q).toMatch(/^d+…d+\/x\.txt$/);
  });
});

describe('the plain-path shortcut', () => {
  // Pieces a path is built from, hostile ones included: every rule of checkPath must still decide.
  const pieces = [
    'a',
    'Z',
    '0',
    'src',
    'file.ts',
    '_',
    '__',
    '__init__',
    '-',
    '+',
    '@',
    '=',
    ',',
    '.',
    '..',
    '...',
    '/',
    '//',
    '\\',
    ':',
    'C:',
    '~',
    '%2e',
    '%2F',
    ' ',
    '\t',
    '*',
    '**',
    '`',
    "'",
    '"',
    '.git',
    '.GIT',
    '.hg',
    '.jj',
    '.github',
    '\u0000',
    '\u001b',
    '\u009b',
    '\u200b',
    '\u2215',
    '\uff0f',
    '\uff0e',
    'é',
    '\ufeff',
    'x'.repeat(200),
  ];
  const path = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }).map((p) => p.join(''));

  it('takes a path only where the full check gives it back unchanged', () => {
    fc.assert(
      fc.property(path, (p) => {
        const full = checkPathFully(p);
        if (isPlainPath(p)) expect(full).toEqual({ ok: true, path: p });
        expect(normalizePath(p)).toEqual(full);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['src/a.ts', true],
    ['pkg0/file0.ts', true],
    ['a/__init__.py', true],
    ['__init__.py', false],
    ['.github/x.yml', false],
    ['a/.git/config', false],
    ['a./b', false],
    ['a..b', false],
    ['a//b', false],
    ['C:/x', false],
    [`${'n'.repeat(MAX_NAME_BYTES)}/x`, true],
    [`${'n'.repeat(MAX_NAME_BYTES + 1)}/x`, false],
  ])('%s: %s', (p, plain) => {
    expect(isPlainPath(p)).toBe(plain);
  });
});
