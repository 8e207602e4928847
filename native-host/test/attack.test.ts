/**
 * The attack suite: what an attack on the built host and CLI found (issue 14), one `describe` per finding.
 * Each test failed before its fix. The table of hostile paths that every method refuses is beside it, in
 * fs/hostile-paths.test.ts; this file holds what that table could not show.
 *
 * The attacker of findings 1 and 5 is a local process with the user's rights: while an apply runs it
 * renames a project folder and puts a link to a folder outside the project in its place. The swap is made
 * at a fixed point through the `faults` hook, which apply calls before each step (the hook
 * fs/transaction.test.ts fails steps with): `write:<file>` and `mkdir:<folder>` come after every path check
 * and before anything is created there; `create:<file or folder>` is the instant between the last check of
 * the folder and the call that creates in it; `verify` comes after the temp files are written.
 */
import { existsSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN, FIREFOX_ADDON_ID } from '../../shared/extension/extension-id';
import { normalizePath, quotePath } from '../../shared/paths/paths';
import { ErrorCode, type FileChange } from '../../shared/protocol/protocol';
import { apply as cliApply } from '../cli/apply';
import { detect as cliDetect } from '../cli/detect';
import { fakeIO } from '../cli/fake-io';
import { history as cliHistory } from '../cli/history';
import { undo as cliUndo } from '../cli/undo';
import { SimulatedCrash } from '../fs/commit-steps';
import { useProcFd } from '../fs/in-folder';
import { readSnapshots } from '../fs/snapshots';
import { apply } from '../fs/transaction';
import { undo } from '../fs/undo';
import { type FrameProblem, FrameReader } from '../host/framing';
import { buildTempHost, frames, runHost } from './built-host';
import { makeSandbox, put, type Sandbox, sha, snapshotTree, type TreeEntry } from './fs-sandbox';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

let host: string;
beforeAll(async () => {
  host = (await buildTempHost()).host;
});

const SECRET = 'outside secret\n';
const TEMP = /\.replyapply-[0-9a-f]{12}\.tmp$/;

/** Every temp file of ours anywhere in the sandbox (project, outside, moved folders). */
function tempFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...tempFiles(p));
    else if (TEMP.test(e.name)) out.push(path.relative(sb.base, p));
  }
  return out;
}

/** `P/proj/sub/a.txt` and `P/outside/a.txt`, as the attack run set them up; the base hash of sub/a.txt. */
async function subAndOutside(): Promise<string> {
  await put(sb.root, 'sub/a.txt', 'a\n');
  await put(sb.outside, 'a.txt', SECRET);
  const [snap] = await readSnapshots(sb.root, ['sub/a.txt']);
  if (snap?.exists !== true) throw new Error('expected sub/a.txt');
  return snap.hash;
}

/** The attacker's move: `sub` renamed to `movedTo`, a link to ../outside in its place. */
function swapSub(movedTo = path.join(sb.root, 'moved')): void {
  renameSync(path.join(sb.root, 'sub'), movedTo);
  symlinkSync('../outside', path.join(sb.root, 'sub'));
}

/**
 * Faults that make the swap at `step`, and from then on take a picture of the outside folder at every
 * later step, so that a file created there and removed again before the end is still seen.
 */
function swapAt(step: string, pictures: TreeEntry[][], movedTo?: string) {
  let swapped = false;
  return async (s: string) => {
    if (swapped) pictures.push(await snapshotTree(sb.outside));
    if (s === step && !swapped) {
      swapSub(movedTo);
      swapped = true;
    }
  };
}

/**
 * On Linux the host changes the project through /proc/self/fd (in-folder.ts); other systems check each
 * folder before and after the call. Findings 1 and 5 run both ways here.
 */
const WAYS = [
  ['through the checked folder (/proc/self/fd)', true],
  ['checked before and after the call (other systems)', false],
] as const;

