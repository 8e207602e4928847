/**
 * `replyapply apply` on code blocks that name no file (issue 26: what people get when they ask for no
 * format): end to end in a temp folder, through the CLI's own file code.
 * - whole definitions with no path are looked for in the folder by their signature: the one file that
 *   holds it is a guess (applied with --include-guesses), and only that definition changes;
 * - a snippet whose elision comments are anchored in one file is filled from it;
 * - a block that fits no file, or several, is said and not used (it may be an example);
 * - a whole program with no path waits for `--path-for LINE=PATH`; the path given is checked as a reply's.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detect } from './detect';
import { fakeIO } from './fake-io';
import { Exit } from './io';
import { tempProject } from './temp-project';

const t = tempProject('unnamed');
const { put, read, run } = t;

const STORE = [
  'import json',
  '',
  'class Store:',
  '    def load(self, path):',
  '        return json.load(open(path))',
  '',
  '    def save(self, path, data):',
  '        json.dump(data, open(path, "w"))',
  '',
].join('\n');
const OTHER = 'def main():\n    print("hi")\n';

const reply = (lang: string, body: string) =>
  `Here is the fixed method:\n\n\`\`\`${lang}\n${body}\`\`\`\n\nThis closes the file properly.\n`;
const LOAD = 'def load(self, path):\n    with open(path) as f:\n        return json.load(f)\n';

describe('replyapply apply: code blocks that name no file', () => {
  it('a method with no path: the one file holding its signature is a guess, and only the method changes', async () => {
    put({ 'store.py': STORE, 'main.py': OTHER });
    const held = await run(reply('python', LOAD));
    expect(held.exit).toBe(Exit.Ok);
    expect(read('store.py')).toBe(STORE);
    expect(held.out).toMatch(/store\.py/);
    expect(held.out).toContain('--include-guesses');

    const r = await run(reply('python', LOAD), '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(read('store.py')).toBe(
      STORE.replace(
        '        return json.load(open(path))',
        '        with open(path) as f:\n            return json.load(f)',
      ),
    );
    expect(read('main.py')).toBe(OTHER);
    expect(r.out).toContain('The code block at reply line 3 names no file; store.py is the one file');
    expect(r.out).toContain('it replaces that definition (lines 4–5)');
  });

  it('a snippet with elision comments is filled from the one file its anchors are in', async () => {
    const app = [
      'import os',
      'import sys',
      '',
      'def run():',
      '    a = 1',
      '    b = 2',
      '    return a + b',
      '',
    ].join('\n');
    put({ 'app.py': app, 'main.py': OTHER });
    const snippet = 'import os\nimport json\nimport sys\n\n# ... rest of the file unchanged ...\n';
    const r = await run(reply('python', snippet), '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(read('app.py')).toBe(app.replace('import sys\n', 'import json\nimport sys\n'));
    expect(r.out).toContain('kept from your file (lines 4–7)');
  });

  it('a snippet whose elision has only a brace next to it goes to the file its sentence mentions (Continue rust-calc-exp)', async () => {
    const app = 'function main() {\n  run(1);\n}\n\nfunction run(n) {\n  return n;\n}\n';
    put({ 'app.js': app, 'other.js': 'function main() {\n  run(1);\n}\n' });
    const text =
      'Here is the updated `app.js`:\n\n```js\nfunction main() {\n  run(2);\n}\n\n// ... existing code ...\n```\n';
    const r = await run(text, '--include-guesses');
    expect(r.exit).toBe(Exit.Ok);
    expect(read('app.js')).toBe(app.replace('run(1)', 'run(2)'));
    expect(read('other.js')).toBe('function main() {\n  run(1);\n}\n');
    expect(r.out).toContain('app.js, which the text before it mentions, is the file it fits');
  });

  it('a block no file holds, or two files hold, is said and not used: nothing is written', async () => {
    put({ 'a.py': STORE, 'b.py': STORE, 'main.py': OTHER });
    const two = await run(reply('python', LOAD), '--include-guesses');
    expect(two.exit).toBe(Exit.Ok);
    expect(two.out).toMatch(/is in 2 files \(a\.py and b\.py\).*It may be an example; it is not used\./);
    expect(read('a.py')).toBe(STORE);
    const none = await run(
      reply('python', 'def unknown_thing(x):\n    y = x\n    return y\n'),
      '--include-guesses',
    );
    expect(none.exit).toBe(Exit.Ok);
    expect(none.out).toMatch(/no file of the folder holds the lines the code must fit in .*not used/);
  });

  it('a whole program with no path waits for --path-for, and the path given is checked', async () => {
    put({ 'plot.py': 'print(1)\n' });
    const program =
      'import numpy as np\nimport matplotlib.pyplot as plt\n\nx = np.arange(3)\nplt.plot(x)\nplt.show()\n';
    const text = `Here's the updated code:\n\n\`\`\`python\n${program}\`\`\`\n`;
    const waiting = await run(text);
    expect(waiting.exit).toBe(Exit.Unresolved);
    expect(waiting.out).toContain(
      'the code block at reply line 3 names no file; give it one with --path-for LINE=PATH',
    );
    expect(read('plot.py')).toBe('print(1)\n');

    const named = await run(text, '--path-for', '3=plot.py');
    expect(named.exit).toBe(Exit.Ok);
    expect(read('plot.py')).toBe(program);

    const outside = await run(text, '--path-for', '3=../plot.py');
    expect(outside.exit).toBe(Exit.Usage);
    expect(outside.err).toContain('--path-for 3: the path contains a ".." segment');
    const wrongLine = await run(text, '--path-for', '7=plot.py');
    expect(wrongLine.exit).toBe(Exit.Usage);
    expect(wrongLine.err).toContain(
      'no code block that names no file starts at reply line 7 (they start at 3)',
    );
    const malformed = await run(text, '--path-for', 'plot.py');
    expect(malformed.exit).toBe(Exit.Usage);
    expect(malformed.err).toContain('--path-for takes LINE=PATH');
  });

  it('detect says what each block that names no file waits for', async () => {
    const text = `Fixed:\n\n\`\`\`python\n${LOAD}\`\`\`\n\nScript:\n\n\`\`\`python\nimport os\nimport sys\n\nprint(os.getcwd())\nprint(sys.argv)\nprint(1)\n\`\`\`\n`;
    writeFileSync(join(t.base, 'reply.md'), text);
    const cli = fakeIO({ cwd: t.project });
    expect(await detect([join(t.base, 'reply.md')], cli)).toBe(Exit.Ok);
    expect(cli.out()).toMatch(
      /edit\W+a file found by its content \(definitions or a snippet\)\W+\(reply line 3\)/,
    );
    expect(cli.out()).toMatch(/write\W+a file you name \(--path-for 11=PATH\)\W+\(reply line 11\)/);
  });

  it('a usage example (calls, no definition) is no operation at all', async () => {
    put({ 'store.py': STORE });
    const r = await run(reply('python', 's = Store()\ndata = s.load("x.json")\nprint(data)\n'));
    expect(r.exit).toBe(Exit.NothingFound);
    expect(read('store.py')).toBe(STORE);
  });
});
