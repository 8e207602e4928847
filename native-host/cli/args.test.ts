import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArgs, projectDir, readReply, replyText } from './args';
import { fakeIO } from './fake-io';
import { UsageError } from './io';

const SPEC = { booleans: ['yes', 'json'], strings: ['dir'], maxPositionals: 1 } as const;

describe('parseArgs', () => {
  it.each([
    { args: ['--yes', 'r.md'], flags: ['yes'], dir: undefined, positionals: ['r.md'] },
    { args: ['--dir', 'p', '--json'], flags: ['json'], dir: 'p', positionals: [] },
    { args: ['--dir=p/q', '-'], flags: [], dir: 'p/q', positionals: ['-'] },
    { args: ['--', '--yes'], flags: [], dir: undefined, positionals: ['--yes'] },
    { args: ['r.md', '--yes'], flags: ['yes'], dir: undefined, positionals: ['r.md'] },
  ])('$args', ({ args, flags, dir, positionals }) => {
    const parsed = parseArgs(args, SPEC);
    expect([...parsed.flags].sort()).toEqual(flags);
    expect(parsed.values.get('dir')).toBe(dir);
    expect(parsed.positionals).toEqual(positionals);
  });

  it.each([
    { args: ['--dry'], message: 'unknown option --dry' },
    { args: ['-y'], message: 'unknown option -y (options are spelled --name)' },
    { args: ['--dir'], message: '--dir needs a value' },
    { args: ['--dir', '--yes'], message: '--dir needs a value' },
    { args: ['--dir='], message: '--dir needs a value' },
    { args: ['--yes=1'], message: '--yes takes no value' },
    { args: ['--dir', 'a', '--dir', 'b'], message: '--dir is given twice' },
    { args: ['a.md', 'b.md'], message: 'too many arguments: b.md' },
  ])('refuses $args', ({ args, message }) => {
    expect(() => parseArgs(args, SPEC)).toThrow(new UsageError(message));
  });

  it('collects an option given more than once when it is a list (--path-for)', () => {
    const spec = { strings: ['dir'], lists: ['path-for'], maxPositionals: 1 } as const;
    const parsed = parseArgs(['--path-for', '3=a.py', '--path-for=9=b/c.py', 'r.md'], spec);
    expect(parsed.lists.get('path-for')).toEqual(['3=a.py', '9=b/c.py']);
    expect(() => parseArgs(['--path-for'], spec)).toThrow(new UsageError('--path-for needs a value'));
  });

  it('refuses any positional when none is accepted', () => {
    expect(() => parseArgs(['x'], { maxPositionals: 0 })).toThrow('unexpected argument x');
  });
});

describe('projectDir', () => {
  it('resolves --dir against the working folder and defaults to it', () => {
    const io = fakeIO({ cwd: '/work/p' });
    expect(projectDir(parseArgs(['--dir', 'sub'], SPEC), io)).toBe('/work/p/sub');
    expect(projectDir(parseArgs(['--dir', '/abs'], SPEC), io)).toBe('/abs');
    expect(projectDir(parseArgs([], SPEC), io)).toBe('/work/p');
  });
});

describe('replyText', () => {
  it('is the UTF-8 decoding of any bytes: ASCII, text in any script, and malformed sequences', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((s) => new TextEncoder().encode(s)),
      fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => new TextEncoder().encode(s)),
      // Latin-1 bytes above 0x7f: where copying as Latin-1 and decoding as UTF-8 differ.
      fc.uint8Array({ min: 0x20, max: 0xff, maxLength: 300 }),
    );
    fc.assert(
      fc.property(bytes, (u8) => {
        const data = Buffer.from(u8);
        expect(replyText(data)).toBe(data.toString('utf8'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('readReply', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replyapply-args-'));
  writeFileSync(join(dir, 'reply.md'), 'hello\r\nworld\n');

  it('reads a file whose bytes are not all UTF-8 as their UTF-8 decoding gives them (U+FFFD)', async () => {
    const bytes = Buffer.from([0x61, 0xff, 0xc3, 0x28, 0x0a, 0xed, 0xa0, 0x80, 0xef, 0xbb, 0xbf, 0x62]);
    writeFileSync(join(dir, 'bad.md'), bytes);
    const r = await readReply('bad.md', fakeIO({ cwd: dir }));
    expect(r).toMatchObject({ ok: true, text: bytes.toString('utf8') });
    expect(r.ok && r.text).toContain('\uFFFD');
  });

  it('reads FILE relative to the working folder, bytes intact', async () => {
    expect(await readReply('reply.md', fakeIO({ cwd: dir }))).toEqual({
      ok: true,
      text: 'hello\r\nworld\n',
      fromStdin: false,
      name: 'reply.md',
    });
  });

  it('reads stdin for - and for no argument when stdin is not a terminal', async () => {
    for (const arg of ['-', undefined]) {
      const r = await readReply(arg, fakeIO({ cwd: dir, stdin: 'piped' }));
      expect(r).toEqual({ ok: true, text: 'piped', fromStdin: true, name: 'stdin' });
    }
  });

  it('will not wait on a terminal for a reply nobody pipes in', async () => {
    await expect(readReply(undefined, fakeIO({ cwd: dir, tty: true }))).rejects.toThrow(UsageError);
  });

  it('says why a FILE cannot be read', async () => {
    expect(await readReply('missing.md', fakeIO({ cwd: dir }))).toEqual({
      ok: false,
      message: 'could not read the reply missing.md: no such file',
    });
    expect(await readReply('.', fakeIO({ cwd: dir }))).toEqual({
      ok: false,
      message: 'could not read the reply .: it is a folder',
    });
  });
});
