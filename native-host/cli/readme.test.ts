/** The README's command-line example, run as written: the reply it shows, every command it lists. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { main } from './main';

const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');

function section(title: string): string {
  const start = README.indexOf(`## ${title}`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

it('runs the README command-line example', async () => {
  const cli = section('Command line');
  const reply = /````markdown\n([\s\S]*?)\n````/.exec(cli)![1]!;
  const commands = /```sh\n([\s\S]*?)```/
    .exec(cli)![1]!
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean);
  expect(commands.length).toBe(5);

  const home = mkdtempSync(join(tmpdir(), 'ra-readme-'));
  const site = join(home, 'code', 'site');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(site, { recursive: true });
  const before = 'def greet(name):\n    return "Hello " + name\n';
  writeFileSync(join(site, 'greet.py'), before);
  writeFileSync(join(home, 'reply.md'), `${reply}\n`);

  const after: string[] = [];
  for (const command of commands) {
    const args = command
      .split(/\s+/)
      .slice(2)
      .map((a) => a.replace(/^~/, home));
    const out = new PassThrough();
    let text = '';
    out.on('data', (c) => {
      text += c;
    });
    const code = await main(args, {
      stdin: new PassThrough(),
      stdout: out,
      stderr: out,
      cwd: home,
      env: { ...process.env, REPLYAPPLY_STATE_DIR: join(home, 'state'), FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    expect(code, `${command}\n${text}`).toBe(0);
    after.push(readFileSync(join(site, 'greet.py'), 'utf8'));
  }
  const applied = 'def greet(name):\n    return f"Hello, {name}!"\n';
  expect(after).toEqual([before, before, applied, applied, before]);
});

it('runs the README\'s "Put your project into the chat" commands, each printing the bundle it says', async () => {
  const commands = /```sh\n([\s\S]*?)```/
    .exec(section('Put your project into the chat'))![1]!
    .split('\n')
    .map((l) =>
      l
        .replace(/\s#.*$/, '')
        .replace(/\|.*$/, '')
        .trim(),
    )
    .filter(Boolean);
  expect(commands.length).toBe(3);
  const home = mkdtempSync(join(tmpdir(), 'ra-readme-context-'));
  const site = join(home, 'code', 'site');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(site, 'src'), { recursive: true });
  writeFileSync(join(site, 'greet.py'), 'def greet(name):\n    return "Hello " + name\n');
  writeFileSync(join(site, 'src', 'app.py'), 'print(1)\n');
  writeFileSync(join(site, 'notes.md'), '# notes\n');
  writeFileSync(join(site, '.env'), 'TOKEN=1\n');
  writeFileSync(join(site, '.env.example'), 'TOKEN=\n');
  const printed: string[] = [];
  for (const command of commands) {
    const args = command
      .split(/\s+/)
      .slice(1)
      .map((a) => a.replace(/^~/, home).replace(/^'(.*)'$/, '$1'));
    const out = new PassThrough();
    const err = new PassThrough();
    let text = '';
    let said = '';
    out.on('data', (c) => {
      text += c;
    });
    err.on('data', (c) => {
      said += c;
    });
    const code = await main(args, {
      stdin: new PassThrough(),
      stdout: out,
      stderr: err,
      cwd: home,
      env: { ...process.env, REPLYAPPLY_STATE_DIR: join(home, 'state'), NO_COLOR: '1' },
    });
    expect(code, `${command}\n${said}`).toBe(0);
    printed.push(text);
  }
  const listed = (t: string) => /Files:\n((?:- .*\n)+)/.exec(t)![1]!;
  expect(listed(printed[0]!)).toBe('- .env.example\n- greet.py\n- notes.md\n- src/app.py\n');
  expect(listed(printed[1]!)).toBe('- .env.example\n- notes.md\n- src/app.py\n');
  expect(listed(printed[2]!)).toBe('- greet.py\n');
  expect(printed[2]).toContain('SEARCH');
  expect(printed.join('')).not.toContain('TOKEN=1');
});
