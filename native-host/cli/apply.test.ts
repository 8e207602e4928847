import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApplyReport, apply, SAY_PIECE, sayLines } from './apply';
import { fakeIO } from './fake-io';
import { Exit, UsageError } from './io';

const CALC = 'def add(a, b):\n    return a + b\n';
const PATCH = [
  'Swap the operands:',
  '',
  '```diff',
  '--- a/calc.py',
  '+++ b/calc.py',
  '@@ -1,2 +1,2 @@',
  ' def add(a, b):',
  '-    return a + b',
  '+    return b + a',
  '```',
  '',
].join('\n');
const SWAPPED = 'def add(a, b):\n    return b + a\n';

let project = '';
let state = '';

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'replyapply-apply-'));
  state = mkdtempSync(join(tmpdir(), 'replyapply-apply-state-'));
  writeFileSync(join(project, 'calc.py'), CALC);
});
afterEach(() => {
  for (const file of replies.splice(0)) rmSync(file, { force: true });
  rmSync(project, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

function io(options: { tty?: boolean; answers?: string[]; stdin?: string; env?: NodeJS.ProcessEnv } = {}) {
  return fakeIO({ cwd: project, ...options, env: { REPLYAPPLY_STATE_DIR: state, ...options.env } });
}
/** Reply files, written beside the project (not in it); removed after each test. */
const replies: string[] = [];
function reply(text: string, name = 'reply.md'): string {
  const file = join(project, '..', `${project.split('/').pop()}-${name}`);
  writeFileSync(file, text);
  replies.push(file);
  return file;
}
const calc = () => readFileSync(join(project, 'calc.py'), 'utf8');

describe('replyapply apply: confirmation', () => {
  it('writes with --yes and names the apply id for undo', async () => {
    const cli = io();
    expect(await apply(['--yes', reply(PATCH)], cli)).toBe(Exit.Ok);
    expect(calc()).toBe(SWAPPED);
    expect(cli.out()).toMatch(
      /Applied 1 file change \(undo with: replyapply undo \d{8}T\d{9}Z-[0-9a-f]{8}\)/,
    );
  });

  it('with --yes lists each file with its line counts instead of the diff', async () => {
    const cli = io();
    expect(await apply(['--yes', reply(PATCH)], cli)).toBe(Exit.Ok);
    expect(cli.out()).toMatch(/ok {6}modify {2}calc\.py {2}\+1 -1 {2}\(reply line 4\)\n/);
    expect(cli.out()).not.toContain('@@ -1,2 +1,2 @@');
  });

  it('with --yes on a terminal shows the diffs, since someone is watching', async () => {
    const cli = io({ tty: true });
    expect(await apply(['--yes', reply(PATCH)], cli)).toBe(Exit.Ok);
    expect(cli.out()).toContain('@@ -1,2 +1,2 @@');
    expect(calc()).toBe(SWAPPED);
  });

  it('without --yes and without a terminal writes nothing, says so, exit 1', async () => {
    const cli = io();
    expect(await apply([reply(PATCH)], cli)).toBe(Exit.Unresolved);
    expect(calc()).toBe(CALC);
    expect(cli.out()).toContain('Nothing written: no terminal to confirm; pass --yes.');
  });

  it('on a terminal asks, and writes on y', async () => {
    const cli = io({ tty: true, answers: ['y'] });
    expect(await apply([reply(PATCH)], cli)).toBe(Exit.Ok);
    expect(cli.out()).toContain(`Apply 1 file change to ${project}? [y/N] `);
    expect(calc()).toBe(SWAPPED);
  });

  it.each([[''], ['n'], ['no thanks']])(
    'on a terminal, answer %j writes nothing (exit 1)',
    async (answer) => {
      const cli = io({ tty: true, answers: [answer] });
      expect(await apply([reply(PATCH)], cli)).toBe(Exit.Unresolved);
      expect(calc()).toBe(CALC);
    },
  );

  it('a reply piped on stdin cannot be confirmed on that same stdin', async () => {
    const cli = io({ tty: true, stdin: PATCH });
    // isTTY is faked on, but the reply itself came from stdin: there is nobody to answer.
    expect(await apply(['-'], cli)).toBe(Exit.Unresolved);
    expect(calc()).toBe(CALC);
    expect(await apply(['--yes', '-'], io({ stdin: PATCH }))).toBe(Exit.Ok);
    expect(calc()).toBe(SWAPPED);
  });

  it('--dry-run shows the diff and writes nothing', async () => {
    const cli = io();
    expect(await apply(['--dry-run', '--yes', reply(PATCH)], cli)).toBe(Exit.Ok);
    expect(calc()).toBe(CALC);
    expect(cli.out()).toContain('    --- a/calc.py\n    +++ b/calc.py\n    @@ -1,2 +1,2 @@\n');
    expect(cli.out()).toContain('    -    return a + b\n    +    return b + a\n');
    expect(cli.out()).toContain('Dry run: nothing written.');
  });
});

describe('replyapply apply: --json', () => {
  it('prints one object describing what was written', async () => {
    const cli = io();
    expect(await apply(['--json', '--yes', '--dir', project, reply(PATCH)], cli)).toBe(Exit.Ok);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report).toEqual({
      applied: true,
      applyId: expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/),
      files: [{ path: 'calc.py', action: 'modify', status: 'ok' }],
      scripts: [],
      diagnostics: [],
    });
    // People's text goes to stderr so stdout stays parseable.
    expect(cli.err()).toContain('Plan for');
  });

  it('reports a file that cannot be resolved, and writes nothing else either', async () => {
    writeFileSync(join(project, 'other.py'), 'x = 1\n');
    const text = [
      'other.py',
      '```python',
      '<<<<<<< SEARCH',
      'x = 1',
      '=======',
      'x = 2',
      '>>>>>>> REPLACE',
      '```',
      '',
      'calc.py',
      '```python',
      '<<<<<<< SEARCH',
      'not in the file',
      '=======',
      'y = 2',
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
    const cli = io();
    expect(await apply(['--json', '--yes', reply(text)], cli)).toBe(Exit.Unresolved);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.applied).toBe(false);
    expect(report.applyId).toBeNull();
    expect(report.files).toEqual([
      { path: 'other.py', action: 'modify', status: 'skipped', message: 'not written' },
      {
        path: 'calc.py',
        action: 'modify',
        status: 'error',
        message: expect.stringContaining('is not in the file'),
      },
    ]);
    expect(readFileSync(join(project, 'other.py'), 'utf8')).toBe('x = 1\n');
  });

  it('a file the reply leaves as it is is skipped, not rewritten', async () => {
    const same = `--- START-REPLACE-FILE: calc.py ---\n${CALC}--- END-REPLACE-FILE: calc.py ---\n`;
    const cli = io();
    expect(await apply(['--json', '--yes', reply(same)], cli)).toBe(Exit.Ok);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.applied).toBe(false);
    expect(report.files).toEqual([
      {
        path: 'calc.py',
        action: 'modify',
        status: 'skipped',
        message: 'the reply leaves this file unchanged',
      },
    ]);
    expect(cli.err()).toContain('Nothing to write: the reply changes no file.');
  });

  it('lists guessed paths and shell commands as skipped', async () => {
    writeFileSync(join(project, 'acc.py'), 'pass\n');
    const text = JSON.stringify({
      message: 'Add a file and install.',
      replace_files: [{ path: './VERSION', content: '1.0.0\n' }],
      shell_scripts: ['npm install'],
    });
    const guess = "Here's the updated `acc.py`:\n\n```\nprint('hi')\n```\n";
    const cli = io();
    expect(await apply(['--json', '--yes', reply(text)], cli)).toBe(Exit.Ok);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.files).toEqual([{ path: 'VERSION', action: 'create', status: 'ok' }]);
    expect(report.scripts).toEqual([
      { command: 'npm install', status: 'skipped', message: 'pass --allow-scripts to run it' },
    ]);
    expect(cli.err().startsWith('Add a file and install.\n')).toBe(true);

    const g = io();
    expect(await apply(['--json', '--yes', reply(guess, 'guess.md')], g)).toBe(Exit.Ok);
    expect((JSON.parse(g.out()) as ApplyReport).files).toEqual([
      {
        path: 'acc.py',
        action: 'modify',
        status: 'skipped',
        message: expect.stringContaining('--include-guesses'),
      },
    ]);
    expect(readFileSync(join(project, 'acc.py'), 'utf8')).toBe('pass\n');
  });

  it('writes nothing from a whole file whose code block is never closed: the reply may be cut off', async () => {
    const cli = io();
    const cut = `calc.py\n\`\`\`python\ndef add(a, b):\n`;
    expect(await apply(['--yes', reply(cut)], cli)).toBe(Exit.Unresolved);
    expect(cli.out()).toMatch(
      /error \(reply line 2\): The code block for calc\.py .* never closed: the reply may be cut off/,
    );
    expect(readFileSync(join(project, 'calc.py'), 'utf8')).toBe(CALC);
  });

  it('says what it did not use: code for a guessed name that does not exist (aider test_find_filename)', async () => {
    const text = 'file1_py\n```\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n';
    const held = io();
    expect(await apply(['--yes', reply(text)], held)).toBe(Exit.Ok);
    expect(held.out()).toContain('Nothing to write: what the reply asks for was skipped (see above).');
    const cli = io();
    expect(await apply(['--json', '--yes', '--include-guesses', reply(text)], cli)).toBe(Exit.Ok);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.diagnostics).toContainEqual({
      severity: 'warning',
      line: 1,
      message: expect.stringMatching(
        /may be meant for file1_py .* but there is no such file; it is not used/,
      ),
    });
    expect(cli.err()).toMatch(/warning \(reply line 1\): .*file1_py.*it is not used/);
    expect(cli.err()).toContain('what the reply asks for was skipped');
  });

  it('holds back a name the plan could only guess (an absolute path’s tail) without --include-guesses', async () => {
    const text = `File /Users/someone/else/calc.py\n### Action delete\n`;
    const held = io();
    expect(await apply(['--json', '--yes', reply(text)], held)).toBe(Exit.Ok);
    expect((JSON.parse(held.out()) as ApplyReport).files).toEqual([
      {
        path: 'calc.py',
        action: 'delete',
        status: 'skipped',
        message: expect.stringMatching(/guess for \/Users\/someone\/else\/calc\.py; pass --include-guesses/),
      },
    ]);
    expect(readFileSync(join(project, 'calc.py'), 'utf8')).toBe(CALC);
    expect(await apply(['--yes', '--include-guesses', reply(text)], io())).toBe(Exit.Ok);
    expect(() => readFileSync(join(project, 'calc.py'))).toThrow();
  });

  it('reads an absolute path inside the project folder as that file, no guess (Repo Prompt)', async () => {
    const text = `File ${project}/calc.py\n### Action delete\n`;
    expect(await apply(['--yes', reply(text)], io())).toBe(Exit.Ok);
    expect(() => readFileSync(join(project, 'calc.py'))).toThrow();
  });

  it('refuses a placeholder standing in for code, and writes it with --accept-elisions', async () => {
    const text =
      // The line next to the comment is changed: no one place for it, so it is not filled (elisions.ts).
      '--- START-REPLACE-FILE: calc.py ---\ndef add(a, b, c=0):\n    # ... rest unchanged\n--- END-REPLACE-FILE: calc.py ---\n';
    const refused = io();
    expect(await apply(['--json', '--yes', reply(text)], refused)).toBe(Exit.Unresolved);
    expect((JSON.parse(refused.out()) as ApplyReport).files).toEqual([
      {
        path: 'calc.py',
        action: 'modify',
        status: 'error',
        message: expect.stringMatching(/placeholder.*Pass --accept-elisions/),
      },
    ]);
    expect(readFileSync(join(project, 'calc.py'), 'utf8')).toBe(CALC);
    expect(await apply(['--yes', '--accept-elisions', reply(text)], io())).toBe(Exit.Ok);
    expect(readFileSync(join(project, 'calc.py'), 'utf8')).toBe(
      'def add(a, b, c=0):\n    # ... rest unchanged\n',
    );
  });

  it('creates a new file with a placeholder comment: nothing is lost (seed spec 000)', async () => {
    const text = '--- START-FILE: svc.py ---\nclass Svc:\n    # ...\n--- END-FILE: svc.py ---\n';
    expect(await apply(['--yes', reply(text)], io())).toBe(Exit.Ok);
    expect(readFileSync(join(project, 'svc.py'), 'utf8')).toBe('class Svc:\n    # ...\n');
  });

  it('a refused path refuses the whole reply and is named', async () => {
    const text =
      '--- START-FILE: ok.txt ---\nfine\n--- END-FILE: ok.txt ---\n\n--- DELETE-FILE: ../calc.py ---\n';
    const cli = io();
    expect(await apply(['--json', '--yes', reply(text)], cli)).toBe(Exit.Unresolved);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.applied).toBe(false);
    expect(report.diagnostics).toEqual([
      { severity: 'error', line: 5, message: expect.stringContaining('Refused the path "../calc.py"') },
    ]);
    expect(() => readFileSync(join(project, 'ok.txt'))).toThrow();
  });

  it('a file changed between the preview and the write is a conflict; nothing is written', async () => {
    writeFileSync(join(project, 'b.py'), 'b = 1\n');
    const text = `${PATCH}\n--- START-REPLACE-FILE: b.py ---\nb = 2\n--- END-REPLACE-FILE: b.py ---\n`;
    // The "user" edits calc.py while the prompt is open, then answers yes.
    const stdin = Object.assign(
      new Readable({
        read() {
          writeFileSync(join(project, 'calc.py'), 'edited meanwhile\n');
          this.push('y\n');
          this.push(null);
        },
      }),
      { isTTY: true },
    );
    const cli = { ...io({ tty: true }), stdin };
    expect(await apply(['--json', reply(text)], cli)).toBe(Exit.Unresolved);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.applied).toBe(false);
    expect(report.files).toEqual([
      { path: 'calc.py', action: 'modify', status: 'conflict', message: expect.stringContaining('calc.py') },
      { path: 'b.py', action: 'modify', status: 'skipped', message: 'not written: the apply was refused' },
    ]);
    expect(readFileSync(join(project, 'b.py'), 'utf8')).toBe('b = 1\n');
  });
});

