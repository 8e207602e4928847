/** `npm start` on a machine with no display: it registers the host, explains, and exits 0. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EXTENSION_ORIGIN } from '../shared/extension/extension-id';
import { expect, REPO, test } from './fixtures';

test('npm start without a display registers the host and says how to load the extension', async () => {
  const home = mkdtempSync(join(tmpdir(), 'replyapply-home-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'cfg'),
  };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(REPO, 'scripts', 'start.mjs'), '--no-build', '--demo'],
    {
      env,
      cwd: REPO,
    },
  );
  expect(stdout).toContain('There is no display, so no browser was opened.');
  expect(stdout).toContain(join(REPO, 'dist', 'extension'));
  expect(stdout).toContain('extension/demo/index.html');
  const manifest = join(
    home,
    'data',
    'replyapply',
    'demo-profile',
    'NativeMessagingHosts',
    'dev.replyapply.host.json',
  );
  expect(existsSync(manifest)).toBe(true);
  expect(JSON.parse(readFileSync(manifest, 'utf8')).allowed_origins).toEqual([EXTENSION_ORIGIN]);
});

test('npm start with a display opens Chromium with the extension loaded in its own profile', async () => {
  const { spawn } = await import('node:child_process');
  const home = mkdtempSync(join(tmpdir(), 'replyapply-home-'));
  // A virtual display (Xvfb, which .ci/run installs), else the desktop this runs on.
  const ownDisplay = existsSync('/usr/bin/Xvfb');
  if (!ownDisplay && !process.env.DISPLAY) throw new Error('This test needs a display: apt-get install xvfb');
  const display = ownDisplay ? `:${90 + Math.floor(Math.random() * 9)}` : process.env.DISPLAY!;
  const xvfb = ownDisplay
    ? spawn('/usr/bin/Xvfb', [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
        stdio: 'ignore',
      })
    : null;
  try {
    await new Promise((r) => setTimeout(r, 500));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'cfg'),
      XDG_CACHE_HOME: join(home, 'cache'),
      DISPLAY: display,
      CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(REPO, 'scripts', 'start.mjs'), '--no-build', '--demo'],
      {
        env,
        cwd: REPO,
      },
    );
    expect(stdout).toContain('Opening');
    const profile = join(home, 'data', 'replyapply', 'demo-profile');
    // The browser is running with our profile and the extension: the extension's worker wrote its storage.
    await expect
      .poll(
        () =>
          existsSync(join(profile, 'Default', 'Extensions')) ||
          existsSync(join(profile, 'Default', 'Local Extension Settings')),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const ps = await promisify(execFile)('ps', ['-eo', 'args']);
    // The browser process itself: its renderers and helpers carry the profile too, with a --type.
    const line = ps.stdout
      .split('\n')
      .find((l) => l.includes(`--user-data-dir=${profile}`) && !l.includes(' --type='));
    expect(line).toContain(`--load-extension=${join(REPO, 'dist', 'extension')}`);
    await promisify(execFile)('pkill', ['-f', `--user-data-dir=${profile}`]).catch(() => undefined);
  } finally {
    xvfb?.kill();
  }
});
