import { mkdir, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { makeSandbox, put, type Sandbox } from '../test/fs-sandbox';
import { rootRefusal, validateRoot } from './root';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

describe('rootRefusal', () => {
  it.each([
    ['/', 'whole file system'],
    ['/home/u', 'home folder'],
    ['/home', 'contains your home folder'],
    ['/etc', 'system folder'],
    ['/etc/nginx', 'system folder'],
    ['/usr', 'system folder'],
    ['/usr/lib/node', 'system folder'],
    ['/var', 'system folder'],
    ['/var/lib/docker', 'system folder'],
    ['/proc/1', 'system folder'],
    ['/sys', 'system folder'],
    ['/dev', 'system folder'],
    ['/boot', 'system folder'],
    ['/bin', 'system folder'],
    ['/lib64', 'system folder'],
    ['/System/Library', 'system folder'],
    ['/Library', 'system folder'],
    ['/tmp', 'system folder'],
    ['/state/sub', 'state folder'],
    ['/state-parent', 'state folder'],
  ])('%s is refused (%s)', (p, why) => {
    expect(rootRefusal(p, '/home/u', p === '/state-parent' ? '/state-parent/st' : '/state')).toContain(why);
  });

  it.each(['/home/u/code/app', '/var/www/site', '/usr/local/src/app', '/opt/app', '/tmp/work/app', '/proj2'])(
    '%s is accepted',
    (p) => {
      expect(rootRefusal(p, '/home/u', '/state')).toBeNull();
    },
  );
});

describe('validateRoot', () => {
  it('returns the real path of a folder reached through a link', async () => {
    await symlink(sb.root, path.join(sb.base, 'link'));
    expect(await validateRoot(path.join(sb.base, 'link'))).toBe(sb.root);
  });

  it.each([
    ['relative', () => 'proj', ErrorCode.RootRefused],
    ['missing', () => path.join(sb.base, 'nope'), ErrorCode.NotFound],
    ['a file', () => path.join(sb.base, 'f.txt'), ErrorCode.NotAFolder],
    ['NUL', () => `${sb.root}\0x`, ErrorCode.RootRefused],
    ['the home folder', () => os.homedir(), ErrorCode.RootRefused],
    ['the file system root', () => '/', ErrorCode.RootRefused],
  ])('refuses %s', async (_name, root, code) => {
    await put(sb.base, 'f.txt', 'x');
    await expect(validateRoot(root())).rejects.toMatchObject({ code });
  });

  it('refuses a link to a system folder', async () => {
    await symlink('/etc', path.join(sb.base, 'etc-link'));
    await expect(validateRoot(path.join(sb.base, 'etc-link'))).rejects.toMatchObject({
      code: ErrorCode.RootRefused,
    });
  });

  it('refuses a root containing the state folder', async () => {
    const saved = process.env.REPLYAPPLY_STATE_DIR;
    process.env.REPLYAPPLY_STATE_DIR = path.join(sb.root, '.state');
    await mkdir(process.env.REPLYAPPLY_STATE_DIR);
    try {
      await expect(validateRoot(sb.root)).rejects.toMatchObject({ code: ErrorCode.RootRefused });
    } finally {
      if (saved === undefined) delete process.env.REPLYAPPLY_STATE_DIR;
      else process.env.REPLYAPPLY_STATE_DIR = saved;
    }
  });
});