describe.each(WAYS)(
  '1. a folder swapped for a link during an apply never makes the host create outside the project, %s',
  (_way, proc) => {
    let was: boolean;
    beforeEach(() => {
      was = useProcFd(proc);
    });
    afterEach(() => {
      useProcFd(was);
    });

    it.each([
      ['modify sub/a.txt', 'write:sub/a.txt'],
      ['modify sub/a.txt', 'create:sub/a.txt'],
      ['create sub/newdir/x.txt', 'mkdir:sub/newdir'],
      ['create sub/newdir/x.txt', 'create:sub/newdir'],
    ])('%s, swapped at %s: refused, nothing created outside at any step', async (what, step) => {
      const hash = await subAndOutside();
      const outside = await snapshotTree(sb.outside);
      const change: FileChange = what.startsWith('modify')
        ? { action: 'modify', path: 'sub/a.txt', baseHash: hash, content: 'x'.repeat(512 * 1024) }
        : { action: 'create', path: 'sub/newdir/x.txt', baseHash: null, content: 'new\n' };
      const pictures: TreeEntry[][] = [];
      await expect(
        apply(sb.root, [change], { state: sb.state, faults: swapAt(step, pictures) }),
      ).rejects.toMatchObject({ code: ErrorCode.UnsafePath });
      for (const p of pictures) expect(p).toEqual(outside);
      expect(await snapshotTree(sb.outside)).toEqual(outside);
      expect(tempFiles(sb.base)).toEqual([]);
      expect(existsSync(path.join(sb.root, 'moved', 'newdir'))).toBe(false);
    });

    // Many files: a second thread creates some of them (in-folder.ts createFilesIn; `lanesFrom: 0` takes
    // that way with two files). It takes the last folder's files, so sub/a.txt goes to it: its folder is
    // checked, and the swap made, on this thread before the other creates the file through the held folder.
    it.each(['write:sub/a.txt', 'create:sub/a.txt'])(
      'sub/a.txt among files created on two threads, swapped at %s: refused, nothing created outside, no temp file left',
      async (step) => {
        const hash = await subAndOutside();
        await put(sb.root, 'z/b.txt', 'b\n');
        const outside = await snapshotTree(sb.outside);
        const pictures: TreeEntry[][] = [];
        const changes: FileChange[] = [
          { action: 'modify', path: 'z/b.txt', baseHash: sha('b\n'), content: 'B\n' },
          { action: 'modify', path: 'sub/a.txt', baseHash: hash, content: 'x'.repeat(512 * 1024) },
        ];
        await expect(
          apply(sb.root, changes, {
            state: sb.state,
            faults: swapAt(step, pictures),
            bulkSyncFrom: 0,
            lanesFrom: 0,
          }),
        ).rejects.toMatchObject({ code: ErrorCode.UnsafePath });
        for (const p of pictures) expect(p).toEqual(outside);
        expect(await snapshotTree(sb.outside)).toEqual(outside);
        expect(tempFiles(sb.base)).toEqual([]);
        expect(readFileSync(path.join(sb.root, 'z/b.txt'), 'utf8')).toBe('b\n');
        expect(readFileSync(path.join(sb.root, 'moved/a.txt'), 'utf8')).toBe('a\n');
      },
    );

    it('the host killed once the temp file exists, the folder swapped after: the next apply removes that temp file from the moved folder', async () => {
      const hash = await subAndOutside();
      const outside = await snapshotTree(sb.outside);
      const crash = (s: string) => {
        if (s === 'verify') throw new SimulatedCrash('killed');
      };
      await expect(
        apply(sb.root, [{ action: 'modify', path: 'sub/a.txt', baseHash: hash, content: 'new\n' }], {
          state: sb.state,
          faults: crash,
        }),
      ).rejects.toBeInstanceOf(SimulatedCrash);
      expect(tempFiles(sb.base)).toEqual([expect.stringMatching(/^proj\/sub\/\.a\.txt\.replyapply-/)]);
      swapSub();
      await apply(sb.root, [{ action: 'create', path: 'later.txt', baseHash: null, content: 'l' }], {
        state: sb.state,
      });
      expect(tempFiles(sb.base)).toEqual([]);
      expect(await snapshotTree(sb.outside)).toEqual(outside);
    });
  },
);

