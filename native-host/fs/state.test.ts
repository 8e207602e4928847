import { describe, expect, it } from 'vitest';
import { stateDir } from './state';

describe('stateDir', () => {
  it.each([
    // platform, env, expected
    ['linux', {}, '/home/u/.local/state/replyapply'],
    ['linux', { XDG_STATE_HOME: '/xdg' }, '/xdg/replyapply'],
    ['linux', { XDG_STATE_HOME: 'relative/xdg' }, '/home/u/.local/state/replyapply'],
    ['linux', { REPLYAPPLY_STATE_DIR: '/tmp/st', XDG_STATE_HOME: '/xdg' }, '/tmp/st'],
    ['linux', { REPLYAPPLY_STATE_DIR: 'rel' }, '/home/u/.local/state/replyapply'],
    ['darwin', { XDG_STATE_HOME: '/xdg' }, '/home/u/Library/Application Support/replyapply'],
    ['win32', { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'C:\\Users\\u\\AppData\\Local\\replyapply'],
  ] as const)('%s with %j → %s', (platform, env, expected) => {
    expect(stateDir(env as NodeJS.ProcessEnv, platform, '/home/u')).toBe(expected);
  });
});
