import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../shared/protocol/messages';
import { mayReplace, type OpenedProposal, openedFrom, UPGRADE_WINDOW_MS } from './proposal-gate';

const proposal = (over: Partial<Proposal> = {}): Proposal => ({
  site: 'chatgpt',
  url: 'https://chatgpt.com/c/1',
  replyId: 'm-1',
  textSource: 'dom',
  changeSets: [],
  text: 'x',
  ...over,
});
const T = 1_000_000;
const opened: OpenedProposal = openedFrom(proposal(), 7, T);

describe('mayReplace', () => {
  it.each<[string, OpenedProposal | undefined, Proposal, boolean, number | undefined, number, boolean]>([
    ['a click, with nothing open', undefined, proposal(), true, 7, T, true],
    ['a click on another reply', opened, proposal({ replyId: 'm-2' }), true, 7, T + 60_000, true],
    [
      'the clicked reply with its exact text, at once',
      opened,
      proposal({ textSource: 'copy-button' }),
      false,
      7,
      T + 800,
      true,
    ],
    ['the clicked reply at the end of the window', opened, proposal(), false, 7, T + UPGRADE_WINDOW_MS, true],
    ['an update with no click before it', undefined, proposal(), false, 7, T, false],
    ['the clicked reply a minute later', opened, proposal({ text: 'other' }), false, 7, T + 60_000, false],
    ['another reply without a click', opened, proposal({ replyId: 'm-2' }), false, 7, T + 100, false],
    ['the same reply id from another tab', opened, proposal(), false, 8, T + 100, false],
    [
      'the same reply id after the page moved on',
      opened,
      proposal({ url: 'https://chatgpt.com/c/2' }),
      false,
      7,
      T + 100,
      false,
    ],
    ['another site', opened, proposal({ site: 'claude' }), false, 7, T + 100, false],
    ['a clock that went back', opened, proposal(), false, 7, T - 5, false],
  ])('%s', (_name, open, incoming, isClick, tabId, now, want) => {
    expect(mayReplace(open, incoming, isClick, tabId, now)).toBe(want);
  });
});
