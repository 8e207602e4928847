/**
 * Registering the host with browsers: a launcher that pins the absolute path of node (a browser started
 * from a desktop does not have the shell's PATH), and a host manifest naming the launcher and the
 * extensions allowed to start it (every id of shared/extension/extension-id.ts: the development id and the
 * stores' ids). On Windows the manifest is found through a registry key.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROME_EXTENSION_ORIGINS, FIREFOX_ADDON_IDS } from '../../shared/extension/extension-id';
import { HOST_NAME } from '../../shared/protocol/protocol';
import type { BrowserLocation, Platform } from './browsers';

export interface InstallTarget {
  /** Display name ("Chromium", or the folder given with --dir). */
  name: string;
  kind: 'chromium' | 'firefox';
  manifestDir: string;
  registryKey?: string;
}

export interface InstallOptions {
  platform: Platform;
  nodePath: string;
  hostScript: string;
  /** Where the launcher logs when it cannot start node. */
  logFile: string;
  /** Run `reg` (Windows); tests pass false and check the commands instead. */
  runRegistry?: boolean;
}

export interface InstalledHost {
  target: InstallTarget;
  manifestPath: string;
  launcherPath: string;
  /** Windows: the `reg` commands that point the browser at the manifest. */
  registryCommands: string[][];
}

export function targetOf(loc: BrowserLocation): InstallTarget {
  const t: InstallTarget = { name: loc.name, kind: loc.kind, manifestDir: loc.manifestDir };
  if (loc.registryKey) t.registryKey = loc.registryKey;
  return t;
}

/** What a host manifest of `kind` must allow: `allowed_origins` (Chromium family) or `allowed_extensions`. */
export function allowedIds(kind: 'chromium' | 'firefox'): readonly string[] {
  return kind === 'firefox' ? FIREFOX_ADDON_IDS : CHROME_EXTENSION_ORIGINS;
}

export function hostManifest(kind: 'chromium' | 'firefox', launcherPath: string): Record<string, unknown> {
  const base = {
    name: HOST_NAME,
    description: 'ReplyApply: reads and writes project files for the ReplyApply extension',
    path: launcherPath,
    type: 'stdio',
  };
  return kind === 'firefox'
    ? { ...base, allowed_extensions: [...allowedIds('firefox')] }
    : { ...base, allowed_origins: [...allowedIds('chromium')] };
}

/** What to do when the launcher's host script is gone (the package was removed or moved, or a clone not built). */
const HOST_MISSING_HELP =
  'reinstall ReplyApply (npm install -g replyapply, then replyapply install), or run npm run build in a clone';

const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function launcherScript(
  platform: Platform,
  nodePath: string,
  hostScript: string,
  logFile: string,
): string {
  if (platform === 'win32') {
    // cmd parses a whole `( … )` block before running it, so a `)` in an unquoted path ("C:\Program
    // Files (x86)\nodejs") ended the block early and the launcher never started the host; `&` in a user
    // name ran the rest as a command. Paths therefore only appear inside double quotes (which Windows
    // names cannot contain), with `%` doubled, and the branches are gotos instead of blocks.
    const q = (s: string) => `"${s.replace(/%/g, '%%')}"`;
    return [
      '@echo off',
      'rem ReplyApply native-messaging host launcher, written by "replyapply install".',
      `if not exist ${q(nodePath)} goto nonode`,
      `if not exist ${q(hostScript)} goto nohost`,
      `${q(nodePath)} ${q(hostScript)} %*`,
      'exit /b %ERRORLEVEL%',
      ':nonode',
      `echo %DATE% %TIME% ${q(`node is missing at ${nodePath}: run npx replyapply install again`)}>> ${q(logFile)}`,
      'exit /b 127',
      ':nohost',
      `echo %DATE% %TIME% ${q(`the host is missing at ${hostScript}: ${HOST_MISSING_HELP}`)}>> ${q(logFile)}`,
      'exit /b 127',
      '',
    ].join('\r\n');
  }
  return [
    '#!/bin/sh',
    '# ReplyApply native-messaging host launcher, written by `replyapply install`.',
    `NODE=${sh(nodePath)}`,
    `HOST=${sh(hostScript)}`,
    `LOG=${sh(logFile)}`,
    'fail() { mkdir -p "$(dirname "$LOG")" 2>/dev/null; echo "$(date) $1" >> "$LOG"; echo "replyapply: $1" >&2; exit 127; }',
    `[ -x "$NODE" ] || fail "node is missing at $NODE: run 'npx replyapply install' again"`,
    `[ -f "$HOST" ] || fail "the host is missing at $HOST: ${HOST_MISSING_HELP}"`,
    'exec "$NODE" "$HOST" "$@"',
    '',
  ].join('\n');
}

export function registryCommands(key: string, manifestPath: string): string[][] {
  return [['reg', 'add', key, '/ve', '/t', 'REG_SZ', '/d', manifestPath, '/f']];
}

export async function installHost(target: InstallTarget, opts: InstallOptions): Promise<InstalledHost> {
  await mkdir(target.manifestDir, { recursive: true });
  const win = opts.platform === 'win32';
  const launcherPath = join(target.manifestDir, `${HOST_NAME}${win ? '.cmd' : '.sh'}`);
  const manifestPath = join(target.manifestDir, `${HOST_NAME}.json`);
  await writeFile(launcherPath, launcherScript(opts.platform, opts.nodePath, opts.hostScript, opts.logFile));
  if (!win) await chmod(launcherPath, 0o755);
  await writeFile(manifestPath, `${JSON.stringify(hostManifest(target.kind, launcherPath), null, 2)}\n`);
  const commands = win && target.registryKey ? registryCommands(target.registryKey, manifestPath) : [];
  if (opts.runRegistry !== false) {
    for (const [cmd, ...args] of commands) await promisify(execFile)(cmd!, args);
  }
  return { target, manifestPath, launcherPath, registryCommands: commands };
}

export async function uninstallHost(
  target: InstallTarget,
  opts: Pick<InstallOptions, 'platform' | 'runRegistry'>,
): Promise<{ removed: string[]; registryCommands: string[][] }> {
  const removed: string[] = [];
  for (const ext of ['.json', '.sh', '.cmd']) {
    const p = join(target.manifestDir, `${HOST_NAME}${ext}`);
    if (existsSync(p)) {
      await rm(p, { force: true });
      removed.push(p);
    }
  }
  const commands =
    opts.platform === 'win32' && target.registryKey ? [['reg', 'delete', target.registryKey, '/f']] : [];
  if (opts.runRegistry !== false) {
    for (const [cmd, ...args] of commands) await promisify(execFile)(cmd!, args).catch(() => undefined);
  }
  return { removed, registryCommands: commands };
}
