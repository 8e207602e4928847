/**
 * `replyapply detect|apply --message FILE` (args.ts readInput): one exported message or conversation as
 * JSON, read as the extension reads the sites' API answers — a reply whose code is only in a Claude
 * artifact or a ChatGPT canvas is applied without a browser.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from './apply';
import { detect } from './detect';
import { fakeIO } from './fake-io';
import { Exit } from './io';

let base = '';
let project = '';
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'replyapply-message-'));
  project = join(base, 'proj');
  mkdirSync(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const claudeMessage = {
  uuid: 'm1',
  sender: 'assistant',
  content: [
    { type: 'text', text: 'Here is the script.' },
    {
      type: 'tool_use',
      name: 'artifacts',
      input: {
        id: 'x',
        command: 'create',
        type: 'application/vnd.ant.code',
        language: 'python',
        title: 'tools/run.py',
        content: 'print("hi")\n',
      },
    },
  ],
};
const canvasTurn = [
  {
    author: { role: 'assistant' },
    recipient: 'canmore.create_textdoc',
    content: {
      content_type: 'code',
      text: JSON.stringify({ name: 'app.js', type: 'code/javascript', content: 'let a = 1;\n' }),
    },
  },
  {
    id: 'r',
    author: { role: 'assistant' },
    recipient: 'all',
    content: { content_type: 'text', parts: ['Done.'] },
  },
];

async function run(cmd: typeof apply, ...args: string[]) {
  const io = fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: join(base, 'state') } });
  const exit = await cmd(args, io);
  return { exit, out: io.out(), err: io.err() };
}

describe('--message', () => {
  it('applies a Claude reply whose code is only in an artifact', async () => {
    writeFileSync(join(base, 'm.json'), JSON.stringify(claudeMessage));
    const r = await run(apply, '--yes', '--message', join(base, 'm.json'));
    expect(r.exit).toBe(Exit.Ok);
    expect(readFileSync(join(project, 'tools/run.py'), 'utf8')).toBe('print("hi")\n');
    expect(r.out).toContain('The text of the artifact "tools/run.py", version 1.');
  });

  it('applies a ChatGPT canvas from its canmore call (a turn as a list of messages)', async () => {
    writeFileSync(join(base, 'turn.json'), JSON.stringify(canvasTurn));
    const r = await run(apply, '--yes', '--message', join(base, 'turn.json'));
    expect(r.exit).toBe(Exit.Ok);
    expect(readFileSync(join(project, 'app.js'), 'utf8')).toBe('let a = 1;\n');
  });

  it('detect shows it; bad JSON, an unknown shape, or a FILE beside it are usage errors', async () => {
    writeFileSync(join(base, 'm.json'), JSON.stringify(claudeMessage));
    expect((await run(detect, '--message', join(base, 'm.json'))).out).toContain('tools/run.py');
    writeFileSync(join(base, 'bad.json'), '{ nope');
    expect(await run(detect, '--message', join(base, 'bad.json'))).toMatchObject({
      exit: Exit.Usage,
      err: expect.stringContaining('is not JSON'),
    });
    writeFileSync(join(base, 'odd.json'), '{"hello": 1}');
    expect((await run(detect, '--message', join(base, 'odd.json'))).err).toContain(
      'neither a Claude message',
    );
    // A usage error: main.ts prints it with the usage line.
    await expect(run(detect, join(base, 'm.json'), '--message', join(base, 'm.json'))).rejects.toThrow(
      'not both',
    );
  });

  it('runs the updates of a canvas made in an earlier message on the one file holding their text (corpus 015)', async () => {
    const record = JSON.parse(
      readFileSync(new URL('../../../shared/corpus/unprompted/015.json', import.meta.url), 'utf8'),
    );
    writeFileSync(join(base, 'm.json'), JSON.stringify(record.structured));
    const repo = [
      'class AppSettingsRepository(private val context: Context) : IAppSettingsRepository {',
      '    override suspend fun getSignalrAPI(): String {',
      '        return context.dataStore.data.first()[SIGNALR_URL] ?: "";',
      '    }',
      '',
      '    override suspend fun getAuthToken(): String {',
      '        return context.dataStore.data.first()[AUTH_TOKEN] ?: "";',
      '    }',
      '}',
      '',
    ].join('\n');
    mkdirSync(join(project, 'app'));
    writeFileSync(join(project, 'app/Repo.kt'), repo);
    writeFileSync(join(project, 'app/Other.kt'), 'class Other\n');
    // A guess: held back without --include-guesses.
    const held = await run(apply, '--yes', '--message', join(base, 'm.json'));
    expect(held.exit).toBe(Exit.Ok);
    expect(readFileSync(join(project, 'app/Repo.kt'), 'utf8')).toBe(repo);
    const r = await run(apply, '--yes', '--include-guesses', '--message', join(base, 'm.json'));
    expect(r.exit).toBe(Exit.Ok);
    expect(r.out).toContain('app/Repo.kt is the one file of the folder that holds the text of its patterns');
    const now = readFileSync(join(project, 'app/Repo.kt'), 'utf8');
    expect(now).toContain('override suspend fun getSignalrURL(): String {');
    expect(now).toContain('    override fun setSignalrURL(prefValue: String) {');
    expect(now).not.toContain('getSignalrAPI');
    expect(readFileSync(join(project, 'app/Other.kt'), 'utf8')).toBe('class Other\n');
  });
});
