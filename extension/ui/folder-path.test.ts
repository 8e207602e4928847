import { describe, expect, it } from 'vitest';
import { baseName, breadcrumbs, isAbsoluteFolder, joinPath } from './folder-path';

describe('folder paths', () => {
  it.each([
    ['/', [['/', '/']]],
    [
      '/home/ada/code',
      [
        ['/', '/'],
        ['home', '/home'],
        ['ada', '/home/ada'],
        ['code', '/home/ada/code'],
      ],
    ],
    [
      'C:\\Users\\ada',
      [
        ['C:', 'C:\\'],
        ['Users', 'C:\\Users'],
        ['ada', 'C:\\Users\\ada'],
      ],
    ],
  ])('breadcrumbs(%s)', (path, crumbs) => {
    expect(breadcrumbs(path)).toEqual(crumbs);
  });

  it.each([
    ['/home/ada', 'code', '/home/ada/code'],
    ['/', 'etc', '/etc'],
    ['C:\\Users', 'ada', 'C:\\Users\\ada'],
    ['C:\\', 'Users', 'C:\\Users'],
  ])('joinPath(%s, %s) → %s', (dir, name, out) => {
    expect(joinPath(dir, name)).toBe(out);
  });

  it.each([
    ['/home/ada', true],
    ['C:\\x', true],
    ['d:/x', true],
    ['~/code', false],
    ['code', false],
    ['', false],
  ])('isAbsoluteFolder(%s) → %s', (path, abs) => {
    expect(isAbsoluteFolder(path)).toBe(abs);
  });

  it.each([
    ['/home/ada/site', 'site'],
    ['/home/ada/site/', 'site'],
    ['C:\\Users\\ada', 'ada'],
    ['/', '/'],
  ])('baseName(%s) → %s', (path, name) => {
    expect(baseName(path)).toBe(name);
  });
});