describe('2. an over-long name or path is an unsafe path everywhere, with a clear message', () => {
  const LONG = `${`${'d'.repeat(200)}/`.repeat(25)}x.txt`;
  const LONG_NAME = `${'é'.repeat(128)}.txt`;

  it('the parser refuses a path over 4096 bytes and a name over 255 bytes', () => {
    expect(normalizePath(LONG)).toEqual({ ok: false, reason: expect.stringContaining('4096 bytes') });
    expect(normalizePath(`src/${LONG_NAME}`)).toEqual({
      ok: false,
      reason: expect.stringContaining('255 bytes'),
    });
    expect(normalizePath(`${'d'.repeat(255)}/x`)).toMatchObject({ ok: true });
  });

  it('a path the parser accepts but the project folder makes too long: UnsafePath, not an internal error', async () => {
    // Under 4096 bytes alone; over the system's limit once the project folder is in front of it.
    const rel = `${`${'d'.repeat(250)}/`.repeat(16)}${'x'.repeat(60)}.txt`;
    expect(normalizePath(rel).ok).toBe(true);
    const [snap] = await readSnapshots(sb.root, [rel]);
    expect(snap).toMatchObject({ exists: 'error', error: { code: ErrorCode.UnsafePath } });
    await expect(
      apply(sb.root, [{ action: 'create', path: rel, baseHash: null, content: 'x' }], { state: sb.state }),
    ).rejects.toMatchObject({ code: ErrorCode.UnsafePath, message: expect.stringContaining('too long') });
    expect(await snapshotTree(sb.root)).toEqual([]);
  });

  it('the host answers readFiles and apply with UnsafePath, quoting the path once, shortened', async () => {
    const env = { REPLYAPPLY_STATE_DIR: sb.state, HOME: sb.base };
    const run = await runHost(
      host,
      frames(
        { id: 1, method: 'readFiles', params: { root: sb.root, paths: [LONG, `a/${LONG_NAME}`] } },
        {
          id: 2,
          method: 'apply',
          params: {
            root: sb.root,
            changes: [{ action: 'create', path: LONG, baseHash: null, content: 'x' }],
          },
        },
      ),
      { env },
    );
    const answer = (id: number) =>
      run.frames.find((f) => (f as { id: number }).id === id && 'ok' in (f as object)) as never;
    const files = (answer(1) as { result: { files: Array<{ exists: unknown; error?: { code: number } }> } })
      .result.files;
    expect(files.map((f) => [f.exists, f.error?.code])).toEqual([
      ['error', ErrorCode.UnsafePath],
      ['error', ErrorCode.UnsafePath],
    ]);
    const error = (answer(2) as { error: { code: number; message: string } }).error;
    expect(error.code).toBe(ErrorCode.UnsafePath);
    expect(error.message).not.toMatch(/Internal|ENAMETOOLONG/);
    expect(error.message.length).toBeLessThan(400);
    // Quoted once, shortened: the start of the path and its end, not its 25 folders.
    expect(error.message.match(/d{20,}/g)?.length).toBeLessThanOrEqual(2);
    expect(await snapshotTree(sb.root)).toEqual([]);
  });

  it.each([
    ['START-FILE', `--- START-FILE: ${LONG} ---\nx\n--- END-FILE: ${LONG} ---\n`],
    ['a diff', `\`\`\`diff\n--- /dev/null\n+++ b/${LONG}\n@@ -0,0 +1 @@\n+x\n\`\`\`\n`],
    ['FILE_NEW', `<FILE_NEW file_path="${LONG}">\nx\n</FILE_NEW>\n`],
  ])('the CLI refuses it in %s: exit 1, a message, no stack trace', async (_format, reply) => {
    const file = path.join(sb.base, 'reply.md');
    writeFileSync(file, reply);
    const cli = fakeIO({ cwd: sb.root, env: { REPLYAPPLY_STATE_DIR: sb.state } });
    expect(await cliApply(['--yes', file], cli)).toBe(1);
    const said = cli.out() + cli.err();
    expect(said).toContain('longer than');
    expect(said).not.toMatch(/\n\s+at /);
    expect(await snapshotTree(sb.root)).toEqual([]);
  });
});

describe('3. --json output is JSON whatever the reply holds', () => {
  // DEL, and C1 controls: U+009B is an 8-bit CSI that some terminals obey.
  const HOSTILE = [
    ['DEL', '\u007f'],
    ['NEL (U+0085)', '\u0085'],
    ['CSI (U+009B)', '\u009b'],
  ];
  const RAW = /[\u007f-\u009f]/;

  async function run(command: typeof cliApply, args: string[], reply?: string) {
    const file = path.join(sb.base, `reply-\u009b.md`);
    if (reply !== undefined) writeFileSync(file, reply);
    const cli = fakeIO({ cwd: sb.root, env: { REPLYAPPLY_STATE_DIR: sb.state } });
    await command([...args, ...(reply !== undefined ? [file] : [])], cli);
    expect(cli.out()).not.toMatch(RAW);
    return JSON.parse(cli.out());
  }

  it.each(HOSTILE)('apply and detect: a refused path holding %s (diagnostics)', async (_name, c) => {
    const reply = `--- START-FILE: x${c}x.txt ---\nx\n--- END-FILE: x${c}x.txt ---\n`;
    // The message quotes the path with its control character made visible (quotePath); the answer is
    // valid JSON either way, which `run` checks.
    const report = await run(cliApply, ['--json', '--yes'], reply);
    expect(report.diagnostics[0].message).toContain(quotePath(`x${c}x.txt`));
    const sets = await run(cliDetect, ['--json'], reply);
    expect(JSON.stringify(sets)).toContain(JSON.stringify(quotePath(`x${c}x.txt`)).slice(1, -1));
  });

  it.each(HOSTILE)('apply: a command holding %s (scripts)', async (_name, c) => {
    const command = `echo a${c}b`;
    const reply = `\`\`\`json\n${JSON.stringify({
      replace_files: [{ path: 'a.txt', content: 'a\n' }],
      shell_scripts: [command],
    })}\n\`\`\`\n`;
    const report = await run(cliApply, ['--json', '--dry-run'], reply);
    expect(report.scripts.map((s: { command: string }) => s.command)).toEqual([command]);
  });

  it('history: a label holding C1 controls; undo: an apply id holding one', async () => {
    await apply(sb.root, [{ action: 'create', path: 'a.txt', baseHash: null, content: 'a' }], {
      state: sb.state,
      label: 'replyapply apply reply-\u009b\u0085\u007f.md',
    });
    const listed = await run(cliHistory, ['--json']);
    expect(listed.entries[0].label).toBe('replyapply apply reply-\u009b\u0085\u007f.md');
    const refused = await run(cliUndo, ['--json', 'x\u009by']);
    expect(refused.error.message).toContain('x\u009by');
  });
});

