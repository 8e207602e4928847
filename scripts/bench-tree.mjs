// The tree of the project for "Add files to the chat" (issue 41): listTree through an open host on a git
// work tree of 50,000 files (500 folders of 100, committed) with a node_modules of 20,000 files that
// .gitignore ignores, so the figure holds git's answer, the walk, the binary sniff of every file and the
// paged answer. Prints the median of 5; target in brackets.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHost } from './bench-host.mjs';
import { buildHost } from './build-host.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchTree() {
  const dir = mkdtempSync(join(tmpdir(), 'replyapply-bench-tree-'));
  try {
    const { host } = await buildHost(join(dir, 'build'));
    const root = join(dir, 'proj');
    const text = 'export function handler(request, response) {\n  return response.send(request.body);\n}\n';
    for (let d = 0; d < 500; d++) {
      const folder = join(root, 'src', `module-${d}`);
      mkdirSync(folder, { recursive: true });
      for (let f = 0; f < 100; f++) writeFileSync(join(folder, `file-${f}.ts`), text);
    }
    for (let d = 0; d < 200; d++) {
      const folder = join(root, 'node_modules', `dep-${d}`, 'lib');
      mkdirSync(folder, { recursive: true });
      for (let f = 0; f < 100; f++) writeFileSync(join(folder, `f${f}.js`), text);
    }
    writeFileSync(join(root, '.gitignore'), 'node_modules/\n');
    const git = (...args) =>
      execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
        cwd: root,
        stdio: 'ignore',
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'bench');
    const h = openHost(host, { REPLYAPPLY_STATE_DIR: join(dir, 'state') });
    await h.request('hello');
    const times = [];
    let entries = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const r = await h.request('listTree', { root });
      times.push(performance.now() - t);
      if (!r.ok) throw new Error(`listTree failed in the benchmark: ${r.error?.message}`);
      entries = r.result.entries.length;
      if (r.result.stopped) throw new Error(`listTree stopped at ${r.result.stopped.bound}`);
    }
    await h.close();
    console.log('project tree (listTree)');
    console.log(
      `  ${entries.toLocaleString('en')} entries of a git work tree of 50,000 files + an ignored node_modules of 20,000   median ${median(times).toFixed(0)} ms   [target ≤ 1000 ms]`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) await benchTree();
