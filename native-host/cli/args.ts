/**
 * The CLI's argument reading: long flags, `--name VALUE` / `--name=VALUE` options, positionals, `--` to end
 * options. Small and strict on purpose: an unknown flag is a usage error (exit 2), never silently ignored,
 * because a mistyped `--dry-run` must not turn into a real write.
 */
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { textOfExport } from '../../shared/api/message-export';
import { type CliIO, UsageError } from './io';

export interface ArgSpec {
  /** Flags without a value (`--yes`). */
  booleans?: readonly string[];
  /** Options that take one value (`--dir DIR`). */
  strings?: readonly string[];
  /** Options that take a value and may be given more than once (`--path-for 12=a.py --path-for 30=b.py`). */
  lists?: readonly string[];
  /** How many positionals the command accepts. */
  maxPositionals: number;
}

export interface ParsedArgs {
  flags: Set<string>;
  values: Map<string, string>;
  lists: Map<string, string[]>;
  positionals: string[];
}

export function parseArgs(args: readonly string[], spec: ArgSpec): ParsedArgs {
  const booleans = new Set(spec.booleans ?? []);
  const strings = new Set(spec.strings ?? []);
  const lists = new Set(spec.lists ?? []);
  const out: ParsedArgs = { flags: new Set(), values: new Map(), lists: new Map(), positionals: [] };
  let onlyPositionals = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    // A lone `-` is the conventional name for stdin, not an option.
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) {
      out.positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new UsageError(`unknown option ${arg} (options are spelled --name)`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (booleans.has(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      out.flags.add(name);
    } else if (strings.has(name) || lists.has(name)) {
      let value: string | undefined;
      if (eq !== -1) value = arg.slice(eq + 1);
      else {
        value = args[i + 1];
        if (value === undefined || (value.startsWith('--') && value.length > 2))
          throw new UsageError(`--${name} needs a value`);
        i++;
      }
      if (value === '') throw new UsageError(`--${name} needs a value`);
      if (lists.has(name)) {
        out.lists.set(name, [...(out.lists.get(name) ?? []), value]);
        continue;
      }
      if (out.values.has(name)) throw new UsageError(`--${name} is given twice`);
      out.values.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  if (out.positionals.length > spec.maxPositionals) {
    const extra = out.positionals.slice(spec.maxPositionals).join(' ');
    throw new UsageError(
      spec.maxPositionals === 0 ? `unexpected argument ${extra}` : `too many arguments: ${extra}`,
    );
  }
  return out;
}

/** The project folder: `--dir` resolved against the working directory, else the working directory. */
export function projectDir(parsed: ParsedArgs, io: CliIO): string {
  const dir = parsed.values.get('dir');
  return dir === undefined ? io.cwd : path.resolve(io.cwd, dir);
}

export type ReplyInput =
  | { ok: true; text: string; fromStdin: boolean; name: string }
  | { ok: false; message: string };

/**
 * The reply text from FILE, or from stdin for `-` or no argument. Reading stdin from a terminal would sit
 * waiting for a paste the user never meant to make, so without a FILE on a terminal it is a usage error.
 */
export async function readReply(file: string | undefined, io: CliIO): Promise<ReplyInput> {
  if (file === undefined || file === '-') {
    if (file === undefined && io.stdin.isTTY)
      throw new UsageError('give the reply as FILE, or pipe it in (use - for stdin)');
    try {
      return { ok: true, text: await readStream(io.stdin), fromStdin: true, name: 'stdin' };
    } catch (err) {
      return { ok: false, message: `could not read the reply from stdin: ${(err as Error).message}` };
    }
  }
  const abs = path.resolve(io.cwd, file);
  try {
    // Read whole, then decoded in one piece: readFile(abs, 'utf8') decodes it chunk by chunk into a
    // rope of strings, which the first regular expression over the reply copies into one (15 MiB more
    // for a 15 MiB reply). Synchronously: the command has nothing to do meanwhile, and the thread pool's
    // round trips per chunk left it idle for a third of the read (15 MiB: ~25 → ~17 ms).
    const data = readFileSync(abs);
    return { ok: true, text: replyText(data), fromStdin: false, name: file };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (err as Error).message;
    return { ok: false, message: `could not read the reply ${file}: ${why}` };
  }
}

export async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return replyText(Buffer.concat(chunks));
}

/**
 * A reply's bytes as text (UTF-8, a malformed sequence read as U+FFFD). Most replies are ASCII: checked
 * in one pass and copied as Latin-1, which gives the same string without UTF-8 decoding (a 15 MiB reply:
 * about 25 ms less).
 */
export function replyText(data: Buffer): string {
  return isAscii(data) ? data.toString('latin1') : data.toString('utf8');
}

/**
 * The reply to read: FILE/stdin as reply text, or with `--message FILE` one exported message (or
 * conversation) as JSON, read as the extension reads the sites' API answers — its artifacts and canvas
 * documents included (shared/api/message-export.ts).
 */
export async function readInput(parsed: ParsedArgs, io: CliIO): Promise<ReplyInput> {
  const message = parsed.values.get('message');
  if (message === undefined) return readReply(parsed.positionals[0], io);
  if (parsed.positionals.length > 0)
    throw new UsageError('give either the reply as FILE or --message FILE, not both');
  const raw = await readReply(message, io);
  if (!raw.ok) return raw;
  let json: unknown;
  try {
    json = JSON.parse(raw.text);
  } catch (err) {
    return { ok: false, message: `--message ${raw.name} is not JSON: ${(err as Error).message}` };
  }
  const text = textOfExport(json);
  if (!text.ok) return { ok: false, message: `--message ${raw.name}: ${text.message}` };
  return { ok: true, text: text.text, fromStdin: raw.fromStdin, name: raw.name };
}
