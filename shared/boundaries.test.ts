/**
 * shared/ is pure: no Node, no browser extension API, no DOM. The type-check of shared/tsconfig.json
 * (no node or chrome types) catches most of it; this scan also catches DOM globals, which some
 * dependencies' type declarations pull in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = import.meta.dirname;
const FORBIDDEN: Array<[RegExp, string]> = [
  [/from\s+['"]node:/, 'imports a node: module'],
  [/from\s+['"](fs|path|os|child_process|crypto|util)['"]/, 'imports a Node built-in'],
  [/\brequire\s*\(/, 'calls require()'],
  [/\bchrome\.\w/, 'uses chrome.*'],
  [/\bbrowser\.\w+\.\w/, 'uses browser.*'],
  [/from\s+['"]webextension-polyfill['"]/, 'imports webextension-polyfill'],
  [/\b(document|window|navigator|localStorage|sessionStorage)\s*[.[]/, 'uses a DOM global'],
  [/\bprocess\.(env|argv|cwd|exit)/, 'uses process'],
  [/\bBuffer\./, 'uses Buffer'],
  [/from\s+['"]\.\.\/\.\.\/(native-host|extension)\//, 'imports from native-host or extension'],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('shared/ stays pure', () => {
  const files = sources(ROOT);
  it('has sources to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });
  it.each(files.map((f) => [relative(ROOT, f), f]))('%s uses no Node, chrome or DOM API', (_name, file) => {
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const found = FORBIDDEN.filter(([re]) => re.test(text)).map(([, why]) => why);
    expect(found).toEqual([]);
  });
});
