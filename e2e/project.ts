/** Project folders on disk for the e2e (Chromium and Firefox alike): no browser or test runner here. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

export type Tree = Record<string, string>;

/** A project folder (with a sibling that must never be touched) holding `files`. */
export function makeProject(files: Tree): { root: string; sibling: string } {
  const base = mkdtempSync(join(tmpdir(), 'replyapply-proj-'));
  const root = join(base, 'project');
  const sibling = join(base, 'sibling');
  mkdirSync(root, { recursive: true });
  mkdirSync(sibling, { recursive: true });
  writeFileSync(join(sibling, 'keep.txt'), 'keep\n');
  writeTree(root, files);
  return { root, sibling };
}

export function writeTree(root: string, files: Tree): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

export function readTree(root: string): Tree {
  const out: Tree = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(root, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(root);
  return out;
}
