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
