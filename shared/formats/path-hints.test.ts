import { describe, expect, it } from 'vitest';
import { fileOfLanguage, isPathToken, pathFromInfo, pathFromLine, pathFromSentence } from './path-hints';

describe('isPathToken', () => {
  it.each([
    ['a.py', true],
    ['src/x.d.ts', true],
    ['.env', true],
    ['src/app/[id]/page.tsx', true],
    ['bin/tool', true],
    ['Makefile', true],
    ['docker/Dockerfile', true],
    ['Output', false],
    ['Example', false],
    ['v1.2', false],
    ['1/2', false],
    ['e.g.', false],
    ['https://x.org/a.js', false],
    ['src/', false],
    ['a b.py', false],
    ['main()', false],
    ['"a.py"', false],
  ])('%j → %s', (token, ok) => {
    expect(isPathToken(token)).toBe(ok);
  });
});

describe('pathFromLine', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['**src/a.ts**', 'src/a.ts'],
    ['`src/a.ts`', 'src/a.ts'],
    ['**`src/a.ts`**', 'src/a.ts'],
    ['### src/a.ts', 'src/a.ts'],
    ['File: src/a.ts', 'src/a.ts'],
    ['**File:** `src/a.ts`', 'src/a.ts'],
    ['Filename: src/a.ts', 'src/a.ts'],
    ['src/a.ts:', 'src/a.ts'],
    ['- `src/a.ts`:', 'src/a.ts'],
    ['2. **src/a.ts**', 'src/a.ts'],
    ['2.5', null],
    ['**src/a.ts** (new file)', 'src/a.ts'],
    ['`src/a.ts` (updated):', 'src/a.ts'],
    ['src/a.ts (the one we discussed earlier in this long conversation)', null],
    ['Here is src/a.ts:', null],
    ['Output:', null],
    ['', null],
    ['### Example 1: Search and Replace', null],
  ])('%j → %s', (line, path) => {
    expect(pathFromLine(line)).toBe(path);
  });
});

describe('pathFromInfo', () => {
  it.each([
    ['ts src/a.ts', 'src/a.ts'],
    ['src/a.ts', 'src/a.ts'],
    ['python:src/main.py', 'src/main.py'],
    ['tsx title="src/app/page.tsx"', 'src/app/page.tsx'],
    ["js filename='lib/x.js'", 'lib/x.js'],
    ['js path=lib/x.js', 'lib/x.js'],
    ['ts title="a b.ts"', null],
    ['python', null],
    ['text', null],
    ['c++', null],
    [`ts ${'word '.repeat(300)}src/a.ts`, null],
    // The first word is the language, also when it is a file's name (issue 25: see fileOfLanguage).
    ['dockerfile', null],
    ['Makefile', null],
    ['dockerfile docker/Dockerfile', 'docker/Dockerfile'],
    ['text Makefile', 'Makefile'],
  ])('%j → %s', (info, path) => {
    expect(pathFromInfo(info)).toBe(path);
  });
});

describe('fileOfLanguage', () => {
  it.each([
    ['dockerfile', 'Dockerfile'],
    ['Dockerfile', 'Dockerfile'],
    ['makefile', 'Makefile'],
    ['containerfile build', 'Containerfile'],
    ['json', null],
    ['toml', null],
    ['cmake', null],
    ['python', null],
    ['', null],
  ])('%j → %s', (info, file) => {
    expect(fileOfLanguage(info)).toBe(file);
  });
});

describe('pathFromSentence', () => {
  it.each([
    ['Here is the updated `a.py`:', 'a.py'],
    ['Update `src/a.ts` so that `src/a.ts` compiles:', 'src/a.ts'],
    ['Change `a.py` and `b.py`:', null],
    ['Call `main()` again:', null],
    ['Here is the code:', null],
    // An npm package or an import alias is no file (corpus unprompted/049).
    ['确保 `@tauri-apps/plugin-fs` 已经安装。版本号应为 `^2.0.0-beta` 或更高。', null],
    ['Import it from `@/components/Button.vue`:', null],
    ['Install `@scope/pkg`, then edit `src/a.ts`:', 'src/a.ts'],
  ])('%j → %s', (line, path) => {
    expect(pathFromSentence(line)).toBe(path);
  });
});
