/**
 * Where the host keeps its journal and locks: the user's state folder, never the project (a journal inside
 * the project would be rewritten by the very applies it records, and would show up in the user's git).
 */
import os from 'node:os';
import path from 'node:path';

/** The state folder for this user and platform; REPLYAPPLY_STATE_DIR overrides it (tests, portable installs). */
export function stateDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const override = env.REPLYAPPLY_STATE_DIR;
  if (override && path.isAbsolute(override)) return path.resolve(override);
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA && path.win32.isAbsolute(env.LOCALAPPDATA) ? env.LOCALAPPDATA : undefined;
    return path.win32.join(local ?? path.win32.join(home, 'AppData', 'Local'), 'replyapply');
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'replyapply');
  // The XDG spec says a relative XDG_STATE_HOME is invalid and must be ignored.
  const xdg =
    env.XDG_STATE_HOME && path.posix.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : undefined;
  return path.posix.join(xdg ?? path.posix.join(home, '.local', 'state'), 'replyapply');
}
