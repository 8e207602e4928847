/**
 * Test helpers for native-host/fs: a temp folder holding a project root, a sibling that shares the
 * root's name as a prefix, an "outside" folder and a state folder; and a byte-exact picture of a tree.
 */
import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileChange } from '../../shared/protocol/protocol';
import type { Durability } from '../fs/commit-steps';
import { apply } from '../fs/transaction';
import { undo } from '../fs/undo';

export interface Sandbox {
  /** The temp folder containing the root, the sibling and outside (not the state folder). */
  base: string;
  /** The project root. */
  root: string;
  /** `<base>/proj2`: shares the root's name as a prefix. */
  sibling: string;
  outside: string;
  /** The state folder, in a temp folder of its own so that `base` only changes when the project does. */
  state: string;
  cleanup(): Promise<void>;
}

export async function makeSandbox(): Promise<Sandbox> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'replyapply-fs-'));
  const state = await mkdtemp(path.join(os.tmpdir(), 'replyapply-state-'));
  const sb: Sandbox = {
    base,
    root: path.join(base, 'proj'),
    sibling: path.join(base, 'proj2'),
    outside: path.join(base, 'outside'),
    state,
    cleanup: async () => {
      await rm(base, { recursive: true, force: true });
      await rm(state, { recursive: true, force: true });
    },
  };
  for (const d of [sb.root, sb.sibling, sb.outside]) await mkdir(d);
  return sb;
}

/** Write a file below `dir`, creating folders; `data` as given (string = UTF-8). */
export async function put(
  dir: string,
  rel: string,
  data: string | Uint8Array,
  mode?: number,
): Promise<string> {
  const abs = path.join(dir, ...rel.split('/'));
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, data);
  if (mode !== undefined) await chmod(abs, mode);
  return abs;
}

export type TreeEntry =
  | { path: string; type: 'dir'; mode: number }
  | { path: string; type: 'file'; mode: number; size: number; sha256: string }
  | { path: string; type: 'link'; target: string }
  | { path: string; type: 'other' };

/** Every entry below `dir` (links not followed), sorted by path: equal pictures mean byte-identical trees. */
export async function snapshotTree(dir: string): Promise<TreeEntry[]> {
  const out: TreeEntry[] = [];
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const name of (await readdir(abs)).sort()) {
      const a = path.join(abs, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = await lstat(a);
      if (st.isSymbolicLink()) out.push({ path: r, type: 'link', target: await readlink(a) });
      else if (st.isDirectory()) {
        out.push({ path: r, type: 'dir', mode: st.mode & 0o7777 });
        await walk(a, r);
      } else if (st.isFile()) {
        const data = await readFile(a);
        out.push({
          path: r,
          type: 'file',
          mode: st.mode & 0o7777,
          size: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
        });
      } else out.push({ path: r, type: 'other' });
    }
  };
  await walk(dir, '');
  return out;
}

export function sha(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A project and a change set that exercise every kind of step. */
export async function seed(root: string): Promise<FileChange[]> {
  await put(root, 'src/a.ts', 'a\r\n');
  await put(root, 'src/b.ts', '\uFEFFb');
  await put(root, 'run.sh', '#!/bin/sh\n', 0o755);
  await put(root, 'old/gone.txt', 'gone\n', 0o600);
  await put(root, 'old/from.txt', 'from\n');
  return [
    { action: 'modify', path: 'src/a.ts', baseHash: sha('a\r\n'), content: 'A\r\n' },
    { action: 'modify', path: 'src/b.ts', baseHash: sha('\uFEFFb'), content: '\uFEFFB\n' },
    { action: 'modify', path: 'run.sh', baseHash: sha('#!/bin/sh\n'), content: '#!/bin/sh\necho hi\n' },
    { action: 'create', path: 'gen/deep/c.ts', baseHash: null, content: 'c' },
    { action: 'delete', path: 'old/gone.txt', baseHash: sha('gone\n') },
    {
      action: 'rename',
      from: 'old/from.txt',
      path: 'moved/to.txt',
      baseHash: sha('from\n'),
      content: 'to\n',
    },
  ];
}

/** The fault-step names one run goes through, in order. */
export async function recordSteps(run: (faults: (s: string) => void) => Promise<unknown>): Promise<string[]> {
  const steps: string[] = [];
  await run((s) => {
    steps.push(s);
  });
  return steps;
}

/**
 * The fault-step names of one apply of `seed` and of its undo, in a sandbox of their own, with `durability`
 * (`{ bulkSyncFrom: 0 }` takes the one-sync path): recorded once, so each step can be failed in its own test.
 */
export async function probeSteps(durability: Durability = {}): Promise<{ apply: string[]; undo: string[] }> {
  const probe = await makeSandbox();
  try {
    const changes = await seed(probe.root);
    const options = { ...durability, state: probe.state };
    return {
      apply: await recordSteps((faults) => apply(probe.root, changes, { ...options, faults })),
      undo: await recordSteps((faults) => undo(probe.root, undefined, { ...options, faults })),
    };
  } finally {
    await probe.cleanup();
  }
}
