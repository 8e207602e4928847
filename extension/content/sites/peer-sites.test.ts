// @vitest-environment happy-dom
// The sites added from the peers' selectors (issue 13): their URLs and names, and (for every site) the
// message box the popup's format instructions go into. Their selectors, saved pages and
// page structure are checked with every other site's by sites.test.ts, fixtures.test.ts and
// adapters.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { siteName } from '../../ui/labels';
import { insertIntoComposer } from '../composer';
import { arena } from './arena';
import { doubao } from './doubao';
import { githubCopilot } from './github-copilot';
import { huggingchat } from './huggingchat';
import { kimi } from './kimi';
import { meta } from './meta';
import { openrouter } from './openrouter';
import { qwen } from './qwen';
import { ADAPTERS, adapterFor } from './registry';
import { pageHtml } from './saved-pages';
import { t3chat } from './t3chat';
import type { SiteAdapter } from './types';
import { zai } from './zai';

describe('conversation ids', () => {
  it.each([
    [
      kimi,
      'https://www.kimi.com/chat/19a96866-0212-8f2d-8000-092dfbeb4447',
      '19a96866-0212-8f2d-8000-092dfbeb4447',
    ],
    [
      kimi,
      'https://www.kimi.com/chat/d4l7rfhb9p5ah4gsn9o0?chat_enter_method=history',
      'd4l7rfhb9p5ah4gsn9o0',
    ],
    [kimi, 'https://kimi.moonshot.cn/chat/cp1a2b3c4d', 'cp1a2b3c4d'],
    [kimi, 'https://www.kimi.com/chat/history', undefined],
    [kimi, 'https://www.kimi.com/', undefined],
    [
      qwen,
      'https://chat.qwen.ai/c/ea4c5f04-fb9f-463f-8bf3-1fa2acd4553f',
      'ea4c5f04-fb9f-463f-8bf3-1fa2acd4553f',
    ],
    [qwen, 'https://chat.qwen.ai/c/new-chat', undefined],
    [qwen, 'https://chat.qwen.ai/', undefined],
    [
      openrouter,
      'https://openrouter.ai/chat?room=orc-1765226132-q0WSkSjbe8HRTJFj13jK',
      'orc-1765226132-q0WSkSjbe8HRTJFj13jK',
    ],
    [openrouter, 'https://openrouter.ai/chat?models=a%2Fb&room=orc-1-x', 'orc-1-x'],
    [openrouter, 'https://openrouter.ai/chat', undefined],
    [openrouter, 'https://openrouter.ai/chat?room=', undefined],
    [openrouter, 'https://openrouter.ai/models?room=orc-1-x', undefined],
    [
      t3chat,
      'https://t3.chat/chat/9f10657f-366a-4bcc-a709-c23f8efbe891',
      '9f10657f-366a-4bcc-a709-c23f8efbe891',
    ],
    [t3chat, 'https://t3.chat/', undefined],
    [
      huggingchat,
      'https://huggingface.co/chat/conversation/68a1f03c9e2b4d7a51c08e36',
      '68a1f03c9e2b4d7a51c08e36',
    ],
    [huggingchat, 'https://huggingface.co/chat/', undefined],
    [huggingchat, 'https://huggingface.co/chat/settings/meta-llama', undefined],
    [zai, 'https://chat.z.ai/c/85432466-232e-4546-b6f2-cfd2086927b6', '85432466-232e-4546-b6f2-cfd2086927b6'],
    [zai, 'https://chat.z.ai/', undefined],
    [
      meta,
      'https://www.meta.ai/prompt/5fd1da13-bea4-414b-9593-40a1e94b07a0',
      '5fd1da13-bea4-414b-9593-40a1e94b07a0',
    ],
    [
      meta,
      'https://www.meta.ai/c/f562ef69-edf7-4222-96e6-c0ecafb4f886',
      'f562ef69-edf7-4222-96e6-c0ecafb4f886',
    ],
    [meta, 'https://www.meta.ai/', undefined],
    [
      githubCopilot,
      'https://github.com/copilot/c/aa645014-e765-46b0-a411-157777397ac2',
      'aa645014-e765-46b0-a411-157777397ac2',
    ],
    [githubCopilot, 'https://github.com/copilot', undefined],
    [githubCopilot, 'https://github.com/owner/repo/c/abc', undefined],
    [
      arena,
      'https://lmarena.ai/c/019c02ce-7b15-79e0-8cb9-0791bde6274a',
      '019c02ce-7b15-79e0-8cb9-0791bde6274a',
    ],
    [
      arena,
      'https://arena.ai/c/019e83a3-aa87-7557-bbe4-face33a778ca',
      '019e83a3-aa87-7557-bbe4-face33a778ca',
    ],
    [arena, 'https://lmarena.ai/c/new?mode=direct', undefined],
    [doubao, 'https://www.doubao.com/chat/7463905184721937726', '7463905184721937726'],
    [doubao, 'https://www.doubao.com/chat/', undefined],
  ] as Array<[SiteAdapter, string, string | undefined]>)('%#: %s → %s', (adapter, url, id) => {
    expect(adapter.conversationId(url)).toBe(id);
  });
});

