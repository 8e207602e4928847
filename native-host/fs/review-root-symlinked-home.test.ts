/**
 * Security review (fixed): rootRefusal compares the
 * realpath of the root with `os.homedir()` and `stateDir()` as they are spelled, unresolved. Where the home
 * folder is reached through a link (Fedora Silverblue and other ostree systems: /home → /var/home; NFS or
 * moved homes), the real path of the home folder is not recognised, so the home folder itself, however it is typed, and the
 * folder holding ReplyApply's own journal — are accepted as project folders.
 * Fix: in rootRefusal/validateRoot, compare against `realpath(home)` too, and against the real path of the
 * state folder's nearest existing ancestor (it may not exist yet).
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { validateRoot } from './root';

const POSIX = process.platform !== 'win32';
let base = '';
let oldHome: string | undefined;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'ra-home-link-')));
  mkdirSync(join(base, 'var', 'home', 'u', 'project'), { recursive: true });
  symlinkSync(join(base, 'var', 'home'), join(base, 'home'));
  oldHome = process.env.HOME;
  // os.homedir() reads HOME on POSIX: the home folder as the system spells it, through the link.
  process.env.HOME = join(base, 'home', 'u');
});
afterEach(() => {
  process.env.HOME = oldHome;
});

describe.runIf(POSIX)('validateRoot with a home folder reached through a link', () => {
  it('accepts a project below the home folder (control)', async () => {
    await expect(validateRoot(join(base, 'home', 'u', 'project'), join(base, 'state'))).resolves.toBe(
      join(base, 'var', 'home', 'u', 'project'),
    );
  });

  // Was accepted before the fix: validateRoot resolves the root, so even $HOME itself comes out as /…/var/home/u and passes.
  it('refuses the home folder as the system spells it ($HOME)', async () => {
    await expect(validateRoot(join(base, 'home', 'u'), join(base, 'state'))).rejects.toMatchObject({
      code: ErrorCode.RootRefused,
    });
  });

  // Was accepted before the fix: the real path /…/var/home/u is accepted as a project folder.
  it('refuses the home folder given by its real path', async () => {
    await expect(validateRoot(join(base, 'var', 'home', 'u'), join(base, 'state'))).rejects.toMatchObject({
      code: ErrorCode.RootRefused,
    });
  });

  // Was accepted before the fix: a root holding the state folder's real path is accepted, so an apply could rewrite the journal.
  it("refuses a root that holds ReplyApply's state folder reached through a link", async () => {
    const state = join(base, 'home', 'u', 'project', '.state', 'replyapply');
    mkdirSync(state, { recursive: true });
    await expect(validateRoot(join(base, 'var', 'home', 'u', 'project'), state)).rejects.toMatchObject({
      code: ErrorCode.RootRefused,
    });
  });
});
