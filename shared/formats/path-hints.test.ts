import { describe, expect, it } from 'vitest';
import { langOf, splitLines } from './fences';
import {
  fileOfLanguage,
  hintsAbove,
  isCodeReference,
  isContentLabel,
  isPathToken,
  langFitsFile,
  newFileOfSentence,
  pathFromInfo,
  pathFromLine,
  pathFromSentence,
  pathOfUrl,
} from './path-hints';

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
    // The labels real replies write (issue 40).
    ['**File to edit:** `Defs/ThingDef/Buildings_Power.xml`', 'Defs/ThingDef/Buildings_Power.xml'],
    ['File to create: src/a.ts', 'src/a.ts'],
    ['**New file:** `src/a.ts`', 'src/a.ts'],
    ['**Path:** src/a.ts', 'src/a.ts'],
    ['File to read first: src/a.ts', null],
    // Copilot chat's heading of a file's section: a link to it.
    [
      '### [AnalysisHistoryItem.vue](file:///Users/me/p/src/components/analysis/AnalysisHistoryItem.vue)',
      '/Users/me/p/src/components/analysis/AnalysisHistoryItem.vue',
    ],
    [
      '### [`aiogram_bot.py`](file:///d:/education/bot/src/aiogram_bot.py)',
      'd:/education/bot/src/aiogram_bot.py',
    ],
    ['[](file:///Users/me/p/a.ts)', '/Users/me/p/a.ts'],
    ['**[src/a.ts](src/a.ts)**', 'src/a.ts'],
    ['[a.ts](file:///Users/me/p/src/a.ts):', '/Users/me/p/src/a.ts'],
    // The text of a link is prose, or another file: it does not say the code is the target.
    ['[the guide](docs/guide.md)', null],
    ['[b.ts](file:///Users/me/p/a.ts)', null],
    ['[src/a.ts](https://github.com/o/r/blob/main/src/a.ts)', null],
  ])('%j → %s', (line, path) => {
    expect(pathFromLine(line)).toBe(path);
  });
});

describe('pathOfUrl: the path a file URL or a link target names', () => {
  it.each([
    ['file:///Users/me/p/a.ts', '/Users/me/p/a.ts'],
    ['file://localhost/Users/me/p/a.ts', '/Users/me/p/a.ts'],
    ['file:/Users/me/p/a.ts', '/Users/me/p/a.ts'],
    // VS Code writes the drive's colon encoded, in lower case.
    ['file:///c%3A/Users/me/p/a.ts', 'c:/Users/me/p/a.ts'],
    ['file:///C:/Users/me/p/a.ts', 'C:/Users/me/p/a.ts'],
    ['file:///Users/me/My%20Project/a%20b.ts', '/Users/me/My Project/a b.ts'],
    ['file:///Users/me/p/%E6%97%A5%E6%9C%AC.md', '/Users/me/p/日本.md'],
    // A fragment (Copilot's `#1-1`, `#L10`) or a query is no part of the name.
    ['file:///Users/me/p/config/dev.exs#1-1', '/Users/me/p/config/dev.exs'],
    ['file:///Users/me/p/a.ts?v=2#L10', '/Users/me/p/a.ts'],
    ['vscode://file/Users/me/p/a.ts:12:3', '/Users/me/p/a.ts'],
    ['vscode://file/c:/p/a.ts:12', 'c:/p/a.ts'],
    ['vscode-insiders://file/Users/me/p/a.ts', '/Users/me/p/a.ts'],
    // A remote window's link (a Copilot chat over SSH, in the corpus kept aside): the authority names the
    // machine, the path is the file's there.
    [
      'vscode-remote://ssh-remote/var/www/html/plugin/src/Admin/Admin.php',
      '/var/www/html/plugin/src/Admin/Admin.php',
    ],
    ['vscode-remote://ssh-remote+dev.box/home/me/p/a.ts:4', '/home/me/p/a.ts'],
    ['vscode-remote://wsl%2BUbuntu/home/me/p/a.ts', '/home/me/p/a.ts'],
    ['vscode-remote:///home/me/p/a.ts', null],
    ['src/a.ts', 'src/a.ts'],
    ['./src/a%20b.ts', './src/a b.ts'],
    ['<file:///Users/me/p/a.ts>', null],
    // A file on another machine, a web address, no file, a hidden separator, a broken encoding.
    ['file://server/share/a.ts', null],
    ['file:////server/share/a.ts', null],
    ['vscode://file//server/share/a.ts', null],
    ['https://example.com/a.ts', null],
    ['mailto:me@example.com', null],
    ['#section', null],
    ['file:///Users/me/p/', null],
    ['file:///Users/me/p/a%2F..%2Fb.ts', null],
    ['file:///Users/me/p/a%5Cb.ts', null],
    ['file:///Users/me/p/a%E0.ts', null],
    ['', null],
  ])('%j → %s', (url, path) => {
    expect(pathOfUrl(url)).toBe(path);
  });
});