describe('4. a name ending in a space or a dot is refused, never trimmed', () => {
  it.each(['x.txt ', 'dir /x.txt', 'a.', 'dir./x.txt', 'src/a.ts\u00a0'])('the parser refuses %j', (p) => {
    expect(normalizePath(p)).toEqual({ ok: false, reason: expect.stringMatching(/ends with a (space|dot)/) });
  });

  it.each(['x.txt ', 'dir /x.txt'])('apply refuses %j and writes nothing', async (p) => {
    await expect(
      apply(sb.root, [{ action: 'create', path: p, baseHash: null, content: 'x' }], { state: sb.state }),
    ).rejects.toMatchObject({ code: ErrorCode.UnsafePath });
    expect(await snapshotTree(sb.root)).toEqual([]);
  });

  it('undo removes every folder the apply created, spaces inside names included', async () => {
    await apply(sb.root, [{ action: 'create', path: 'a b/c  d/x.txt', baseHash: null, content: 'x' }], {
      state: sb.state,
    });
    await undo(sb.root, undefined, { state: sb.state });
    expect(await snapshotTree(sb.root)).toEqual([]);
  });
});

describe.each(WAYS)('5. a temp file is never left behind without a word, %s', (_way, proc) => {
  let was: boolean;
  beforeEach(() => {
    was = useProcFd(proc);
  });
  afterEach(() => {
    useProcFd(was);
  });

  it('the folder swapped after its temp file was written, moved inside the project: the temp file is removed', async () => {
    const hash = await subAndOutside();
    const outside = await snapshotTree(sb.outside);
    const pictures: TreeEntry[][] = [];
    const change: FileChange = {
      action: 'modify',
      path: 'sub/a.txt',
      baseHash: hash,
      content: 'x'.repeat(512 * 1024),
    };
    await expect(
      apply(sb.root, [change], { state: sb.state, faults: swapAt('verify', pictures) }),
    ).rejects.toMatchObject({ code: ErrorCode.UnsafePath });
    expect(tempFiles(sb.base)).toEqual([]);
    expect(await snapshotTree(sb.outside)).toEqual(outside);
  });

  it('moved out of the project: the answer names the temp file left there', async () => {
    const hash = await subAndOutside();
    const change: FileChange = { action: 'modify', path: 'sub/a.txt', baseHash: hash, content: 'new\n' };
    const elsewhere = path.join(sb.base, 'elsewhere');
    const failure = await apply(sb.root, [change], {
      state: sb.state,
      faults: swapAt('verify', [], elsewhere),
    }).catch((e: Error) => e);
    expect(failure).toMatchObject({ code: ErrorCode.UnsafePath });
    const left = tempFiles(sb.base);
    for (const t of left) expect((failure as Error).message).toContain(path.basename(t));
    expect(left.every((t) => t.startsWith('elsewhere/'))).toBe(true);
  });
});