describe('replyapply apply: scripts', () => {
  const text = JSON.stringify({
    message: 'Two commands.',
    replace_files: [{ path: './VERSION', content: '1.0.0\n' }],
    shell_scripts: ['printf one > one.txt', 'printf two > two.txt'],
  });

  it('asks per command on a terminal, after the files are written', async () => {
    const cli = io({ tty: true, answers: ['y', 'y', 'n'] });
    expect(await apply(['--allow-scripts', '--json', reply(text)], cli)).toBe(Exit.Ok);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.scripts).toEqual([
      { command: 'printf one > one.txt', status: 'ok', exitCode: 0 },
      { command: 'printf two > two.txt', status: 'skipped', message: 'not confirmed' },
    ]);
    expect(readFileSync(join(project, 'one.txt'), 'utf8')).toBe('one');
    expect(() => readFileSync(join(project, 'two.txt'))).toThrow();
    expect(cli.err()).toContain('Run `printf one > one.txt` in');
  });

  it('stops at the first failing command and exits 1; the files stay written', async () => {
    const failing = JSON.stringify({
      message: 'x',
      replace_files: [{ path: './VERSION', content: '2\n' }],
      shell_scripts: ['echo broken >&2; exit 3', 'printf never > never.txt'],
    });
    const cli = io();
    expect(await apply(['--allow-scripts', '--yes', '--json', reply(failing)], cli)).toBe(Exit.Unresolved);
    const report = JSON.parse(cli.out()) as ApplyReport;
    expect(report.applied).toBe(true);
    expect(report.scripts).toEqual([
      { command: 'echo broken >&2; exit 3', status: 'failed', exitCode: 3 },
      { command: 'printf never > never.txt', status: 'skipped', message: 'an earlier command failed' },
    ]);
    expect(cli.err()).toContain('broken');
    expect(readFileSync(join(project, 'VERSION'), 'utf8')).toBe('2\n');
  });
});

