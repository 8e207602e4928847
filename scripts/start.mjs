// `npm start [-- --demo] [-- --no-build]`: build ReplyApply, register its host, and open a browser with the
// extension loaded in a dedicated profile. With no display (or no browser) it says what it registered
// and how to load the extension by hand, and exits 0.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const demo = args.has('--demo');
const dist = join(root, 'dist', 'extension');

if (!args.has('--no-build')) {
  console.log('Building ReplyApply…');
  // The same steps as `npm run build` (package.json is the one list of them).
  const npm = process.env.npm_execpath;
  if (npm) execFileSync(process.execPath, [npm, 'run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  else execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}

const { main, EXTENSION_ID } = await import(pathToFileURL(join(root, 'dist', 'host', 'cli.mjs')).href);

const dataHome =
  process.platform === 'darwin'
    ? join(homedir(), 'Library', 'Application Support')
    : process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
const profile = join(dataHome, 'replyapply', demo ? 'demo-profile' : 'browser-profile');
mkdirSync(profile, { recursive: true });

console.log('\nRegistering the native host:');
const quietIO = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stdout,
  cwd: root,
  env: process.env,
};
await main(['install'], quietIO);
await main(['install', '--dir', join(profile, 'NativeMessagingHosts')], quietIO);

const browser = findBrowser();
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const url = demo ? `chrome-extension://${EXTENSION_ID}/extension/demo/index.html` : 'https://chatgpt.com/';

if (!browser || !hasDisplay) {
  console.log(`
${!browser ? 'No Chromium-family browser was found' : 'There is no display'}, so no browser was opened.
To use ReplyApply in your own browser profile:
  1. Open chrome://extensions, switch on Developer mode, click "Load unpacked" and choose:
       ${dist}
  2. The extension id is ${EXTENSION_ID}; the host is registered for the browsers listed above.
     Check with: npx replyapply doctor
${demo ? `  3. Then open the demo chat page: ${url}\n` : ''}`);
  process.exit(0);
}

console.log(`\nOpening ${browser} with the extension (profile ${profile})…`);
const child = spawn(
  browser,
  [
    `--user-data-dir=${profile}`,
    `--disable-extensions-except=${dist}`,
    `--load-extension=${dist}`,
    '--no-first-run',
    '--no-default-browser-check',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    url,
  ],
  { detached: true, stdio: 'ignore' },
);
child.unref();

function findBrowser() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/brave-browser',
    '/usr/bin/microsoft-edge',
    '/usr/bin/vivaldi',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Brave Browser.app/Contents/MacOS/Brave Browser',
  ];
  return candidates.find((c) => c && existsSync(c));
}
