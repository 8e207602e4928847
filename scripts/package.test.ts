/**
 * `npm run package`: the zip writer, the two store zips (from stand-in builds), and the npm package —
 * packed, installed into a temp prefix offline from the tarball, and run from there as a user would.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FrameReader } from '../native-host/host/framing';
import { frames } from '../native-host/test/built-host';
import { EXTENSION_ORIGIN, FIREFOX_ADDON_ID } from '../shared/extension/extension-id';
import { buildHost } from './build-host.mjs';
import { chromeZip, crc32, filesOf, firefoxZip, npm, packageRelease, packNpm, zip } from './package.mjs';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `ra-pkg-${name}-`));

/** A zip reader for the test: every entry from the central directory, checked against its local header. */
function unzip(buf: Buffer): { name: string; data: Buffer; method: number; mode: number }[] {
  const end = buf.length - 22;
  expect(buf.readUInt32LE(end)).toBe(0x06054b50);
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const mode = buf.readUInt32LE(p + 38) >>> 16;
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    expect(buf.subarray(local + 30, local + 30 + buf.readUInt16LE(local + 26)).toString('utf8')).toBe(name);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const body = buf.subarray(start, start + size);
    const data = method === 8 ? zlib.inflateRawSync(body) : Buffer.from(body);
    expect(crc32(data), name).toBe(crc);
    out.push({ name, data, method, mode });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

function tree(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

describe('zip', () => {
  it('computes CRC-32 natively and with its own table alike', () => {
    const check = Buffer.from('123456789');
    expect(crc32(check)).toBe(0xcbf43926);
    expect(crc32(check, false)).toBe(0xcbf43926);
    const big = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) & 0xff));
    expect(crc32(big, false)).toBe(crc32(big));
  });

  it('writes the same bytes every time, entries in byte order of their path, that any reader reads back', () => {
    const dir = tmp('zip');
    const files = {
      'b.txt': 'b\n'.repeat(200),
      'a/z.js': 'z',
      'a/b/c.css': '',
      'B.md': 'upper case sorts first',
      'ä/ü.txt': 'non-ASCII name',
    };
    tree(dir, files);
    const one = zip(filesOf(dir));
    const two = zip(filesOf(dir));
    expect(one.equals(two)).toBe(true);
    const entries = unzip(one);
    expect(entries.map((e) => e.name)).toEqual(['B.md', 'a/b/c.css', 'a/z.js', 'b.txt', 'ä/ü.txt']);
    for (const e of entries) expect(e.data.toString(), e.name).toBe(files[e.name as keyof typeof files]);
    expect(entries.find((e) => e.name === 'b.txt')!.method).toBe(8);
    expect(entries.find((e) => e.name === 'a/z.js')!.method).toBe(0);
    expect(new Set(entries.map((e) => e.mode))).toEqual(new Set([0o100644]));
    if (existsSync('/usr/bin/unzip')) {
      const file = join(tmp('zipfile'), 'x.zip');
      writeFileSync(file, one);
      expect(execFileSync('/usr/bin/unzip', ['-t', file], { encoding: 'utf8' })).toContain(
        'No errors detected',
      );
    }
  });

  it('refuses names that would unpack outside the folder, and duplicates', () => {
    const data = Buffer.from('x');
    expect(() => zip([{ name: '../x', data }])).toThrow(/bad entry name/);
    expect(() => zip([{ name: '/x', data }])).toThrow(/bad entry name/);
    expect(() =>
      zip([
        { name: 'x', data },
        { name: 'x', data },
      ]),
    ).toThrow(/duplicate/);
  });
});