describe('isContentLabel: a line that only says the code follows', () => {
  it.each([
    ['**Correct Content:**', true],
    ['**Correct Content**:', true],
    ['Updated code:', true],
    ['### New version', true],
    ['Here is the corrected content:', true],
    ["Here's the full file:", true],
    ['Code:', true],
    ['Replace it with:', true],
    ['**Final implementation:**', true],
    ['Example:', false],
    ['Usage:', false],
    ['Output:', false],
    ['Before:', false],
    ['Current code:', false],
    ['Original content:', false],
    ['Here is an example of the new code:', false],
    ['Updated `src/a.ts`:', false],
    ['', false],
  ])('%j → %s', (line, ok) => {
    expect(isContentLabel(line)).toBe(ok);
  });
});

describe('newFileOfSentence: a sentence that says the block is a new file', () => {
  it.each([
    ['Create a new file `src/utils/format.ts`:', 'src/utils/format.ts'],
    ['Create `src/a.ts` with the following content:', 'src/a.ts'],
    ['Now, create a file called `src/a.ts`:', 'src/a.ts'],
    ["Let's create the component `src/Foo.vue`:", 'src/Foo.vue'],
    ["Here's the new component, `Foo.vue`:", 'Foo.vue'],
    ['Add a new file `src/a.ts`:', 'src/a.ts'],
    ['2. **Create `src/a.ts`:**', 'src/a.ts'],
    ['And the new test file `tests/test_a.py`:', 'tests/test_a.py'],
    ['Here is `src/a.ts` (new file):', 'src/a.ts'],
    ['Create a rule file [](file:///Users/me/p/.cursor/rules/api.mdc):', '/Users/me/p/.cursor/rules/api.mdc'],
    // Not a new file now, or not this one, or not introducing the block.
    ['Here is the updated `src/a.ts`:', null],
    ["If you don't have `src/a.ts` yet, create it:", null],
    ['Instead of a new file `src/a.ts`, add this to the old one:', null],
    ['You could create `src/a.ts` like this:', null],
    ['Create a new file `src/a.ts`.', null],
    ['Create a function in `src/a.ts`:', null],
    ['Create a new file `a.ts` that imports `b.ts`:', null],
    ['Add the following to `src/a.ts`:', null],
    ['Update the existing file `src/a.ts`:', null],
  ])('%j → %s', (line, path) => {
    expect(newFileOfSentence(line)).toBe(path);
  });
});

describe('isCodeReference: Cursor quoting lines of a file', () => {
  it.each([
    ['12:15:src/a.ts', true],
    ['1:3:app/main.py', true],
    ['python:src/a.py', false],
    ['ts src/a.ts', false],
    ['12:15', false],
  ])('%j → %s', (info, ok) => {
    expect(isCodeReference(info)).toBe(ok);
    if (ok) expect(pathFromInfo(info)).toBeNull();
  });
});