describe('6. frames', () => {
  function read(bytes: Buffer, max?: number) {
    const messages: unknown[] = [];
    const problems: FrameProblem[] = [];
    const reader = new FrameReader(
      (m) => messages.push(m),
      (p) => problems.push(p),
      max,
    );
    reader.push(bytes);
    return { messages, problems };
  }
  const prefix = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };

  it('after a length over the limit nothing more is read: the stream cannot be trusted', () => {
    // A limit of 64 bytes, so that the frames after the over-long one fit in the test.
    const big = frames({ padding: 'x'.repeat(100) });
    const { messages, problems } = read(Buffer.concat([big, frames({ id: 1, method: 'hello' })]), 64);
    expect(problems).toMatchObject([{ kind: 'too-large', length: big.length - 4 }]);
    expect(messages).toEqual([]);
  });

  it('the host answers an over-long frame with an error and exits, with its input still open', async () => {
    const run = await runHost(host, Buffer.concat([prefix(2 ** 31), frames({ id: 1, method: 'hello' })]), {
      env: { REPLYAPPLY_STATE_DIR: sb.state },
      keepStdinOpen: true,
      timeoutMs: 10_000,
    });
    expect(run.frames).toEqual([
      { id: null, ok: false, error: { code: ErrorCode.FrameTooLarge, message: expect.any(String) } },
    ]);
    expect(run.code).not.toBe(0);
  });

  it('invalid UTF-8 is refused, not replaced', () => {
    const body = Buffer.concat([
      Buffer.from('{"id":1,"method":"readFiles","params":{"root":"/p","paths":["a'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('.txt"]}}'),
    ]);
    const { messages, problems } = read(Buffer.concat([prefix(body.length), body]));
    expect(messages).toEqual([]);
    expect(problems).toMatchObject([{ kind: 'invalid-utf8' }]);
  });
});

describe('7. the caller: exactly the arguments each browser passes', () => {
  const manifest = '/home/ada/.mozilla/native-messaging-hosts/dev.replyapply.host.json';
  const start = (args: string[]) =>
    runHost(host, frames({ id: 1, method: 'hello' }), { args, env: { REPLYAPPLY_STATE_DIR: sb.state } });

  it.each([
    ['Chrome, Edge, Brave… (Linux, macOS)', [EXTENSION_ORIGIN]],
    ['Firefox', [manifest, FIREFOX_ADDON_ID]],
  ])('accepts %s', async (_who, args) => {
    expect((await start(args)).code).toBe(0);
  });

  it.each([
    ['the add-on id alone', [FIREFOX_ADDON_ID]],
    ['the add-on id third', [manifest, 'x', FIREFOX_ADDON_ID]],
    ['the add-on id first', [FIREFOX_ADDON_ID, manifest]],
    ['the add-on id after a relative path', ['dev.replyapply.host.json', FIREFOX_ADDON_ID]],
    ['the add-on id after another manifest', ['/tmp/other.json', FIREFOX_ADDON_ID]],
    ['the origin and the add-on id', [EXTENSION_ORIGIN, FIREFOX_ADDON_ID]],
    ['the origin with an extra argument', [EXTENSION_ORIGIN, '--evil']],
    ['the origin second', ['x', EXTENSION_ORIGIN]],
  ])('refuses %s', async (_what, args) => {
    const run = await start(args);
    expect(run.code).toBe(1);
    expect(run.stdout.length).toBe(0);
  });
});

describe('8. characters that look like a slash or a dot are refused', () => {
  it.each([
    ['..\u2571outside\u2571secret.txt', 'box-drawing diagonal ╱'],
    ['\u3002\u3002/x', 'ideographic full stop 。'],
    ['\uff61\uff61/x', 'halfwidth ideographic full stop ｡'],
    ['..\u27cbx', 'mathematical rising diagonal ⟋'],
    ['..\u29f5x', 'reverse solidus operator ⧵'],
    ['..\u2572x', 'box-drawing diagonal ╲'],
    ['\ua4f8\ua4f8/x', 'Lisu tone mark ꓸ'],
    ['\u0701\u0701/x', 'Syriac supralinear full stop'],
    ['\u06d4\u06d4/x', 'Arabic full stop'],
    ['..\u1735x', 'Philippine single punctuation'],
    ['..\u2f03x', 'Kangxi radical slash'],
    ['a\u0338b', 'combining long solidus overlay'],
    ['..\uff0fx', 'fullwidth solidus'],
    ['..\u2215x', 'division slash'],
    ['..\u2044x', 'fraction slash'],
    ['..\u29f8x', 'big solidus'],
    ['\ufe52\ufe52/x', 'small full stop'],
    ['\u2024\u2024/x', 'one dot leader'],
  ])('%j (%s)', (p) => {
    expect(normalizePath(p)).toEqual({
      ok: false,
      reason: expect.stringContaining('looks like a slash or a dot'),
    });
  });
});

describe('the file layer does not depend on the host', () => {
  it('no file under native-host/fs imports from native-host/host', () => {
    const dir = path.join(import.meta.dirname, '..', 'fs');
    const importers = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from '\.\.\/host\//.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(importers).toEqual([]);
  });
});