describe('adapterFor', () => {
  it.each([
    ['https://www.kimi.com/chat/x', 'kimi'],
    ['https://kimi.com/chat/x', 'kimi'],
    ['https://kimi.moonshot.cn/chat/x', 'kimi'],
    ['https://chat.qwen.ai/c/x', 'qwen'],
    ['https://t3.chat/chat/x', 't3chat'],
    ['https://chat.z.ai/c/x', 'zai'],
    ['https://www.meta.ai/prompt/x', 'meta'],
    ['https://meta.ai/prompt/x', 'meta'],
    ['https://lmarena.ai/c/x', 'arena'],
    ['https://arena.ai/c/x', 'arena'],
    // A chat that shares its host: only under its path.
    ['https://openrouter.ai/chat?room=orc-1-x', 'openrouter'],
    ['https://openrouter.ai/chat', 'openrouter'],
    ['https://openrouter.ai/models', undefined],
    ['https://openrouter.ai/chatroom', undefined],
    ['https://huggingface.co/chat/conversation/x', 'huggingchat'],
    ['https://huggingface.co/chat', 'huggingchat'],
    ['https://huggingface.co/meta-llama/Llama-3.1-8B', undefined],
    ['https://github.com/copilot/c/x', 'github-copilot'],
    ['https://github.com/copilot', 'github-copilot'],
    ['https://github.com/owner/repo', undefined],
    ['https://github.com/copilotx', undefined],
    ['https://gist.github.com/copilot/c/x', undefined],
    ['https://www.doubao.com/chat/7463905184721937726', 'doubao'],
    ['https://www.doubao.com/', undefined],
    ['https://chat.qwen.ai.evil.dev/c/x', undefined],
    ['https://kimi.com.evil.dev/chat/x', undefined],
  ])('%s → %s', (url, id) => expect(adapterFor(url)?.id).toBe(id));
});

it('every site has a name for the popup and the side panel', () => {
  for (const a of ADAPTERS) expect(siteName(a.id), a.id).not.toBe(a.id);
});

describe('format instructions go into every site’s message box on its saved page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  it.each(ADAPTERS.map((a) => [a.id, a] as const))('%s', (id, adapter) => {
    document.body.innerHTML = new DOMParser().parseFromString(
      pageHtml(`fixtures/${id}-two-replies`),
      'text/html',
    ).body.innerHTML;
    const css = adapter.selectors.composer?.css;
    expect(insertIntoComposer(document, css, 'Answer with SEARCH/REPLACE blocks.')).toMatchObject({
      ok: true,
    });
    const box = document.querySelector<HTMLElement>(css!)!;
    expect('value' in box ? (box as HTMLTextAreaElement).value : box.textContent).toContain(
      'Answer with SEARCH/REPLACE blocks.',
    );
  });
});
