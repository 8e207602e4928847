/**
 * Test support: a project folder in a fresh temporary folder for each test, and `replyapply apply` run
 * in-process on a reply written beside it (the state folder beside it too), as the CLI tests of apply
 * need. Registers its own beforeEach / afterEach; read `base` and `project` inside a test.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, type TestContext } from 'vitest';
import { type ApplyReport, apply } from './apply';
import { fakeIO } from './fake-io';

export interface TempProject {
  /** The temporary folder (the reply and the state folder live here). */
  readonly base: string;
  /** The project folder inside it. */
  readonly project: string;
  /** Writes files into the project, making their folders. */
  put(files: Record<string, string>): void;
  read(path: string): string;
  /** `replyapply apply --yes [flags] reply.md` in the project. */
  run(reply: string, ...flags: string[]): Promise<{ exit: number; out: string; err: string }>;
  /** The same with `--json`, its report parsed. */
  runJson(reply: string, ...flags: string[]): Promise<{ exit: number; report: ApplyReport; err: string }>;
}

export function tempProject(
  prefix: string,
  options: { folder?: string; before?: (ctx: TestContext) => void } = {},
): TempProject {
  let base = '';
  let project = '';
  beforeEach((ctx) => {
    base = mkdtempSync(join(tmpdir(), `replyapply-${prefix}-`));
    project = join(base, options.folder ?? 'proj');
    mkdirSync(project);
    options.before?.(ctx);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));
  const cli = async (reply: string, args: string[]) => {
    writeFileSync(join(base, 'reply.md'), reply);
    const io = fakeIO({ cwd: project, env: { REPLYAPPLY_STATE_DIR: join(base, 'state') } });
    const exit = await apply([...args, join(base, 'reply.md')], io);
    return { exit, out: io.out(), err: io.err() };
  };
  return {
    get base() {
      return base;
    },
    get project() {
      return project;
    },
    put(files) {
      for (const [p, text] of Object.entries(files)) {
        mkdirSync(dirname(join(project, p)), { recursive: true });
        writeFileSync(join(project, p), text);
      }
    },
    read: (p) => readFileSync(join(project, p), 'utf8'),
    run: (reply, ...flags) => cli(reply, ['--yes', ...flags]),
    async runJson(reply, ...flags) {
      const r = await cli(reply, ['--json', '--yes', ...flags]);
      return { exit: r.exit, report: JSON.parse(r.out) as ApplyReport, err: r.err };
    },
  };
}
