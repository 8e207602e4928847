/**
 * Claude's artifacts and ChatGPT's canvas, replayed from the conversation APIs' answers into the reply's
 * text (documents.ts), then read as ops (artifacts.ts). Shapes: claude.ai's `chat_messages` with content
 * blocks (tool_use `artifacts`), ChatGPT's `mapping` with `canmore.*` calls and their tool answers — as
 * the corpus's exports hold them (shared/corpus/unprompted/009, /013, /015, /017).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Op } from '../changeset/changeset';
import { detectAll } from '../formats/registry';
import { chatGptBranch, chatGptMessageTexts, claudeMessageTexts } from './documents';
import { textOfExport } from './message-export';

const opsOf = (text: string): Op[] => detectAll(text).flatMap((s) => s.ops);
const errorsOf = (text: string): string[] =>
  detectAll(text).flatMap((s) => s.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message));
const artifact = (input: Record<string, unknown>) => ({ type: 'tool_use', name: 'artifacts', input });
const say = (text: string) => ({ type: 'text', text });

describe('Claude: artifacts in tool_use blocks', () => {
  const create = artifact({
    id: 'app',
    command: 'create',
    type: 'application/vnd.ant.code',
    language: 'python',
    title: 'src/app.py',
    content: 'def main():\n    return 1\n',
  });

  it('a reply whose code is only in an artifact yields the artifact as the file', () => {
    const [m] = claudeMessageTexts([
      { uuid: 'a1', sender: 'assistant', content: [say('Here is the app.'), create, say('Run it.')] },
    ]);
    expect(m!.uuid).toBe('a1');
    expect(m!.text.startsWith('Here is the app.\n\nRun it.')).toBe(true);
    expect(opsOf(m!.text)).toEqual([
      {
        kind: 'create',
        path: 'src/app.py',
        content: 'def main():\n    return 1\n',
        ifExists: 'overwrite',
        line: 5,
        document: 'artifact "src/app.py", version 1',
      },
    ]);
  });

  it('an update in a later message applies to the text the earlier one created: the file gets the final text', () => {
    const texts = claudeMessageTexts([
      { sender: 'human', content: [say('write it')] },
      { sender: 'assistant', content: [create] },
      { sender: 'human', content: [say('return 2')] },
      {
        sender: 'assistant',
        content: [
          say('Changed.'),
          artifact({ id: 'app', command: 'update', old_str: 'return 1', new_str: 'return 2' }),
          artifact({ id: 'app', command: 'update', old_str: 'def main', new_str: 'def run' }),
        ],
      },
    ]);
    expect(texts).toHaveLength(2);
    expect(opsOf(texts[1]!.text)).toMatchObject([
      { path: 'src/app.py', content: 'def run():\n    return 2\n' },
    ]);
    expect(texts[1]!.text).toContain('version="3"');
  });

  it('an update whose old text is missing, or twice there, or of an artifact not in the answer, is an error', () => {
    const missing = claudeMessageTexts([
      {
        sender: 'assistant',
        content: [create, artifact({ id: 'app', command: 'update', old_str: 'nope', new_str: 'x' })],
      },
    ]);
    expect(opsOf(missing[0]!.text)).toEqual([]);
    expect(errorsOf(missing[0]!.text)[0]).toMatch(/could not be rebuilt.*old text is not in the artifact/);
    const orphan = claudeMessageTexts([
      {
        sender: 'assistant',
        content: [artifact({ id: 'zz', command: 'update', old_str: 'a', new_str: 'b' })],
      },
    ]);
    expect(errorsOf(orphan[0]!.text)[0]).toMatch(/an earlier message that this answer does not hold/);
  });

  it('a rewrite replaces the text; older replies keep their inline tags in `text`', () => {
    const [m] = claudeMessageTexts([
      {
        sender: 'assistant',
        content: [create, artifact({ id: 'app', command: 'rewrite', content: 'x = 1\n' })],
      },
    ]);
    expect(opsOf(m!.text)).toMatchObject([{ path: 'src/app.py', content: 'x = 1\n' }]);
    const [old] = claudeMessageTexts([
      { sender: 'assistant', text: '<antArtifact identifier="a" title="a.sh">\necho\n</antArtifact>' },
    ]);
    expect(opsOf(old!.text)).toMatchObject([{ path: 'a.sh', content: 'echo\n' }]);
  });
});

describe('an exported Claude conversation (--message)', () => {
  it('gives the last reply of the branch the page shows, its artifact updated from an earlier message', () => {
    const create = artifact({ id: 'a', command: 'create', title: 'a.py', content: 'x = 1\n' });
    const convo = {
      current_leaf_message_uuid: 'a2',
      chat_messages: [
        { uuid: 'h1', sender: 'human', content: [say('write it')] },
        { uuid: 'a1', parent_message_uuid: 'h1', sender: 'assistant', content: [create] },
        { uuid: 'h2', parent_message_uuid: 'a1', sender: 'human', content: [say('x = 2')] },
        {
          uuid: 'old',
          parent_message_uuid: 'h2',
          sender: 'assistant',
          content: [artifact({ id: 'a', command: 'update', old_str: 'x = 1', new_str: 'x = 3' })],
        },
        {
          uuid: 'a2',
          parent_message_uuid: 'h2',
          sender: 'assistant',
          content: [
            say('Done.'),
            artifact({ id: 'a', command: 'update', old_str: 'x = 1', new_str: 'x = 2' }),
          ],
        },
      ],
    };
    const t = textOfExport(convo);
    expect(t.ok && opsOf(t.text)).toMatchObject([{ path: 'a.py', content: 'x = 2\n' }]);
  });
});

describe('ChatGPT: canvas documents from canmore calls', () => {
  const user = (id: string) => ({
    id,
    author: { role: 'user' },
    content: { content_type: 'text', parts: ['do it'] },
  });
  const call = (id: string, recipient: string, args: unknown) => ({
    id,
    author: { role: 'assistant' },
    recipient,
    content: { content_type: 'code', text: JSON.stringify(args) },
  });
  const tool = (id: string, name: string, text: string, canvas: Record<string, unknown> = {}) => ({
    id,
    author: { role: 'tool', name },
    recipient: 'all',
    content: { content_type: 'text', parts: [text] },
    metadata: { canvas },
  });
  const reply = (id: string, text: string) => ({
    id,
    author: { role: 'assistant' },
    recipient: 'all',
    status: 'finished_successfully',
    content: { content_type: 'text', parts: [text] },
  });

  it('a canvas create and a regex update: the turn’s text message gets the document’s final text', () => {
    const texts = chatGptMessageTexts([
      user('u1'),
      call('c1', 'canmore.create_textdoc', {
        name: 'app.py',
        type: 'code/python',
        content: 'x = 1\nprint(x)\n',
      }),
      tool('t1', 'canmore.create_textdoc', 'Successfully created text document', {
        textdoc_id: 'doc1',
        version: 1,
      }),
      reply('r1', 'I made the canvas.'),
      user('u2'),
      call('c2', 'canmore.update_textdoc', {
        updates: [{ pattern: 'x = (\\d)', multiple: false, replacement: 'x = \\g<1>0' }],
      }),
      tool('t2', 'canmore.update_textdoc', 'Failed with error. bad', { is_failure: true }),
      call('c3', 'canmore.update_textdoc', {
        updates: [{ pattern: 'x = 1', multiple: false, replacement: 'x = 2' }],
      }),
      tool('t3', 'canmore.update_textdoc', 'Successfully updated', { textdoc_id: 'doc1', version: 2 }),
      reply('r2', 'Updated.'),
    ]);
    expect([...texts.keys()]).toEqual(['r1', 'r2']);
    expect(opsOf(texts.get('r1')!)).toMatchObject([{ path: 'app.py', content: 'x = 1\nprint(x)\n' }]);
    // The refused call is not replayed; the one the canvas took is.
    expect(opsOf(texts.get('r2')!)).toMatchObject([{ path: 'app.py', content: 'x = 2\nprint(x)\n' }]);
    expect(texts.get('r2')).toContain('version="2"');
  });

  it('the branch that ends at current_node, not a retried sibling', () => {
    const mapping = {
      root: { id: 'root', parent: null, message: null },
      u: { id: 'u', parent: 'root', message: user('u') },
      old: { id: 'old', parent: 'u', message: reply('old', 'first try') },
      neu: { id: 'neu', parent: 'u', message: reply('neu', 'second try') },
    };
    expect(chatGptBranch({ mapping, current_node: 'neu' }).map((m) => m.id)).toEqual(['u', 'neu']);
  });

  it('the corpus exports: updates of a canvas made earlier are kept to run on the file holding their text; a create is read', () => {
    const load = (n: string) =>
      JSON.parse(
        readFileSync(new URL(`../../../shared/corpus/unprompted/${n}.json`, import.meta.url), 'utf8'),
      );
    for (const [n, how] of [
      ['009', 'content'],
      ['013', 'ask'],
      ['015', 'content'],
    ] as const) {
      const t = textOfExport(load(n).structured);
      expect(t.ok, n).toBe(true);
      if (!t.ok) continue;
      expect(errorsOf(t.text), n).toEqual([]);
      const ops = detectAll(t.text).flatMap((s) => s.ops);
      // 013 appends (`$`): no text to look for, so the review asks for the file.
      expect(ops, n).toMatchObject([{ kind: 'regex', path: '', alias: { how } }]);
    }
    const updates = detectAll((textOfExport(load('015').structured) as { text: string }).text).flatMap(
      (s) => s.ops,
    )[0] as Extract<Op, { kind: 'regex' }>;
    expect(updates.edits.map((e) => e.pattern.split('(')[0])).toEqual([
      'override suspend fun getSignalrAPI\\',
      'override suspend fun getAuthToken\\',
    ]);
    const created = textOfExport(load('017').structured);
    expect(created.ok && created.text).toContain('interface IAppSettingsRepository');
    // Its name ("IAppSettingsRepository_interface") is no file name: the review asks for its path.
    if (created.ok) {
      expect(errorsOf(created.text)).toEqual([]);
      expect(detectAll(created.text).flatMap((s) => s.ops)).toMatchObject([
        {
          kind: 'create',
          path: '',
          alias: { how: 'ask' },
          document: 'canvas "IAppSettingsRepository_interface", version 1',
        },
      ]);
    }
  });
});
