import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../shared/protocol/messages';
import { reviewOpensIn } from './review-opens-in';

const proposal = (site: string, conversationId?: string): Proposal => ({
  site,
  url: 'https://chatgpt.com/c/1',
  replyId: 'r',
  textSource: 'api',
  changeSets: [],
  text: '',
  ...(conversationId ? { conversationId } : {}),
});
const memory = { recent: ['/p'], last: '/p', byConversation: { 'chatgpt:c1': '/p' } };

describe('reviewOpensIn', () => {
  it.each([
    ['a conversation with a folder', memory, proposal('chatgpt', 'c1'), 'panel'],
    [
      'a conversation without one (the last folder is only a default)',
      memory,
      proposal('chatgpt', 'c2'),
      'popup',
    ],
    ['a page without a conversation id', memory, proposal('chatgpt'), 'popup'],
    ['a pasted reply', memory, proposal('paste'), 'panel'],
    ['selected text', memory, proposal('selection'), 'panel'],
    ['memory not loaded yet', undefined, proposal('chatgpt', 'c2'), 'panel'],
  ] as const)('%s → %s', (_name, folders, p, where) => {
    expect(reviewOpensIn(folders, p)).toBe(where);
  });
});
