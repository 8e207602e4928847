/** Test helper: the CLI scenarios (native-host/test/scenarios), and a scenario's folder read into memory. */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const SCENARIOS = join(import.meta.dirname, 'scenarios');

/** Every file below `dir` by its `/`-separated relative path, read as latin1 (bytes kept); {} when missing. */
export function readTree(dir: string, root = dir): Record<string, string> {
  const out: Record<string, string> = {};
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, readTree(p, root));
    else out[relative(root, p).split('\\').join('/')] = readFileSync(p, 'latin1');
  }
  return out;
}
