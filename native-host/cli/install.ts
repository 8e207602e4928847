/** `replyapply install | uninstall | doctor`: register the host with browsers and check it. */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HOST_NAME } from '../../shared/protocol/protocol';
import { stateDir } from '../fs/state';
import { VERSION } from '../host/version';
import { BROWSER_IDS, browserLocations, type Platform } from '../install/browsers';
import { allowedIds, type InstallTarget, installHost, targetOf, uninstallHost } from '../install/install';
import { probeHost } from '../install/probe';
import { type CliCommand, type CliIO, Exit, UsageError } from './io';

const OPTIONS = {
  browser: { type: 'string', multiple: true },
  dir: { type: 'string', multiple: true },
  firefox: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** The built host next to the built CLI (dist/host/host.mjs). */
export function defaultHostScript(): string {
  return fileURLToPath(new URL('./host.mjs', import.meta.url));
}

function platformOf(io: CliIO): Platform {
  const p = (io.env.REPLYAPPLY_PLATFORM as Platform | undefined) ?? process.platform;
  if (p !== 'linux' && p !== 'darwin' && p !== 'win32') throw new UsageError(`unsupported platform ${p}`);
  return p;
}

/**
 * Which folders to act on: --dir folders (Firefox ones with --firefox), else the browsers named with
 * --browser and --firefox (= --browser firefox), else every browser installed for this user.
 */
function targets(args: string[], io: CliIO): { targets: InstallTarget[]; note?: string } {
  const { values } = parseArgs({ args, options: OPTIONS, allowPositionals: false });
  const platform = platformOf(io);
  const home = io.env.HOME || homedir();
  const all = browserLocations(platform, home, io.env);
  if (values.dir?.length) {
    const kind = values.firefox ? 'firefox' : 'chromium';
    return {
      targets: values.dir.map((d) => ({ name: resolve(io.cwd, d), kind, manifestDir: resolve(io.cwd, d) })),
    };
  }
  const named = [...(values.browser ?? []), ...(values.firefox ? ['firefox'] : [])];
  if (named.length) {
    const out: InstallTarget[] = [];
    for (const b of named) {
      const loc = all.find((l) => l.id === b.toLowerCase());
      if (!loc) throw new UsageError(`unknown browser "${b}"; one of: ${BROWSER_IDS.join(', ')}`);
      if (!out.some((t) => t.manifestDir === loc.manifestDir)) out.push(targetOf(loc));
    }
    return { targets: out };
  }
  const found = all.filter((l) => existsSync(l.profileDir)).map(targetOf);
  if (found.length === 0) {
    return {
      targets: [],
      note: `No browser profile found under ${home}. Name one with --browser (${BROWSER_IDS.join(', ')}) or a folder with --dir.`,
    };
  }
  return { targets: found };
}

function say(io: CliIO, line: string) {
  io.stdout.write(`${line}\n`);
}

export const install: CliCommand = async (args, io) => {
  const { targets: list, note } = targets(args, io);
  if (note) {
    io.stderr.write(`${note}\n`);
    return Exit.Unresolved;
  }
  const hostScript = io.env.REPLYAPPLY_HOST_SCRIPT || defaultHostScript();
  if (!existsSync(hostScript))
    io.stderr.write(
      `warning: the host is missing (${hostScript}); in a clone run npm run build, else reinstall replyapply\n`,
    );
  const platform = platformOf(io);
  for (const target of list) {
    const done = await installHost(target, {
      platform,
      nodePath: process.execPath,
      hostScript,
      logFile: join(stateDir(io.env), 'launcher.log'),
      runRegistry: platform === process.platform && platform === 'win32',
    });
    say(io, `${target.name}: registered ${HOST_NAME} (${done.manifestPath})`);
    for (const cmd of done.registryCommands) say(io, `  registry: ${cmd.join(' ')}`);
  }
  say(io, `The host runs ${hostScript} with ${process.execPath}.`);
  for (const kind of ['chromium', 'firefox'] as const) {
    if (list.some((t) => t.kind === kind))
      say(
        io,
        `${kind === 'firefox' ? 'Firefox add-on' : 'Extension'}${allowedIds(kind).length > 1 ? 's' : ''} allowed: ${allowedIds(kind).join(', ')}`,
      );
  }
  return Exit.Ok;
};

export const uninstall: CliCommand = async (args, io) => {
  const { targets: list, note } = targets(args, io);
  if (note) {
    io.stderr.write(`${note}\n`);
    return Exit.Unresolved;
  }
  const platform = platformOf(io);
  for (const target of list) {
    const r = await uninstallHost(target, {
      platform,
      runRegistry: platform === process.platform && platform === 'win32',
    });
    say(io, `${target.name}: ${r.removed.length ? `removed ${r.removed.join(', ')}` : 'was not registered'}`);
  }
  return Exit.Ok;
};

export interface DoctorLine {
  name: string;
  registered: boolean;
  starts: boolean;
  version?: string;
  versionMatches?: boolean;
  problem?: string;
}

export const doctor: CliCommand = async (args, io) => {
  const { values } = parseArgs({ args, options: OPTIONS, allowPositionals: false });
  const platform = platformOf(io);
  const home = io.env.HOME || homedir();
  let list: InstallTarget[];
  if (values.dir?.length || values.browser?.length || values.firefox) list = targets(args, io).targets;
  else list = browserLocations(platform, home, io.env).map(targetOf);
  const lines: DoctorLine[] = [];
  for (const target of list) lines.push(await checkTarget(target, platform));
  if (values.json) say(io, JSON.stringify(lines, null, 2));
  else {
    for (const l of lines) {
      const state = !l.registered
        ? 'not registered'
        : !l.starts
          ? `registered, does not start: ${l.problem}`
          : `registered, starts, version ${l.version}${l.versionMatches ? ' (matches)' : ` (this CLI is ${VERSION}: run npx replyapply install)`}`;
      say(io, `${l.name}: ${state}`);
    }
  }
  const broken = lines.some((l) => l.registered && (!l.starts || !l.versionMatches));
  const any = lines.some((l) => l.registered);
  if (!any && !values.json) say(io, 'The host is not registered anywhere: run npx replyapply install');
  return broken || !any ? Exit.Unresolved : Exit.Ok;
};

async function checkTarget(target: InstallTarget, platform: Platform): Promise<DoctorLine> {
  const manifestPath = join(target.manifestDir, `${HOST_NAME}.json`);
  if (!existsSync(manifestPath)) return { name: target.name, registered: false, starts: false };
  let manifest: { path?: string; allowed_origins?: string[]; allowed_extensions?: string[] };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (err) {
    return {
      name: target.name,
      registered: true,
      starts: false,
      problem: `manifest is not JSON: ${(err as Error).message}`,
    };
  }
  // Every id this version accepts must be allowed (a manifest from before a store id was added lacks it).
  const listed = (target.kind === 'firefox' ? manifest.allowed_extensions : manifest.allowed_origins) ?? [];
  const missing = allowedIds(target.kind).filter((id) => !listed.includes(id));
  if (missing.length)
    return {
      name: target.name,
      registered: true,
      starts: false,
      problem: `the manifest does not allow ${missing.join(', ')}: run replyapply install`,
    };
  if (!manifest.path || !existsSync(manifest.path)) {
    return {
      name: target.name,
      registered: true,
      starts: false,
      problem: `launcher missing: ${manifest.path}`,
    };
  }
  // Started as the browser starts it (Firefox: the manifest's path, then the add-on id).
  const args =
    target.kind === 'firefox' ? [manifestPath, allowedIds('firefox')[0]!] : [allowedIds('chromium')[0]!];
  const cmd = platform === 'win32' ? 'cmd.exe' : manifest.path;
  // Deep: the server behind hello answers too (the host loads it after start-up).
  const r = await probeHost(cmd, platform === 'win32' ? ['/c', manifest.path, ...args] : args, 5000, true);
  if (!r.ok) return { name: target.name, registered: true, starts: false, problem: r.message };
  return {
    name: target.name,
    registered: true,
    starts: true,
    version: r.version,
    versionMatches: r.version === VERSION,
  };
}
