/**
 * Security review (fixed): system folders that
 * rootRefusal lets through as project folders. A project folder there lets a reply's files land where
 * the system runs them: /usr/local/bin and Homebrew's bin are on every user's PATH (a reply "creating"
 * `git` or `ls` there shadows the real one), /usr/local/lib holds shared libraries, /nix/store is the
 * read-only-by-contract Nix store, /var/tmp is shared by every user like /tmp (which is refused).
 * Fix: add /usr/local/bin, /usr/local/sbin, /usr/local/lib, /usr/local/etc, /opt/homebrew/bin,
 * /opt/homebrew/sbin, /opt/homebrew/lib, /nix to SYSTEM_TREES_POSIX, and /var/tmp and /var/home (the real
 * parent of every home on Fedora Silverblue and other ostree systems) to SYSTEM_FOLDERS_POSIX.
 */
import { describe, expect, it } from 'vitest';
import { rootRefusal } from './root';

const HOME = '/home/u';
const STATE = '/home/u/.local/state/replyapply';
const POSIX = process.platform !== 'win32';

describe.runIf(POSIX)('rootRefusal on system folders', () => {
  it.each(['/usr/local', '/usr/bin', '/tmp', '/home', '/etc/nginx'])('refuses %s (control)', (root) => {
    expect(rootRefusal(root, HOME, STATE)).not.toBeNull();
  });

  it.each(['/usr/local/src/app', '/opt/app', '/var/www/site', '/srv/app'])('accepts %s (control)', (root) => {
    expect(rootRefusal(root, HOME, STATE)).toBeNull();
  });

  // Each was accepted before the fix: the folder is accepted as a project folder.
  it.each([
    '/usr/local/bin',
    '/usr/local/sbin',
    '/usr/local/lib',
    '/opt/homebrew/bin',
    '/nix/store',
    '/var/tmp',
    '/var/home',
  ])('refuses %s', (root) => {
    expect(rootRefusal(root, HOME, STATE)).not.toBeNull();
  });
});

/**
 * Same review: a root inside a repository's own store. Every path below it is "outside .git/" to the
 * per-path check, which only looks at the path below the root, so choosing `proj/.git` (the folder
 * browser shows hidden folders on request; the CLI takes --dir or the current folder) lets a reply write
 * `hooks/pre-commit`. Fix: rootRefusal refuses a root with a `.git`, `.hg` or `.jj` segment.
 */
describe.runIf(POSIX)('rootRefusal inside a repository store', () => {
  // Each was accepted before the fix: accepted.
  it.each(['/home/u/proj/.git', '/home/u/proj/.git/hooks', '/home/u/proj/.hg'])('refuses %s', (root) => {
    expect(rootRefusal(root, HOME, STATE)).not.toBeNull();
  });
});