describe('replyapply apply: input and exit codes', () => {
  it('exit 3 when the reply holds no file operation', async () => {
    const cli = io();
    expect(await apply(['--yes', reply('Just prose, and `code`.\n')], cli)).toBe(Exit.NothingFound);
    expect(cli.out()).toContain('No file operations found in the reply.');
  });

  it('exit 2 for an unreadable reply or a project folder that does not exist', async () => {
    const cli = io();
    expect(await apply(['--yes', join(project, 'nope.md')], cli)).toBe(Exit.Usage);
    expect(cli.err()).toContain('could not read the reply');
    const dir = io();
    expect(await apply(['--yes', '--dir', join(project, 'missing'), reply(PATCH)], dir)).toBe(Exit.Usage);
  });

  it('usage errors are thrown for main() to print with the usage line', async () => {
    await expect(apply(['--force'], io())).rejects.toThrow(UsageError);
  });

  it('colours the diff only on a terminal or with FORCE_COLOR, never with NO_COLOR', async () => {
    const plain = io();
    await apply(['--dry-run', reply(PATCH)], plain);
    expect(plain.out()).not.toContain('\x1b[');
    const forced = io({ env: { FORCE_COLOR: '1' } });
    await apply(['--dry-run', reply(PATCH)], forced);
    expect(forced.out()).toContain('    \x1b[32m+    return b + a\x1b[39m');
    const tty = io({ tty: true, env: { NO_COLOR: '1' } });
    await apply(['--dry-run', reply(PATCH)], tty);
    expect(tty.out()).not.toContain('\x1b[');
  });
});

