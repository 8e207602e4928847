// `npm run package` (after `npm run build`): the release artifacts, in release/:
//   replyapply-<version>-chrome.zip   dist/extension for the Chrome Web Store: the manifest without `key`
//                                     (the store assigns the id), every other byte as built;
//   replyapply-<version>-chrome-unpacked.zip
//                                     dist/extension as built, `key` kept, for "Load unpacked": without the
//                                     key Chrome would give the folder an id of its own, which the host's
//                                     manifest does not allow; with it the id is the development id;
//   replyapply-<version>-firefox.zip  dist/firefox for addons.mozilla.org, as built;
//   replyapply-<version>.tgz          `npm pack`: the CLI and host (bin/ and the bundled dist/host only).
// Zips are written here without a dependency, deterministically: entries in byte order of their path, a
// fixed timestamp, fixed permissions, so the same build gives the same bytes.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

// ---------------------------------------------------------------------------------------------- zip

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** CRC-32: zlib's where there is one (Node ≥ 20.15), else from the table. */
export function crc32(buf, native = typeof zlib.crc32 === 'function') {
  if (native) return zlib.crc32(buf) >>> 0;
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

// 1980-01-01 00:00:00, the earliest MS-DOS date: no build time leaks into the archive.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * A zip archive of `entries` ({ name: 'a/b.js', data: Buffer }), in the order given. Deflated when that is
 * smaller, else stored. Regular files, mode 0644, made by "Unix" so unzip restores sane permissions.
 */
export function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  const seen = new Set();
  for (const { name, data } of entries) {
    if (!name || name.startsWith('/') || name.includes('\\') || name.split('/').includes('..'))
      throw new Error(`zip: bad entry name ${JSON.stringify(name)}`);
    if (seen.has(name)) throw new Error(`zip: duplicate entry ${name}`);
    seen.add(name);
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = zlib.deflateRawSync(data, { level: 9 });
    const method = deflated.length < data.length ? 8 : 0;
    const body = method === 8 ? deflated : data;
    const crc = crc32(data);
    const flags = /^[\x20-\x7e]*$/.test(name) ? 0 : 0x0800; // bit 11: the name is UTF-8
    if (data.length >= 0xffffffff || offset >= 0xffffffff) throw new Error('zip: too large (no ZIP64)');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    // extra length, comment length, disk number, internal attributes: 0
    central.writeUInt32LE(0o100644 * 0x10000, 38); // external attributes: a regular file, mode 0644
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  if (seen.size > 0xffff) throw new Error('zip: too many entries (no ZIP64)');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(seen.size, 8);
  end.writeUInt16LE(seen.size, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** Every file under `dir` as `{ name, data }`, names with `/`, in byte order of the name. */
export function filesOf(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push({ name: relative(dir, p).split(sep).join('/'), data: readFileSync(p) });
      else throw new Error(`${p} is neither a file nor a folder (a link?): not packaged`);
    }
  };
  walk(dir);
  return out.sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
}

// -------------------------------------------------------------------------------------- artifacts

function readManifest(dir, what) {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) throw new Error(`${what}: ${path} is missing; run npm run build first`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

function checkVersion(manifest, version, what) {
  if (manifest.version !== version)
    throw new Error(`${what}: the manifest says version ${manifest.version}, package.json ${version}`);
}

/**
 * The Chrome Web Store zip: dist/extension with the manifest's `key` removed, nothing else changed. With
 * `keepKey`, dist/extension as it is (to load unpacked under the development id).
 */
export function chromeZip(dir, version, { keepKey = false } = {}) {
  if (!existsSync(dir)) throw new Error(`the Chrome build ${dir} does not exist; run npm run build first`);
  const manifest = readManifest(dir, 'Chrome build');
  checkVersion(manifest, version, 'Chrome build');
  if (keepKey) {
    if (!manifest.key) throw new Error(`Chrome build: ${join(dir, 'manifest.json')} has no key`);
    return zip(filesOf(dir));
  }
  const { key: _key, ...storeManifest } = manifest;
  const files = filesOf(dir).map((f) =>
    f.name === 'manifest.json'
      ? { name: f.name, data: Buffer.from(`${JSON.stringify(storeManifest, null, 2)}\n`) }
      : f,
  );
  return zip(files);
}

/** The addons.mozilla.org zip: dist/firefox as built. */
export function firefoxZip(dir, version) {
  if (!existsSync(dir))
    throw new Error(
      `the Firefox build ${dir} does not exist: npm run build must produce it before npm run package`,
    );
  const manifest = readManifest(dir, 'Firefox build');
  checkVersion(manifest, version, 'Firefox build');
  if (!manifest.browser_specific_settings?.gecko?.id)
    throw new Error(`Firefox build: ${join(dir, 'manifest.json')} has no browser_specific_settings.gecko.id`);
  return zip(filesOf(dir));
}

/** Plain env for a child npm: none of the npm_* variables of the `npm run` that started us. */
export function npmEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return { ...env, ...extra };
}

/** Run npm (the same npm that runs us, when there is one). */
export function npm(args, opts = {}) {
  const viaNode = process.env.npm_execpath && /\.(c|m)?js$/.test(process.env.npm_execpath);
  const [cmd, pre] = viaNode ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  return execFileSync(cmd, [...pre, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: !viaNode && process.platform === 'win32',
    ...opts,
    env: npmEnv(opts.env),
  });
}

/**
 * `npm pack` of the package in `cwd` (the repository: its `prepare` script builds dist/host first) into
 * `dest`; the tarball's path and the files it holds.
 */
export function packNpm(dest, { cwd = root, env, ignoreScripts = false } = {}) {
  mkdirSync(dest, { recursive: true });
  const args = ['pack', '--json', '--pack-destination', dest, ...(ignoreScripts ? ['--ignore-scripts'] : [])];
  const out = npm(args, { cwd, env });
  // Lifecycle output may precede the JSON; the JSON array is the last thing printed.
  const json = JSON.parse(out.slice(out.lastIndexOf('\n[') + 1 || out.indexOf('[')));
  const [info] = json;
  return { tarball: join(dest, info.filename), files: info.files.map((f) => f.path).sort() };
}

export function packageRelease({
  out = join(root, 'release'),
  chromeDir = join(root, 'dist', 'extension'),
  firefoxDir = join(root, 'dist', 'firefox'),
  npmPack = true,
} = {}) {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // Both zips are made before anything is written, so a missing build leaves release/ as it was.
  const chrome = chromeZip(chromeDir, version);
  const unpacked = chromeZip(chromeDir, version, { keepKey: true });
  const firefox = firefoxZip(firefoxDir, version);
  mkdirSync(out, { recursive: true });
  const written = [];
  const put = (name, data) => {
    writeFileSync(join(out, name), data);
    written.push(join(out, name));
  };
  put(`replyapply-${version}-chrome.zip`, chrome);
  put(`replyapply-${version}-chrome-unpacked.zip`, unpacked);
  put(`replyapply-${version}-firefox.zip`, firefox);
  if (npmPack) written.push(packNpm(out).tarball);
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    for (const path of packageRelease()) {
      const data = readFileSync(path);
      const sha = createHash('sha256').update(data).digest('hex');
      console.log(`${relative(root, path)}  ${statSync(path).size} bytes  sha256 ${sha}`);
    }
  } catch (err) {
    console.error(`npm run package: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  }
}