describe('release zips (from stand-in builds)', () => {
  const version = pkg.version as string;
  const chromeManifest = {
    manifest_version: 3,
    name: 'ReplyApply',
    version,
    key: 'MIIB…',
    background: { service_worker: 'service-worker-loader.js', type: 'module' },
  };
  const firefoxManifest = {
    manifest_version: 3,
    name: 'ReplyApply',
    version,
    browser_specific_settings: { gecko: { id: FIREFOX_ADDON_ID, strict_min_version: '128.0' } },
  };
  function builds() {
    const dir = tmp('builds');
    const chrome = join(dir, 'extension');
    const firefox = join(dir, 'firefox');
    tree(chrome, {
      'manifest.json': JSON.stringify(chromeManifest, null, 2),
      'service-worker-loader.js': "import './assets/a.js';\n",
      'assets/a.js': 'console.log(1);\n',
      'extension/popup/index.html': '<!doctype html>\n',
    });
    tree(firefox, {
      'manifest.json': JSON.stringify(firefoxManifest, null, 2),
      'background.js': 'x\n',
    });
    return { dir, chrome, firefox };
  }

  it('the Chrome zip is the build with the manifest lacking `key`, every other byte unchanged', () => {
    const { chrome } = builds();
    const entries = unzip(chromeZip(chrome, version));
    expect(entries.map((e) => e.name)).toEqual([
      'assets/a.js',
      'extension/popup/index.html',
      'manifest.json',
      'service-worker-loader.js',
    ]);
    const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.data.toString());
    const { key: _key, ...rest } = chromeManifest;
    expect(manifest).toEqual(rest);
    expect(Object.keys(manifest)).toEqual(Object.keys(rest));
    for (const e of entries.filter((e) => e.name !== 'manifest.json'))
      expect(e.data.equals(readFileSync(join(chrome, e.name))), e.name).toBe(true);
  });

  it('the zip to load unpacked is the build as it is, key and all (so its id is the development id)', () => {
    const { chrome } = builds();
    const entries = unzip(chromeZip(chrome, version, { keepKey: true }));
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual(
      filesOf(chrome).map((f) => [f.name, f.data.toString()]),
    );
    expect(JSON.parse(entries.find((e) => e.name === 'manifest.json')!.data.toString()).key).toBe('MIIB…');
  });

  it('the Firefox zip is the build as it is', () => {
    const { firefox } = builds();
    const entries = unzip(firefoxZip(firefox, version));
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual(
      filesOf(firefox).map((f) => [f.name, f.data.toString()]),
    );
  });

  it('writes both zips into the release folder, named with the version', () => {
    const { dir, chrome, firefox } = builds();
    const out = join(dir, 'release');
    const written = packageRelease({ out, chromeDir: chrome, firefoxDir: firefox, npmPack: false });
    const names = [
      `replyapply-${version}-chrome.zip`,
      `replyapply-${version}-chrome-unpacked.zip`,
      `replyapply-${version}-firefox.zip`,
    ];
    expect(written).toEqual(names.map((n) => join(out, n)));
    expect(readdirSync(out).sort()).toEqual([...names].sort());
  });

  it('fails, saying so and writing nothing, when there is no Firefox build, or a build of another version', () => {
    const { dir, chrome, firefox } = builds();
    const out = join(dir, 'release');
    expect(() =>
      packageRelease({ out, chromeDir: chrome, firefoxDir: join(dir, 'nothing'), npmPack: false }),
    ).toThrow(/the Firefox build .*nothing does not exist: npm run build must produce it/);
    expect(existsSync(out)).toBe(false);
    expect(() => chromeZip(chrome, '9.9.9')).toThrow(
      `the manifest says version ${version}, package.json 9.9.9`,
    );
    writeFileSync(
      join(firefox, 'manifest.json'),
      JSON.stringify({ ...firefoxManifest, browser_specific_settings: {} }),
    );
    expect(() => firefoxZip(firefox, version)).toThrow(/no browser_specific_settings.gecko.id/);
  });
});