describe('sayLines', () => {
  /** A stream that keeps what it is given, taking each piece after `delay` ms (a slow reader). */
  function sink(delay = 0, highWaterMark = 16 * 1024) {
    const said: string[] = [];
    let most = 0;
    const out = new Writable({
      highWaterMark,
      decodeStrings: false,
      write(chunk: string, _enc, done) {
        said.push(chunk);
        setTimeout(done, delay);
      },
    });
    const write = out.write.bind(out);
    out.write = ((chunk: string) => {
      const ok = write(chunk);
      most = Math.max(most, out.writableLength);
      return ok;
    }) as typeof out.write;
    return { out, said, most: () => most };
  }

  it('writes exactly what joining the lines would, in pieces of about the size asked', async () => {
    const parts = ['Plan (3 files):', '', 'ok  a.txt\n    +x', 'é'.repeat(40), '', ''];
    for (const piece of [1, 5, 16, 1 << 20]) {
      const { out, said } = sink();
      await sayLines(out, parts, piece);
      await new Promise<void>((r) => out.end(r));
      expect(said.join(''), `piece ${piece}`).toBe(parts.join('\n'));
      if (piece === 1) expect(said).toHaveLength(parts.length);
      if (piece === 1 << 20) expect(said).toHaveLength(1);
    }
  });

  it("says a large plan in pieces that stay below V8's large-object size", async () => {
    const parts = Array.from({ length: 20_000 }, (_, i) => `    +line ${i} of a diff that is long enough`);
    const { out, said } = sink();
    await sayLines(out, parts);
    await new Promise<void>((r) => out.end(r));
    expect(said.join('')).toBe(parts.join('\n'));
    const longest = Math.max(...parts.map((p) => p.length + 1));
    expect(SAY_PIECE + longest).toBeLessThan(128 * 1024);
    expect(said.every((t) => t.length <= SAY_PIECE + longest)).toBe(true);
  });

  it('waits for a slow reader instead of keeping the whole plan in memory', async () => {
    const parts = Array.from({ length: 20_000 }, (_, i) => `    +line ${i} of a diff that is long enough`);
    const { out, said, most } = sink(1, 1024);
    await sayLines(out, parts);
    await new Promise<void>((r) => out.end(r));
    expect(said.join('')).toBe(parts.join('\n'));
    // At most the piece being written is waiting, not the 900 KiB plan.
    expect(most()).toBeLessThan(2 * SAY_PIECE);
  });

  it('does not wait on a stream that is gone (a closed pipe)', async () => {
    const { out } = sink(1, 1024);
    out.destroy();
    await sayLines(
      out,
      Array.from({ length: 5_000 }, () => 'x'.repeat(40)),
    );
  });
});
