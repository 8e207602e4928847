import { describe, expect, it } from 'vitest';
import { senderKind } from './trust';

const ID = 'ofhedhiaibjahonnlbcibhmedgedmjmi';
const ORIGIN = `chrome-extension://${ID}/`;
const tab = { id: 3 } as chrome.tabs.Tab;

describe('senderKind', () => {
  it.each<[string, chrome.runtime.MessageSender, string]>([
    [
      'the side panel',
      { id: ID, url: `${ORIGIN}extension/sidepanel/index.html`, origin: ORIGIN.slice(0, -1) },
      'extension-page',
    ],
    [
      'the popup opened as a tab',
      { id: ID, url: `${ORIGIN}extension/popup/index.html`, tab },
      'extension-page',
    ],
    [
      'our content script on chatgpt.com',
      { id: ID, url: 'https://chatgpt.com/c/1', origin: 'https://chatgpt.com', tab },
      'content-script',
    ],
    [
      'another extension',
      {
        id: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        url: 'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/x.html',
      },
      'foreign',
    ],
    [
      'a page claiming an extension URL from a web origin',
      { id: ID, url: `${ORIGIN}x.html`, origin: 'https://evil.example', tab },
      'content-script',
    ],
    ['no sender id', { url: `${ORIGIN}x.html` }, 'foreign'],
    ['our id without a tab or extension URL', { id: ID, url: 'https://chatgpt.com/' }, 'foreign'],
  ])('%s → %s', (_name, sender, kind) => {
    expect(senderKind(sender, ID, ORIGIN)).toBe(kind);
  });
});