describe('hintsAbove: what the lines above a fence say', () => {
  // Each text ends with the fence whose hints are read.
  const at = (text: string) => {
    const lines = splitLines(text);
    return hintsAbove(lines, lines.length - 1, langOf(lines.at(-1)!.slice(3))).map(
      (h) => `${h.kind} ${h.path}`,
    );
  };
  it.each<[string, string, string[]]>([
    ['a path line', 'src/a.ts\n```ts', ['line src/a.ts']],
    [
      'a label across a content label',
      '**File to edit:** `a.xml`\n\n**Correct Content:**\n```xml',
      ['label a.xml'],
    ],
    ['a label with no blank lines', 'File: a.xml\nUpdated code:\n```xml', ['label a.xml']],
    // It reaches across one content label and nothing else: two paragraphs up is another block's name.
    ['a label across prose', '**File:** a.xml\n\nThis shows the idea.\n\n```xml', []],
    ['a label across two content labels', '**File:** a.xml\nUpdated code:\nNew version:\n```xml', []],
    ['a label across an example label', '**File:** a.xml\n\nExample:\n```xml', []],
    ['a label two blank lines above', '**File:** a.xml\n\n\nCode:\n```xml', []],
    ['a new file', 'Create a new file `src/a.ts`:\n\n```ts', ['new-file src/a.ts']],
    ['a sentence', 'Here is the updated `src/a.ts`:\n```ts', ['sentence src/a.ts']],
    [
      "a heading over Copilot's summary",
      '### [a.vue](file:///Users/me/p/a.vue)\n\nAdd the delete button.\n\n```vue',
      ['editor-link /Users/me/p/a.vue'],
    ],
    [
      "a remote window's heading link over its summary",
      '### [Admin.php](vscode-remote://ssh-remote/var/www/p/src/Admin.php)\n\nCreate the class:\n\n```php',
      ['editor-link /var/www/p/src/Admin.php'],
    ],
    // A link the model typed to a relative path is a heading it wrote, not the editor's.
    [
      'a heading linking a relative path',
      '### [a.vue](src/a.vue)\n\nAdd the delete button.\n\n```vue',
      ['heading src/a.vue'],
    ],
    [
      'a heading over a numbered summary',
      '### src/bot.py\n\n1. Change the middleware\n2. Register it\n3. Handle albums\n\n```python',
      ['heading src/bot.py'],
    ],
    ['a bold line over a summary', '**src/a.ts**\n\nThe helper:\n\n```ts', ['heading src/a.ts']],
    ['a heading right above: a path line too', '### src/a.ts\n```ts', ['line src/a.ts', 'heading src/a.ts']],
    // The heading's first block only; nor past a list of files, a rule, or too much prose.
    ['under a heading, after another block', '### src/a.ts\n\n```ts\nx\n```\n\nAnd:\n\n```ts', []],
    ['a list of files above', '### src/a.ts\n\n- src/b.ts\n\nNow:\n```ts', []],
    ['a rule between', '### src/a.ts\n\n---\n\nNow:\n```ts', []],
    ['a heading naming nothing', '### Changes\n\nNow:\n```ts', []],
    // The fence's language is the file's: a traceback in a bare fence, or another language, is no
    // version of it (an exported Copilot chat: the user's next message quoted a traceback).
    [
      'a bare fence under a heading',
      '### [bot.py](file:///d:/p/src/bot.py)\n\nThese changes fix it.\n\n```',
      [],
    ],
    ['a fence of another language', '### src/bot.py\n\nRun it with:\n\n```ts', []],
    [
      'a VS Code language id',
      '### src/App.tsx\n\nThe component:\n\n```typescriptreact',
      ['heading src/App.tsx'],
    ],
    [
      'a heading, two blank lines above the fence',
      '### src/a.ts\n\nThe helper:\n\n\n```ts',
      ['heading src/a.ts'],
    ],
    ['a heading too far up', `### src/a.ts\n\n${'A line of prose.\n'.repeat(7)}\n\`\`\`ts`, []],
  ])('%s', (_n, text, want) => {
    expect(at(text)).toEqual(want);
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
    // Quoted, a name may hold spaces; prose in a title names no file.
    ['ts title="a b.ts"', 'a b.ts'],
    ["ts title='My Docs/read me.md'", 'My Docs/read me.md'],
    ['ts title="Example usage"', null],
    ['ts title="a  b.ts"', null],
    ['ts title=" a.ts"', 'a.ts'],
    ['ts title="a b/"', null],
    ['text title="LICENSE"', 'LICENSE'],
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
    // Copilot's links in prose name their file; a link's text is no second name; prose links name none.
    ['Update [](file:///Users/me/p/a.ts) as follows:', '/Users/me/p/a.ts'],
    ['Update [`a.ts`](file:///Users/me/p/a.ts) as follows:', '/Users/me/p/a.ts'],
    ['See [the guide](docs/guide.md), then edit `src/a.ts`:', 'src/a.ts'],
    ['Compare [](file:///p/a.ts) with `b.ts`:', null],
  ])('%j → %s', (line, path) => {
    expect(pathFromSentence(line)).toBe(path);
  });
});

describe('langFitsFile: a fence of the language a file is written in', () => {
  it.each([
    ['python', 'src/bot.py', true],
    ['py', 'src/bot.py', true],
    ['vue', '/Users/me/p/a.vue', true],
    ['html', 'a.vue', true],
    ['typescriptreact', 'src/App.tsx', true],
    ['dockerfile', 'docker/Dockerfile', true],
    ['xml', 'Defs/Buildings_Power.xml', true],
    ['elixir', 'lib/sales.ex', true],
    ['', 'src/bot.py', false],
    ['text', 'src/bot.py', false],
    ['bash', 'src/bot.py', false],
    ['python', 'src/a.ts', false],
    ['dockerfile', 'Makefile', false],
    ['ts', 'Makefile', false],
  ])('```%s for %s → %s', (lang, path, ok) => {
    expect(langFitsFile(lang, path)).toBe(ok);
  });
});
