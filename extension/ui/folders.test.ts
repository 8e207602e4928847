import { describe, expect, it } from 'vitest';
import {
  conversationKey,
  emptyMemory,
  type FolderMemory,
  folderFor,
  MAX_CONVERSATIONS,
  MAX_RECENT,
  readMemory,
  rememberFolder,
} from './folders';

const chain = (steps: [string, string?][]): FolderMemory =>
  steps.reduce((m, [folder, key]) => rememberFolder(m, folder, key), emptyMemory());

describe('folder memory', () => {
  it.each([
    ['chatgpt.com', 'abc', 'chatgpt.com:abc'],
    ['chatgpt.com', undefined, undefined],
    ['chatgpt.com', '', undefined],
  ])('conversationKey(%s, %s) → %s', (site, id, key) => {
    expect(conversationKey(site, id)).toBe(key);
  });

  it('has no folder before the first choice', () => {
    expect(folderFor(emptyMemory(), 'chatgpt.com:abc')).toBeUndefined();
    expect(folderFor(emptyMemory())).toBeUndefined();
  });

  it('remembers the folder per conversation and uses the last one for a new conversation', () => {
    const m = chain([
      ['/p/one', 'c:1'],
      ['/p/two', 'c:2'],
    ]);
    expect(folderFor(m, 'c:1')).toBe('/p/one');
    expect(folderFor(m, 'c:2')).toBe('/p/two');
    expect(folderFor(m, 'c:3')).toBe('/p/two');
    expect(folderFor(m)).toBe('/p/two');
  });

  it('keeps recent folders most recent first, without duplicates', () => {
    const m = chain([['/a'], ['/b'], ['/a'], ['/c']]);
    expect(m.recent).toEqual(['/c', '/a', '/b']);
    expect(m.last).toBe('/c');
  });

  it(`keeps at most ${MAX_RECENT} recent folders`, () => {
    const m = chain(Array.from({ length: 12 }, (_, i): [string] => [`/f${i}`]));
    expect(m.recent).toHaveLength(MAX_RECENT);
    expect(m.recent[0]).toBe('/f11');
    expect(m.recent.at(-1)).toBe('/f4');
  });

  it('forgets the oldest conversations first when there are too many', () => {
    let m = rememberFolder(emptyMemory(), '/x', 'c:first');
    for (let i = 0; i < MAX_CONVERSATIONS; i++) m = rememberFolder(m, '/y', `c:${i}`);
    expect(Object.keys(m.byConversation)).toHaveLength(MAX_CONVERSATIONS);
    expect(m.byConversation['c:first']).toBeUndefined();
    // Choosing again for an old conversation makes it the newest.
    m = rememberFolder(m, '/z', 'c:0');
    m = rememberFolder(m, '/z', 'c:new');
    expect(m.byConversation['c:0']).toBe('/z');
    expect(m.byConversation['c:1']).toBeUndefined();
  });

  it('does not change the memory it was given', () => {
    const before = chain([['/a', 'c:1']]);
    const copy = structuredClone(before);
    rememberFolder(before, '/b', 'c:1');
    expect(before).toEqual(copy);
  });

  it.each([
    ['nothing stored', undefined, emptyMemory()],
    ['not an object', 'junk', emptyMemory()],
    [
      'bad parts dropped',
      { last: 3, recent: ['/a', 7, '', '/a', '/b'], byConversation: { 'c:1': '/a', 'c:2': null } },
      { recent: ['/a', '/b'], byConversation: { 'c:1': '/a' } },
    ],
    [
      'a good memory kept',
      { last: '/a', recent: ['/a'], byConversation: { 'c:1': '/a' } },
      { last: '/a', recent: ['/a'], byConversation: { 'c:1': '/a' } },
    ],
  ])('readMemory: %s', (_name, stored, expected) => {
    expect(readMemory(stored)).toEqual(expected);
  });
});