describe('the npm package', () => {
  // Packed from a copy of what the package is made of (package.json, README, bin, a fresh dist/host), so the
  // test never rewrites the repository's own dist/host under a run that is using it.
  const work = tmp('npm');
  const env = {
    HOME: join(work, 'home'),
    npm_config_cache: join(work, 'cache'),
    npm_config_update_notifier: 'false',
    REPLYAPPLY_STATE_DIR: join(work, 'state'),
  };
  let tarball: string;
  let files: string[];
  const prefix = join(work, 'prefix');
  const bin = join(prefix, 'bin', 'replyapply');
  const run = (args: string[]) =>
    promisify(execFile)(bin, args, { env: { ...process.env, ...env }, encoding: 'utf8' }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  beforeAll(async () => {
    mkdirSync(env.HOME, { recursive: true });
    const stage = join(work, 'stage');
    mkdirSync(join(stage, 'bin'), { recursive: true });
    for (const f of ['package.json', 'README.md', 'bin/replyapply.js'])
      copyFileSync(join(root, f), join(stage, f));
    await buildHost(join(stage, 'dist', 'host'));
    ({ tarball, files } = packNpm(join(work, 'out'), { cwd: stage, env, ignoreScripts: true }));
  }, 60_000);

  it('holds the built host and bin only: no sources, tests, scenarios or source maps', () => {
    expect(tarball).toBe(join(work, 'out', `replyapply-${pkg.version}.tgz`));
    expect(files).toEqual([
      'README.md',
      'bin/replyapply.js',
      'dist/host/cli.mjs',
      'dist/host/host-server.mjs',
      'dist/host/host.mjs',
      'package.json',
    ]);
  });

  it('needs no dependency at run time: the bundle imports only node: modules', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    for (const f of ['cli.mjs', 'host.mjs', 'host-server.mjs']) {
      const code = readFileSync(join(work, 'stage', 'dist', 'host', f), 'utf8');
      const specifiers = [...code.matchAll(/(?:^|\n)\s*import\s[^'"]*?from\s*['"]([^'"]+)['"]/g)].map(
        (m) => m[1],
      );
      expect(specifiers.length, f).toBeGreaterThan(0);
      expect(
        specifiers.filter((s) => !s!.startsWith('node:')),
        f,
      ).toEqual([]);
      // The host's start-up imports its server, a file of the package, only when it needs it.
      const dynamic = [...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
      expect(
        dynamic.filter((s) => !s!.startsWith('node:')),
        f,
      ).toEqual(f === 'host.mjs' ? ['./host-server.mjs'] : []);
    }
  });

  it.skipIf(process.platform === 'win32')(
    'installs offline from the tarball into a prefix; --version, install, doctor and the launcher work from there',
    async () => {
      npm(['install', '-g', '--prefix', prefix, tarball, '--offline', '--no-audit', '--no-fund'], {
        cwd: work,
        env,
      });
      const installed = join(prefix, 'lib', 'node_modules', 'replyapply');
      expect(readdirSync(installed).sort()).toEqual(['README.md', 'bin', 'dist', 'package.json']);
      expect(existsSync(join(installed, 'node_modules'))).toBe(false);

      const version = await run(['--version']);
      expect(version.stdout.trim(), version.stderr).toBe(pkg.version);

      const hosts = join(work, 'hosts');
      const install = await run(['install', '--dir', hosts]);
      expect(install.code, install.stderr).toBe(0);
      const manifest = JSON.parse(readFileSync(join(hosts, 'dev.replyapply.host.json'), 'utf8'));
      expect(manifest.allowed_origins).toContain(EXTENSION_ORIGIN);
      // The launcher starts the host that was installed, not one in this repository.
      expect(readFileSync(manifest.path, 'utf8')).toContain(
        `HOST='${join(installed, 'dist', 'host', 'host.mjs')}'`,
      );

      const doctor = await run(['doctor', '--dir', hosts]);
      expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
      expect(doctor.stdout).toContain(`registered, starts, version ${pkg.version} (matches)`);

      expect(await ask(manifest.path, [EXTENSION_ORIGIN])).toMatchObject({
        id: 1,
        ok: true,
        result: { version: pkg.version },
      });
      // Anything but hello goes to the server, which the host imports from the installed host-server.mjs.
      const listed = await ask(manifest.path, [EXTENSION_ORIGIN], {
        id: 2,
        method: 'listDir',
        params: { path: work },
      });
      expect(listed).toMatchObject({ id: 2, ok: true, result: { path: work } });

      const ff = join(work, 'firefox-hosts');
      expect((await run(['install', '--firefox', '--dir', ff])).code).toBe(0);
      const ffManifest = join(ff, 'dev.replyapply.host.json');
      expect(JSON.parse(readFileSync(ffManifest, 'utf8')).allowed_extensions).toContain(FIREFOX_ADDON_ID);
      expect((await run(['doctor', '--firefox', '--dir', ff])).code).toBe(0);
      const launcher = JSON.parse(readFileSync(ffManifest, 'utf8')).path;
      expect(await ask(launcher, [ffManifest, FIREFOX_ADDON_ID])).toMatchObject({ id: 1, ok: true });
    },
    60_000,
  );

  /** Start `launcher` as a browser does, ask hello (or `request`), and return the first frame it answers. */
  function ask(
    launcher: string,
    args: string[],
    request: unknown = { id: 1, method: 'hello' },
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const child = spawn(launcher, args, {
        env: { ...process.env, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`no answer from ${launcher}: ${stderr}`));
      }, 10_000);
      const reader = new FrameReader(
        (m) => {
          clearTimeout(timer);
          child.kill();
          resolve(m);
        },
        (p) => reject(new Error(`bad frame: ${p.kind}`)),
      );
      child.stdout.on('data', (c: Buffer) => reader.push(c));
      child.stderr.on('data', (c: Buffer) => {
        stderr += c;
      });
      child.on('error', reject);
      child.stdin.on('error', () => undefined);
      child.stdin.write(frames(request));
    });
  }
});
