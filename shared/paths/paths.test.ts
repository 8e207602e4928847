import { describe, expect, it } from 'vitest';
import { isWithin, normalizePath } from './paths';

describe('normalizePath', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['src\\win\\a.ts', 'src/win/a.ts'],
    ['`src/a.ts`', 'src/a.ts'],
    ['**src/a.ts**', 'src/a.ts'],
    ['"src/a b.ts"', 'src/a b.ts'],
    ['src//a.ts', 'src/a.ts'],
    ['  src/./a.ts  ', 'src/a.ts'],
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
